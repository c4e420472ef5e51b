// A colour bar: the colormap from lo to hi as a vertical strip with ticks and a title, so a colour
// on a field can be read back as a number (screen, PNG and SVG alike).
#pragma once

#include <string>

#include "interop/colormap.h"
#include "render/canvas.h"
#include "render/palette.h"

namespace ws::app {

// Draws the bar in [min, max] (the strip on the left, tick labels to its right); returns the
// width actually used including labels.
float draw_colorbar(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, interop::Colormap map, float lo,
                    float hi, const std::string& title, float font, const gfx::Palette& p);

// Tick values for [lo, hi]: about `count` round numbers (1, 2 or 5 times a power of ten).
std::vector<double> nice_ticks(double lo, double hi, int count);

}  // namespace ws::app
