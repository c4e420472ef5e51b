#include "value_grid.h"

#include <algorithm>

#include "views/cell_rows.h"
#include "views/field_raster.h"

namespace ws::app {

namespace {

// A caption no wider than `width`: shrunk down to 70% of `font`, then cut with an ellipsis.
void draw_caption(gfx::Canvas& c, gfx::Vec2 at, const std::string& text, float width, float font,
                  gfx::Color colour) {
  const float natural = c.text_size(text, font).x;
  const float f = natural > width ? std::max(font * 0.7f, font * width / natural) : font;
  c.text(at, fit_text(c, text, f, width), f, colour);
}

}  // namespace

bool GridGeometry::cell_at(gfx::Vec2 point, int& x, int& y) const {
  if (cell <= 0 || point.x < min.x || point.y < min.y) return false;
  x = static_cast<int>((point.x - min.x) / cell);
  y = static_cast<int>((point.y - min.y) / cell);
  return x < width && y < height;
}

GridGeometry draw_value_grid(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, int width, int height,
                             const std::function<GridCell(int x, int y)>& cell,
                             const std::string& caption, const gfx::Palette& p, float font) {
  GridGeometry g;
  g.width = width;
  g.height = height;
  if (width < 1 || height < 1) return g;
  const float caption_h = font * 1.5f;
  draw_caption(c, min, caption, max.x - min.x, font, p.text);
  const float index_font = font * 0.7f;
  // Room for the x indices above and the y indices on the left.
  const float left = index_font * 2.2f, top = caption_h + index_font * 1.3f;
  const float avail_w = max.x - min.x - left, avail_h = max.y - min.y - top;
  g.cell = std::max(1.0f, std::min({avail_w / width, avail_h / height, font * 7.0f}));
  g.min = {min.x + left, min.y + top};
  const bool indices = g.cell >= index_font * 1.2f;
  if (indices) {
    const int every = g.cell >= index_font * 2.0f ? 1 : 5;
    for (int x = 0; x < width; x += every)
      c.text({g.min.x + (x + 0.5f) * g.cell, g.min.y - index_font * 0.2f}, std::to_string(x),
             index_font, p.text_muted, gfx::HAlign::Center, gfx::VAlign::Bottom);
    for (int y = 0; y < height; y += every)
      c.text({g.min.x - index_font * 0.4f, g.min.y + (y + 0.5f) * g.cell}, std::to_string(y),
             index_font, p.text_muted, gfx::HAlign::Right, gfx::VAlign::Middle);
  }
  // Numbers: one size for the whole grid, the widest that fits the widest text.
  float text_font = std::min(font * 1.6f, g.cell * 0.42f);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const GridCell k = cell(x, y);
      if (k.text.empty() || k.unwritten) continue;
      const float w = c.text_size(k.text, text_font).x;
      if (w > g.cell * 0.9f) text_font *= g.cell * 0.9f / w;
    }
  const float border = std::clamp(g.cell * 0.07f, 1.0f, font * 0.2f);
  const bool numbers = text_font >= 7;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const GridCell k = cell(x, y);
      const gfx::Vec2 a = g.cell_min(x, y), b = g.cell_max(x, y);
      const gfx::Color fill = k.unwritten                  ? p.cell_unwritten
                              : k.fill.a != 0              ? k.fill
                              : !numbers && k.shade.a != 0 ? k.shade
                                                           : p.cell_fill;
      c.rect_filled(a, b, fill);
      c.rect(a, b, p.cell_border, 1);
      if (!k.unwritten && !k.text.empty() && numbers)
        c.text((a + b) * 0.5f, k.text, text_font, ink_on(fill), gfx::HAlign::Center,
               gfx::VAlign::Middle);
      const gfx::Vec2 in{border * 0.5f, border * 0.5f};
      if (k.read) c.rect(a + in, b - in, p.read, border);
      if (k.written) c.rect(a + in, b - in, p.write, border * 1.6f);
      if (k.emphasis) c.rect(a + in, b - in, p.highlight, border * 1.6f);
      if (k.mismatch) c.rect(a + in, b - in, p.mismatch, border * 1.6f);
      if (!k.note.empty() && g.cell >= font * 1.6f) {
        const float f = std::min(font * 0.8f, g.cell * 0.22f);
        c.text({b.x - border * 1.5f, b.y - border * 1.2f}, k.note, f, ink_on(fill),
               gfx::HAlign::Right, gfx::VAlign::Bottom);
      }
      if (!k.corner.empty() && g.cell >= 10) {
        const float f = std::min(font, g.cell * 0.45f);
        c.rect_filled(a, a + gfx::Vec2{f * 0.9f, f * 1.05f}, p.highlight);
        c.text(a + gfx::Vec2{f * 0.45f, f * 0.05f}, k.corner, f, ink_on(p.highlight),
               gfx::HAlign::Center, gfx::VAlign::Top);
      }
    }
  return g;
}

GridGeometry draw_raster_grid(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, int width, int height,
                              const gfx::Canvas::Raster& raster, const std::string& caption,
                              const gfx::Palette& p, float font) {
  GridGeometry g;
  g.width = width;
  g.height = height;
  if (width < 1 || height < 1) return g;
  draw_caption(c, min, caption, max.x - min.x, font, p.text);
  const float top = font * 1.5f;
  g.cell = std::min((max.x - min.x) / width, (max.y - min.y - top) / height);
  g.min = {min.x, min.y + top};
  c.image(g.min, g.cell_max(width - 1, height - 1), raster);
  c.rect(g.min, g.cell_max(width - 1, height - 1), p.cell_border, 1);
  return g;
}

}  // namespace ws::app
