// The radix sort scene's parameters, the split pass and LSD sort of the keys (host functions), the
// backend's traced multi-bit sort (checked against its CPU twin on CUDA), results and benchmark.
#include "radix_scene.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "common/error.h"
#include "common/split_mix.h"
#include "i18n/i18n.h"
#include "scene_kit/run_json.h"
#include "scene_kit/json_params.h"
#include "scenes/scan/scan_apps_bench.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

// 4-bit keys with repeats (stability shows): every bucket of a 2-bit digit used, unevenly.
const char* kDefaultKeys = "13 2 7 14 5 9 1 12 6 3 11 4 9 0 15 5";
constexpr int kRandomKeyBits = 4;

// Whitespace- or comma-separated unsigned 32-bit integers; names the first bad token.
std::vector<uint32_t> parse_keys(const std::string& text) {
  std::vector<uint32_t> keys;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',' || text[i] == '\t' || text[i] == '\n') {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && text[end] != ' ' && text[end] != ',' && text[end] != '\t' &&
           text[end] != '\n')
      ++end;
    const std::string token = text.substr(i, end - i);
    char* stop = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(token.c_str(), &stop, 10);
    WS_REQUIRE(token[0] != '-' && stop && *stop == '\0' && errno == 0 && v <= 0xFFFFFFFFull,
               "--keys: '" + token + "' is not an unsigned 32-bit integer (0..4294967295)");
    keys.push_back(static_cast<uint32_t>(v));
    i = end;
  }
  return keys;
}

}  // namespace

const char* radix_view_name(RadixView v) {
  switch (v) {
    case RadixView::Lsd:
      return "lsd";
    case RadixView::Buckets:
      return "buckets";
    default:
      return "split";
  }
}

RadixScene::RadixScene() : keys_text_(kDefaultKeys) {}

nlohmann::json RadixScene::params_to_json() const {
  return {{"keys", keys_text_}, {"n", n_},
          {"seed", seed_},      {"key-bits", key_bits_},
          {"bit", bit_},        {"radix-bits", radix_bits_},
          {"block", block_},    {"radix-view", radix_view_name(view_)}};
}

void RadixScene::params_from_json(const nlohmann::json& j) {
  reject_unknown_keys(j,
                      {"keys", "n", "seed", "key-bits", "bit", "radix-bits", "block", "radix-view"},
                      "scan --mode radix");
  std::string keys = keys_text_;
  int64_t n = n_;
  uint64_t seed = seed_;
  int key_bits = key_bits_, bit = bit_, radix_bits = radix_bits_, block = block_;
  RadixView view = view_;
  if (j.contains("radix-view")) {
    const std::string s = json_string(j, "radix-view");
    if (s == "split")
      view = RadixView::Split;
    else if (s == "lsd")
      view = RadixView::Lsd;
    else if (s == "buckets")
      view = RadixView::Buckets;
    else
      throw Error("--radix-view: unknown view '" + s + "' (split, lsd, buckets)");
  }
  if (j.contains("n")) n = json_int(j, "n", 1, radix::kTeachMaxKeys);
  if (j.contains("seed")) seed = static_cast<uint64_t>(json_int(j, "seed", 0, INT64_MAX));
  if ((j.contains("n") || j.contains("seed")) && !j.contains("keys")) keys.clear();
  if (j.contains("key-bits")) key_bits = static_cast<int>(json_int(j, "key-bits", 0, 32));
  if (j.contains("bit")) bit = static_cast<int>(json_int(j, "bit", 0, 31));
  // The bucket table is drawn with one row per digit: 16 rows at most.
  if (j.contains("radix-bits")) radix_bits = static_cast<int>(json_int(j, "radix-bits", 1, 4));
  if (j.contains("block")) block = static_cast<int>(json_int(j, "block", 1, 1024));
  if (j.contains("keys")) {
    keys = json_string(j, "keys");
    if (!keys.empty()) {
      const std::vector<uint32_t> parsed = parse_keys(keys);
      WS_REQUIRE(!parsed.empty(), std::string("--keys: no keys given"));
      WS_REQUIRE(static_cast<int64_t>(parsed.size()) <= radix::kTeachMaxKeys,
                 "--keys: the step-by-step sort shows at most " +
                     std::to_string(radix::kTeachMaxKeys) + " keys, got " +
                     std::to_string(parsed.size()));
    }
  }
  if (!keys.empty() && key_bits > 0) {
    const int needed = radix::key_bits_needed(parse_keys(keys));
    WS_REQUIRE(key_bits >= needed, "--key-bits " + std::to_string(key_bits) + ": the keys need " +
                                       std::to_string(needed) + " bits to be sorted");
  }
  keys_text_ = keys;
  n_ = n;
  seed_ = seed;
  key_bits_ = key_bits;
  bit_ = bit;
  radix_bits_ = radix_bits;
  block_ = block;
  view_ = view;
}

std::vector<uint32_t> RadixScene::make_keys() const {
  if (!keys_text_.empty()) return parse_keys(keys_text_);
  const int bits = key_bits_ > 0 ? key_bits_ : kRandomKeyBits;
  const uint64_t mask = bits >= 32 ? 0xFFFFFFFFull : (uint64_t{1} << bits) - 1;
  SplitMix64 rng{seed_};
  std::vector<uint32_t> keys(static_cast<size_t>(n_));
  for (uint32_t& k : keys) k = static_cast<uint32_t>(rng.next() & mask);
  return keys;
}

int RadixScene::effective_key_bits() const {
  if (key_bits_ > 0) return key_bits_;
  return keys_text_.empty() ? kRandomKeyBits : radix::key_bits_needed(keys_);
}

SceneCapabilities RadixScene::capabilities() const {
  SceneCapabilities c;
  c.benchable = true;
  return c;
}

void RadixScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void RadixScene::reset() {
  keys_ = make_keys();
  const int bits = effective_key_bits();
  split_ = radix::split_pass(keys_, bit_);
  lsd_ = radix::lsd_sort(keys_, bits);
  radix::TeachParams traced;
  traced.key_bits = bits;
  traced.radix_bits = radix_bits_;
  traced.block_size = block_;
  auto taught =
      teach_and_check(backend(), [&](Backend b) { return radix::teach(b, traced, keys_); });
  multibit_ = std::move(taught.run.sort);
  trace_ = std::move(taught.run.trace);
  traced_ = std::move(taught.traced);
  reference_ = keys_;
  std::stable_sort(reference_.begin(), reference_.end());
  cursor_.seek(cursor_.step(), step_count());
}

KernelSource RadixScene::kernel_source() const {
  const int traced = trace_step();
  if (traced >= 0)
    return {"kernels/radix_sort/radix_sort_teach.cu", "teach", trace_.steps[traced].code_marker,
            tr("The teach kernels, traced: per pass the digits and the block counts, one scan "
               "of the bucket table, the scatter. The split pass is this sort with 1-bit "
               "digits.")};
  return {"kernels/radix_sort/radix_sort.cu", "multibit", "",
          tr("The GPU sort (fast mode): one histogram, one scan of the bucket table and one "
             "scatter per digit. The views are drawn by the CPU twin; the split pass is this sort "
             "with 1-bit digits.")};
}

int RadixScene::trace_step() const {
  if (view_ != RadixView::Buckets || !multibit_ || multibit_->passes.empty()) return -1;
  static const char* kMarker[kBucketPhases] = {"@radix-digit", "@radix-table-scan",
                                               "@radix-scatter"};
  const int pass = step() / kBucketPhases, phase = step() % kBucketPhases;
  const int first = pass * radix::kTeachStepsPerPass;
  for (int s = first; s < first + radix::kTeachStepsPerPass; ++s)
    if (s < static_cast<int>(trace_.steps.size()) && trace_.steps[s].code_marker == kMarker[phase])
      return s;
  return -1;
}

void RadixScene::code_ui() {
  kernel_source_panel(kernel_source());
}

int RadixScene::step_count() const {
  switch (view_) {
    case RadixView::Lsd:
      return lsd_ ? static_cast<int>(lsd_->passes.size()) + 1 : 1;
    case RadixView::Buckets:
      return multibit_ ? std::max<int>(1, multibit_->passes.size() * kBucketPhases) : 1;
    default:
      return kSplitSteps;
  }
}

std::string RadixScene::binary(uint32_t key) const {
  const int bits = std::max(1, effective_key_bits());
  std::string s;
  for (int b = bits - 1; b >= 0; --b) s += ((key >> b) & 1u) ? '1' : '0';
  return s;
}

std::string RadixScene::step_label(bool translated) const {
  static const char* kSplit[kSplitSteps] = {
      TR_NOOP("the keys and their bit b"), TR_NOOP("e = !b: 1 for keys that go first"),
      TR_NOOP("f = exclusive scan of e"),  TR_NOOP("totalFalses = e[n-1] + f[n-1]"),
      TR_NOOP("t = i - f + totalFalses"),  TR_NOOP("d = b ? t : f"),
      TR_NOOP("scatter: out[d] = key")};
  // English for `run --json`, the current language for the figure.
  const auto text = [translated](const char* key, const std::vector<std::string>& values) {
    return i18n::format(translated ? tr(key) : key, values);
  };
  switch (view_) {
    case RadixView::Lsd:
      return step() == 0 ? text(TR_NOOP("the unsorted keys"), {})
                         : text(TR_NOOP("after pass {0}: split on bit {1}"),
                                {std::to_string(step()), std::to_string(step() - 1)});
    case RadixView::Buckets: {
      if (!multibit_ || multibit_->passes.empty()) return "";
      const int pass = step() / kBucketPhases, phase = step() % kBucketPhases;
      const radix::BucketPass& bp = multibit_->passes[pass];
      static const char* kPhase[kBucketPhases] = {
          TR_NOOP("pass {0} / {1}, bits {2}..{3}: count the digits per block (bucket table)"),
          TR_NOOP("pass {0} / {1}, bits {2}..{3}: exclusive scan of the table, digit-major"),
          TR_NOOP("pass {0} / {1}, bits {2}..{3}: scatter to offset + local rank")};
      return text(kPhase[phase],
                  {std::to_string(pass + 1), std::to_string(multibit_->passes.size()),
                   std::to_string(bp.shift), std::to_string(bp.shift + bp.radix_bits - 1)});
    }
    default:
      return text(kSplit[std::clamp(step(), 0, kSplitSteps - 1)], {});
  }
}

std::string RadixScene::explanation() const {
  switch (view_) {
    case RadixView::Lsd:
      return tr(
          "Each pass is one stable split on the next bit, least significant first: keys "
          "with bit 0 (blue) keep their order at the front, keys with bit 1 (orange) at the "
          "back. After the last bit the keys are sorted.");
    case RadixView::Buckets:
      return tr(
          "Each block counts its keys per digit; the exclusive scan of the counts, read "
          "digit by digit over the blocks, is where each block's keys of a digit start. A "
          "key lands at that offset plus its rank among its block's keys of that digit: "
          "writes are grouped, hence coalesced.");
    default:
      return tr(
          "Keys whose bit is 0 go first, in order: key i goes to f (the count of 0-keys "
          "before it). Keys whose bit is 1 go after all totalFalses 0-keys: to t = i - f + "
          "totalFalses. One exclusive scan does it all.");
  }
}

nlohmann::json RadixScene::results_json() const {
  nlohmann::json out = {{"key_bits", effective_key_bits()}, {"step_label", step_label()}};
  if (split_) {
    const radix::SplitPass& s = *split_;
    out["split"] = {{"bit", s.bit},
                    {"b", s.b},
                    {"e", s.e},
                    {"f", s.f},
                    {"total_falses", s.total_falses},
                    {"t", s.t},
                    {"d", s.d},
                    {"keys_out", s.keys_out}};
  }
  if (lsd_) {
    nlohmann::json passes = nlohmann::json::array();
    for (const radix::SplitPass& s : lsd_->passes)
      passes.push_back({{"bit", s.bit}, {"d", s.d}, {"keys_out", s.keys_out}});
    out["lsd"] = {{"passes", passes},
                  {"sorted", lsd_->sorted},
                  {"matches_reference", lsd_->sorted == reference_}};
  }
  if (multibit_) {
    nlohmann::json passes = nlohmann::json::array();
    for (const radix::BucketPass& b : multibit_->passes)
      passes.push_back({{"shift", b.shift},
                        {"blocks", b.blocks},
                        {"buckets", b.buckets},
                        {"digit", b.digit},
                        {"table", b.table},
                        {"offsets", b.offsets},
                        {"local_rank", b.local_rank},
                        {"destination", b.destination},
                        {"keys_out", b.keys_out}});
    out["buckets"] = {{"radix-bits", radix_bits_},
                      {"block", block_},
                      {"passes", passes},
                      {"sorted", multibit_->sorted},
                      {"matches_reference", multibit_->sorted == reference_}};
  }
  const bool ok =
      lsd_ && multibit_ && lsd_->sorted == reference_ && multibit_->sorted == reference_;
  // Counters, steps and cpu_check are the traced multi-bit sort's (the buckets view's passes).
  RunJson run;
  run.scene = id();
  run.params = params_to_json();
  run.backend = backend();
  run.input = keys_;
  run.result = multibit_ ? nlohmann::json(multibit_->sorted) : nlohmann::json();
  run.reference = reference_;
  run.matches_reference = ok;
  run.set_trace(trace_, traced_);
  run.summary = std::to_string(keys_.size()) + " keys, " + std::to_string(effective_key_bits()) +
                " bits: " +
                (ok ? "LSD and multi-bit sorts match std::stable_sort"
                    : "a sort DIFFERS from std::stable_sort");
  run.extra = std::move(out);
  return run.to_json();
}

BenchJob RadixScene::bench_job(const BenchRequest& request) const {
  return scan_apps_bench_job(request, ScanAppsBench::Radix);
}

}  // namespace ws::app
