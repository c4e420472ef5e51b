// Adding a scene is one folder and one registry line: the tiny fake scene (tiny_scene.h, this
// folder), added through the registry alone (SetUp), runs through `run`, `render`, `bench` and
// the window like the real ones, with the kit's teach pipeline, run --json schema and bench
// report; its two modes show the kit's one parse, limits, moves, fits and rollback. Nothing
// outside this folder names it.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include "cli/commands.h"
#include "common/error.h"
#include "io/json_file.h"
#include "scene_kit/run_json.h"
#include "scenes/registry.h"
#include "test_paths.h"
#include "tiny_scene.h"

namespace ws::app {
namespace {

const std::string kOut = std::string(WS_APP_OUT_DIR) + "/fake_scene";

class FakeScene : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(kOut);
    // The one registry line.
    static const bool registered = [] {
      register_scene([] { return std::make_unique<TinyScene>(); });
      return true;
    }();
    (void)registered;
  }
};

TEST_F(FakeScene, IsListedAndMadeByTheRegistry) {
  bool listed = false;
  for (const auto& s : make_scenes()) listed = listed || std::string(s->id()) == "tiny";
  EXPECT_TRUE(listed);
  EXPECT_STREQ(make_scene("tiny")->title(), "A tiny fake scene");
}

TEST_F(FakeScene, RunWritesTheKitSchema) {
  const std::string out = kOut + "/run.json";
  ASSERT_EQ(run_command("tiny", {{"n", "8"}}, "cpu", out), 0);
  const nlohmann::json j = read_json_file(out, "run JSON");
  for (const char* key : kRunJsonKeys) EXPECT_TRUE(j.contains(key)) << key;
  for (const char* key : kCounterKeys) EXPECT_TRUE(j["counters"].contains(key)) << key;
  EXPECT_EQ(j["scene"], "tiny");
  EXPECT_EQ(j["result"], 36);
  EXPECT_EQ(j["matches_reference"], true);
  ASSERT_EQ(j["steps"].size(), 3u);  // strides 1, 2, 4
  EXPECT_EQ(j["counters"]["ops"], 7);
  EXPECT_EQ(j["steps"][2]["values"]["data"][0], 36);
  EXPECT_EQ(j["steps"][0]["active_threads"].size(), 4u);
  EXPECT_TRUE(j["cpu_check"].is_null());  // the CPU run is the twin
}

TEST_F(FakeScene, RendersEveryStepAsSvg) {
  RenderRequest r;
  r.scene = "tiny";
  r.step = "2";
  r.backend = "cpu";
  r.out = kOut + "/step2.svg";
  ASSERT_EQ(render_command(r), 0);
  std::ifstream in(r.out);
  std::stringstream svg;
  svg << in.rdbuf();
  EXPECT_NE(svg.str().find("tiny step 2"), std::string::npos);
}

TEST_F(FakeScene, BenchesThroughTheSceneInterface) {
  const std::string out = kOut + "/bench.json";
  BenchRequest request;
  request.repeats = 3;
  ASSERT_EQ(bench_command("tiny", request, "cpu", out), 0);
  const nlohmann::json j = read_json_file(out, "bench JSON");
  EXPECT_EQ(j["scene"], "tiny");
  EXPECT_EQ(j["backend"], "cpu");
  EXPECT_EQ(j["repeats"], 3);
  EXPECT_TRUE(j["rows"][0]["verified"].get<bool>());
  request.mode = "fast";
  EXPECT_THROW(bench_command("tiny", request, "cpu", out), Error);
}

TEST_F(FakeScene, OpensInTheWindow) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  const std::string shot = kOut + "/gui.png";
  std::filesystem::remove(shot);
  GuiRequest request;
  request.scene = "tiny";
  request.frames = 3;
  request.screenshot_path = shot;
  request.params = {{"n", "16"}};
  ASSERT_EQ(gui_command(request), 0);
  EXPECT_GT(std::filesystem::file_size(shot), 1000u);
}

// The kit's parse: one reader, a key nobody reads is an error naming it, nothing changes.
TEST(TinySceneParams, AnUnknownKeyIsNamedAndChangesNothing) {
  TinyScene scene;
  scene.params_from_json({{"n", "16"}});
  try {
    scene.params_from_json({{"n", "4"}, {"bogus", "1"}});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--bogus"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--n"), std::string::npos) << e.what();
  }
  EXPECT_EQ(scene.settings().n, 16);
  EXPECT_EQ(scene.mode(), "teach");
}

// The limit table: a value beyond teach mode's limit, given without a mode, moves to the mode
// that takes it and says so; with --mode teach it is refused and nothing changes.
TEST(TinySceneParams, ALimitMovesOrRefusesAndTheSwitchBackFits) {
  TinyScene scene;
  SceneContext context;
  scene.attach(context);
  EXPECT_THROW(scene.params_from_json({{"mode", "teach"}, {"n", "100"}}), Error);
  EXPECT_EQ(scene.settings().n, 8);
  EXPECT_EQ(scene.mode(), "teach");

  scene.params_from_json({{"n", "100"}});
  scene.reset();
  EXPECT_EQ(scene.mode(), "big");
  EXPECT_EQ(scene.settings().n, 100);
  EXPECT_EQ(scene.results_json()["result"], 5050);
  EXPECT_EQ(scene.params_to_json()["mode"], "big");
  EXPECT_FALSE(scene.capabilities().steps);
  ASSERT_EQ(scene.capabilities().modes.size(), 2u);

  // Back to teach without n: the fit brings n within the limit.
  scene.params_from_json({{"mode", "teach"}});
  scene.reset();
  EXPECT_EQ(scene.mode(), "teach");
  EXPECT_EQ(scene.settings().n, 8);
  EXPECT_EQ(scene.results_json()["result"], 36);
  EXPECT_EQ(scene.step_count(), 3);
  scene.detach();
}

TEST(TinySceneParams, AnUnknownModeIsNamed) {
  TinyScene scene;
  try {
    scene.params_from_json({{"mode", "huge"}});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("huge"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("teach, big"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ws::app
