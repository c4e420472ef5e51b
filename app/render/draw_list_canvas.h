// The on-screen (and PNG) Canvas backend: diagrams go into an ImDrawList, either a window's list in
// the GUI or a standalone list rendered offscreen by render_figure. Logical coordinates are mapped
// to pixels by `origin + p * scale`, so the same scene code draws at any zoom or supersampling
// factor.
#pragma once

#include "render/canvas.h"

struct ImDrawList;
struct ImFont;

namespace ws::gfx {

class DrawListCanvas : public Canvas {
 public:
  // `logical_size` is what size() reports. `font` null: ImGui's current font when an ImGui context
  // with a built atlas exists; text_size() then falls back to FontMetrics (same DejaVu Sans).
  DrawListCanvas(ImDrawList* list, Vec2 logical_size, Vec2 origin = {}, float scale = 1.0f,
                 ImFont* font = nullptr);

  Vec2 size() const override { return size_; }
  void rect_filled(Vec2 min, Vec2 max, Color c, float rounding = 0) override;
  void rect(Vec2 min, Vec2 max, Color c, float thickness = 1, float rounding = 0) override;
  void line(Vec2 a, Vec2 b, Color c, float thickness = 1) override;
  void triangle_filled(Vec2 a, Vec2 b, Vec2 c, Color color) override;
  void circle_filled(Vec2 center, float radius, Color c) override;
  void text(Vec2 pos, const std::string& utf8, float size, Color c, HAlign h = HAlign::Left,
            VAlign v = VAlign::Top) override;
  Vec2 text_size(const std::string& utf8, float size) const override;

  float scale() const { return scale_; }
  Vec2 origin() const { return origin_; }

 private:
  Vec2 to_pixels(Vec2 p) const { return origin_ + p * scale_; }
  ImFont* resolve_font() const;

  ImDrawList* list_;
  Vec2 size_, origin_;
  float scale_;
  ImFont* font_;
};

}  // namespace ws::gfx
