// The benchmark as a figure: for each input size a panel of horizontal bars (GB/s per variant),
// the library's bar marked, and a dashed line at the measured copy bandwidth. Drawn from the JSON
// that `warpscope bench` writes, so a paper's performance figure comes from measured numbers only.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"

namespace ws::app {

struct BenchChartRow {
  std::string name;
  int64_t n = 0;
  double gbps = 0, ratio_to_library = 0;
  bool verified = false;
};

struct BenchChart {
  std::string title;        // e.g. "reduce sum float32 on NVIDIA H200 ..."
  std::string gbps_counts;  // what a GB/s counts, e.g. "GB/s of input read"
  double copy_gbps = 0;     // 0: not measured (no dashed line)
  std::vector<BenchChartRow> rows;
};

// Reads a `warpscope bench` JSON document; throws ws::Error naming what is missing.
BenchChart bench_chart_from_json(const nlohmann::json& j);

void draw_bench_chart(gfx::Canvas& canvas, const BenchChart& chart, const gfx::Palette& palette);

}  // namespace ws::app
