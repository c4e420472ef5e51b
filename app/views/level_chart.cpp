#include "level_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "cell_rows.h"
#include "i18n/i18n.h"

namespace ws::app {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

std::string tick_text(double v) {
  char text[32];
  if (v >= 1e6 && std::fabs(v - std::round(v)) < 0.5)
    std::snprintf(text, sizeof text, "%.3g", v);
  else
    std::snprintf(text, sizeof text, "%.4g", v);
  return text;
}

double nice_step(double hi, int count) {
  if (!(hi > 0)) return 1;
  const double raw = hi / count;
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * p) return m * p;
  return 10 * p;
}

void dashed(gfx::Canvas& c, Vec2 a, Vec2 b, gfx::Color col, float width, float dash) {
  const float len = std::hypot(b.x - a.x, b.y - a.y);
  if (len <= 0) return;
  for (float t = 0; t < len; t += dash * 1.8f) {
    const float u = t / len, v = std::min(len, t + dash) / len;
    c.line({a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u},
           {a.x + (b.x - a.x) * v, a.y + (b.y - a.y) * v}, col, width);
  }
}

int level_count(const LevelChart& chart) {
  size_t n = chart.category.size();
  for (const LevelSeries& s : chart.bars) n = std::max(n, s.values.size());
  return int(n);
}

}  // namespace

bool level_values_span_decades(const LevelChart& chart) {
  double lo = 0, hi = 0;
  for (const LevelSeries& s : chart.bars)
    for (double v : s.values)
      if (v > 0) {
        lo = lo == 0 ? v : std::min(lo, v);
        hi = std::max(hi, v);
      }
  return lo > 0 && hi >= 100 * lo;
}

LevelChartLayout draw_level_chart(gfx::Canvas& c, Vec2 min, Vec2 max, const LevelChart& chart,
                                  const gfx::Palette& p, float font) {
  LevelChartLayout layout;
  const int n = level_count(chart);
  layout.levels = n;
  float top = min.y;
  if (!chart.title.empty()) {
    c.text({min.x, top}, fit_text(c, chart.title, font, max.x - min.x), font, p.text);
    top += font * 1.4f;
  }
  // The legend: a line of swatches (bars, band categories, the switch line), wrapped where the
  // chart is narrower than it (a chart beside a graph).
  {
    float x = min.x;
    const float f = font * 0.8f;
    auto entry = [&](gfx::Color col, const std::string& text, bool line) {
      const float w = f * 1.4f + c.text_size(text, f).x;
      if (x > min.x && x + w > max.x) {
        x = min.x;
        top += font * 1.3f;
      }
      if (line)
        dashed(c, {x + f * 0.5f, top}, {x + f * 0.5f, top + f}, col, 2, f * 0.25f);
      else
        c.rect_filled({x, top + f * 0.1f}, {x + f, top + f}, col);
      c.text({x + f * 1.4f, top + f * 0.55f}, text, f, p.text, HAlign::Left, VAlign::Middle);
      x += f * 1.4f + c.text_size(text, f).x + f * 1.5f;
    };
    for (const LevelSeries& s : chart.bars) entry(s.color, s.name, false);
    if (!chart.category.empty()) {
      for (const LevelCategory& k : chart.categories) entry(k.color, k.name, false);
      if (!chart.switch_label.empty()) entry(p.text, chart.switch_label, true);
    }
    top += font * 1.3f;
  }
  const bool strip = std::any_of(chart.strip.values.begin(), chart.strip.values.end(),
                                 [](double v) { return v > 0; });
  const float left = min.x + font * 4.2f, right = max.x - font * 0.5f;
  const float x_axis_h = font * 2.4f;
  const float band_h = chart.category.empty() ? 0 : font * 1.3f;
  const float strip_h = strip ? std::max(font * 3.0f, (max.y - top) * 0.22f) : 0;
  const float bottom = max.y - x_axis_h - band_h - strip_h - (strip ? font * 0.6f : 0);
  const float plot_top = top + font * 1.3f;  // room for the y label above the top tick
  layout.x0 = left;
  layout.x1 = right;
  layout.y0 = plot_top;
  layout.y1 = max.y - x_axis_h;
  if (n == 0 || bottom - plot_top < font * 2) {
    c.text({(left + right) / 2, (plot_top + bottom) / 2}, tr("no levels"), font, p.text_muted,
           HAlign::Center, VAlign::Middle);
    return layout;
  }
  const float column = (right - left) / float(n);
  auto col_x = [&](int k) { return left + column * float(k); };

  // The current level's column behind everything.
  if (chart.current >= 0 && chart.current < n)
    c.rect_filled({col_x(chart.current), plot_top}, {col_x(chart.current + 1), layout.y1},
                  p.highlight.with_alpha(90));

  // The y axis.
  double hi = 0;
  for (const LevelSeries& s : chart.bars)
    for (double v : s.values) hi = std::max(hi, v);
  std::function<float(double)> py;
  if (chart.log_scale) {
    // The axis starts at 0.5, so a count of 1 is a visible bar and 0 none.
    const double decades = std::max(1.0, std::ceil(std::log10(std::max(hi, 1.0)) + 1e-9));
    const double floor = std::log10(0.5), span = decades - floor;
    py = [=](double v) {
      if (v < 0.5) return bottom;
      return bottom - float((std::log10(v) - floor) / span) * (bottom - plot_top);
    };
    for (int d = 0; d <= int(decades); ++d) {
      const double v = std::pow(10.0, d);
      c.line({left, py(v)}, {right, py(v)}, p.cell_unwritten, 1);
      c.text({left - font * 0.3f, py(v)},
             d == 0  ? "1"
             : d < 4 ? tick_text(v)
                     : "1e" + std::to_string(d),
             font * 0.75f, p.text_muted, HAlign::Right, VAlign::Middle);
    }
  } else {
    const double step = nice_step(std::max(hi, 1.0) * 1.05, 5);
    const double y_top = std::max(step, std::ceil(std::max(hi, 1.0) * 1.05 / step) * step);
    py = [=](double v) { return bottom - float(v / y_top) * (bottom - plot_top); };
    for (double v = 0; v <= y_top + step * 0.01; v += step) {
      c.line({left, py(v)}, {right, py(v)}, p.cell_unwritten, 1);
      c.text({left - font * 0.3f, py(v)}, tick_text(v), font * 0.75f, p.text_muted, HAlign::Right,
             VAlign::Middle);
    }
  }
  // Above the top tick's number (which reaches 0.375 font above its line).
  c.text({min.x, plot_top - font * 0.4f},
         chart.log_scale ? trf("{0} (log)", chart.y_label) : chart.y_label, font * 0.75f,
         p.text_muted, HAlign::Left, VAlign::Bottom);

  // The bars.
  const int groups = std::max<int>(1, int(chart.bars.size()));
  const float pad = std::min(column * 0.15f, font * 0.5f);
  // Bars no wider than a few characters: a chart of four levels stays a chart, not four blocks.
  const float group_w = std::min(column - 2 * pad, font * 2.2f * float(groups));
  const float bar_w = group_w / float(groups);
  const float group_x = (column - group_w) / 2;
  for (int k = 0; k < n; ++k)
    for (int s = 0; s < int(chart.bars.size()); ++s) {
      const LevelSeries& series = chart.bars[size_t(s)];
      if (k >= int(series.values.size())) continue;
      const double v = series.values[size_t(k)];
      const float x = col_x(k) + group_x + bar_w * float(s);
      const float y = py(v);
      if (y < bottom) c.rect_filled({x, y}, {x + std::max(bar_w, 1.0f), bottom}, series.color);
    }
  c.line({left, bottom}, {right, bottom}, p.text_muted, 1.5f);
  c.line({left, plot_top}, {left, bottom}, p.text_muted, 1.5f);

  // The band and the switch lines.
  float y = bottom;
  if (!chart.category.empty()) {
    // Below the 0 tick's number, so the band's name beside it clears it.
    const float b0 = y + font * 0.4f, b1 = y + band_h - font * 0.1f;
    for (int k = 0; k < int(chart.category.size()); ++k) {
      const int cat = chart.category[size_t(k)];
      if (cat < 0 || cat >= int(chart.categories.size())) continue;
      c.rect_filled({col_x(k), b0}, {col_x(k + 1), b1}, chart.categories[size_t(cat)].color);
    }
    c.text({left - font * 0.3f, (b0 + b1) / 2}, chart.band_label, font * 0.7f, p.text_muted,
           HAlign::Right, VAlign::Middle);
    if (!chart.switch_label.empty())
      for (int k = 1; k < int(chart.category.size()); ++k)
        if (chart.category[size_t(k)] != chart.category[size_t(k - 1)])
          dashed(c, {col_x(k), plot_top}, {col_x(k), b1}, p.text, 2, font * 0.35f);
    y += band_h;
  }
  // The strip: its own linear axis.
  if (strip) {
    const float s0 = y + font * 0.6f, s1 = s0 + strip_h;
    double s_hi = 0;
    for (double v : chart.strip.values) s_hi = std::max(s_hi, v);
    c.line({left, s1}, {right, s1}, p.text_muted, 1);
    c.text({left - font * 0.3f, s0}, tick_text(s_hi), font * 0.7f, p.text_muted, HAlign::Right,
           VAlign::Top);
    c.text({left - font * 0.3f, s1}, "0 " + chart.strip_unit, font * 0.7f, p.text_muted,
           HAlign::Right, VAlign::Bottom);
    for (int k = 0; k < int(chart.strip.values.size()) && k < n; ++k) {
      const double v = chart.strip.values[size_t(k)];
      if (!(v > 0)) continue;
      const float h = float(v / s_hi) * (s1 - s0);
      c.rect_filled({col_x(k) + pad, s1 - h}, {col_x(k + 1) - pad, s1}, chart.strip.color);
    }
    c.text({right, s0}, chart.strip.name, font * 0.75f, p.text_muted, HAlign::Right, VAlign::Top);
    y = s1;
  }
  // Level numbers, thinned to fit.
  const float label_w = c.text_size(std::to_string(n - 1), font * 0.75f).x + font * 0.6f;
  const int every = std::max(1, int(std::ceil(label_w / column)));
  for (int k = 0; k < n; ++k) {
    if (k % every != 0 && k != chart.current) continue;
    if (k != chart.current && chart.current >= 0 && std::abs(k - chart.current) < every) continue;
    c.text({col_x(k) + column / 2, y + font * 0.2f}, std::to_string(k), font * 0.75f,
           k == chart.current ? p.text : p.text_muted, HAlign::Center, VAlign::Top);
  }
  c.text({(left + right) / 2, y + font * 1.2f}, chart.x_label, font * 0.8f, p.text_muted,
         HAlign::Center, VAlign::Top);
  return layout;
}

int level_at(const LevelChartLayout& layout, Vec2 point) {
  if (layout.levels <= 0 || point.x < layout.x0 || point.x >= layout.x1 || point.y < layout.y0 ||
      point.y > layout.y1)
    return -1;
  const int k = int((point.x - layout.x0) / (layout.x1 - layout.x0) * float(layout.levels));
  return std::clamp(k, 0, layout.levels - 1);
}

}  // namespace ws::app
