#include "bench_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "common/error.h"
#include "i18n/i18n.h"

namespace ws::app {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

BenchChart bench_chart_from_json(const nlohmann::json& j) {
  BenchChart chart;
  try {
    WS_REQUIRE(j.contains("rows") && j["rows"].is_array() && !j["rows"].empty(),
               std::string("a bench JSON needs a non-empty \"rows\" array"));
    chart.copy_gbps = j.value("copy_gbps", 0.0);
    const std::string scene = j.value("scene", std::string());
    chart.title = scene;
    if (j.contains("inclusive"))
      chart.title +=
          std::string(" ") + (j["inclusive"].get<bool>() ? tr("inclusive") : tr("exclusive"));
    for (const char* key : {"op", "type"})
      if (j.contains(key))
        chart.title += (chart.title.empty() ? "" : " ") + j[key].get<std::string>();
    // What a GB/s counts: every benchmark writes it (files older than that: the input read).
    chart.gbps_counts = j.value("gbps_counts", std::string("GB/s of input read"));
    // " on " as a word of its own: a key "{0} on {1}" would match any text with " on " in it.
    if (j.contains("device"))
      chart.title += std::string(" ") + tr("on") + " " + j["device"].get<std::string>();
    for (const auto& r : j["rows"]) {
      BenchChartRow row;
      row.name =
          r.contains("name") ? r["name"].get<std::string>() : r.at("variant").get<std::string>();
      row.n = r.at("n").get<int64_t>();
      row.gbps = r.at("gbps").get<double>();
      row.ratio_to_library = r.value("ratio_to_library", 0.0);
      row.verified = r.value("verified", false);
      chart.rows.push_back(row);
    }
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("malformed bench JSON: ") + e.what());
  }
  return chart;
}

namespace {

std::string size_label(int64_t n) {
  const double k = std::log2(static_cast<double>(n));
  if (std::floor(k) == k) return "N = 2^" + std::to_string(static_cast<int>(k));
  return "N = " + std::to_string(n);
}

}  // namespace

void draw_bench_chart(gfx::Canvas& c, const BenchChart& chart, const gfx::Palette& p) {
  const Vec2 size = c.size();
  const float font = std::max(11.0f, std::min(size.y / 40.0f, size.x / 90.0f));
  c.text({8, 6}, chart.title, font * 1.2f, p.text);
  c.text({8, 10 + font * 1.3f},
         trf("{0} (median); ", tr_text(chart.gbps_counts)) +
             (chart.copy_gbps > 0 ? tr("dashed: copy bandwidth, bytes read + written; ") : "") +
             tr("x = speed relative to the library"),
         font * 0.85f, p.text_muted);

  // One panel per size, in ascending order; rows in the order the bench ran them.
  std::map<int64_t, std::vector<const BenchChartRow*>> panels;
  std::vector<std::string> names;
  for (const BenchChartRow& r : chart.rows) {
    panels[r.n].push_back(&r);
    if (std::find(names.begin(), names.end(), r.name) == names.end()) names.push_back(r.name);
  }
  double max_gbps = chart.copy_gbps;
  for (const BenchChartRow& r : chart.rows) max_gbps = std::max(max_gbps, r.gbps);
  max_gbps *= 1.08;

  float label_w = 0;
  for (const std::string& n : names) label_w = std::max(label_w, c.text_size(n, font).x);
  label_w += 24;  // 8 before the names, 16 between the longest and the axis
  const float top = 20 + font * 3.2f, bottom = size.y - font * 2.2f;
  const float row_h = (bottom - top - font * 1.6f) / std::max<size_t>(1, names.size());
  const float panel_gap = font * 1.5f;
  const float panel_w =
      (size.x - label_w - 8 - panel_gap * (panels.size() - 1)) / std::max<size_t>(1, panels.size());
  for (size_t i = 0; i < names.size(); ++i)
    c.text({8, top + font * 1.6f + (i + 0.5f) * row_h}, names[i], font, p.text, HAlign::Left,
           VAlign::Middle);

  int panel = 0;
  for (const auto& [n, rows] : panels) {
    const float x0 = label_w + panel * (panel_w + panel_gap);
    c.begin_group("size-" + std::to_string(n));
    c.text({x0 + panel_w / 2, top}, size_label(n), font, p.text, HAlign::Center, VAlign::Top);
    auto x_of = [&](double gbps) { return x0 + static_cast<float>(gbps / max_gbps) * panel_w; };
    c.line({x0, top + font * 1.4f}, {x0, bottom}, p.cell_border, 1);
    for (const BenchChartRow* r : rows) {
      const size_t i = std::find(names.begin(), names.end(), r->name) - names.begin();
      const float y = top + font * 1.6f + i * row_h;
      const bool library =
          r->ratio_to_library == 1.0 &&
          (r->name.find("CUB") != std::string::npos || r->name.find("std::") != std::string::npos);
      // The library in the text colour; variants in the first seven Okabe-Ito hues (the eighth,
      // grey, would look like the library).
      const gfx::Color colour = library ? p.text : p.warp_color(static_cast<int>(i) % 7);
      c.rect_filled({x0, y + row_h * 0.15f}, {x_of(r->gbps), y + row_h * 0.85f}, colour);
      char label[96];
      std::snprintf(label, sizeof label, "%.0f  %.2fx%s%s", r->gbps, r->ratio_to_library,
                    r->verified ? "" : "  ", r->verified ? "" : tr("WRONG"));
      const float lx = x_of(r->gbps) + 4;
      const bool inside = lx + c.text_size(label, font * 0.8f).x > x0 + panel_w;
      c.text({inside ? x_of(r->gbps) - 4 : lx, y + row_h / 2}, label, font * 0.8f,
             inside ? p.background : p.text, inside ? HAlign::Right : HAlign::Left, VAlign::Middle);
    }
    if (chart.copy_gbps > 0) {  // dashed: the copy bandwidth
      const float x = x_of(chart.copy_gbps);
      for (float y = top + font * 1.4f; y < bottom; y += 8)
        c.line({x, y}, {x, std::min(y + 4, bottom)}, p.mismatch, 1.5f);
    }
    c.end_group();
    ++panel;
  }
  if (chart.copy_gbps > 0) {
    char gbps[32];
    std::snprintf(gbps, sizeof gbps, "%.0f", chart.copy_gbps);
    const std::string copy = trf("copy bandwidth {0} GB/s", gbps);
    c.text({size.x - 8, size.y - font * 1.6f}, copy, font * 0.85f, p.mismatch, HAlign::Right,
           VAlign::Top);
  }
}

}  // namespace ws::app
