// Colour tables for GIF frames. A GIF frame holds at most 256 colours (one of them may be
// transparent), so each frame gets its own table:
//  - a frame with at most 256 distinct colours (255 with transparency) is indexed exactly;
//  - an anti-aliased figure has more (text and diagonal edges blend two flat colours). Then the
//    colours that cover many pixels (background, cell fills, text, lines: "dominant") keep their
//    exact value, up to half the table, and the rest of the table is a median-cut palette of the
//    other colours (weighted by pixel count, refined by a few k-means passes). Every pixel gets
//    its nearest entry; no dithering, so flat areas stay flat.
//  - GIF transparency is one bit: pixels with alpha < 128 become the transparent index, the
//    others keep their colour with full opacity (an anti-aliased edge over a transparent
//    background gets a hard edge).
// Measured (1280x720 figures from `warpscope render`; error per RGB channel, 0..255, over every
// pixel; tests/app/test_animation_gif.cpp prints the reduction's and the heat scene's):
//  - the reduction's 6 default steps, 1,800-2,900 colours each: mean 0.02-0.05, max 14-29; all of
//    their 21-76 dominant colours exact;
//  - teach figures of scan, histogram, BFS, SAT: mean 0.01-0.06, max 17-41, dominant colours exact;
//  - a heat field on a colormap (128^2 or 256^2 cells, about 1,800 colours, 200-280 of them
//    dominant): the 128 most frequent exact, mean 0.06-0.08, max 17-31;
//  - a photo (the SAT scene's depth of field, 106,000 colours): mean 0.9, max 43, a slight
//    posterization: MP4 suits photos better.
// Errors above 16 are rare in figures (4 to 90 pixels of 921,600: anti-aliased edge pixels given
// a neighbouring shade); the photo has 3,100.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "render/image.h"

namespace ws::app {

struct IndexedFrame {
  std::vector<std::array<uint8_t, 3>> palette;  // at most 256 entries, transparent one included
  std::vector<uint8_t> indices;                 // one per pixel, rows top-down
  int transparent_index = -1;                   // -1: every pixel is opaque
  bool exact = false;  // every opaque pixel's colour is in the palette exactly
};

// Pixels with alpha below this are transparent in the GIF; the others are opaque.
inline constexpr int kGifAlphaThreshold = 128;

IndexedFrame index_colours(const gfx::Image& frame);

// The colours a frame keeps exactly when it has too many for one table: those covering at least
// this many pixels (the more frequent first, at most half the table).
int64_t dominant_colour_min_pixels(int64_t opaque_pixels);

}  // namespace ws::app
