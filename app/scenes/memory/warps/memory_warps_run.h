// What the warps mode computes: the launch over its data (mem::analyze_launch: blocks, warps,
// full, divergent and idle), the book's counts beside the launch's for its examples, and the
// occupancy of a block (threads, registers, shared memory) on the device (CUDA: the device's own
// limits; CPU backend: a named table entry, said so) with the cliff against registers.
#pragma once

#include <string>
#include <vector>

#include "memory/launch.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scenes/memory/memory_settings.h"

namespace ws::app {

struct WarpsRun {
  mem::Launch launch;
  std::vector<mem::BookCount> book;  // the book's counts for this launch (none: not a preset)
  std::string preset;                // the preset's id, or ""
  mem::DeviceLimits device;
  bool device_measured = false;  // CUDA: the device's own limits
  mem::OccupancyInput input;
  mem::Occupancy occupancy;
  std::vector<mem::OccupancyPoint> cliff;  // occupancy against registers per thread
};

WarpsRun compute_warps(const MemorySettings& s, Backend backend);
void draw_warps(gfx::Canvas& c, gfx::Theme theme, const WarpsRun& run, HoverMap& hover);
// The right column: counts, the book's numbers, occupancy and its cliff.
void draw_warps_facts(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const WarpsRun& run,
                      const gfx::Palette& p, float font);
std::string warps_caption(const WarpsRun& run);
std::string limiter_text(mem::Limiter l);

}  // namespace ws::app
