// The tiled, networks and sort modes' keys (sort_params.h), read once by the scene's parse:
//   tiled:    variant (3 tiled, 4 circular), tile (the book's tile_size), tile-threads,
//             tile-blocks
//   networks: variant (7 bitonic, 8 odd-even), sort-threads (shared with sort)
//   sort:     variant (6 merge-sort, 9 fast), sort-threads, per-thread, merge-at (level,index)
// A key only one of them reads takes the scene to its mode when the edit names none.
#include "sort_params.h"

#include "common/error.h"
#include "scene_kit/json_params.h"
#include "scene_kit/pair_param.h"

namespace ws::app {

namespace {

const char* const kTiledKeys[] = {"tile", "tile-threads", "tile-blocks"};
const char* const kSortOnlyKeys[] = {"per-thread", "merge-at"};

template <size_t N>
bool sort_has_any(const ParamReader& keys, const char* const (&names)[N]) {
  for (const char* k : names)
    if (keys.has(k)) return true;
  return false;
}

bool tiled_variant_of(const std::string& text, merge::MergeVariant& v) {
  try {
    v = merge::parse_merge_variant(text);
  } catch (const Error&) {
    return false;
  }
  return merge::uses_tiles(v);
}

bool sort_variant_of(const std::string& text, merge::SortVariant& v) {
  try {
    v = merge::parse_sort_variant(text);
  } catch (const Error&) {
    return false;
  }
  return true;
}

bool power_of_two(int64_t v) {
  return v > 0 && (v & (v - 1)) == 0;
}

// --merge-at: "auto" (the step's pass) or level,index through the kit's pair reader.
void parse_merge_at(MergeSettings& s, ParamReader& keys) {
  if (const auto t = keys.text("merge-at"); t && *t == "auto") {
    s.merge_level = -1;
    s.merge_index = 0;
  } else if (const auto p = int_pair_param(keys, "merge-at", 1, 0,
                                           "level,index (a pass from 1, a merge of it from 0, "
                                           "e.g. 2,0) or auto (the step's pass)")) {
    s.merge_level = p->first;
    s.merge_index = p->second;
  }
}

void parse_variant(MergeSettings& s, const std::string& mode, const std::string& text) {
  if (mode == "tiled") {
    if (!tiled_variant_of(text, s.tiled_variant))
      throw Error(
          "--variant: tiled mode shows 3 tiled or 4 circular (1, 2 and 5 are path "
          "mode's), got '" +
          text + "'");
    return;
  }
  merge::SortVariant v{};
  const bool known = sort_variant_of(text, v);
  if (mode == "networks") {
    if (!known || !merge::is_network_sort(v))
      throw Error("--variant: networks mode shows 7 bitonic or 8 odd-even, got '" + text + "'");
    s.network_variant = v;
  } else if (mode == "sort") {
    if (!known || merge::is_network_sort(v))
      throw Error("--variant: sort mode shows 6 merge-sort or 9 fast, got '" + text + "'");
    s.sort_variant = v;
  }
}

}  // namespace

const char* sort_variant_mode(const std::string& text) {
  merge::MergeVariant m{};
  if (tiled_variant_of(text, m)) return "tiled";
  merge::SortVariant v{};
  if (!sort_variant_of(text, v)) return nullptr;
  return merge::is_network_sort(v) ? "networks" : "sort";
}

void imply_sort_mode(const ParamReader& keys, std::string& mode) {
  if (keys.has("mode")) return;
  const bool tiled = sort_has_any(keys, kTiledKeys);
  const bool sort = sort_has_any(keys, kSortOnlyKeys);
  if (tiled && sort)
    throw Error(
        "--tile, --tile-threads, --tile-blocks are tiled mode's and --per-thread, "
        "--merge-at sort mode's: give one mode's keys at a time");
  if (tiled) mode = "tiled";
  if (sort) mode = "sort";
  if (keys.has("sort-threads") && mode != "networks" && mode != "sort") mode = "networks";
}

void parse_sort_keys(MergeSettings& s, ParamReader& keys, const std::string& mode) {
  if (const auto v = keys.text("variant");
      v && (mode == "tiled" || mode == "networks" || mode == "sort"))
    parse_variant(s, mode, *v);
  if (const auto v = keys.integer("tile", 1, merge::kMergeTeachMaxTile)) s.tile = int(*v);
  if (const auto v = keys.integer("tile-threads", 1, merge::kMergeTeachMaxBlockDim))
    s.tile_threads = int(*v);
  if (const auto v = keys.integer("tile-blocks", 1, merge::kMergeTeachMaxBlocks))
    s.tile_blocks = int(*v);
  if (s.tile % s.tile_threads != 0)
    throw Error("--tile " + std::to_string(s.tile) + " must be a multiple of --tile-threads " +
                std::to_string(s.tile_threads) + " (the book's tile_size / blockDim.x)");
  if (const auto v =
          keys.integer("sort-threads", merge::kSortMinBlockDim, merge::kSortMaxBlockDim)) {
    if (!power_of_two(*v))
      throw Error(
          "--sort-threads: a power of two from 2 to 64 (a network's shared tile is "
          "twice it), got " +
          std::to_string(*v));
    s.sort_threads = int(*v);
  }
  if (const auto v = keys.integer("per-thread", 1, merge::kSortMaxPerThread)) {
    if (!power_of_two(*v))
      throw Error("--per-thread: a power of two from 1 to 16, got " + std::to_string(*v));
    s.per_thread = int(*v);
  }
  parse_merge_at(s, keys);
}

void sort_keys_json(const MergeSettings& s, const std::string& mode, nlohmann::json& j) {
  if (mode == "tiled") j["variant"] = merge::merge_info(s.tiled_variant).id;
  if (mode == "networks") j["variant"] = merge::sort_info(s.network_variant).id;
  if (mode == "sort") j["variant"] = merge::sort_info(s.sort_variant).id;
  j["tile"] = s.tile;
  j["tile-threads"] = s.tile_threads;
  j["tile-blocks"] = s.tile_blocks;
  j["sort-threads"] = s.sort_threads;
  j["per-thread"] = s.per_thread;
  j["merge-at"] = s.merge_level < 0
                      ? std::string("auto")
                      : std::to_string(s.merge_level) + "," + std::to_string(s.merge_index);
}

}  // namespace ws::app
