#include "line_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/error.h"
#include "i18n/i18n.h"

namespace ws::app {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

bool is_line_chart_json(const nlohmann::json& j) {
  return j.is_object() && j.contains("chart") && j["chart"].is_object() &&
         j["chart"].value("kind", std::string()) == "lines";
}

LineChart line_chart_from_json(const nlohmann::json& j) {
  LineChart chart;
  try {
    WS_REQUIRE(is_line_chart_json(j),
               std::string("a line chart needs \"chart\": {\"kind\": \"lines\", ...} in the bench "
                           "JSON"));
    WS_REQUIRE(j.contains("rows") && j["rows"].is_array() && !j["rows"].empty(),
               std::string("a bench JSON needs a non-empty \"rows\" array"));
    const nlohmann::json& spec = j["chart"];
    const std::string series_key = spec.value("series", std::string("series"));
    const std::string x_key = spec.value("x", std::string("x"));
    const std::string y_key = spec.value("y", std::string("per_second"));
    const double y_scale = spec.value("y_scale", 1.0);
    WS_REQUIRE(std::isfinite(y_scale) && y_scale > 0,
               std::string("\"chart\": \"y_scale\" must be a positive number"));
    chart.title = tr_text(spec.value("title", j.value("scene", std::string())));
    if (j.contains("device"))
      chart.title += std::string(" ") + tr("on") + " " + j["device"].get<std::string>();
    chart.subtitle = spec.value("subtitle", std::string());
    chart.x_label = spec.value("x_label", x_key);
    chart.y_label = spec.value("y_label", y_key);
    if (spec.contains("x_ticks"))
      for (const auto& t : spec["x_ticks"])
        chart.x_ticks.emplace_back(t.at(0).get<double>(), t.at(1).get<std::string>());
    int index = 0;
    for (const auto& r : j["rows"]) {
      ++index;
      const std::string where = "row " + std::to_string(index) + ": ";
      WS_REQUIRE(r.contains(series_key) && r.contains(x_key) && r.contains(y_key),
                 where + "needs \"" + series_key + "\", \"" + x_key + "\" and \"" + y_key + "\"");
      const std::string name = r[series_key].get<std::string>();
      auto it = std::find_if(chart.series.begin(), chart.series.end(),
                             [&](const LineSeries& s) { return s.name == name; });
      if (it == chart.series.end()) {
        chart.series.push_back({name, r.value("library", false), {}});
        it = chart.series.end() - 1;
      }
      LinePoint p;
      p.x = r[x_key].get<double>();
      p.y = r[y_key].get<double>() * y_scale;
      WS_REQUIRE(std::isfinite(p.x) && std::isfinite(p.y), where + "x and y must be finite");
      p.verified = r.value("verified", true);
      it->points.push_back(p);
    }
    for (LineSeries& s : chart.series)
      std::stable_sort(s.points.begin(), s.points.end(),
                       [](const LinePoint& a, const LinePoint& b) { return a.x < b.x; });
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("malformed bench JSON: ") + e.what());
  }
  return chart;
}

namespace {

// A "nice" step (1, 2 or 5 times a power of ten) giving about `count` ticks over [0, hi].
double nice_step(double hi, int count) {
  if (!(hi > 0)) return 1;
  const double raw = hi / count;
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * p) return m * p;
  return 10 * p;
}

std::string tick_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", v);
  return text;
}

}  // namespace

void draw_line_chart(gfx::Canvas& c, const LineChart& chart, const gfx::Palette& p) {
  const Vec2 size = c.size();
  c.rect_filled({0, 0}, size, p.background);
  const float font = std::max(11.0f, std::min(size.y / 40.0f, size.x / 90.0f));
  c.text({8, 6}, chart.title, font * 1.2f, p.text);
  float top = 10 + font * 1.4f;
  if (!chart.subtitle.empty()) {
    c.text({8, top}, tr_text(chart.subtitle), font * 0.85f, p.text_muted);
    top += font * 1.2f;
  }
  top += font * 1.2f;

  double x_lo = 0, x_hi = 0, y_hi = 0;
  bool first = true;
  for (const LineSeries& s : chart.series)
    for (const LinePoint& pt : s.points) {
      x_lo = first ? pt.x : std::min(x_lo, pt.x);
      x_hi = first ? pt.x : std::max(x_hi, pt.x);
      y_hi = std::max(y_hi, pt.y);
      first = false;
    }
  for (const auto& t : chart.x_ticks) {
    x_lo = std::min(x_lo, t.first);
    x_hi = std::max(x_hi, t.first);
  }
  if (x_hi <= x_lo) x_hi = x_lo + 1;
  const double step = nice_step(y_hi * 1.05, 6);
  const double y_top = std::max(step, std::ceil(y_hi * 1.05 / step) * step);

  // Legend on the right: the longest name sets its width.
  float legend_w = 0;
  for (const LineSeries& s : chart.series)
    legend_w = std::max(legend_w, c.text_size(s.name, font * 0.85f).x);
  legend_w += font * 3.2f;
  const float left = 8 + font * 4.5f, right = size.x - legend_w - font;
  const float bottom = size.y - font * 3.4f;
  auto px = [&](double x) { return left + float((x - x_lo) / (x_hi - x_lo)) * (right - left); };
  auto py = [&](double y) { return bottom - float(y / y_top) * (bottom - top); };

  // Grid and axes.
  for (double y = 0; y <= y_top + step * 0.01; y += step) {
    c.line({left, py(y)}, {right, py(y)}, p.cell_border, 1);
    c.text({left - font * 0.4f, py(y)}, tick_text(y), font * 0.8f, p.text_muted, HAlign::Right,
           VAlign::Middle);
  }
  c.line({left, bottom}, {right, bottom}, p.text_muted, 1.5f);
  c.line({left, bottom}, {left, top}, p.text_muted, 1.5f);
  std::vector<std::pair<double, std::string>> ticks = chart.x_ticks;
  if (ticks.empty())
    for (const LineSeries& s : chart.series)
      for (const LinePoint& pt : s.points)
        if (std::none_of(ticks.begin(), ticks.end(), [&](auto& t) { return t.first == pt.x; }))
          ticks.emplace_back(pt.x, tick_text(pt.x));
  for (const auto& [x, label] : ticks) {
    c.line({px(x), bottom}, {px(x), bottom + font * 0.3f}, p.text_muted, 1);
    c.text({px(x), bottom + font * 0.4f}, label, font * 0.8f, p.text_muted, HAlign::Center,
           VAlign::Top);
  }
  c.text({(left + right) / 2, size.y - font * 1.5f}, tr_text(chart.x_label), font * 0.9f, p.text,
         HAlign::Center, VAlign::Top);
  c.text({8, top - font * 1.2f}, tr_text(chart.y_label), font * 0.9f, p.text);

  // The lines: variants in the eight Okabe-Ito hues, the library dashed in the text colour.
  int hue = 0;
  float key_y = top;
  for (const LineSeries& s : chart.series) {
    const gfx::Color col = s.library ? p.text : p.warp_color(hue++ % 8);
    c.begin_group("series-" + s.name);
    for (size_t i = 0; i + 1 < s.points.size(); ++i) {
      const Vec2 a{px(s.points[i].x), py(s.points[i].y)};
      const Vec2 b{px(s.points[i + 1].x), py(s.points[i + 1].y)};
      if (!s.library) {
        c.line(a, b, col, 2.5f);
        continue;
      }
      const float len = std::hypot(b.x - a.x, b.y - a.y);
      for (float t = 0; t < len; t += 10) {
        const float u = t / len, v = std::min(len, t + 6) / len;
        c.line({a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u},
               {a.x + (b.x - a.x) * v, a.y + (b.y - a.y) * v}, col, 2.5f);
      }
    }
    for (const LinePoint& pt : s.points) {
      const Vec2 at{px(pt.x), py(pt.y)};
      c.circle_filled(at, font * 0.22f, pt.verified ? col : p.mismatch);
      if (!pt.verified)
        c.text({at.x + font * 0.3f, at.y}, tr("WRONG"), font * 0.7f, p.mismatch, HAlign::Left,
               VAlign::Bottom);
    }
    const float kx = right + font;
    if (s.library) {
      c.line({kx, key_y + font * 0.5f}, {kx + font * 0.8f, key_y + font * 0.5f}, col, 3);
      c.line({kx + font * 1.2f, key_y + font * 0.5f}, {kx + font * 2.0f, key_y + font * 0.5f}, col,
             3);
    } else {
      c.line({kx, key_y + font * 0.5f}, {kx + font * 2.0f, key_y + font * 0.5f}, col, 3);
    }
    c.text({kx + font * 2.5f, key_y + font * 0.5f}, s.name, font * 0.85f, p.text, HAlign::Left,
           VAlign::Middle);
    key_y += font * 1.3f;
    c.end_group();
  }
}

}  // namespace ws::app
