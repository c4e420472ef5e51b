// The heat scene as a user drives it: its parameters (and the messages bad ones get), what a run
// reports, painting and probing with the pointer, teach mode, and the command line.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "render/figure.h"
#include "scene_kit/run_json.h"
#include "scenes/heat/heat_scene.h"
#include "test_paths.h"

namespace ws::app {
namespace {

std::string error_of(const nlohmann::json& params, bool reset = false) {
  HeatScene scene;
  try {
    scene.params_from_json(params);
    if (reset) {
      SceneContext context;
      scene.attach(context);
    }
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(HeatParams, BadValuesGetMessagesNamingTheProblem) {
  EXPECT_NE(error_of({{"size", "abc"}}).find("--size"), std::string::npos);
  EXPECT_NE(error_of({{"size", "16x16x16"}, {"dim", "2"}}).find("--dim is 2"), std::string::npos);
  EXPECT_NE(error_of({{"boundary", "sticky"}}).find("fixed, insulated, periodic"),
            std::string::npos);
  EXPECT_NE(error_of({{"alpha", "fast"}}).find("--alpha expects a number"), std::string::npos);
  EXPECT_NE(error_of({{"mode", "teach"}, {"size", "200x200"}}).find("at most 64"),
            std::string::npos);
  EXPECT_NE(error_of({{"range", "1,0"}}).find("LO < HI"), std::string::npos);
  EXPECT_NE(error_of({{"probes", "3;4"}}).find("--probes"), std::string::npos);
  EXPECT_NE(error_of({{"colours", "red"}}).find("unknown option --colours"), std::string::npos);
  // Above the stability limit without --unstable: refused at reset, naming the limit.
  const std::string unstable = error_of({{"size", "16x16"}, {"alpha", "1"}, {"dt", "0.5"}}, true);
  EXPECT_NE(unstable.find("stability limit"), std::string::npos) << unstable;
  EXPECT_NE(unstable.find("0.25"), std::string::npos) << unstable;
  EXPECT_EQ(
      error_of({{"size", "16x16"}, {"alpha", "1"}, {"dt", "0.5"}, {"unstable", "true"}}, true), "");
  EXPECT_NE(error_of({{"size", "16x16"}, {"probes", "20,3"}}, true).find("outside"),
            std::string::npos);
}

TEST(HeatParams, ABadValueLeavesTheSceneAsItWas) {
  HeatScene scene;
  scene.params_from_json({{"size", "40x30"}, {"boundary", "periodic"}});
  const nlohmann::json before = scene.params_to_json();
  EXPECT_THROW(scene.params_from_json({{"size", "50x50"}, {"shape", "11"}}), std::exception);
  EXPECT_EQ(scene.params_to_json(), before);
}

TEST(HeatParams, RoundTripThroughJson) {
  HeatScene a;
  a.params_from_json({{"size", "20x10x8"},
                      {"variant", "coarsened-z"},
                      {"tile", "4"},
                      {"colormap", "coolwarm"},
                      {"range", "-1,2"},
                      {"probes", "1,2,3;4,5,6"},
                      {"boundary", "fixed"},
                      {"alpha", "0.5"},
                      {"dt", "0.25"}});
  HeatScene b;
  b.params_from_json(a.params_to_json());
  EXPECT_EQ(a.params_to_json(), b.params_to_json());
  EXPECT_EQ(b.settings().grid.dim, 3);
  EXPECT_EQ(b.settings().grid.nz, 8);
}

nlohmann::json run_scene(const nlohmann::json& params) {
  HeatScene scene;
  scene.params_from_json(params);
  SceneContext context;
  scene.attach(context);
  nlohmann::json j = scene.results_json();
  scene.detach();
  return j;
}

TEST(HeatRun, InsulatedRunKeepsItsHeatAndReportsTheField) {
  const auto start = run_scene({{"size", "32x24"}, {"boundary", "insulated"}, {"steps", "0"}});
  const auto end = run_scene(
      {{"size", "32x24"}, {"boundary", "insulated"}, {"steps", "200"}, {"probes", "16,12;0,0"}});
  const double s0 = start["result"]["sum"], s1 = end["result"]["sum"];
  EXPECT_GT(s0, 1.0);
  EXPECT_NEAR(s1, s0, 1e-4 * s0);                      // heat is conserved
  EXPECT_LT(end["result"]["max"].get<double>(), 1.0);  // and spreads out
  EXPECT_EQ(end["time_steps"], 200);
  EXPECT_NEAR(end["simulated_time"].get<double>(), 200 * 0.2, 1e-3);
  ASSERT_EQ(end["result"]["field"].size(), 24u);
  ASSERT_EQ(end["result"]["field"][0].size(), 32u);
  ASSERT_EQ(end["result"]["probes"].size(), 2u);
  EXPECT_EQ(end["result"]["probes"][0]["value"], end["result"]["field"][12][16]);
  EXPECT_EQ(end["result"]["probes"][1]["value"], end["result"]["field"][0][0]);
  double sum = 0;
  for (const auto& row : end["result"]["field"])
    for (const auto& v : row) sum += v.get<double>();
  EXPECT_NEAR(sum, s1, 1e-6 * s0);
}

TEST(HeatRun, FixedBoundaryDrainsHeatAndBigGridsOmitTheField) {
  // The hot square's ring of cells is cold (0) and stays so: heat leaves through it.
  const auto start = run_scene({{"size", "100x80"}, {"boundary", "fixed"}});
  const auto j = run_scene({{"size", "100x80"}, {"boundary", "fixed"}, {"steps", "3000"}});
  EXPECT_FALSE(j["result"].contains("field"));
  EXPECT_LT(j["result"]["sum"].get<double>(), 0.5 * start["result"]["sum"].get<double>());
}

TEST(HeatRun, ImageStartsTheField) {
  const auto j = run_scene({{"size", "48x32"}, {"init", "image:camera.png"}});
  EXPECT_NE(j["input"]["field_source"].get<std::string>().find("camera.png"), std::string::npos);
  EXPECT_GE(j["result"]["min"].get<double>(), 0.0);
  EXPECT_LE(j["result"]["max"].get<double>(), 1.0);
  EXPECT_GT(j["result"]["max"].get<double>() - j["result"]["min"].get<double>(), 0.3);
  EXPECT_NE(error_of({{"init", "image:no-such-file.png"}}, true).find("no-such-file.png"),
            std::string::npos);
}

TEST(HeatRun, TeachModeTracesOneLaunch) {
  const auto j =
      run_scene({{"mode", "teach"}, {"size", "20x20"}, {"variant", "shared-tiled"}, {"tile", "8"}});
  EXPECT_EQ(j["time_steps"], 1);
  EXPECT_EQ(j["trace_steps"], 2);  // load, compute
  EXPECT_EQ(j["result"]["field"].size(), 20u);
  EXPECT_GT(j["counters"]["barriers"].get<int>(), 0);
}

// Temporal blocking in 3D: a (T+2K)^3 block, K time steps per launch, in both modes.
TEST(HeatRun, ThreeDTemporalBlockingTeachesAndRuns) {
  const nlohmann::json grid = {{"dim", 3},          {"size", "12"}, {"variant", "temporal-blocked"},
                               {"tile", 4},         {"k", 2},       {"boundary", "insulated"},
                               {"init", "random:5"}};
  nlohmann::json teach_params = grid;
  teach_params["mode"] = "teach";
  const auto teach = run_scene(teach_params);
  EXPECT_EQ(teach["time_steps"], 2);
  EXPECT_EQ(teach["trace_steps"], 4);  // load, time step 1, time step 2, store
  EXPECT_GT(teach["counters"]["barriers"].get<int>(), 0);
  nlohmann::json live_params = grid;
  live_params["steps"] = 5;  // two launches of K = 2 and one of a single step
  const auto live = run_scene(live_params);
  nlohmann::json basic_params = live_params;
  basic_params["variant"] = "basic";
  const auto basic = run_scene(basic_params);
  EXPECT_EQ(live["time_steps"], 5);
  EXPECT_EQ(live["result"]["sum"], basic["result"]["sum"]);  // the same bits as basic
  EXPECT_NEAR(live["result"]["sum"].get<double>(), teach["result"]["sum"].get<double>(), 1e-2);
}

// A tile with its halo that does not fit a 3D block is refused with the numbers, and the scene
// keeps what it had; a switch to 3D keeps temporal blocking with the largest K that fits.
TEST(HeatParams, ThreeDTemporalBlockingNeedsASmallTile) {
  EXPECT_NE(
      error_of({{"dim", 3}, {"size", "12"}, {"variant", "temporal-blocked"}, {"tile", 6}, {"k", 3}})
          .find("tile 6 with K = 3 needs T+2K = 12 > 10"),
      std::string::npos);
  HeatScene scene;
  scene.params_from_json(
      {{"size", "24x24"}, {"variant", "temporal-blocked"}, {"tile", 8}, {"k", 4}});
  const nlohmann::json before = scene.params_to_json();
  EXPECT_THROW(scene.params_from_json({{"dim", 3}, {"size", "12"}, {"tile", 4}, {"k", 4}}),
               std::exception);
  EXPECT_EQ(scene.params_to_json(), before);
  scene.params_from_json({{"dim", 3}, {"size", "12x12x12"}, {"tile", 4}});  // the 3D button
  EXPECT_EQ(scene.params_to_json()["variant"], "temporal-blocked");
  EXPECT_EQ(scene.params_to_json()["k"], 3);
  scene.params_from_json({{"dim", 2}, {"size", "24x24"}});
  EXPECT_EQ(scene.params_to_json()["variant"], "temporal-blocked");
  EXPECT_EQ(scene.params_to_json()["k"], 3);
}

// Both modes write the one `run --json` schema: a live run has no trace (counters null, no
// steps), teach mode has its launch's counters and steps.
TEST(HeatRun, BothModesWriteTheRunJsonSchema) {
  const auto live = run_scene({{"size", "20x20"}, {"steps", "3"}});
  const auto teach = run_scene({{"mode", "teach"}, {"size", "20x20"}, {"variant", "shared-tiled"}});
  for (const auto* j : {&live, &teach}) {
    for (const char* key : kRunJsonKeys) EXPECT_TRUE(j->contains(key)) << key;
    EXPECT_EQ((*j)["scene"], "heat");
    EXPECT_TRUE((*j)["result"].contains("field"));
  }
  EXPECT_EQ(live["params"]["mode"], "live");
  EXPECT_TRUE(live["counters"].is_null());
  EXPECT_TRUE(live["steps"].empty());
  EXPECT_EQ(teach["params"]["mode"], "teach");
  for (const char* key : kCounterKeys) EXPECT_TRUE(teach["counters"].contains(key)) << key;
  EXPECT_EQ(teach["steps"].size(), teach["trace_steps"].get<size_t>());
  EXPECT_TRUE(teach["cpu_check"].is_null());  // the CPU backend: the twin is the run
}

// Switching modes keeps the grid, the physics and the view; only the mode changes.
TEST(HeatParams, SwitchingModesKeepsTheSettings) {
  HeatScene scene;
  scene.params_from_json({{"size", "20x16"},
                          {"boundary", "periodic"},
                          {"variant", "shared-tiled"},
                          {"tile", "8"},
                          {"init", "random:3"},
                          {"material", "walls"},
                          {"colormap", "viridis"}});
  nlohmann::json before = scene.params_to_json();
  scene.params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene.mode(), "teach");
  EXPECT_FALSE(scene.capabilities().live);
  nlohmann::json after = scene.params_to_json();
  EXPECT_EQ(after["mode"], "teach");
  before.erase("mode");
  after.erase("mode");
  EXPECT_EQ(after, before);
  // A grid too big to trace: asked for by size, it is refused and the scene stays in live mode as
  // it was; a switch without a size shrinks it to one teach mode can trace (as the mode buttons).
  scene.params_from_json({{"mode", "live"}, {"size", "200x200"}});
  EXPECT_THROW(scene.params_from_json({{"mode", "teach"}, {"size", "100x100"}}), std::exception);
  EXPECT_EQ(scene.mode(), "live");
  EXPECT_EQ(scene.params_to_json()["size"], "200x200");
  scene.params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene.mode(), "teach");
  EXPECT_EQ(scene.params_to_json()["size"], "24x24");
  EXPECT_NE(error_of({{"mode", "sideways"}}).find("live, teach"), std::string::npos);
}

// `warpscope bench --scene heat` from either mode: every variant at the grid, checked against the
// basic variant, with what GB/s counts.
TEST(HeatBench, BenchJobTimesVerifiedRowsFromEitherMode) {
  for (const char* mode : {"live", "teach"}) {
    HeatScene scene;
    scene.params_from_json({{"mode", mode}, {"size", "16x16"}});
    BenchRequest request;
    request.backend = Backend::Cpu;
    request.sizes = {"64"};
    request.repeats = 1;
    std::ostringstream progress;
    const BenchReport report = scene.bench_job(request)(progress);
    EXPECT_TRUE(report.failures.empty()) << report.failures.front();
    ASSERT_FALSE(report.rows.empty());
    for (const BenchRow& row : report.rows) EXPECT_TRUE(row.verified) << row.name << row.note;
    EXPECT_EQ(report.rows.front().size, "64x64");
    EXPECT_NE(report.json.value("gbps_counts", "").find("8 bytes per cell"), std::string::npos);
    EXPECT_FALSE(report.json.contains("mode")) << "the same benchmark from either mode";
    EXPECT_EQ(report.json["rows"].size(), report.rows.size());
  }
  HeatScene scene;
  BenchRequest request;
  request.type = "int32";
  EXPECT_THROW(
      {
        try {
          scene.bench_job(request);
        } catch (const std::exception& e) {
          EXPECT_NE(std::string(e.what()).find("--type"), std::string::npos) << e.what();
          throw;
        }
      },
      std::exception);
  request.type.clear();
  request.variants = "2";
  EXPECT_THROW(scene.bench_job(request), std::exception);
  request.variants.clear();
  request.sizes = {"12x"};
  EXPECT_THROW(scene.bench_job(request), std::exception);
}

// Draws the scene once into an 800x600 SVG, so it knows where its panels are (for the pointer).
void draw_once(HeatScene& scene) {
  gfx::FigureOptions options;
  options.width = 800;
  options.height = 600;
  gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
}

// Draws once (so the scene knows where its panel is), then paints with the pointer.
TEST(HeatPointer, PaintingPinsAHeaterAndShiftClickAddsAProbe) {
  HeatScene scene;
  scene.params_from_json({{"size", "64x64"}, {"init", "zero"}, {"boundary", "insulated"}});
  SceneContext context;
  scene.attach(context);
  draw_once(scene);
  // Find the panel by probing the middle of the figure area.
  Scene::Pointer p;
  p.point = {380, 320};
  p.left_down = true;
  scene.pointer(p);
  const auto field = scene.simulation()->field();
  const auto material = scene.simulation()->material();
  const auto hot = std::max_element(field.begin(), field.end());
  ASSERT_FLOAT_EQ(*hot, 1.0f) << "the heat brush painted nothing";
  EXPECT_LT(material[hot - field.begin()], 0.0f) << "a heater is pinned";
  p.left_down = false;
  p.left_clicked = true;
  p.shift = true;
  scene.pointer(p);
  ASSERT_EQ(scene.settings().probes.size(), 1u);
  const auto& q = scene.settings().probes[0];
  EXPECT_FLOAT_EQ(field[q[0] + 64 * q[1]], 1.0f);  // the probe sits where the brush was
  scene.detach();
}

// A teacher paints walls and heaters, saves the session, and opens it in class: it all comes back.
TEST(HeatPointer, PaintedWallsAndHeatersSurviveASessionAndAReset) {
  HeatScene scene;
  scene.params_from_json({{"size", "64x48"}, {"init", "zero"}});
  SceneContext context;
  scene.attach(context);
  draw_once(scene);
  Scene::Pointer p;
  p.left_down = true;
  p.point = {400, 300};
  scene.pointer(p);  // the default brush: a heater
  const auto material = scene.simulation()->material();
  const auto field = scene.simulation()->field();
  const nlohmann::json saved = scene.params_to_json();
  EXPECT_EQ(saved["material"], "painted");
  EXPECT_NE(saved["painted"].get<std::string>().find("*p1"), std::string::npos);

  HeatScene reopened;
  reopened.params_from_json(saved);
  reopened.attach(context);
  EXPECT_EQ(reopened.simulation()->material(), material);
  EXPECT_EQ(reopened.simulation()->field(), field);  // zero start, heaters at 1
  // A reset restarts the temperatures but keeps what was painted.
  scene.reset();
  EXPECT_EQ(scene.simulation()->material(), material);
  // A new grid size starts without the painting.
  scene.params_from_json({{"size", "32x32"}});
  scene.reset();
  EXPECT_EQ(scene.params_to_json()["painted"], "");
  scene.detach();
  reopened.detach();
}

TEST(HeatParams, PaintedMapsAreChecked) {
  EXPECT_NE(error_of({{"size", "8x8"}, {"painted", "64*x"}}).find("no valid value"),
            std::string::npos);
  EXPECT_NE(error_of({{"size", "8x8"}, {"painted", "10*1"}}).find("another size"),
            std::string::npos);
  EXPECT_NE(error_of({{"size", "8x8"}, {"painted", "100*1"}}).find("more than"), std::string::npos);
  EXPECT_EQ(error_of({{"size", "8x8"}, {"painted", "60*1 2*0 2*p0.5"}}, true), "");
}

TEST(HeatView, ThreeDShowsThreePlanesAndTheMaximumAlongZ) {
  HeatScene scene;
  scene.params_from_json({{"size", "24x20x16"}, {"steps", "5"}});
  SceneContext context;
  scene.attach(context);
  gfx::FigureOptions options;
  const std::string svg =
      gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
  for (const char* caption : {"x = 12 plane", "y = 10 plane", "z = 8 plane", "maximum along z"})
    EXPECT_NE(svg.find(caption), std::string::npos) << caption;
  // The projection is a view, not a plane: it takes no paint.
  EXPECT_EQ(scene.simulation()->slice(2, stencil::kMaxProjection).size(), 24u * 20u);
  scene.detach();
}

// ---- The command line.
struct CliResult {
  int code;
  std::string err;
};

CliResult warpscope(const std::string& args) {
  const std::string out = WS_APP_OUT_DIR;
  std::filesystem::create_directories(out);
  static int calls = 0;
  const std::string err =
      out + "/heat_stderr_" + std::to_string(getpid()) + "_" + std::to_string(++calls) + ".txt";
  const int status = std::system(
      (std::string(WS_WARPSCOPE_EXE) + " " + args + " 2>" + err + " >/dev/null").c_str());
  std::ifstream in(err);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1,
          std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>())};
}

TEST(HeatCli, RunWritesStatisticsProbesAndTheSmallField) {
  const std::string json = std::string(WS_APP_OUT_DIR) + "/heat_run.json";
  const CliResult r = warpscope(
      "run --scene heat --dim 2 --size 24x16 --variant shared-tiled --tile 8 --alpha 1 --dt 0.2 "
      "--steps 50 --boundary insulated --init random:7 --probes 3,4 --backend cpu --json " +
      json);
  ASSERT_EQ(r.code, 0) << r.err;
  std::ifstream in(json);
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["time_steps"], 50);
  EXPECT_EQ(j["result"]["field"].size(), 16u);
  EXPECT_EQ(j["result"]["probes"][0]["value"], j["result"]["field"][4][3]);
  for (const char* key : {"sum", "min", "max", "mean"}) EXPECT_TRUE(j["result"].contains(key));
}

TEST(HeatCli, BadArgumentsExitNonZeroWithAMessage) {
  CliResult r = warpscope("run --scene heat --size 16x16 --alpha 1 --dt 1 --backend cpu");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("stability limit"), std::string::npos) << r.err;
  r = warpscope("run --scene heat --boundary sticky --backend cpu");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("--boundary"), std::string::npos) << r.err;
  r = warpscope("run --scene heat --dim 3 --size 100000 --backend cpu");
  EXPECT_NE(r.code, 0);
  EXPECT_FALSE(r.err.empty());
}

TEST(HeatCli, ThreeDTemporalBlockingRunsRendersAndTeaches) {
  const std::string dir = WS_APP_OUT_DIR;
  const std::string args =
      " --scene heat --dim 3 --variant temporal-blocked --k 2 --tile 4 --backend cpu ";
  CliResult r = warpscope("run" + args + "--size 16 --steps 6 --json " + dir + "/heat_t3d.json");
  ASSERT_EQ(r.code, 0) << r.err;
  r = warpscope("run" + args + "--mode teach --size 12 --json " + dir + "/heat_t3d_teach.json");
  ASSERT_EQ(r.code, 0) << r.err;
  std::ifstream in(dir + "/heat_t3d_teach.json");
  EXPECT_EQ(nlohmann::json::parse(in)["time_steps"], 2);
  const std::string png = dir + "/heat_t3d.png", teach_png = dir + "/heat_t3d_teach.png";
  std::filesystem::remove(png);
  std::filesystem::remove(teach_png);
  r = warpscope("render" + args + "--size 16 --steps 6 --out " + png);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_GT(std::filesystem::file_size(png), 1000u);
  r = warpscope("render" + args + "--mode teach --size 12 --out " + teach_png);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_GT(std::filesystem::file_size(teach_png), 1000u);
  // A tile with its halo too big for a 3D block: a clear message and a non-zero exit.
  r = warpscope(
      "run --scene heat --dim 3 --size 12 --variant temporal-blocked --tile 6 --k 3 "
      "--backend cpu");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("T+2K = 12 > 10"), std::string::npos) << r.err;
}

TEST(HeatCli, RenderWritesTheFieldWithItsLegend) {
  const std::string png = std::string(WS_APP_OUT_DIR) + "/heat_render.png";
  const std::string svg = std::string(WS_APP_OUT_DIR) + "/heat_render.svg";
  std::filesystem::remove(png);
  CliResult r = warpscope("render --scene heat --size 64x64 --steps 40 --backend cpu --out " + png);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_GT(std::filesystem::file_size(png), 1000u);
  r = warpscope("render --scene heat --size 64x64 --steps 40 --backend cpu --out " + svg);
  ASSERT_EQ(r.code, 0) << r.err;
  std::ifstream in(svg);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("data:image/png;base64,"), std::string::npos);
  EXPECT_NE(text.find(">temperature<"), std::string::npos);
}

// The window itself, driven by scripted mouse input (gui --input): a drag across the figure paints
// a heater stroke and a shift-click drops a probe, exactly as a user's mouse would; the session
// the window writes when it closes shows both.
TEST(HeatGui, ScriptedDragPaintsAndShiftClickProbes) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  const std::string dir = WS_APP_OUT_DIR;
  const std::string session = dir + "/heat_gui_session.json", input = dir + "/heat_gui_input.json",
                    saved = dir + "/heat_gui_saved.json";
  std::filesystem::remove(saved);
  {
    std::ofstream(session) << R"({"warpscope_session": 1, "scene": "heat",
      "params": {"size": "64x64", "init": "zero"}, "step": 0,
      "view": {"theme": "light", "font_size": 18}})";
    std::ofstream(input) << R"({"events": [
      {"frame": 5, "at": [0.45, 0.5]}, {"frame": 6, "at": [0.45, 0.5], "left": true},
      {"frame": 8, "at": [0.5, 0.5], "left": true}, {"frame": 10, "at": [0.55, 0.5], "left": true},
      {"frame": 12, "at": [0.55, 0.5]}, {"frame": 14, "at": [0.5, 0.6], "shift": true},
      {"frame": 15, "at": [0.5, 0.6], "shift": true, "left": true},
      {"frame": 16, "at": [0.5, 0.6]}]})";
  }
  const CliResult r = warpscope("gui --session " + session + " --input " + input +
                                " --frames 20 --save-session " + saved);
  ASSERT_EQ(r.code, 0) << r.err;
  std::ifstream in(saved);
  const auto j = nlohmann::json::parse(in);
  const auto& params = j.at("params");
  EXPECT_EQ(params.at("material"), "painted");
  EXPECT_NE(params.at("painted").get<std::string>().find("*p1"), std::string::npos)
      << "the drag painted no heater";
  EXPECT_FALSE(params.at("probes").get<std::string>().empty()) << "the shift-click added no probe";
  // A malformed script is refused with a message naming it.
  std::ofstream(input) << R"({"events": [{"at": [2, 0]}]})";
  const CliResult bad = warpscope("gui --input " + input + " --frames 2");
  EXPECT_NE(bad.code, 0);
  EXPECT_NE(bad.err.find("heat_gui_input.json"), std::string::npos) << bad.err;
}

// Without a display, `warpscope gui` renders the scene's default figures instead; a live scene
// has a single step, so that is all it renders (it used to ask for step 3 and fail).
TEST(HeatCli, NoDisplayRendersTheDefaultFigures) {
  const std::string dir = std::string(WS_APP_OUT_DIR) + "/no_display";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const int status =
      std::system(("cd " + dir + " && env -u DISPLAY -u WAYLAND_DISPLAY " +
                   std::string(WS_WARPSCOPE_EXE) + " gui --scene heat 2>/dev/null >/dev/null")
                      .c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_TRUE(std::filesystem::exists(dir + "/warpscope-figures/heat_step_1.png"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/warpscope-figures/heat_after_300_steps.png"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/warpscope-figures/heat_after_300_steps.svg"));
}

}  // namespace
}  // namespace ws::app
