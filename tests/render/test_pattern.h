// The fixed figure behind the golden-image and SVG tests: every Canvas primitive, text in three
// sizes and alignments, and the diagram vocabulary scenes use (cells, arrows, warp colours,
// divergence marker, bars), at 640 x 360 logical pixels.
#pragma once

#include "render/canvas.h"

namespace ws::gfx::test {

inline constexpr int kPatternWidth = 640, kPatternHeight = 360;

void draw_test_pattern(Canvas& canvas);

}  // namespace ws::gfx::test
