#include "legend.h"

#include "i18n/i18n.h"

namespace ws::app {

using gfx::Vec2;

void LegendLine::label(const std::string& text) {
  c_.text({x_, mid()}, text, font_, p_.text_muted, gfx::HAlign::Left, gfx::VAlign::Middle);
  x_ += c_.text_size(text, font_).x + font_ * 1.2f;
}

void LegendLine::strip(gfx::Color fill) {
  c_.rect_filled({x_, top_}, {x_ + box_ * 0.6f, top_ + box_}, fill);
  x_ += box_ * 0.6f + 1;
}

void LegendLine::strip_over(gfx::Color under, gfx::Color fill) {
  c_.rect_filled({x_, top_}, {x_ + box_ * 0.6f, top_ + box_}, under);
  strip(fill);
}

void LegendLine::filled(gfx::Color fill) {
  c_.rect_filled({x_, top_}, {x_ + box_ * 1.5f, top_ + box_}, fill);
  x_ += box_ * 1.5f + 4;
}

void LegendLine::outlined(gfx::Color border, float width) {
  c_.rect({x_, top_}, {x_ + box_ * 1.5f, top_ + box_}, border, width);
  x_ += box_ * 1.5f + 4;
}

void LegendLine::boxed(gfx::Color fill, gfx::Color border) {
  c_.rect_filled({x_, top_}, {x_ + box_ * 1.5f, top_ + box_}, fill);
  outlined(border, 1);
}

void LegendLine::arrow(gfx::Color colour) {
  c_.arrow({x_, mid()}, {x_ + box_ * 2, mid()}, colour, 1.5f, 6);
  x_ += box_ * 2 + 4;
}

void LegendLine::memory_spaces(bool registers) {
  memory(p_.shared_row);
  label(tr("shared"));
  memory(p_.global_row);
  label(tr("global"));
  if (!registers) return;
  memory(p_.register_row);
  label(tr("registers"));
}

float draw_trace_legend(gfx::Canvas& c, Vec2 origin, float font, const gfx::Palette& p,
                        bool with_mismatch) {
  LegendLine key(c, origin, font, p);
  for (int w = 0; w < 4; ++w) key.strip(p.warp_color(w));
  key.end_strips();
  key.label(tr("lanes by warp"));
  c.rect_filled({key.x(), origin.y}, {key.x() + key.box() * 0.6f, origin.y + key.box()},
                p.inactive);
  key.advance(key.box() * 0.6f + 4);
  key.label(tr("inactive lane"));
  c.rect_filled({key.x(), key.mid() + 1}, {key.x() + key.box() * 1.6f, key.mid() + 4}, p.divergent);
  key.advance(key.box() * 1.6f + 4);
  key.label(tr("divergent warp"));
  key.arrow(p.read);
  key.label(tr("operand read"));
  key.arrow(p.atomic);
  key.label(tr("atomic"));
  key.memory_spaces(true);
  if (with_mismatch) {
    key.outlined(p.mismatch, 2.5f);
    key.label(tr("differs from CPU reference"));
  }
  return key.box();
}

}  // namespace ws::app
