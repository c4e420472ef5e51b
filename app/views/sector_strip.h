// A warp's view of global memory for arrays small enough to draw whole: one array as a strip of
// cells grouped into 32-byte sectors (thin marks) and 128-byte lines (thick marks), the elements
// a warp-level access touches filled with its lanes' colours and the sectors it touches shaded,
// with the count beside it ("3 sectors"). The SpMV scene's threads mode draws col, val and x this
// way; any teach figure whose arrays fit on a line can.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"

namespace ws::app {

inline constexpr int kStripSectorBytes = 32;
inline constexpr int kStripLineBytes = 128;

// One element the access reads or writes: the lane's colour and its tooltip.
struct StripTouch {
  int64_t element = 0;
  gfx::Color color;
  std::string hover;
};

struct SectorStrip {
  std::string label;  // "col", "val", "x"
  int64_t elements = 0;
  int elem_bytes = 4;
  std::vector<std::string> texts;   // per element (optional): the value shown in the cell
  std::vector<gfx::Color> fills;    // per element (optional; alpha 0: the palette's cell fill)
  std::vector<std::string> hovers;  // per element (optional): the untouched cell's tooltip
  std::vector<StripTouch> touches;
  // Drawn right of the cells instead of the distinct sectors touched ("3 sectors"), e.g. the sum
  // over several warps' accesses, as the counters count them.
  std::string count_text;
};

// Where a drawn strip's cells are, for arrows between strips.
struct StripGeometry {
  float x0 = 0, cell_w = 0, top = 0, bottom = 0;
  gfx::Vec2 cell_center(int64_t i) const {
    return {x0 + (float(i) + 0.5f) * cell_w, (top + bottom) / 2};
  }
};

// The distinct sectors `strip`'s touches fall in.
int64_t strip_sectors(const SectorStrip& strip);

// Draws the strip from `origin`, `width` wide and `cell_h` high (cells narrow to fit; the label
// takes `label_w` on the left, the sector count the last `count_w`).
StripGeometry draw_sector_strip(gfx::Canvas& c, gfx::Vec2 origin, float width, float cell_h,
                                float label_w, float count_w, const SectorStrip& strip,
                                const gfx::Palette& p, float font, HoverMap& hover);

}  // namespace ws::app
