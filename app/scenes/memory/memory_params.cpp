// The global-memory scene's parameters: one parse for the command line, sessions and the panels of
// every mode, each key read once; the mode the keys imply; the parameters as JSON.
#include <string>

#include "common/error.h"
#include "common/variant_table.h"
#include "matrix_params.h"
#include "memory_presets.h"
#include "memory_scene.h"

namespace ws::app {

namespace {

// Keys that only one mode reads: given without --mode, they take the scene there.
const char* const kAccessKeys[] = {"pattern", "stride", "offset",   "elem-bytes", "warps",
                                   "width",   "window", "tile-pad", "seed"};
const char* const kWarpsKeys[] = {"data", "block", "threads", "registers", "shared", "device"};

template <size_t N>
bool memory_has_any(const ParamReader& keys, const char* const (&names)[N]) {
  for (const char* k : names)
    if (keys.has(k)) return true;
  return false;
}

int memory_int(int64_t v) {
  return static_cast<int>(v);
}

void parse_access_keys(mem::AccessParams& a, ParamReader& keys, const std::string& mode,
                       const std::optional<std::string>& variant) {
  // Lecture mode's keys 1..9 write "variant": in access mode, the pattern (--pattern wins).
  std::optional<std::string> pattern = keys.text("pattern");
  if (!pattern && mode == "access") pattern = variant;
  if (pattern && !mem::parse_pattern(*pattern, a.pattern))
    throw Error("pattern: expected 1-10 or one of " + variant_id_list(mem::pattern_infos()) +
                ", got '" + *pattern + "'");
  if (const auto v = keys.integer("stride", 1, mem::kMaxStride)) a.stride = memory_int(*v);
  if (const auto v = keys.integer("offset", 0, mem::kMaxOffset)) a.offset = memory_int(*v);
  if (const auto v = keys.integer("elem-bytes", 1, 16)) {
    if (*v != 1 && *v != 2 && *v != 4 && *v != 8 && *v != 16)
      throw Error("elem-bytes: expected 1, 2, 4, 8 or 16 (float4), got " + std::to_string(*v));
    a.elem_bytes = memory_int(*v);
  }
  if (const auto v = keys.integer("warps", 1, mem::kMaxWarps)) a.warps = memory_int(*v);
  if (const auto v = keys.integer("width", 1, mem::kMaxWidth)) a.width = memory_int(*v);
  if (const auto v = keys.integer("window", 1, mem::kMaxWidth)) a.window = memory_int(*v);
  if (const auto v = keys.integer("tile-pad", 0, 32)) a.tile_pad = memory_int(*v);
  if (const auto v = keys.integer("seed", 0, INT64_MAX)) a.seed = static_cast<uint64_t>(*v);
  if (a.pattern == mem::Pattern::CornerTurning && a.width < mem::kCornerTile) {
    if (keys.has("width"))
      throw Error("width " + std::to_string(a.width) + ": corner turning reads a " +
                  std::to_string(mem::kCornerTile) + "x" + std::to_string(mem::kCornerTile) +
                  " tile; give --width 32.." + std::to_string(mem::kMaxWidth));
    a.width = mem::kCornerTile;
  }
}

mem::Extent3 memory_extent_of(const std::vector<int>& d) {
  return {d[0], d.size() > 1 ? d[1] : 1, d.size() > 2 ? d[2] : 1};
}

std::string memory_dims_text(const mem::Extent3& e, int dims) {
  std::string t = std::to_string(e.x);
  if (dims > 1) t += "x" + std::to_string(e.y);
  if (dims > 2) t += "x" + std::to_string(e.z);
  return t;
}

void parse_warps_keys(MemorySettings& s, ParamReader& keys, const std::string& mode,
                      const std::optional<std::string>& variant) {
  // In warps mode "variant" names one of the book's launches (lecture keys 1..3); "" is none
  // (a launch of the user's own, as to_json writes it).
  if (mode == "warps" && variant && !variant->empty()) {
    const std::string& name = *variant;
    const MemoryPreset* preset = find_memory_preset(name);
    if (!preset)
      throw Error("variant: in warps mode one of the book's launches (" + memory_preset_list() +
                  "), got '" + name + "'");
    s.launch = preset->launch;
  }
  const auto data = keys.dims("data");
  const auto block = keys.dims("block");
  if (data) {
    const int dims = static_cast<int>(data->size());
    // Data of another shape without a block: the usual block for that many dimensions.
    if (!block && dims != s.launch.dims)
      s.launch.block = dims == 1   ? mem::Extent3{256, 1, 1}
                       : dims == 2 ? mem::Extent3{16, 16, 1}
                                   : mem::Extent3{8, 8, 4};
    s.launch.dims = dims;
    s.launch.data = memory_extent_of(*data);
  }
  if (block) {
    if (static_cast<int>(block->size()) != s.launch.dims)
      throw Error("block: give as many numbers as --data has (" + std::to_string(s.launch.dims) +
                  ": --data " + memory_dims_text(s.launch.data, s.launch.dims) + "), got " +
                  std::to_string(block->size()));
    s.launch.block = memory_extent_of(*block);
  }
  try {
    mem::validate(s.launch);
  } catch (const Error& e) {
    throw Error(std::string("data/block: ") + e.what());
  }
  if (const auto v = keys.integer("threads", 1, mem::kMaxBlockThreads))
    s.occupancy.block_threads = memory_int(*v);
  if (const auto v = keys.integer("registers", 1, 255))
    s.occupancy.regs_per_thread = memory_int(*v);
  if (const auto v = keys.integer("shared", 0, 1 << 20)) s.occupancy.smem_per_block = *v;
  if (const auto d = keys.text("device")) {
    try {
      s.device = mem::named_device(*d).name;
    } catch (const Error& e) {
      throw Error(std::string("device: ") + e.what());
    }
  }
}

}  // namespace

void MemoryScene::parse(MemorySettings& s, ParamReader& keys, std::string& mode) const {
  if (!keys.has("mode")) {
    if (memory_has_any(keys, kAccessKeys)) mode = "access";
    if (memory_has_any(keys, kWarpsKeys)) mode = "warps";
  }
  // transpose and matmul modes (S2): their keys imply them before "variant" is read.
  imply_matrix_mode(keys, mode);
  // "variant" is the choice of the mode the edit is for: the pattern (access), a book launch
  // (warps), the transpose or matmul variant.
  const std::optional<std::string> variant = keys.text("variant");
  parse_access_keys(s.access, keys, mode, variant);
  parse_warps_keys(s, keys, mode, variant);
  // transpose and matmul modes (S2)
  parse_matrix_keys(s, keys, mode);
}

nlohmann::json MemoryScene::to_json(const MemorySettings& s, const std::string& mode) const {
  const mem::AccessParams& a = s.access;
  nlohmann::json j = {{"pattern", mem::info(a.pattern).id},
                      {"stride", a.stride},
                      {"offset", a.offset},
                      {"elem-bytes", a.elem_bytes},
                      {"warps", a.warps},
                      {"width", a.width},
                      {"window", a.window},
                      {"tile-pad", a.tile_pad},
                      {"seed", a.seed},
                      {"data", memory_dims_text(s.launch.data, s.launch.dims)},
                      {"block", memory_dims_text(s.launch.block, s.launch.dims)},
                      {"threads", s.occupancy.block_threads},
                      {"registers", s.occupancy.regs_per_thread},
                      {"shared", s.occupancy.smem_per_block},
                      {"device", s.device}};
  // "variant": what lecture mode's keys choose in the mode shown.
  if (mode == "access") j["variant"] = mem::info(a.pattern).id;
  if (mode == "warps") {
    const MemoryPreset* preset = preset_of(s.launch);
    j["variant"] = preset ? preset->id : "";
  }
  // transpose and matmul modes (S2)
  matrix_keys_json(s, mode, j);
  return j;
}

}  // namespace ws::app
