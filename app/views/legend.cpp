#include "legend.h"

namespace ws::app {

using gfx::Vec2;

float draw_trace_legend(gfx::Canvas& c, Vec2 origin, float font, const gfx::Palette& p,
                        bool with_mismatch) {
  float x = origin.x;
  const float box = font * 0.9f;
  const float mid = origin.y + box / 2;
  auto label = [&](const std::string& text) {
    c.text({x, mid}, text, font, p.text_muted, gfx::HAlign::Left, gfx::VAlign::Middle);
    x += c.text_size(text, font).x + font * 1.2f;
  };
  for (int w = 0; w < 4; ++w) {
    c.rect_filled({x, origin.y}, {x + box * 0.6f, origin.y + box}, p.warp_color(w));
    x += box * 0.6f + 1;
  }
  x += 4;
  label("lanes by warp");
  c.rect_filled({x, origin.y}, {x + box * 0.6f, origin.y + box}, p.inactive);
  x += box * 0.6f + 4;
  label("inactive lane");
  c.rect_filled({x, mid + 1}, {x + box * 1.6f, mid + 4}, p.divergent);
  x += box * 1.6f + 4;
  label("divergent warp");
  c.arrow({x, mid}, {x + box * 2, mid}, p.read, 1.5f, 6);
  x += box * 2 + 4;
  label("operand read");
  c.arrow({x, mid}, {x + box * 2, mid}, p.atomic, 1.5f, 6);
  x += box * 2 + 4;
  label("atomic");
  auto memory_swatch = [&](gfx::Color fill, const std::string& text) {
    c.rect_filled({x, origin.y}, {x + box * 1.5f, origin.y + box}, fill);
    c.rect({x, origin.y}, {x + box * 1.5f, origin.y + box}, p.cell_border);
    x += box * 1.5f + 4;
    label(text);
  };
  memory_swatch(p.shared_row, "shared");
  memory_swatch(p.global_row, "global");
  memory_swatch(p.register_row, "registers");
  if (with_mismatch) {
    c.rect({x, origin.y}, {x + box * 1.5f, origin.y + box}, p.mismatch, 2.5f);
    x += box * 1.5f + 4;
    label("differs from CPU reference");
  }
  return box;
}

}  // namespace ws::app
