#include "test_pattern.h"

#include <string>

#include "render/palette.h"

namespace ws::gfx::test {

void draw_test_pattern(Canvas& canvas) {
  const Palette& p = palette(Theme::Light);
  canvas.text({16, 12}, "Reduction: stride 4 \u2192 \u03A3 (log\u2082 n steps)", 22, p.text);

  // Two rows of eight cells: values before and after one tree-reduction step.
  const float cell = 46, gap = 6, left = 40, top_row = 70, bottom_row = 170;
  const int before[8] = {3, 1, 7, 0, 4, 1, 6, 3};
  canvas.begin_group("input row");
  for (int i = 0; i < 8; ++i) {
    const Vec2 min{left + i * (cell + gap), top_row};
    const Vec2 max = min + Vec2{cell, cell};
    canvas.rect_filled(min, max, p.warp_color(i / 4).with_alpha(60), 4);
    canvas.rect(min, max, p.cell_border, 1.5f, 4);
    canvas.text(min + Vec2{cell / 2, cell / 2}, std::to_string(before[i]), 20, p.text,
                HAlign::Center, VAlign::Middle);
    canvas.text(min + Vec2{cell / 2, -3}, std::to_string(i), 11, p.text_muted, HAlign::Center,
                VAlign::Bottom);
  }
  canvas.end_group();

  canvas.begin_group("output row");
  for (int i = 0; i < 8; ++i) {
    const Vec2 min{left + i * (cell + gap), bottom_row};
    const Vec2 max = min + Vec2{cell, cell};
    const bool written = i < 4;
    canvas.rect_filled(min, max, written ? p.cell_fill : p.cell_unwritten, 4);
    canvas.rect(min, max, written ? p.write : p.inactive, 2.0f, 4);
    if (written) {
      canvas.text(min + Vec2{cell / 2, cell / 2}, std::to_string(before[i] + before[i + 4]), 20,
                  p.text, HAlign::Center, VAlign::Middle);
    }
  }
  canvas.end_group();

  // Arrows: lane i reads i and i + 4.
  canvas.begin_group("arrows");
  for (int i = 0; i < 4; ++i) {
    const Vec2 to{left + i * (cell + gap) + cell / 2, bottom_row - 2};
    canvas.arrow({left + i * (cell + gap) + cell / 2, top_row + cell + 2}, to, p.read, 2.0f, 9.0f);
    canvas.arrow({left + (i + 4) * (cell + gap) + cell / 2, top_row + cell + 2}, to + Vec2{12, 0},
                 p.atomic, 1.5f, 8.0f);
  }
  canvas.end_group();

  // Divergent-warp marker: a red dot with a bracket over the idle lanes.
  canvas.begin_group("divergence");
  const float idle_left = left + 4 * (cell + gap), idle_right = left + 8 * (cell + gap) - gap;
  canvas.line({idle_left, bottom_row + cell + 10}, {idle_right, bottom_row + cell + 10},
              p.divergent, 2.0f);
  canvas.line({idle_left, bottom_row + cell + 4}, {idle_left, bottom_row + cell + 10}, p.divergent,
              2.0f);
  canvas.line({idle_right, bottom_row + cell + 4}, {idle_right, bottom_row + cell + 10},
              p.divergent, 2.0f);
  canvas.circle_filled({idle_left - 14, bottom_row + cell + 10}, 7, p.divergent);
  canvas.text({(idle_left + idle_right) / 2, bottom_row + cell + 14}, "divergent: 4 idle lanes", 13,
              p.divergent, HAlign::Center, VAlign::Top);
  canvas.end_group();

  // Bars in the eight warp colours, with right-aligned values.
  canvas.begin_group("bars");
  for (int w = 0; w < 8; ++w) {
    const float y = 70 + w * 22;
    const float length = 30 + 14.0f * ((w * 5) % 8);
    canvas.rect_filled({506, y}, {506 + length * 0.6f, y + 16}, p.warp_color(w));
    canvas.text({500, y + 8}, "w" + std::to_string(w), 12, p.text, HAlign::Right, VAlign::Middle);
  }
  canvas.end_group();

  // Text in three sizes and alignments along the bottom edge.
  const float base = float(kPatternHeight) - 12;
  canvas.line({16, base}, {float(kPatternWidth) - 16, base}, p.text_muted, 1.0f);
  canvas.text({16, base}, "left \u00D7 bottom", 12, p.text, HAlign::Left, VAlign::Bottom);
  canvas.text({float(kPatternWidth) / 2, base}, "\u2308n/2\u2309 \u2264 8", 18, p.text,
              HAlign::Center, VAlign::Bottom);
  canvas.text({float(kPatternWidth) - 16, base}, "right <end>", 26, p.write, HAlign::Right,
              VAlign::Bottom);
  canvas.triangle_filled({600, 20}, {620, 44}, {580, 44}, p.highlight);
}

}  // namespace ws::gfx::test
