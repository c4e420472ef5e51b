// Reduce scene parameters: round trip, clear errors that name the option, and a bad value that
// leaves the scene exactly as it was. Sessions save and load the same state.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "io/session.h"
#include "reduce/reduce_run.h"
#include "reduce_bench.h"
#include "scene_kit/run_json.h"
#include "render/svg_canvas.h"
#include "scenes/reduce/reduce_scene.h"
#include "test_paths.h"

namespace ws::app {
namespace {

std::string error_of(ReduceScene& scene, const nlohmann::json& params) {
  try {
    scene.params_from_json(params);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(ReduceSceneParams, RoundTripsThroughJson) {
  ReduceScene a;
  a.params_from_json({{"variant", "warp-shuffle"},
                      {"op", "max"},
                      {"type", "float32"},
                      {"n", "300"},
                      {"seed", 9},
                      {"block", "64"},
                      {"compare", "sequential"},
                      {"finish", "last-block"},
                      {"distribution", "sorted"}});
  ReduceScene b;
  b.params_from_json(a.params_to_json());
  EXPECT_EQ(a.params_to_json(), b.params_to_json());
  SceneContext context;
  b.attach(context);
  EXPECT_EQ(b.primary().run.trace.buffers[0].size, 300);
  ASSERT_NE(b.comparison(), nullptr);
  EXPECT_EQ(b.comparison()->run.result, b.primary().run.result);  // max is order independent
}

TEST(ReduceSceneParams, BadValuesAreNamedAndChangeNothing) {
  ReduceScene scene;
  const nlohmann::json before = scene.params_to_json();
  EXPECT_NE(error_of(scene, {{"variant", "fastest"}}).find("--variant"), std::string::npos);
  EXPECT_NE(error_of(scene, {{"op", "xor"}}).find("--op"), std::string::npos);
  EXPECT_NE(error_of(scene, {{"n", "12x"}}).find("--n expects a whole number"), std::string::npos);
  EXPECT_NE(error_of(scene, {{"n", 5000}}).find("between 1 and 4096"), std::string::npos);
  EXPECT_NE(error_of(scene, {{"values", "1 2 three"}}).find("'three'"), std::string::npos);
  EXPECT_NE(error_of(scene, {{"block", 48}}).find("power of two"), std::string::npos);
  EXPECT_NE(error_of(scene, {{"variant", "unroll-last-warp"}, {"block", 32}}).find("at least 64"),
            std::string::npos);
  EXPECT_NE(error_of(scene, {{"colour", "red"}}).find("unknown option --colour"),
            std::string::npos);
  EXPECT_EQ(scene.params_to_json(), before);
}

TEST(ReduceSceneParams, TypedValuesDriveTheRun) {
  ReduceScene scene;
  scene.params_from_json({{"values", "3 1 7 0 4 1 6 3"}, {"op", "sum"}});
  SceneContext context;
  scene.attach(context);
  EXPECT_EQ(scene.primary().run.result, 25);
  EXPECT_EQ(scene.primary().run.trace.buffers[0].size, 8);
  scene.seek(2);
  EXPECT_EQ(scene.results_json()["result"], 25);
}

TEST(ReduceSceneParams, SessionsSaveAndLoadTheSameState) {
  const std::string dir = WS_APP_OUT_DIR;
  std::filesystem::create_directories(dir);
  Session s;
  s.params = {{"variant", "coarsened"}, {"n", 200}};
  s.step = 3;
  s.theme = gfx::Theme::Dark;
  save_session(s, dir + "/session.json");
  const Session t = load_session(dir + "/session.json");
  EXPECT_EQ(t.params, s.params);
  EXPECT_EQ(t.step, 3);
  EXPECT_EQ(t.theme, gfx::Theme::Dark);
  std::ofstream(dir + "/broken.json") << "{\"warpscope_session\": 1, \"scene\": ";
  EXPECT_THROW(load_session(dir + "/broken.json"), Error);
  std::ofstream(dir + "/huge_step.json")
      << "{\"warpscope_session\": 1, \"scene\": \"reduce\", \"step\": 1e30}";
  EXPECT_THROW(load_session(dir + "/huge_step.json"), Error);
  std::ofstream(dir + "/other.json") << "{\"hello\": 1}";
  EXPECT_THROW(load_session(dir + "/other.json"), Error);
}

// The kit's teach pipeline compares a CUDA run with its CPU twin. In a last-block run the GPU's
// finishing block is whichever drew the last ticket: the twin comparison renames it, so a kernel
// trace finished by block 0 matches the twin's (finished by block grid-1).
TEST(ReduceTwinCheck, ALastBlockFinishedByAnotherBlockMatchesTheTwin) {
  reduce::Params p;
  p.variant = reduce::Variant::Sequential;
  p.finish = reduce::Finish::LastBlock;
  p.block_dim = 32;
  std::vector<double> values;
  for (int i = 0; i < 256; ++i) values.push_back(i % 7);
  const Trace twin = reduce::teach(Backend::Cpu, p, values).trace;
  ASSERT_GT(twin.steps.front().grid_dim, 1);
  Trace kernel = twin;  // finished by block 0 instead: threads and their registers renamed
  bool after_ticket = false, renamed = false;
  for (TraceStep& step : kernel.steps) {
    if (after_ticket) {
      for (TraceEvent& e : step.events) {
        e.thread %= step.block_dim;
        if (kernel.buffers[e.buffer].space == MemSpace::Register) e.address %= step.block_dim;
        renamed = true;
      }
    }
    after_ticket |= step.code_marker == "@ticket";
  }
  ASSERT_TRUE(renamed);
  ASSERT_NE(compare_traces(twin, kernel), "");
  std::string note;
  EXPECT_EQ(reduce::compare_with_twin(p, twin, kernel, &note), "");
  EXPECT_NE(note, "");
  // Another difference is still found.
  kernel.steps.back().events.front().value += 1;
  EXPECT_NE(reduce::compare_with_twin(p, twin, kernel, &note), "");
}

TEST(ReduceRunJson, MatchesReferenceIsExactForIntsAndWithinTheFloatTolerance) {
  reduce::Params p;
  const std::vector<double> values = {0.1, 0.2, 0.3, 1e8, 0.4};
  EXPECT_TRUE(bench::matches_serial(p.op, p.type, values, 5, 5));
  EXPECT_FALSE(bench::matches_serial(p.op, p.type, values, 6, 5));
  p.type = ValueType::Float32;
  EXPECT_TRUE(
      bench::matches_serial(p.op, p.type, values, 1e8 + 8, 1e8));  // rounding of another order
  EXPECT_FALSE(bench::matches_serial(p.op, p.type, values, 2e8, 1e8));
  p.op = BinaryOp::Max;
  EXPECT_FALSE(
      bench::matches_serial(p.op, p.type, values, 1e8 + 8, 1e8));  // max is exact in any order
}

// `warpscope run --json`: the kit's schema, every counter, and the reduction's own keys.
TEST(ReduceRunJson, HasEverySchemaKeyAndTheScenesOwn) {
  ReduceScene scene;
  scene.params_from_json({{"type", "float32"}, {"n", 100}, {"compare", "warp-shuffle"}});
  SceneContext context;
  scene.attach(context);
  const nlohmann::json j = scene.results_json();
  for (const char* key : kRunJsonKeys) EXPECT_TRUE(j.contains(key)) << key;
  for (const char* key : kCounterKeys) EXPECT_TRUE(j["counters"].contains(key)) << key;
  EXPECT_EQ(j["scene"], "reduce");
  EXPECT_EQ(j["backend"], "cpu");
  EXPECT_TRUE(j["cpu_check"].is_null());  // the CPU backend: the run is the twin
  EXPECT_EQ(j["matches_reference"], true);
  EXPECT_EQ(j["input"].size(), 100u);
  EXPECT_FALSE(j["summary"].get<std::string>().empty());
  for (const char* key : {"error_vs_serial", "float_orders", "compare"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["compare"]["variant"], "warp-shuffle");
  for (const char* key : kCounterKeys) EXPECT_TRUE(j["compare"]["counters"].contains(key)) << key;
}

// The bench job `warpscope bench` and fast mode run: every row checked, the bench library's JSON
// with what a GB/s counts.
TEST(ReduceBenchJob, WritesVerifiedRowsAndWhatAGbpsCounts) {
  ReduceScene scene;
  BenchRequest request;
  request.backend = Backend::Cpu;
  request.sizes = {"10", "12"};
  request.type = "int32";
  request.repeats = 1;
  std::ostringstream progress;
  const BenchReport report = scene.bench_job(request)(progress);
  EXPECT_TRUE(report.failures.empty());
  EXPECT_EQ(report.json["gbps_counts"], "GB/s of input read");
  EXPECT_EQ(report.json["op"], "sum");
  EXPECT_EQ(report.json["type"], "int32");
  ASSERT_FALSE(report.json["rows"].empty());
  ASSERT_EQ(report.rows.size(), report.json["rows"].size());
  for (const auto& row : report.json["rows"]) EXPECT_TRUE(row["verified"].get<bool>()) << row;
  for (const BenchRow& row : report.rows) {
    EXPECT_TRUE(row.verified) << row.name;
    EXPECT_TRUE(row.size == "2^10" || row.size == "2^12") << row.size;
  }
  EXPECT_NE(report.table.find("variant"), std::string::npos);
  EXPECT_NE(report.title.find("reduce sum int32"), std::string::npos);
}

TEST(ReduceBenchJob, RejectsOptionsTheReductionDoesNotHave) {
  ReduceScene scene;
  BenchRequest request;
  request.mode = "radix";
  EXPECT_THROW(scene.bench_job(request), Error);
  request.mode.clear();
  request.variants = "3";
  EXPECT_THROW(scene.bench_job(request), Error);
  request.variants.clear();
  request.type = "int8";
  EXPECT_THROW(scene.bench_job(request), Error);
  request.type.clear();
  request.sizes = {"40"};
  EXPECT_THROW(scene.bench_job(request), Error);
}
}  // namespace
}  // namespace ws::app

namespace ws::app {
namespace {

// Hovering the viewport: sweeping a column of points over the default figure finds the input
// cells, cells with the thread that wrote them and its events, and thread lanes.
TEST(ReduceSceneHover, DescribesCellsAndLanesUnderThePointer) {
  ReduceScene scene;
  SceneContext context;
  scene.attach(context);
  scene.seek(scene.step_count() - 1);
  gfx::SvgCanvas canvas({1280, 720});
  scene.draw(canvas, gfx::Theme::Light);
  bool input = false, written = false, lane = false, total = false;
  for (float y = 0; y < 720; y += 2) {
    const std::string text = scene.describe_at({400, y});
    input |= text.find("(input)") != std::string::npos;
    written |= text.find("written by thread") != std::string::npos &&
               text.find("read shared[") != std::string::npos;
    lane |= text.rfind("thread ", 0) == 0 && text.find(" in '") != std::string::npos;
    // The sum 3+1+7+0+4+1+6+3+5+2+8+1+9+4+2+6 sits in the first cell of the last rows.
    for (float x = 0; x < 1280 && !total; x += 8)
      total = scene.describe_at({x, y}).find("= 62") != std::string::npos;
  }
  EXPECT_TRUE(input);
  EXPECT_TRUE(written);
  EXPECT_TRUE(lane);
  EXPECT_TRUE(total);
  EXPECT_EQ(scene.describe_at({-50, -50}), "");
}

}  // namespace
}  // namespace ws::app
