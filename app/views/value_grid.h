// A 2D table of values drawn as square cells with their numbers in them (an image's pixels, a
// summed-area table, a histogram's bins as a grid): a caption above, x along the top and y down
// the left when there is room, cells that this step read or wrote marked, corner letters for
// queries. Laid out once per figure, drawn through Canvas (screen, PNG, SVG), kept for hover.
#pragma once

#include <functional>
#include <string>

#include "render/canvas.h"
#include "render/palette.h"

namespace ws::app {

struct GridCell {
  std::string text;             // "" draws no number
  gfx::Color fill{0, 0, 0, 0};  // alpha 0: the palette's cell fill
  // Where the cells are too small for their numbers, the fill when `fill` is unset (alpha 0: the
  // palette's): a pixel's grey level, so that a large image still reads as a picture.
  gfx::Color shade{0, 0, 0, 0};
  bool unwritten = false;  // not computed yet: greyed, no text
  bool written = false;    // this step wrote it: thick write-coloured border
  bool read = false;       // this step read it: read-coloured border
  bool emphasis = false;   // the cells the step is about: thick highlight border
  bool mismatch = false;   // differs from the reference: mismatch-coloured border
  std::string corner;      // a letter in the cell's top-left corner ("A", "B", ...)
  std::string note;        // small text at the cell's bottom (e.g. the thread, "t3")
};

struct GridGeometry {
  gfx::Vec2 min;  // the first cell's top-left corner
  float cell = 0;
  int width = 0, height = 0;
  // The cell under `point`; false outside the grid.
  bool cell_at(gfx::Vec2 point, int& x, int& y) const;
  gfx::Vec2 cell_min(int x, int y) const { return {min.x + x * cell, min.y + y * cell}; }
  gfx::Vec2 cell_max(int x, int y) const { return cell_min(x + 1, y + 1); }
};

// Draws a width x height grid inside [min, max] with `caption` above it; cells are square, at
// most font * 7 wide, numbers shrink to fit and are dropped below 7 px (the fill, or the shade,
// still shows).
GridGeometry draw_value_grid(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, int width, int height,
                             const std::function<GridCell(int x, int y)>& cell,
                             const std::string& caption, const gfx::Palette& p, float font);

// The same layout for a grid too big for numbers: the cells as one raster (nearest filtering, so
// cells stay sharp), under the same caption; the geometry serves hover and overlays alike.
GridGeometry draw_raster_grid(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, int width, int height,
                              const gfx::Canvas::Raster& raster, const std::string& caption,
                              const gfx::Palette& p, float font);

}  // namespace ws::app
