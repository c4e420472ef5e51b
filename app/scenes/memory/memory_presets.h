// The warps mode's presets: the book's launches (PMPP 4.4-4.5), each named by its example, with
// the launch mem::book_warp_counts() computes for it.
#pragma once

#include <string>
#include <vector>

#include "memory/launch.h"

namespace ws::app {

struct MemoryPreset {
  std::string id;       // "book-1003", "book-62x76", "book-200x150" (--variant in warps mode)
  std::string example;  // the book's words ("62x76 image (76 wide, 62 high), 16x16 blocks")
  mem::LaunchParams launch;
};
const std::vector<MemoryPreset>& memory_presets();
const MemoryPreset* find_memory_preset(const std::string& id);
std::string memory_preset_list();  // "book-1003, book-62x76, book-200x150"
// The preset whose launch is `p`, or null.
const MemoryPreset* preset_of(const mem::LaunchParams& p);

}  // namespace ws::app
