// The on-screen (and PNG) Canvas backend: diagrams go into an ImDrawList, either a window's list in
// the GUI or a standalone list rendered offscreen by render_figure. Logical coordinates are mapped
// to pixels by `origin + p * scale`, so the same scene code draws at any zoom or supersampling
// factor.
//
// Images (Canvas::image) are drawn with ImDrawList::AddImage. A raster without a GL texture is
// uploaded into a texture the canvas owns, and filtering is chosen by a GL sampler object bound by
// draw callbacks around the image: so the canvas (its textures and samplers) must outlive the
// rendering of its draw list, as in render_figure_into where both live in one scope. Images need a
// current GL context; the other primitives do not.
#pragma once

#include <memory>
#include <vector>

#include "render/canvas.h"
#include "render/gl_objects.h"

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
  // Nearest (!smooth) magnifies cells as sharp squares; minification is linear either way, so a
  // large field shown small does not sparkle. Throws ws::Error for an empty or malformed raster.
  void image(Vec2 min, Vec2 max, const Raster& raster) override;

  DrawListCanvas(const DrawListCanvas&) = delete;
  DrawListCanvas& operator=(const DrawListCanvas&) = delete;
  ~DrawListCanvas() override;

  float scale() const { return scale_; }
  Vec2 origin() const { return origin_; }

 private:
  Vec2 to_pixels(Vec2 p) const { return origin_ + p * scale_; }
  ImFont* resolve_font() const;

  ImDrawList* list_;
  Vec2 size_, origin_;
  float scale_;
  ImFont* font_;
  std::vector<Texture> uploaded_;  // rasters given as pixels, alive until we are destroyed
  unsigned samplers_[2] = {0, 0};  // [smooth]: GL sampler objects, made on first use
};

}  // namespace ws::gfx
