// The key under every trace figure: what the colours and marks mean.
#pragma once

#include <string>

#include "render/canvas.h"
#include "render/palette.h"

namespace ws::app {

// One line of legend entries written left to right: a mark, then its text. Every figure's key
// (the trace tree's, the scan views') is built from these marks, so they look alike.
class LegendLine {
 public:
  LegendLine(gfx::Canvas& c, gfx::Vec2 origin, float font, const gfx::Palette& p)
      : c_(c), p_(p), font_(font), box_(font * 0.9f), x_(origin.x), top_(origin.y) {}

  float box() const { return box_; }
  float x() const { return x_; }
  float top() const { return top_; }
  float mid() const { return top_ + box_ / 2; }
  void advance(float width) { x_ += width; }

  void label(const std::string& text);
  // Narrow strips side by side (warp colours, shades), drawn over `under` when it is set.
  void strip(gfx::Color fill);
  void strip_over(gfx::Color under, gfx::Color fill);
  void end_strips() { x_ += 4; }
  void filled(gfx::Color fill);                    // a cell-shaped box
  void outlined(gfx::Color border, float width);   // an empty box with a border
  void boxed(gfx::Color fill, gfx::Color border);  // a filled box with a thin border
  void arrow(gfx::Color colour);                   // an arrow as the views draw reads
  void memory(gfx::Color fill) { boxed(fill, p_.cell_border); }
  // The memory-space tints: shared, global and (when the figure has them) registers.
  void memory_spaces(bool registers);

 private:
  gfx::Canvas& c_;
  const gfx::Palette& p_;
  float font_, box_, x_, top_;
};

// Draws one line of legend entries starting at `origin`; returns its height.
float draw_trace_legend(gfx::Canvas& c, gfx::Vec2 origin, float font, const gfx::Palette& p,
                        bool with_mismatch);

}  // namespace ws::app
