// Lecture mode's geometry, without ImGui: the figure above a caption bar that fills the window,
// and the caption wrapped into the bar at the largest size that fits. The window draws with these
// and the presenter's check (tests/app/test_presenter_check.cpp) lays figures out with the same
// numbers, so what the test passes is what the room sees.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "render/canvas.h"

namespace ws::app {

struct LectureLayout {
  float ui_scale = 1;                // figure pixels per logical pixel: font size / 18, at least 1
  gfx::Vec2 figure_min, figure_max;  // the figure's screen rectangle (the window's top part)
  gfx::Vec2 bar_min, bar_max;        // the caption bar's screen rectangle (the bottom)
  float padding = 0;                 // inside the bar, around the text
  float header_size = 0;             // "title · variant · step k / n": the UI font's size
  float caption_max = 0;             // the caption's font size when it fits (1.5x the UI font)
  float caption_min = 0;             // the smallest it shrinks to (0.85x the UI font)
  // Where the caption's lines go: below the header, inside the padding.
  gfx::Vec2 caption_min_corner() const;
  gfx::Vec2 caption_area() const;  // width and height for the caption's lines
  // The figure's logical size (what Scene::draw lays out in).
  gfx::Vec2 figure_logical() const;
};

// The layout of a `width` x `height` window (pixels) with a UI font of `font_size` pixels.
LectureLayout lecture_layout(float width, float height, float font_size);

// Width in pixels of `text` at font size `size`.
using MeasureText = std::function<float(const std::string& text, float size)>;

// `text` broken into lines no wider than `width` at font size `size`: at spaces, and between any
// two CJK characters (Chinese has no spaces); a word wider than the line is split where it must.
// Newlines in `text` start a new line.
std::vector<std::string> wrap_text(const std::string& text, float width, float size,
                                   const MeasureText& measure);

// A line's height for `size` (the caption's leading).
inline float caption_line_height(float size) {
  return size * 1.12f;
}

struct CaptionFit {
  float size = 0;                  // the font size chosen
  std::vector<std::string> lines;  // the wrapped lines at that size
  bool fits = true;                // false: even at the smallest size the lines overflow the bar
};
// The largest size from `layout.caption_max` down to `layout.caption_min` (in steps of 8%) at
// which `text` wrapped to the caption area fits its height; the smallest size's lines (and
// fits = false) when none does.
CaptionFit fit_caption(const std::string& text, const LectureLayout& layout,
                       const MeasureText& measure);

}  // namespace ws::app
