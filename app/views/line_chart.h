// A benchmark as lines: x = a parameter the benchmark swept (a skew, a radius, a density), y = a
// measured rate (throughput), one line per variant, the library's line drawn dashed in the text
// colour. Drawn from the JSON `warpscope bench` writes when the benchmark says it is a sweep: the
// document's "chart" object names the row fields to read,
//   "chart": {"kind": "lines", "series": "series", "x": "x", "y": "per_second",
//             "x_label": "...", "y_label": "...", "y_scale": 1e-9,
//             "x_ticks": [[0, "0"], [3.5, "all-equal"]]}     (x_ticks optional)
// and every row carries those fields. `warpscope render --bench f.json` draws such a document as
// this chart and any other as the bar chart of views/bench_chart.h.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"

namespace ws::app {

struct LinePoint {
  double x = 0, y = 0;
  bool verified = true;  // false: drawn as a hollow red mark ("wrong")
};

struct LineSeries {
  std::string name;
  bool library = false;  // the baseline: dashed, in the text colour
  std::vector<LinePoint> points;
};

struct LineChart {
  std::string title;     // e.g. "histogram throughput against skew on NVIDIA H100 ..."
  std::string subtitle;  // e.g. what was measured: size, bins, type, repeats
  std::string x_label, y_label;
  std::vector<std::pair<double, std::string>> x_ticks;  // empty: ticks at the points' x values
  std::vector<LineSeries> series;
};

// True when a bench JSON asks to be drawn as lines ("chart": {"kind": "lines", ...}).
bool is_line_chart_json(const nlohmann::json& j);
// Reads such a document; throws ws::Error naming what is missing or malformed.
LineChart line_chart_from_json(const nlohmann::json& j);

void draw_line_chart(gfx::Canvas& canvas, const LineChart& chart, const gfx::Palette& palette);

}  // namespace ws::app
