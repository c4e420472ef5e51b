// A field of numbers as a picture: values coloured by a colormap, a veil over cells whose weight
// is below 1 (walls, masked pixels), panels of cells laid out side by side with a colour bar
// beside them, and ink that stays readable on a coloured cell. The heat field draws with these;
// so can any scene that shows an image or grid of values (a filtered image, a table of sums).
#pragma once

#include <utility>
#include <vector>

#include "interop/colormap.h"
#include "render/canvas.h"
#include "render/image.h"

namespace ws::app {

// `values` (width x height, row-major) coloured from lo to hi; non-finite values are grey.
gfx::Image colour_values(const std::vector<float>& values, int width, int height,
                         interop::Colormap map, float lo, float hi);

// A translucent `tint` over cells with weight in [0, 1): the lower the weight, the more opaque.
// Negative weights and weights >= 1 stay clear. At most 1024 pixels a side, keeping the lowest
// weight of each block so that thin lines survive.
gfx::Image weight_veil(const std::vector<float>& weights, int width, int height, gfx::Color tint);

// One value's colour on the map (clamped to [lo, hi]).
gfx::Color value_colour(interop::Colormap map, double v, float lo, float hi);
// Dark or light text, whichever reads on `fill`.
gfx::Color ink_on(gfx::Color fill);

// Panels of cells (each `cells[k]` = width, height) in rows of two (one panel alone), each scaled
// to fit its slot with a caption line under it, and a colour bar beside them, all inside
// [min, max]; `font` sets the gaps.
struct FieldPanels {
  std::vector<std::pair<gfx::Vec2, gfx::Vec2>> rects;  // each panel's image
  std::vector<float> scale;                            // pixels per cell of each panel
  gfx::Vec2 bar_min, bar_max;                          // the colour bar
};
FieldPanels layout_field_panels(gfx::Vec2 min, gfx::Vec2 max,
                                const std::vector<std::pair<int, int>>& cells, float font);

}  // namespace ws::app
