// The merge and sort scene's parameters: one parse for the command line, sessions and the panels
// of every mode, each key read once; the mode the keys imply; the parameters as JSON. S2's keys
// (tiled, networks and sort modes) are read by sort_params.cpp from here.
#include <string>

#include "common/error.h"
#include "common/inputs.h"
#include "merge_scene.h"
#include "sort_params.h"

namespace ws::app {

namespace {

bool is_path_variant(merge::MergeVariant v) {
  return v == merge::MergeVariant::Sequential || v == merge::MergeVariant::Basic ||
         v == merge::MergeVariant::Fast;
}

// The merge variant `text` names, or false.
bool merge_variant_of(const std::string& text, merge::MergeVariant& v) {
  try {
    v = merge::parse_merge_variant(text);
    return true;
  } catch (const Error&) {
    return false;
  }
}

bool sort_side(const std::string& mode) {
  return mode == "networks" || mode == "sort";
}

// The mode a "variant" given without "mode" takes the scene to: the current one when it takes
// the variant, else the mode that does (the merges' 1, 2, 5: path; 3, 4: tiled; S2's sorts), else
// the current one (whose parse then refuses it). From a sort mode, "fast" is the fast sort.
std::string mode_of_variant(const std::string& text, const std::string& current) {
  merge::MergeVariant v{};
  const bool merge = merge_variant_of(text, v);
  const char* sort = sort_variant_mode(text);
  if (current == "path" && merge && is_path_variant(v)) return current;
  if (sort && current == sort) return current;
  if (sort && sort_side(current)) return sort;
  if (merge) return is_path_variant(v) ? "path" : "tiled";
  return sort ? sort : current;
}

// Typed keys checked as the scene takes them: parsed as the key type, sorted (A, B), at most
// `max` of them. Throws ws::Error naming the option.
void check_typed(const std::string& text, merge::KeyType type, const char* option, bool sorted,
                 int max) {
  std::vector<double> keys;
  if (sorted) {
    keys = merge::parse_sorted_keys(text, type, option);
  } else {
    try {
      keys = parse_values(text, merge::value_type(type));
    } catch (const Error& e) {
      throw Error(std::string(option) + ": " + e.what());
    }
  }
  if (static_cast<int>(keys.size()) > max)
    throw Error(std::string(option) + ": teach mode takes at most " + std::to_string(max) +
                " keys, got " + std::to_string(keys.size()));
}

// A and B: typed (--a, --b) or generated (--gen, --n-a, --n-b; --seed is shared with the sort's
// input). Generator keys without --a / --b make both generated.
void parse_merge_arrays(MergeSettings& s, ParamReader& keys) {
  const bool generated = keys.has("gen") || keys.has("n-a") || keys.has("n-b");
  if (const auto g = keys.text("gen")) s.gen = merge::parse_merge_gen(*g, "--gen");
  if (const auto v = keys.integer("n-a", 0, merge::kMergeTeachMaxSide)) s.n_a = int(*v);
  if (const auto v = keys.integer("n-b", 0, merge::kMergeTeachMaxSide)) s.n_b = int(*v);
  // The skewed input is also the "one array much longer": without sizes, B gets four
  // times A's keys (as the benchmark's 2^22 + 2^24).
  if (s.gen == merge::MergeGen::Skewed && keys.has("gen") && !keys.has("n-a") && !keys.has("n-b"))
    s.n_a = 6, s.n_b = 24;
  if (generated) {
    s.a_text.reset();
    s.b_text.reset();
  }
  if (const auto a = keys.text("a")) s.a_text = *a;
  if (const auto b = keys.text("b")) s.b_text = *b;
  // Checked whichever key changed: typed keys must still parse as a new key type.
  if (s.a_text) check_typed(*s.a_text, s.key_type, "--a", true, merge::kMergeTeachMaxSide);
  if (s.b_text) check_typed(*s.b_text, s.key_type, "--b", true, merge::kMergeTeachMaxSide);
}

// The sorts' unsorted input: typed (--input) or generated (--sort-gen, --n).
void parse_sort_array(MergeSettings& s, ParamReader& keys) {
  const bool generated = keys.has("sort-gen") || keys.has("n");
  if (const auto g = keys.text("sort-gen")) s.sort_gen = merge::parse_sort_gen(*g, "--sort-gen");
  if (const auto v = keys.integer("n", 0, merge::kSortTeachMaxKeys)) s.n = int(*v);
  if (generated) s.input_text.reset();
  if (const auto t = keys.text("input")) s.input_text = *t;
  if (s.input_text)
    check_typed(*s.input_text, s.key_type, "--input", false, merge::kSortTeachMaxKeys);
}

void parse_path_keys(MergeSettings& s, ParamReader& keys, const std::string& mode,
                     const std::optional<std::string>& variant) {
  if (mode == "path" && variant) {
    merge::MergeVariant v{};
    if (!merge_variant_of(*variant, v) || !is_path_variant(v))
      throw Error(
          "--variant: path mode shows 1 sequential, 2 basic or 5 fast (tiled and circular "
          "are tiled mode's), got '" +
          *variant + "'");
    s.path_variant = v;
  }
  if (const auto v = keys.integer("threads", 1, merge::kMergeTeachMaxBlockDim)) s.threads = int(*v);
  if (const auto v = keys.integer("blocks", 1, merge::kMergeTeachMaxBlocks)) s.blocks = int(*v);
  if (const auto v = keys.integer("items", 1, merge::kMergeTeachMaxItems)) s.items = int(*v);
}

}  // namespace

void MergeScene::parse(MergeSettings& s, ParamReader& keys, std::string& mode) const {
  const std::optional<std::string> variant = keys.text("variant");
  if (!keys.has("mode")) {
    if (keys.has("items")) mode = "path";
    imply_sort_mode(keys, mode);
    if (variant) mode = mode_of_variant(*variant, mode);
  }
  // The key type first: typed keys are checked as it says.
  if (const auto t = keys.text("keys")) s.key_type = merge::parse_key_type(*t, "--keys");
  if (const auto p = keys.flag("pairs")) s.pairs = *p;
  if (const auto v = keys.integer("seed", 0, INT64_MAX)) s.seed = static_cast<uint64_t>(*v);
  parse_merge_arrays(s, keys);
  parse_sort_array(s, keys);
  parse_path_keys(s, keys, mode, variant);
  // tiled, networks and sort modes (S2)
  parse_sort_keys(s, keys, mode);
}

nlohmann::json MergeScene::to_json(const MergeSettings& s, const std::string& mode) const {
  nlohmann::json j = {{"keys", merge::key_type_id(s.key_type)},
                      {"pairs", s.pairs},
                      {"gen", merge::merge_gen_id(s.gen)},
                      {"n-a", s.n_a},
                      {"n-b", s.n_b},
                      {"seed", s.seed},
                      {"sort-gen", merge::sort_gen_id(s.sort_gen)},
                      {"n", s.n},
                      {"threads", s.threads},
                      {"blocks", s.blocks},
                      {"items", s.items}};
  // Typed arrays only: without them the generator keys stand (and read back as generated).
  if (s.a_text) j["a"] = *s.a_text;
  if (s.b_text) j["b"] = *s.b_text;
  if (s.input_text) j["input"] = *s.input_text;
  if (mode == "path") j["variant"] = merge::merge_info(s.path_variant).id;
  // tiled, networks and sort modes (S2)
  sort_keys_json(s, mode, j);
  return j;
}

}  // namespace ws::app
