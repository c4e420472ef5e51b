#include "memory_presets.h"

namespace ws::app {

namespace {

bool preset_same_extent(const mem::Extent3& a, const mem::Extent3& b) {
  return a.x == b.x && a.y == b.y && a.z == b.z;
}

// "book-" and the example's first word ("1003", "62x76", "200x150").
std::string preset_id(const std::string& example) {
  return "book-" + example.substr(0, example.find(' '));
}

}  // namespace

const std::vector<MemoryPreset>& memory_presets() {
  static const std::vector<MemoryPreset> presets = [] {
    std::vector<MemoryPreset> out;
    for (const mem::BookCount& b : mem::book_warp_counts()) {
      if (!out.empty() && out.back().example == b.example) continue;
      out.push_back({preset_id(b.example), b.example, b.launch});
    }
    return out;
  }();
  return presets;
}

const MemoryPreset* find_memory_preset(const std::string& id) {
  for (const MemoryPreset& p : memory_presets())
    if (p.id == id) return &p;
  return nullptr;
}

std::string memory_preset_list() {
  std::string list;
  for (const MemoryPreset& p : memory_presets()) list += (list.empty() ? "" : ", ") + p.id;
  return list;
}

const MemoryPreset* preset_of(const mem::LaunchParams& p) {
  for (const MemoryPreset& m : memory_presets())
    if (m.launch.dims == p.dims && preset_same_extent(m.launch.data, p.data) &&
        preset_same_extent(m.launch.block, p.block))
      return &m;
  return nullptr;
}

}  // namespace ws::app
