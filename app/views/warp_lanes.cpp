#include "views/warp_lanes.h"

#include <algorithm>

#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

float draw_lane_row(gfx::Canvas& c, gfx::Vec2 origin, float lane_w, float cell_h, float label_w,
                    const LaneRow& row, const gfx::Palette& p, float font, HoverMap& hover) {
  using gfx::HAlign;
  using gfx::VAlign;
  const float y0 = origin.y, y1 = origin.y + cell_h;
  const float x0 = origin.x + label_w;
  c.text({x0 - font * 0.3f, (y0 + y1) / 2}, fit_text(c, row.label, font * 0.8f, label_w),
         font * 0.8f, p.text, HAlign::Right, VAlign::Middle);
  const float text_font = std::min(font * 0.65f, cell_h * 0.6f);
  for (size_t l = 0; l < row.lanes.size(); ++l) {
    const gfx::Vec2 lo{x0 + float(l) * lane_w + 0.5f, y0},
        hi{x0 + float(l + 1) * lane_w - 0.5f, y1};
    const LaneState s = row.lanes[l];
    gfx::Color ink = p.text_muted;
    if (s == LaneState::Busy) {
      c.rect_filled(lo, hi, row.color);
      ink = p.background;
    } else if (s == LaneState::Finished) {
      c.rect_filled(lo, hi, mix(p.cell_fill, row.color, 0.18f));
      c.rect(lo, hi, row.color, 1.5f);
      ink = p.text_muted;
    } else {
      c.rect_filled(lo, hi, p.inactive);
    }
    if (l < row.texts.size() && !row.texts[l].empty() &&
        c.text_size(row.texts[l], text_font).x < lane_w - 2)
      c.text({(lo.x + hi.x) / 2, (y0 + y1) / 2}, row.texts[l], text_font, ink, HAlign::Center,
             VAlign::Middle);
    if (l < row.hovers.size() && !row.hovers[l].empty()) hover.add(lo, hi, row.hovers[l]);
  }
  return x0 + float(row.lanes.size()) * lane_w;
}

}  // namespace ws::app
