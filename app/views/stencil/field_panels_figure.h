// A 2D or 3D field as a figure: one panel in 2D; in 3D the x, y and z planes through a chosen cell
// and the maximum along z. Each panel is coloured by a colormap (from a texture when there is one),
// veiled where the weight map is below 1 (walls, insulators), captioned, with probe markers and
// their values; a colour bar sits beside the panels. A live simulation draws its field with it; so
// can any scene that shows a grid of values that changes.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "interop/colormap.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "stencil/stencil.h"

namespace ws::app {

// The views of a grid as (axis, index): a 2D grid whole (axis 2); a 3D grid as its x, y and z
// planes through `slice` and the maximum along z (index stencil::kMaxProjection).
std::vector<std::pair<int, int>> field_panel_views(int dim, const std::array<int, 3>& slice);

struct FieldPanelsInput {
  stencil::Params grid;  // dim, nx, ny, nz and whether it has a weight map (materials)
  std::vector<std::pair<int, int>> views;  // field_panel_views
  std::vector<unsigned> textures;          // each view's coloured texture (0 or absent: none)
  std::function<std::vector<float>(int axis, int index)> slice;  // a view's values
  const std::vector<float>* weights = nullptr;  // grid.materials: the map, veiled below 1
  std::string start_label;  // 2D caption: where the field came from ("" = nothing)
  std::vector<std::array<int, 3>> probes;
  std::vector<float> probe_values;
  interop::Colormap colormap = interop::Colormap::Inferno;
  float lo = 0, hi = 1;
  std::string bar_title;
};

// Where a panel was drawn: for painting and probing with the mouse.
struct FieldPanel {
  gfx::Vec2 min, max;  // the image rectangle
  int axis = 2;        // the plane shown (2: z = const, and every 2D grid)
  int index = 0;       // its coordinate, or stencil::kMaxProjection (a projection: no painting)
  int width = 0, height = 0;  // cells across and down
};

// Draws the panels and the colour bar inside [min, max]; `font` sets sizes and gaps.
std::vector<FieldPanel> draw_field_panels(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, float font,
                                          const FieldPanelsInput& in, const gfx::Palette& pal);

// The cell under `point` (the coordinates a panel does not show come from `slice`); false outside
// every panel and over a projection, which has no single cell.
bool field_panel_cell_at(const std::vector<FieldPanel>& panels, gfx::Vec2 point, int dim,
                         const std::array<int, 3>& slice, std::array<int, 3>& cell);

}  // namespace ws::app
