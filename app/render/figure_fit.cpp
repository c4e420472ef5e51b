#include "render/figure_fit.h"

#include <algorithm>

namespace ws::gfx {

void BoundsCanvas::add(Vec2 a, Vec2 b) {
  const Vec2 lo{std::min(a.x, b.x), std::min(a.y, b.y)};
  const Vec2 hi{std::max(a.x, b.x), std::max(a.y, b.y)};
  if (empty_) {
    min_ = lo;
    max_ = hi;
    empty_ = false;
    return;
  }
  min_ = {std::min(min_.x, lo.x), std::min(min_.y, lo.y)};
  max_ = {std::max(max_.x, hi.x), std::max(max_.y, hi.y)};
}

void BoundsCanvas::rect(Vec2 min, Vec2 max, Color, float thickness, float) {
  const float h = thickness / 2;
  add(min - Vec2{h, h}, max + Vec2{h, h});
}

void BoundsCanvas::line(Vec2 a, Vec2 b, Color, float thickness) {
  const float h = thickness / 2;
  add({std::min(a.x, b.x) - h, std::min(a.y, b.y) - h},
      {std::max(a.x, b.x) + h, std::max(a.y, b.y) + h});
}

void BoundsCanvas::triangle_filled(Vec2 a, Vec2 b, Vec2 c, Color) {
  add(a, b);
  add(b, c);
}

void BoundsCanvas::circle_filled(Vec2 center, float radius, Color) {
  add(center - Vec2{radius, radius}, center + Vec2{radius, radius});
}

void BoundsCanvas::text(Vec2 pos, const std::string& utf8, float size, Color c, HAlign h,
                        VAlign v) {
  const size_t before = texts().size();
  RecordingCanvas::text(pos, utf8, size, c, h, v);
  if (texts().size() > before) add(texts().back().min, texts().back().max);
}

void FittedCanvas::rect_filled(Vec2 min, Vec2 max, Color c, float rounding) {
  parent_.rect_filled(at(min), at(max), c, rounding * fit_.scale);
}

void FittedCanvas::rect(Vec2 min, Vec2 max, Color c, float thickness, float rounding) {
  parent_.rect(at(min), at(max), c, thickness * fit_.scale, rounding * fit_.scale);
}

void FittedCanvas::line(Vec2 a, Vec2 b, Color c, float thickness) {
  parent_.line(at(a), at(b), c, thickness * fit_.scale);
}

void FittedCanvas::triangle_filled(Vec2 a, Vec2 b, Vec2 c, Color color) {
  parent_.triangle_filled(at(a), at(b), at(c), color);
}

void FittedCanvas::circle_filled(Vec2 center, float radius, Color c) {
  parent_.circle_filled(at(center), radius * fit_.scale, c);
}

void FittedCanvas::text(Vec2 pos, const std::string& utf8, float size, Color c, HAlign h,
                        VAlign v) {
  parent_.text(at(pos), utf8, size * fit_.scale, c, h, v);
}

Vec2 FittedCanvas::text_size(const std::string& utf8, float size) const {
  return parent_.text_size(utf8, size * fit_.scale) * (1 / fit_.scale);
}

void FittedCanvas::image(Vec2 min, Vec2 max, const Raster& raster) {
  parent_.image(at(min), at(max), raster);
}

FigureFit fit_figure(const std::function<void(Canvas&)>& draw, Vec2 size, float margin,
                     float max_scale) {
  BoundsCanvas bounds(size);
  draw(bounds);
  FigureFit fit;
  if (bounds.empty()) return fit;
  const Vec2 lo{std::max(bounds.min().x, 0.0f), std::max(bounds.min().y, 0.0f)};
  const Vec2 hi{std::min(bounds.max().x, size.x), std::min(bounds.max().y, size.y)};
  const Vec2 extent = hi - lo;
  if (extent.x < 1 || extent.y < 1) return fit;
  const float scale =
      std::min({(size.x - 2 * margin) / extent.x, (size.y - 2 * margin) / extent.y, max_scale});
  if (scale < 1.08f) return fit;
  fit.scale = scale;
  fit.offset = (size - extent * scale) * 0.5f - lo * scale;
  return fit;
}

}  // namespace ws::gfx
