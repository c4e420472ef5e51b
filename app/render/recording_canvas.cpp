#include "render/recording_canvas.h"

#include <algorithm>

#include "render/font_metrics.h"

namespace ws::gfx {

void RecordingCanvas::text(Vec2 pos, const std::string& utf8, float size, Color c, HAlign h,
                           VAlign v) {
  if (utf8.empty()) return;
  const Vec2 extent = text_size(utf8, size);
  Vec2 min = pos;
  if (h == HAlign::Center) min.x -= extent.x * 0.5f;
  if (h == HAlign::Right) min.x -= extent.x;
  if (v == VAlign::Middle) min.y -= extent.y * 0.5f;
  if (v == VAlign::Bottom) min.y -= extent.y;
  texts_.push_back({utf8, size, min, min + extent, c});
}

Vec2 RecordingCanvas::text_size(const std::string& utf8, float size) const {
  return FontMetrics::default_font().text_size(utf8, size);
}

std::vector<std::string> overlapping_texts(const std::vector<TextBox>& texts, float tolerance) {
  std::vector<std::string> found;
  for (size_t i = 0; i < texts.size(); ++i) {
    for (size_t j = i + 1; j < texts.size(); ++j) {
      const TextBox& a = texts[i];
      const TextBox& b = texts[j];
      if (a.text == b.text && std::abs(a.min.x - b.min.x) < 0.5f &&
          std::abs(a.min.y - b.min.y) < 0.5f)
        continue;  // drawn twice in one place (a shadow, an outline): one label
      const float dx = std::min(a.max.x, b.max.x) - std::max(a.min.x, b.min.x);
      const float dy = std::min(a.max.y, b.max.y) - std::max(a.min.y, b.min.y);
      if (dx > tolerance && dy > tolerance)
        found.push_back("'" + a.text + "' overlaps '" + b.text + "'");
    }
  }
  return found;
}

std::vector<std::string> texts_outside(const std::vector<TextBox>& texts, Vec2 size,
                                       float tolerance) {
  std::vector<std::string> found;
  for (const TextBox& t : texts) {
    const char* side = t.min.x < -tolerance           ? "left"
                       : t.max.x > size.x + tolerance ? "right"
                       : t.min.y < -tolerance         ? "top"
                       : t.max.y > size.y + tolerance ? "bottom"
                                                      : nullptr;
    if (side) found.push_back("'" + t.text + "' is cut off at the " + side);
  }
  return found;
}

}  // namespace ws::gfx
