#include "colorbar.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace ws::app {

std::vector<double> nice_ticks(double lo, double hi, int count) {
  std::vector<double> ticks;
  if (!(hi > lo) || count < 1) return ticks;
  const double raw = (hi - lo) / count;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * magnitude) {
      step = m * magnitude;
      break;
    }
  for (double v = std::ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step)
    ticks.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
  return ticks;
}

float draw_colorbar(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, interop::Colormap map, float lo,
                    float hi, const std::string& title, float font, const gfx::Palette& p) {
  const float title_h = font * 1.5f;
  c.text({min.x, min.y}, title, font, p.text);
  const float top = min.y + title_h, bottom = max.y;
  const float strip_w = std::max(10.0f, font * 1.1f);
  const int slices = 128;
  for (int i = 0; i < slices; ++i) {
    // Slice i covers [i, i+1] / slices of the range, drawn from the bottom (lo) up.
    const float t = (i + 0.5f) / slices;
    const gfx::Color col = interop::colormap_color(map, t);
    const float y1 = bottom - (bottom - top) * i / slices;
    const float y0 = bottom - (bottom - top) * (i + 1) / slices;
    c.rect_filled({min.x, y0 - 0.5f}, {min.x + strip_w, y1 + 0.5f}, col);
  }
  c.rect({min.x, top}, {min.x + strip_w, bottom}, p.cell_border);
  float widest = strip_w;
  for (double v : nice_ticks(lo, hi, std::max(2, static_cast<int>((bottom - top) / (font * 3))))) {
    const float y = bottom - static_cast<float>((v - lo) / (hi - lo)) * (bottom - top);
    c.line({min.x + strip_w, y}, {min.x + strip_w + font * 0.4f, y}, p.text);
    char label[32];
    std::snprintf(label, sizeof label, "%g", v);
    c.text({min.x + strip_w + font * 0.6f, y}, label, font, p.text, gfx::HAlign::Left,
           gfx::VAlign::Middle);
    widest = std::max(widest, strip_w + font * 0.6f + c.text_size(label, font).x);
  }
  return std::max(widest, c.text_size(title, font).x);
}

}  // namespace ws::app
