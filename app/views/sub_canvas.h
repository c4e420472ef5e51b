// A rectangle of another canvas, with its own origin: lets one view draw two variants side by side
// (or a legend in a corner) with the same code that draws a whole figure.
#pragma once

#include "render/canvas.h"

namespace ws::app {

class SubCanvas : public gfx::Canvas {
 public:
  SubCanvas(gfx::Canvas& parent, gfx::Vec2 origin, gfx::Vec2 size)
      : parent_(parent), origin_(origin), size_(size) {}

  gfx::Vec2 size() const override { return size_; }
  void rect_filled(gfx::Vec2 a, gfx::Vec2 b, gfx::Color c, float rounding) override {
    parent_.rect_filled(a + origin_, b + origin_, c, rounding);
  }
  void rect(gfx::Vec2 a, gfx::Vec2 b, gfx::Color c, float thickness, float rounding) override {
    parent_.rect(a + origin_, b + origin_, c, thickness, rounding);
  }
  void line(gfx::Vec2 a, gfx::Vec2 b, gfx::Color c, float thickness) override {
    parent_.line(a + origin_, b + origin_, c, thickness);
  }
  void triangle_filled(gfx::Vec2 a, gfx::Vec2 b, gfx::Vec2 c, gfx::Color color) override {
    parent_.triangle_filled(a + origin_, b + origin_, c + origin_, color);
  }
  void circle_filled(gfx::Vec2 center, float radius, gfx::Color c) override {
    parent_.circle_filled(center + origin_, radius, c);
  }
  void text(gfx::Vec2 pos, const std::string& s, float size, gfx::Color c, gfx::HAlign h,
            gfx::VAlign v) override {
    parent_.text(pos + origin_, s, size, c, h, v);
  }
  gfx::Vec2 text_size(const std::string& s, float size) const override {
    return parent_.text_size(s, size);
  }
  void begin_group(const std::string& id) override { parent_.begin_group(id); }
  void end_group() override { parent_.end_group(); }

 private:
  gfx::Canvas& parent_;
  gfx::Vec2 origin_, size_;
};

}  // namespace ws::app
