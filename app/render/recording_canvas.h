// A Canvas that draws nothing and keeps every text it is given with the box it would cover,
// measured as the screen and SVG measure it: the presenter's check (no label overlaps another or
// leaves the figure) and the check that a translated figure has no English left read these.
#pragma once

#include <string>
#include <vector>

#include "render/canvas.h"

namespace ws::gfx {

struct TextBox {
  std::string text;
  float size = 0;  // the font's pixel height
  Vec2 min, max;   // the box the text covers, logical pixels
  Color color;
};

class RecordingCanvas : public Canvas {
 public:
  explicit RecordingCanvas(Vec2 size) : size_(size) {}

  Vec2 size() const override { return size_; }
  void rect_filled(Vec2, Vec2, Color, float = 0) override {}
  void rect(Vec2, Vec2, Color, float = 1, float = 0) override {}
  void line(Vec2, Vec2, Color, float = 1) override {}
  void triangle_filled(Vec2, Vec2, Vec2, Color) override {}
  void circle_filled(Vec2, float, Color) override {}
  void text(Vec2 pos, const std::string& utf8, float size, Color c, HAlign h = HAlign::Left,
            VAlign v = VAlign::Top) override;
  Vec2 text_size(const std::string& utf8, float size) const override;

  const std::vector<TextBox>& texts() const { return texts_; }

 private:
  Vec2 size_;
  std::vector<TextBox> texts_;
};

// Pairs of texts whose boxes overlap by more than `tolerance` pixels in both directions (the same
// text drawn twice at the same place counts once), as "'a' overlaps 'b'" lines.
std::vector<std::string> overlapping_texts(const std::vector<TextBox>& texts,
                                           float tolerance = 1.0f);
// Texts whose box leaves [0, size] by more than `tolerance` pixels, as "'a' is cut off at the
// right" lines.
std::vector<std::string> texts_outside(const std::vector<TextBox>& texts, Vec2 size,
                                       float tolerance = 1.0f);

}  // namespace ws::gfx
