// Pieces every scan application figure shares: the header (title, input, step, what the step
// does), the footer line of counters, colours for kept / dropped and 0 / 1 bits.
#pragma once

#include <string>
#include <vector>

#include "common/trace.h"
#include "render/canvas.h"
#include "render/palette.h"

namespace ws::app {

// a * (1 - t) + b * t, per channel (opaque).
gfx::Color mix(gfx::Color a, gfx::Color b, float t);

// The tint for "kept" / "bit 1" and "bit 0" cells: pale on light, deep on dark backgrounds.
gfx::Color kept_fill(const gfx::Palette& p);
gfx::Color bit_fill(const gfx::Palette& p, int bit);
gfx::Color bit_line(const gfx::Palette& p, int bit);  // arrows of keys with that bit

// A radix digit's colour (arrows) and cell fill: eight palette colours, then the same eight
// shaded towards the text colour for digits 8-15, so 4-bit digits never share a colour.
gfx::Color digit_line(const gfx::Palette& p, int digit);
gfx::Color digit_fill(const gfx::Palette& p, int digit);

// The figure's font size for a canvas: legible at 1280x800 and on a projector.
float figure_font(gfx::Vec2 size);

// A figure's ground: the canvas filled with the palette's background; returns the figure's font
// size (figure_font).
float figure_ground(gfx::Canvas& c, const gfx::Palette& pal);

// The figure of a mode that has no run to show: the ground and the run's error in the mismatch
// colour, or "no run" when there is none.
void draw_no_run(gfx::Canvas& c, const gfx::Palette& pal, const std::string& error);

// Title (large), a muted detail line, the step line, and a one-sentence explanation; returns the
// height used.
float draw_header(gfx::Canvas& c, const std::string& title, const std::string& detail,
                  const std::string& step_line, const std::string& explanation,
                  const gfx::Palette& p, float font);

// The header's step line for step `shown` (0-based, in range) of `trace`: "Step 3 of 12: load
// (phase)", translated.
std::string trace_step_line(const Trace& trace, int shown);

// One line at the bottom of the figure (shrunk to fit), e.g. the counters.
void draw_footer(gfx::Canvas& c, const std::string& line, const gfx::Palette& p, float font,
                 gfx::Color color);

// A legend line of swatches: each entry a fill colour and its text; returns its height.
enum class SwatchKind { Fill, Outline, Arrow, CornerMark };
struct Swatch {
  gfx::Color color;
  std::string text;
  SwatchKind kind = SwatchKind::Fill;  // Outline: mismatch, emphasis; CornerMark: a set flag
};
float draw_swatches(gfx::Canvas& c, gfx::Vec2 origin, const std::vector<Swatch>& entries,
                    const gfx::Palette& p, float font);

// Cells (flat index into the buffer) that `step` wrote to buffer `buffer` (shared buffers: block *
// size + address).
std::vector<int64_t> written_cells(const Trace& trace, int step, int buffer);

std::string number(double v, ValueType type);  // format_value, "" for NaN
// "1 thread", "16 threads".
std::string count_text(int64_t count, const std::string& noun);

}  // namespace ws::app
