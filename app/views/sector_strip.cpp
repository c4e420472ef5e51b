#include "views/sector_strip.h"

#include <algorithm>
#include <set>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

int64_t strip_sectors(const SectorStrip& strip) {
  std::set<int64_t> sectors;
  for (const StripTouch& t : strip.touches)
    sectors.insert(t.element * strip.elem_bytes / kStripSectorBytes);
  return static_cast<int64_t>(sectors.size());
}

StripGeometry draw_sector_strip(gfx::Canvas& c, gfx::Vec2 origin, float width, float cell_h,
                                float label_w, float count_w, const SectorStrip& strip,
                                const gfx::Palette& p, float font, HoverMap& hover) {
  using gfx::HAlign;
  using gfx::VAlign;
  const int64_t n = std::max<int64_t>(strip.elements, 1);
  const int bytes = std::max(strip.elem_bytes, 1);
  const float x0 = origin.x + label_w;
  const float cells_w = std::max(width - label_w - count_w, 1.0f);
  const float cell_w = cells_w / float(n);
  const float y0 = origin.y, y1 = origin.y + cell_h;
  c.text({x0 - font * 0.3f, (y0 + y1) / 2}, fit_text(c, strip.label, font * 0.8f, label_w),
         font * 0.8f, p.text, HAlign::Right, VAlign::Middle);
  // The sectors touched, shaded under the cells.
  std::set<int64_t> sectors;
  for (const StripTouch& t : strip.touches) sectors.insert(t.element * bytes / kStripSectorBytes);
  const int64_t per_sector = std::max<int64_t>(1, kStripSectorBytes / bytes);
  for (int64_t s : sectors) {
    const float a = x0 + float(s * per_sector) * cell_w;
    const float b = x0 + float(std::min(n, (s + 1) * per_sector)) * cell_w;
    c.rect_filled({a, y0 - cell_h * 0.18f}, {b, y1 + cell_h * 0.18f},
                  mix(p.cell_fill, p.divergent, 0.45f));
  }
  // The cells: untouched in their own fill, touched in the lane's colour.
  const float text_font = std::min(font * 0.7f, cell_h * 0.55f);
  const bool texts_fit = cell_w > text_font * 1.6f;
  for (int64_t i = 0; i < strip.elements; ++i) {
    const gfx::Vec2 lo{x0 + float(i) * cell_w + 1, y0}, hi{x0 + float(i + 1) * cell_w - 1, y1};
    gfx::Color fill = p.cell_fill;
    if (size_t(i) < strip.fills.size() && strip.fills[size_t(i)].a > 0)
      fill = strip.fills[size_t(i)];
    c.rect_filled(lo, hi, fill);
    c.rect(lo, hi, p.cell_border, 1);
    if (texts_fit && size_t(i) < strip.texts.size() &&
        c.text_size(strip.texts[size_t(i)], text_font).x < cell_w - 3)
      c.text({(lo.x + hi.x) / 2, (y0 + y1) / 2}, strip.texts[size_t(i)], text_font, p.text,
             HAlign::Center, VAlign::Middle);
    if (size_t(i) < strip.hovers.size() && !strip.hovers[size_t(i)].empty())
      hover.add(lo, hi, strip.hovers[size_t(i)]);
  }
  for (const StripTouch& t : strip.touches) {
    if (t.element < 0 || t.element >= strip.elements) continue;
    const gfx::Vec2 lo{x0 + float(t.element) * cell_w + 1, y0},
        hi{x0 + float(t.element + 1) * cell_w - 1, y1};
    c.rect_filled({lo.x, y1 - cell_h * 0.3f}, hi, t.color);
    c.rect(lo, hi, t.color, 2);
    if (!t.hover.empty()) hover.add(lo, hi, t.hover);
  }
  // Sector marks (thin) and line marks (thick) on the element boundaries that start one.
  for (int64_t i = 0; i <= strip.elements; ++i) {
    const int64_t byte = i * bytes;
    if (byte % kStripSectorBytes != 0 && i != strip.elements) continue;
    const bool line = byte % kStripLineBytes == 0;
    const float x = x0 + float(i) * cell_w;
    c.line({x, y0 - cell_h * 0.25f}, {x, y1 + cell_h * 0.25f}, line ? p.text : p.text_muted,
           line ? 2.0f : 1.0f);
  }
  for (int64_t s : sectors) {
    const float a = x0 + float(s * per_sector) * cell_w;
    const float b = x0 + float(std::min(n, (s + 1) * per_sector)) * cell_w;
    hover.add({a, y1}, {b, y1 + cell_h * 0.25f},
              trf("{0}: sector {1} (bytes {2}-{3})", strip.label, s, s * kStripSectorBytes,
                  s * kStripSectorBytes + kStripSectorBytes - 1));
  }
  if (count_w > 0) {
    const std::string count =
        !strip.count_text.empty()
            ? strip.count_text
            : counted(int64_t(sectors.size()), TR_NOOP("{0} sector"), TR_NOOP("{0} sectors"));
    c.text({origin.x + width - count_w + font * 0.4f, (y0 + y1) / 2},
           fit_text(c, count, font * 0.75f, count_w - font * 0.4f), font * 0.75f,
           sectors.empty() ? p.text_muted : p.text, HAlign::Left, VAlign::Middle);
  }
  return {x0, cell_w, y0, y1};
}

}  // namespace ws::app
