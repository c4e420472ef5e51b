// The global-memory variants in the reduction scene: `warpscope run --scene reduce --variant
// simple-global ...` writes the run with the books' request count, a step renders with the
// in-place input and the 128-byte lines in the counters, and sizes the books' kernels do not take
// are rejected with a message that names the option while the scene keeps its state.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "common/error.h"
#include "common/inputs.h"
#include "reduce/reduce_global.h"
#include "render/figure.h"
#include "scene_kit/code_panel.h"
#include "scenes/reduce/reduce_scene.h"
#include "test_paths.h"

namespace ws::app {
namespace {

std::string error_for(ReduceScene& scene, const nlohmann::json& params) {
  try {
    scene.params_from_json(params);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(ReduceGlobalScene, BadSizesAreRejectedAndTheSceneKeepsItsState) {
  ReduceScene scene;
  scene.params_from_json({{"variant", "convergent-global"}, {"n", 256}});
  const nlohmann::json before = scene.params_to_json();
  const std::string odd = error_for(scene, {{"variant", "simple-global"}, {"n", 300}});
  EXPECT_NE(odd.find("--n 300"), std::string::npos) << odd;
  EXPECT_NE(odd.find("power of two from 2 to 2048"), std::string::npos) << odd;
  EXPECT_NE(error_for(scene, {{"variant", "simple-global"}, {"n", 4096}}).find("2048"),
            std::string::npos);
  EXPECT_NE(error_for(scene, {{"variant", "convergent-global"}, {"n", 256}, {"block", 64}})
                .find("--block 64"),
            std::string::npos);
  EXPECT_NE(error_for(scene, {{"variant", "reduce-global"}, {"n", 1000}}).find("power of two"),
            std::string::npos);
  EXPECT_NE(error_for(scene, {{"variant", "simple-global"}, {"n", 256}, {"finish", "atomic"}})
                .find("--finish atomic"),
            std::string::npos);
  EXPECT_EQ(scene.params_to_json(), before);
}

TEST(ReduceGlobalScene, ChoosingABookKernelAfterAnAtomicFinishTakesTwoPasses) {
  // Variant 3 with one atomic per block, then the book's kernel chosen alone: two passes, and it
  // runs; the finish comes back when chosen again.
  ReduceScene scene;
  scene.params_from_json({{"variant", "sequential"}, {"n", 256}, {"finish", "atomic"}});
  EXPECT_EQ(error_for(scene, {{"variant", "simple-global"}}), "");
  EXPECT_EQ(scene.params_to_json()["finish"], "two-pass");
  SceneContext context;
  scene.attach(context);
  EXPECT_EQ(scene.primary().run.result, scene.primary().run.reference);
  scene.params_from_json({{"variant", "sequential"}, {"finish", "atomic"}});
  EXPECT_EQ(scene.params_to_json()["finish"], "atomic");
}

TEST(ReduceGlobalScene, TheRunCountsTheBooksRequestsAndRendersTheInPlaceInput) {
  ReduceScene scene;
  scene.params_from_json({{"variant", "simple-global"}, {"n", 256}, {"seed", 4}});
  SceneContext context;
  scene.attach(context);
  const ReduceRun& run = scene.primary().run;
  EXPECT_EQ(run.result, run.reference);
  ASSERT_EQ(run.trace.steps.size(), 9u);  // strides 1..128, store
  scene.seek(0);
  const nlohmann::json results = scene.results_json();
  EXPECT_EQ(results["book_requests"], 141);
  EXPECT_EQ(results["global_lines"], 143);
  gfx::FigureOptions options;
  options.width = 1280;
  options.height = 720;
  const std::string svg =
      gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
  // Stride 1, four warps: 24 lines, 32 sectors a warp access (2 lines = 8 sectors x 3 x 4 = 96).
  EXPECT_NE(svg.find("24 global lines (128 B), 96 sectors (32 B)"), std::string::npos);
  EXPECT_NE(svg.find("input"), std::string::npos);
}

TEST(ReduceGlobalScene, WarpscopeRunWritesTheBooksCount) {
  const std::string out = std::string(WS_APP_OUT_DIR) + "/global_run.json";
  const std::string err = std::string(WS_APP_OUT_DIR) + "/global_run.err";
  std::remove(out.c_str());
  const std::string command = std::string(WS_WARPSCOPE_EXE) +
                              " run --scene reduce --variant convergent-global --n 2048 --json " +
                              out + " 2>" + err + " >/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << read_text(err);
  const nlohmann::json doc = nlohmann::json::parse(read_text(out));
  EXPECT_EQ(doc["book_requests"], 204) << doc.dump().substr(0, 400);
  EXPECT_EQ(doc["matches_reference"], true);

  const std::string bad = std::string(WS_WARPSCOPE_EXE) +
                          " run --scene reduce --variant simple-global --n 100 --json " + out +
                          " 2>" + err + " >/dev/null";
  EXPECT_NE(std::system(bad.c_str()), 0);
  EXPECT_NE(read_text(err).find("--n 100"), std::string::npos) << read_text(err);
}

TEST(ReduceGlobalScene, WarpscopeRenderDrawsAStepOfTheSimpleKernel) {
  const std::string out = std::string(WS_APP_OUT_DIR) + "/simple_global_step.svg";
  std::remove(out.c_str());
  const std::string command =
      std::string(WS_WARPSCOPE_EXE) +
      " render --scene reduce --variant simple-global --n 256 --step 7 --backend cpu --out " + out +
      " >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  const std::string svg = read_text(out);
  // Step 7 (1-based) is stride 64: warps 0 and 2 each read, read and write one line: 6 lines, 6
  // sectors.
  EXPECT_NE(svg.find("stride 64"), std::string::npos);
  EXPECT_NE(svg.find("6 global lines (128 B), 6 sectors (32 B)"), std::string::npos);
}

// Every step of the global-memory variants highlights a statement of its kernel in
// kernels/reduce/reduce_global.cu (the code panel's source for variants 8-10).
TEST(ReduceGlobalScene, EveryStepHighlightsAStatementOfItsKernel) {
  setenv("WARPSCOPE_SOURCE_DIR", WS_SOURCE_ROOT, 1);
  for (reduce::Variant v : {reduce::Variant::SimpleGlobal, reduce::Variant::ConvergentGlobal,
                            reduce::Variant::ReduceGlobal}) {
    reduce::Params p;
    p.variant = v;
    p.block_dim = v == reduce::Variant::ReduceGlobal ? 32 : 0;  // two launches for variant 10
    const auto run =
        reduce::teach_cpu(p, generate_values(Distribution::Uniform, ValueType::Int32, 256, 1));
    EXPECT_STREQ(reduce::source_file(v), "kernels/reduce/reduce_global.cu");
    for (const TraceStep& step : run.trace.steps) {
      const SourceSection section =
          load_step_source(reduce::source_file(v), reduce::info(v).id, step.code_marker);
      ASSERT_FALSE(section.lines.empty()) << reduce::info(v).id;
      EXPECT_GE(find_marker_line(section, step.code_marker), 0)
          << reduce::info(v).id << ": step '" << step.label << "' marker " << step.code_marker;
    }
  }
}

}  // namespace
}  // namespace ws::app
