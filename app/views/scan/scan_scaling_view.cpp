// Steps and work against N for every variant (ScalingData: counted from teach traces), on log axes:
// Kogge-Stone's n log2 n operations against Brent-Kung's 2n as a picture, and the price paid for it
// in steps.
#include <algorithm>
#include <cmath>

#include "i18n/i18n.h"
#include "scan_views.h"

namespace ws::app {

using gfx::Color;
using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

Color series_colour(const gfx::Palette& p, int variant) {
  const Color extra[2] = {p.mismatch, {120, 60, 200, 255}};
  return variant <= 8 ? p.warp_color(variant - 1) : extra[(variant - 9) % 2];
}

struct Axes {
  Vec2 min, max;                  // plot area
  double x_lo, x_hi, y_lo, y_hi;  // log2 ranges
  Vec2 at(double x, double y) const {
    const float fx = static_cast<float>((std::log2(x) - x_lo) / (x_hi - x_lo));
    const float fy = static_cast<float>((std::log2(std::max(y, 1.0)) - y_lo) / (y_hi - y_lo));
    return {min.x + fx * (max.x - min.x), max.y - fy * (max.y - min.y)};
  }
};

void draw_plot(gfx::Canvas& c, const ScalingData& data, const gfx::Palette& p, Vec2 origin,
               Vec2 size, bool ops, float font) {
  double y_hi = 1, x_lo = 1e30, x_hi = 1;
  for (const auto& s : data.series)
    for (size_t i = 0; i < s.n.size(); ++i) {
      y_hi = std::max<double>(y_hi, static_cast<double>(ops ? s.ops[i] : s.steps[i]));
      x_lo = std::min<double>(x_lo, static_cast<double>(s.n[i]));
      x_hi = std::max<double>(x_hi, static_cast<double>(s.n[i]));
    }
  if (x_lo > x_hi) return;
  Axes a;
  a.min = origin + Vec2{font * 3.6f, font * 1.8f};
  a.max = origin + size - Vec2{font * 0.8f, font * 2.6f};
  a.x_lo = std::log2(x_lo);
  a.x_hi = std::max(a.x_lo + 1, std::log2(x_hi));
  a.y_lo = 0;
  a.y_hi = std::ceil(std::log2(y_hi));
  c.text({origin.x + font * 0.5f, origin.y},
         ops ? tr("operations performed (log scale)") : tr("steps (log scale)"), font * 1.1f,
         p.text);
  c.rect(a.min, a.max, p.cell_border, 1);
  // A label at every power of two where they fit side by side, else at every second or fourth.
  const float label_room = c.text_size("1024", font * 0.85f).x + font * 0.6f;
  const float per_octave = (a.max.x - a.min.x) / static_cast<float>(a.x_hi - a.x_lo);
  const int label_every = per_octave >= label_room ? 1 : per_octave * 2 >= label_room ? 2 : 4;
  int octave = 0;
  for (double e = a.x_lo; e <= a.x_hi + 1e-9; e += 1, ++octave) {
    const float x = a.at(std::exp2(e), 1).x;
    c.line({x, a.max.y}, {x, a.max.y + 4}, p.text_muted, 1);
    if (octave % label_every == 0)
      c.text({x, a.max.y + 5}, std::to_string(static_cast<long long>(std::exp2(e))), font * 0.85f,
             p.text_muted, HAlign::Center, VAlign::Top);
  }
  c.text({(a.min.x + a.max.x) / 2, a.max.y + font * 1.5f}, tr("N (elements)"), font * 0.9f,
         p.text_muted, HAlign::Center, VAlign::Top);
  const int y_step = a.y_hi > 12 ? 2 : 1;
  for (int e = 0; e <= static_cast<int>(a.y_hi); e += y_step) {
    const float y = a.at(std::exp2(a.x_lo), std::exp2(e)).y;
    c.line({a.min.x, y}, {a.max.x, y}, p.inactive.with_alpha(90), 1);
    c.text({a.min.x - 4, y}, std::to_string(1LL << e), font * 0.8f, p.text_muted, HAlign::Right,
           VAlign::Middle);
  }
  if (ops) {  // the serial loop's n - 1, dashed
    for (double e = a.x_lo; e < a.x_hi; e += 0.125) {
      const Vec2 u = a.at(std::exp2(e), std::exp2(e) - 1);
      const Vec2 v = a.at(std::exp2(e + 0.0625), std::exp2(e + 0.0625) - 1);
      c.line(u, v, p.text, 1.5f);
    }
    // Below the line, where no variant goes (none needs fewer operations than the serial loop).
    const double label_n = std::exp2(a.x_lo + (a.x_hi - a.x_lo) * 0.35);
    c.text(a.at(label_n, label_n - 1) + Vec2{font * 0.6f, font * 0.6f},
           tr("serial n\xE2\x88\x92"
              "1"),
           font * 0.85f, p.text, HAlign::Left, VAlign::Top);
  }
  // Series with the same values on this plot are one line of dashes in each of their colours.
  std::vector<bool> drawn(data.series.size(), false);
  for (size_t k = 0; k < data.series.size(); ++k) {
    if (drawn[k]) continue;
    const ScalingSeries& s = data.series[k];
    const std::vector<int64_t>& ys = ops ? s.ops : s.steps;
    std::vector<Color> colours;
    for (size_t m = k; m < data.series.size(); ++m) {
      const ScalingSeries& o = data.series[m];
      if (o.n == s.n && (ops ? o.ops : o.steps) == ys) {
        drawn[m] = true;
        colours.push_back(series_colour(p, static_cast<int>(o.variant)));
      }
    }
    const float dash = 9.0f;
    int piece = 0;
    for (size_t i = 0; i < s.n.size(); ++i) {
      const Vec2 q = a.at(static_cast<double>(s.n[i]), static_cast<double>(ys[i]));
      if (i > 0) {
        const Vec2 prev = a.at(static_cast<double>(s.n[i - 1]), static_cast<double>(ys[i - 1]));
        const Vec2 d = q - prev;
        const float length = std::sqrt(d.x * d.x + d.y * d.y);
        for (float t = 0; t < length; t += dash, ++piece) {
          const float u = std::min(length, t + dash);
          c.line(prev + d * (t / length), prev + d * (u / length), colours[piece % colours.size()],
                 2.5f);
        }
      }
      c.circle_filled(q, 3.5f, colours[0]);
    }
  }
}

}  // namespace

void draw_scan_scaling(gfx::Canvas& c, const ScalingData& data, const gfx::Palette& p) {
  const Vec2 size = c.size();
  const float s = std::max(1.0f, std::min(size.x / 1280.0f, size.y / 720.0f));
  const float font = std::clamp(size.x / 98.0f, 9.0f, 13 * s);
  float legend_w = c.text_size(tr("counted from CPU-twin traces;"), font * 0.8f).x + font;
  for (const auto& series : data.series)
    legend_w = std::max(
        legend_w, c.text_size("10 " + tr_text(scan::info(series.variant).id), font).x + font * 3);
  legend_w = std::min(legend_w, size.x * 0.3f);
  const float plot_w = (size.x - legend_w) / 2;
  draw_plot(c, data, p, {0, 0}, {plot_w, size.y}, false, font);
  draw_plot(c, data, p, {plot_w, 0}, {plot_w, size.y}, true, font);
  float y = font * 2;
  const float x = 2 * plot_w + 10;
  for (const auto& series : data.series) {
    const auto& vi = scan::info(series.variant);
    const Color col = series_colour(p, static_cast<int>(series.variant));
    c.line({x, y + font / 2}, {x + font * 1.5f, y + font / 2}, col, 3.0f);
    c.text({x + font * 2, y + font / 2},
           std::to_string(static_cast<int>(series.variant)) + " " + tr_text(vi.id), font, p.text,
           HAlign::Left, VAlign::Middle);
    y += font * 1.5f;
  }
  for (const std::string& skipped : data.skipped) {
    const std::string short_text =
        trf("{0}: not run", tr_text(skipped.substr(0, skipped.find(':'))));
    c.text({x, y}, short_text, font * 0.85f, p.text_muted);
    y += font * 1.3f;
  }
  if (!data.series.empty()) {
    c.text({x, y + font}, tr("counted from CPU-twin traces;"), font * 0.8f, p.text_muted);
    c.text({x, y + font * 2}, tr("dashes of several colours:"), font * 0.8f, p.text_muted);
    c.text({x, y + font * 3}, tr("those variants coincide"), font * 0.8f, p.text_muted);
  }
}

}  // namespace ws::app
