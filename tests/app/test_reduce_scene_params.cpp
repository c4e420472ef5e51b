// Reduce scene parameters: round trip, clear errors that name the option, and a bad value that
// leaves the scene exactly as it was. Sessions save and load the same state.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/error.h"
#include "io/session.h"
#include "render/svg_canvas.h"
#include "scenes/reduce/reduce_scene.h"

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
