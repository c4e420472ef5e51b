// The reduction scene's segmented mode: `--mode segmented --segments "..."` reduces each segment
// (the lecture's example gives 3, 14, 10), the run document and the figure show the totals
// against a serial loop per segment, and a malformed or empty segment is refused, naming
// --segments, with the scene unchanged.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "common/error.h"
#include "render/figure.h"
#include "scenes/reduce/reduce_scene.h"
#include "test_paths.h"

namespace ws::app {
namespace {

std::string segmented_error(ReduceScene& scene, const nlohmann::json& params) {
  try {
    scene.params_from_json(params);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(ReduceSegmentedScene, TheLecturesExampleGivesThreeTotals) {
  ReduceScene scene;
  scene.params_from_json({{"mode", "segmented"}});  // the default is the lecture's example
  SceneContext context;
  scene.attach(context);
  EXPECT_EQ(scene.step_count(), 6);  // load, offsets 1 2 4 8, totals
  scene.seek(5);
  const nlohmann::json doc = scene.results_json();
  EXPECT_EQ(doc["totals"], (std::vector<double>{3, 14, 10}));
  EXPECT_EQ(doc["serial_totals"], (std::vector<double>{3, 14, 10}));
  EXPECT_EQ(doc["matches_reference"], true);
  gfx::FigureOptions options;
  options.width = 1280;
  options.height = 720;
  const std::string svg =
      gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
  EXPECT_NE(svg.find("totals [3 14 10]"), std::string::npos);
  EXPECT_FALSE(scene.caption().empty());
}

TEST(ReduceSegmentedScene, TypedSegmentsAndOperatorsDriveTheRun) {
  ReduceScene scene;
  scene.params_from_json(
      {{"mode", "segmented"}, {"segments", "[4 -2 9] [7] [1, 1]"}, {"op", "max"}});
  SceneContext context;
  scene.attach(context);
  EXPECT_EQ(scene.results_json()["totals"], (std::vector<double>{9, 7, 1}));
}

TEST(ReduceSegmentedScene, BadSegmentsAreNamedAndChangeNothing) {
  ReduceScene scene;
  scene.params_from_json({{"mode", "segmented"}, {"segments", "[1 2] [3]"}});
  const nlohmann::json before = scene.params_to_json();
  for (const char* bad : {"[1 2] [] [3]", "[1 2", "1 [2]", "[1 x]", ""}) {
    const std::string e = segmented_error(scene, {{"segments", bad}});
    EXPECT_NE(e.find("--segments"), std::string::npos) << bad << ": " << e;
  }
  std::string big = "[";
  for (int i = 0; i < 1025; ++i) big += "1 ";
  EXPECT_NE(segmented_error(scene, {{"segments", big + "]"}}).find("at most 1024"),
            std::string::npos);
  EXPECT_EQ(scene.params_to_json(), before);
}

TEST(ReduceSegmentedScene, WarpscopeRunWritesTheTotals) {
  const std::string out = std::string(WS_APP_OUT_DIR) + "/segmented_run.json";
  std::remove(out.c_str());
  const std::string command = std::string(WS_WARPSCOPE_EXE) +
                              " run --scene reduce --mode segmented --segments \"[1 2] [6 7 1] "
                              "[1 2 3 4]\" --json " +
                              out + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json doc = nlohmann::json::parse(text.str());
  EXPECT_EQ(doc["totals"], (std::vector<double>{3, 14, 10}));
}

}  // namespace
}  // namespace ws::app
