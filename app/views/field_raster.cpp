#include "field_raster.h"

#include <algorithm>
#include <cmath>

namespace ws::app {

gfx::Image colour_values(const std::vector<float>& values, int width, int height,
                         interop::Colormap map, float lo, float hi) {
  gfx::Image image;
  image.width = width;
  image.height = height;
  image.rgba.resize(size_t(width) * height * 4);
  std::vector<uint32_t> rgba(values.size());
  interop::colormap_fill_host(map, values.data(), int64_t(values.size()), int64_t(values.size()),
                              lo, hi, rgba.data());
  for (size_t i = 0; i < rgba.size(); ++i)
    for (int k = 0; k < 4; ++k) image.rgba[i * 4 + k] = uint8_t(rgba[i] >> (8 * k));
  return image;
}

gfx::Image weight_veil(const std::vector<float>& weights, int width, int height, gfx::Color tint) {
  const int f = std::max(1, (std::max(width, height) + 1023) / 1024);
  gfx::Image image;
  image.width = (width + f - 1) / f;
  image.height = (height + f - 1) / f;
  image.rgba.assign(size_t(image.width) * image.height * 4, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const float k = weights[size_t(y) * width + x];
      if (k < 0 || k >= 1) continue;
      uint8_t* px = &image.rgba[(size_t(y / f) * image.width + x / f) * 4];
      const uint8_t alpha = uint8_t(std::lround(230 * (1 - std::max(0.0f, k))));
      if (alpha <= px[3]) continue;
      px[0] = tint.r;
      px[1] = tint.g;
      px[2] = tint.b;
      px[3] = alpha;
    }
  return image;
}

gfx::Color value_colour(interop::Colormap map, double v, float lo, float hi) {
  const float t = std::clamp(static_cast<float>((v - lo) / (hi - lo)), 0.0f, 1.0f);
  return interop::colormap_color(map, t);
}

gfx::Color ink_on(gfx::Color fill) {
  const float luma = 0.2126f * fill.r + 0.7152f * fill.g + 0.0722f * fill.b;
  return luma > 140 ? gfx::Color{20, 20, 20} : gfx::Color{245, 245, 245};
}

FieldPanels layout_field_panels(gfx::Vec2 min, gfx::Vec2 max,
                                const std::vector<std::pair<int, int>>& cells, float font) {
  const float bar_w = font * 6.5f, bar_gap = font * 1.5f;
  const int count = static_cast<int>(cells.size());
  const int columns = count > 1 ? 2 : 1, rows = (count + columns - 1) / columns;
  const float gap = font * 1.5f, caption = font * 1.7f;
  const float right = max.x - bar_w - bar_gap;
  const float slot_w = (right - min.x - gap * (columns - 1)) / columns;
  const float slot_h = (max.y - min.y - gap * (rows - 1)) / rows - caption;
  FieldPanels out;
  float used_x = 0, used_y = 0;
  for (int k = 0; k < count; ++k) {
    const auto [width, height] = cells[k];
    const float scale = std::min(slot_w / width, slot_h / height);
    const float w = width * scale, h = height * scale;
    const float y0 = min.y + (k / columns) * (slot_h + caption + gap);
    const gfx::Vec2 a{min.x + (k % columns) * (slot_w + gap) + (slot_w - w) / 2, y0};
    out.rects.push_back({a, {a.x + w, y0 + h}});
    out.scale.push_back(scale);
    used_x = std::max(used_x, a.x + w);
    used_y = std::max(used_y, y0 + h);
  }
  // The bar sits beside the panels, not at the far edge of a wide figure.
  const float bar_x = std::min(used_x + bar_gap, max.x - bar_w);
  out.bar_min = {bar_x, min.y};
  out.bar_max = {bar_x + bar_w, used_y};
  return out;
}

}  // namespace ws::app
