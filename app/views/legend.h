// The key under every trace figure: what the colours and marks mean.
#pragma once

#include "render/canvas.h"
#include "render/palette.h"

namespace ws::app {

// Draws one line of legend entries starting at `origin`; returns its height.
float draw_trace_legend(gfx::Canvas& c, gfx::Vec2 origin, float font, const gfx::Palette& p,
                        bool with_mismatch);

}  // namespace ws::app
