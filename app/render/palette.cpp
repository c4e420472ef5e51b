#include "palette.h"

#include <cmath>

namespace ws::gfx {

void Canvas::arrow(Vec2 from, Vec2 to, Color c, float thickness, float head) {
  const Vec2 d = to - from;
  const float length = std::sqrt(d.x * d.x + d.y * d.y);
  if (length < 1e-3f) return;
  const Vec2 u = d * (1.0f / length);
  const Vec2 n{-u.y, u.x};
  const Vec2 base = to - u * head;
  line(from, base, c, thickness);
  triangle_filled(to, base + n * (head * 0.5f), base - n * (head * 0.5f), c);
}

namespace {

Palette make_light() {
  Palette p{};
  p.background = {255, 255, 255};
  p.text = {20, 20, 24};
  p.text_muted = {96, 96, 104};
  p.cell_fill = {246, 246, 248};
  p.cell_border = {90, 90, 100};
  p.cell_unwritten = {228, 228, 232};
  p.inactive = {200, 200, 204};
  p.highlight = {255, 214, 0};
  p.read = {0, 114, 178};
  p.write = {213, 94, 0};
  p.atomic = {204, 121, 167};
  p.mismatch = {220, 20, 60};
  p.divergent = {230, 60, 40};
  p.shared_row = {232, 244, 252};
  p.global_row = {252, 244, 232};
  p.register_row = {238, 250, 238};
  const Color warps[8] = {{0, 114, 178}, {230, 159, 0},  {0, 158, 115}, {204, 121, 167},
                          {86, 180, 233}, {213, 94, 0}, {140, 120, 0},  {90, 90, 90}};
  for (int i = 0; i < 8; ++i) p.warp[i] = warps[i];
  return p;
}

Palette make_dark() {
  Palette p = make_light();
  p.background = {24, 25, 30};
  p.text = {236, 236, 240};
  p.text_muted = {160, 160, 170};
  p.cell_fill = {44, 46, 54};
  p.cell_border = {150, 150, 160};
  p.cell_unwritten = {60, 60, 66};
  p.inactive = {80, 80, 86};
  p.shared_row = {30, 44, 58};
  p.global_row = {58, 46, 30};
  p.register_row = {34, 52, 38};
  p.warp[0] = {86, 180, 233};
  p.warp[4] = {140, 210, 250};
  p.warp[7] = {170, 170, 170};
  return p;
}

}  // namespace

const Palette& palette(Theme theme) {
  static const Palette light = make_light();
  static const Palette dark = make_dark();
  return theme == Theme::Dark ? dark : light;
}

bool parse_theme(const std::string& name, Theme& out) {
  if (name == "light") out = Theme::Light;
  else if (name == "dark") out = Theme::Dark;
  else return false;
  return true;
}

const char* theme_name(Theme theme) { return theme == Theme::Dark ? "dark" : "light"; }

}  // namespace ws::gfx
