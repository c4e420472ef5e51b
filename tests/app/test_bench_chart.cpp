// The benchmark chart: drawn from `warpscope bench` JSON, one bar per row, a clear error for a
// malformed file.
#include <gtest/gtest.h>

#include "bench_job.h"
#include "radix_bench.h"
#include "scan_bench.h"

#include "common/error.h"
#include "render/svg_canvas.h"
#include "views/bench_chart.h"

namespace ws::app {
namespace {

nlohmann::json small_bench() {
  nlohmann::json j = {{"scene", "reduce"}, {"op", "sum"},        {"type", "float32"},
                      {"device", "test"},  {"copy_gbps", 100.0}, {"rows", nlohmann::json::array()}};
  for (int64_t n : {1024, 4096})
    for (const char* name : {"3 sequential", "7 coarsened", "CUB DeviceReduce"})
      j["rows"].push_back({{"name", name},
                           {"n", n},
                           {"gbps", 10.0 + n / 100},
                           {"ratio_to_library", 1.0},
                           {"verified", true}});
  return j;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(BenchChart, OneBarPerRowAndOnePanelPerSize) {
  const BenchChart chart = bench_chart_from_json(small_bench());
  EXPECT_EQ(chart.title, "reduce sum float32 on test");
  ASSERT_EQ(chart.rows.size(), 6u);
  gfx::SvgCanvas svg({1200, 600});
  draw_bench_chart(svg, chart, gfx::palette(gfx::Theme::Light));
  const std::string doc = svg.str();
  EXPECT_EQ(count(doc, "<g id=\"size-"), 2);
  EXPECT_EQ(count(doc, "<rect"), 6);  // the bars (no background: the canvas was made without one)
  EXPECT_NE(doc.find(">N = 2^10<"), std::string::npos);
  EXPECT_NE(doc.find(">7 coarsened<"), std::string::npos);
  EXPECT_NE(doc.find("copy bandwidth 100 GB/s"), std::string::npos);
}

// The subtitle says what a GB/s counts, as the benchmark that wrote the file says it (every bench
// writes "gbps_counts"), and a file without a copy bandwidth (the scan applications) gets no
// dashed line and no "copy bandwidth 0 GB/s".
TEST(BenchChart, SaysWhatGbpsCountsAndDrawsCopyOnlyWhenMeasured) {
  nlohmann::json j = small_bench();
  j["scene"] = "scan";
  j["inclusive"] = true;
  j["gbps_counts"] = bench::kScanGbpsCounts;
  BenchChart chart = bench_chart_from_json(j);
  EXPECT_EQ(chart.title, "scan inclusive sum float32 on test");
  EXPECT_NE(chart.gbps_counts.find("8 bytes per element"), std::string::npos);
  j["scene"] = "scan-apps";
  j["gbps_counts"] = bench::kScanAppsGbpsCounts;
  j.erase("copy_gbps");
  chart = bench_chart_from_json(j);
  gfx::SvgCanvas svg({1200, 600});
  draw_bench_chart(svg, chart, gfx::palette(gfx::Theme::Light));
  const std::string doc = svg.str();
  EXPECT_EQ(doc.find("copy bandwidth"), std::string::npos);
  EXPECT_NE(doc.find("8 bytes per key"), std::string::npos);
  j["gbps_counts"] = "GB/s of something else";
  EXPECT_EQ(bench_chart_from_json(j).gbps_counts, "GB/s of something else");
  j.erase("gbps_counts");  // a file from before benchmarks said: what the reduction counted
  EXPECT_EQ(bench_chart_from_json(j).gbps_counts, "GB/s of input read");
}

TEST(BenchChart, MalformedJsonIsNamed) {
  EXPECT_THROW(bench_chart_from_json({{"rows", nlohmann::json::array()}}), Error);
  nlohmann::json j = small_bench();
  j["rows"][0].erase("gbps");
  try {
    bench_chart_from_json(j);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("malformed bench JSON"), std::string::npos);
  }
}

TEST(BenchTable, LongNamesAreWholeAndTheColumnsStayAligned) {
  // The SAT bench's box-filter rows have names past 44 characters; the table used to cut them.
  std::vector<bench::BenchRow> rows(2);
  rows[0].name = "box filter r = 64, fused (the table never stored), u8 -> u32";
  rows[0].size = "8192x8192";
  rows[0].ms = 0.2233;
  rows[0].verified = true;
  rows[1].name = "5 register-tiled";
  rows[1].size = "8192x8192";
  rows[1].ms = 0.127;
  rows[1].verified = true;
  const std::string table = bench::bench_rows_table(rows, "");
  EXPECT_NE(table.find(rows[0].name + " "), std::string::npos) << table;
  // Every line puts its size column at the same place.
  std::vector<size_t> at;
  for (size_t start = 0; start < table.size();) {
    const size_t end = table.find('\n', start);
    const std::string line = table.substr(start, end - start);
    const size_t size_at = line.find(line.rfind("variant", 0) == 0 ? "size" : "8192x8192");
    ASSERT_NE(size_at, std::string::npos) << line;
    at.push_back(size_at + (line.rfind("variant", 0) == 0 ? 4 : 9));  // the column's right edge
    start = end + 1;
  }
  ASSERT_EQ(at.size(), 3u);
  EXPECT_EQ(at[0], at[1]);
  EXPECT_EQ(at[1], at[2]);
}

}  // namespace
}  // namespace ws::app
