// The convolution teach mode as a student drives it: the book's 1D example gives the book's
// outputs on every variant, stepping through 1D and 2D runs headless, the tiled variants' limits,
// variant 3's idle halo threads, variant 2's constant-memory broadcasts, ghost cells per rule.
#include <gtest/gtest.h>

#include <cmath>

#include "conv_test_support.h"
#include "render/figure.h"
#include "scenes/convolution/teach/conv_teach_mode.h"

namespace ws::app {
namespace {

using conv_test::attached;
using conv_test::error_of;

const std::vector<double> kBookOutput = {51, 53, 52, 47, 46, 51, 37};

TEST(ConvTeach, TheBooksExampleGivesTheBooksOutputOnEveryVariant) {
  for (const char* v : {"1", "2", "3", "4", "5"}) {
    auto scene = attached({{"variant", v}, {"tile", "8"}});
    const nlohmann::json j = scene->results_json();
    EXPECT_EQ(j["result"], kBookOutput) << "variant " << v;
    EXPECT_EQ(j["reference"], kBookOutput) << "variant " << v;
    EXPECT_EQ(j["matches_reference"], true) << "variant " << v;
  }
}

// Steps through every step (forward and back) drawing each to SVG; returns the phases seen.
std::vector<std::string> step_through(Scene& scene) {
  std::vector<std::string> phases;
  const nlohmann::json steps = scene.results_json()["steps"];
  EXPECT_EQ(static_cast<int>(steps.size()), scene.step_count());
  gfx::FigureOptions options;
  options.width = 960;
  options.height = 540;
  for (int k = scene.step_count() - 1; k >= 0; --k) {
    scene.seek(k);
    EXPECT_EQ(scene.current_step(), k);
    const std::string svg =
        gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_FALSE(scene.caption().empty());
    phases.insert(phases.begin(), steps[size_t(k)]["phase"].get<std::string>());
  }
  return phases;
}

TEST(ConvTeach, SteppingA1DRunShowsLoadComputeAndStore) {
  auto scene = attached({{"variant", "tiled-input"}, {"tile", "8"}});
  const std::vector<std::string> phases = step_through(*scene);
  ASSERT_GE(phases.size(), 3u);
  EXPECT_EQ(phases.front(), "load");
  EXPECT_EQ(phases.back(), "store");
  // The compute step's caption works out the book's P[2].
  for (size_t k = 0; k < phases.size(); ++k)
    if (phases[k] == "compute") {
      scene->seek(static_cast<int>(k));
      EXPECT_NE(scene->caption().find("= 52"), std::string::npos) << scene->caption();
    }
  scene->seek(scene->step_count() - 1);
  EXPECT_NE(scene->caption().find("51 53 52 47 46 51 37"), std::string::npos);
}

TEST(ConvTeach, SteppingA2DRunComputesOneFilterRowPerStep) {
  auto scene = attached({{"values", "1 2 3 4 5; 6 7 8 9 10; 11 12 13 14 15; 16 17 18 19 20"},
                         {"filter", "1 2 1; 2 4 2; 1 2 1"},
                         {"boundary", "clamp"},
                         {"variant", "tiled-input"},
                         {"tile", "4"}});
  const std::vector<std::string> phases = step_through(*scene);
  int compute = 0;
  for (const std::string& p : phases) compute += p == "compute";
  EXPECT_EQ(compute, 3);  // one per filter row
  const nlohmann::json j = scene->results_json();
  EXPECT_EQ(j["matches_reference"], true);
  // Clamp: the corner output reads the corner four times, 1*(1+2*1+1*2) + ... = direct sum.
  EXPECT_EQ(j["result"][0][0], j["reference"][0][0]);
  // A 4x4 input tile of a radius-1 filter computes 2x2 outputs: 3 x 2 blocks for 5 x 4.
  EXPECT_EQ(j["geometry"]["out_tile"], nlohmann::json({2, 2}));
  EXPECT_EQ(j["geometry"]["grid"], nlohmann::json({3, 2}));
}

TEST(ConvTeach, EveryBoundaryRuleMatchesTheReferenceIn1DAnd2D) {
  for (const char* b : {"zero", "clamp", "mirror"})
    for (const char* v : {"basic", "constant", "tiled-input", "tiled-output", "fast"})
      for (const char* values : {"8 2 5 4 1 7 3", "3 1 4 1 5; 9 2 6 5 3; 5 8 9 7 9"}) {
        auto scene = attached({{"values", values},
                               {"filter", "box"},
                               {"radius", "1"},
                               {"boundary", b},
                               {"variant", v},
                               {"tile", "8"}});
        EXPECT_EQ(scene->results_json()["matches_reference"], true)
            << b << " " << v << " " << values;
      }
}

TEST(ConvTeach, Radius8IsRefusedOnTheTiledVariantsNamingTheLimit) {
  const std::string e =
      error_of({{"variant", "tiled-input"}, {"filter", "box"}, {"radius", "8"}, {"tile", "32"}});
  EXPECT_NE(e.find("radius 8"), std::string::npos) << e;
  EXPECT_NE(e.find("0..7"), std::string::npos) << e;
  // The basic kernel takes it.
  EXPECT_EQ(error_of({{"variant", "basic"}, {"filter", "box"}, {"radius", "8"}}), "");
  // A tile no wider than its halos is refused, naming what it needs.
  const std::string t =
      error_of({{"variant", "tiled-input"}, {"filter", "box"}, {"radius", "3"}, {"tile", "6"}});
  EXPECT_NE(t.find("tile 6"), std::string::npos) << t;
  EXPECT_NE(t.find("at least 7"), std::string::npos) << t;
  // Teach mode traces random images up to 32x32: asked for in teach mode, a larger one is
  // refused; given without a mode, it moves the scene to the live filter.
  EXPECT_NE(error_of({{"mode", "teach"}, {"size", "40x8"}}).find("32x32"), std::string::npos);
  auto scene = attached(nlohmann::json::object());
  scene->params_from_json({{"size", "40x8"}});
  EXPECT_EQ(scene->mode(), "filter");
  // Back in teach mode the random image is fitted to 32x32.
  scene->params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene->params_to_json()["size"], "32x8");
}

TEST(ConvTeach, TheTiledInputVariantsHaloThreadsLoadAndIdle) {
  auto scene = attached({{"variant", "tiled-input"}, {"tile", "8"}});
  auto* teach = dynamic_cast<ConvTeachMode*>(&scene->active());
  ASSERT_NE(teach, nullptr);
  const conv::TeachRun& run = teach->taught()->run;
  const std::vector<bool> idle = idle_threads(run);
  // A block of 8 with a radius-2 filter: 4 outputs per block, 4 halo threads idle.
  int idle_count = 0;
  for (int t = 0; t < block_threads(run); ++t) idle_count += idle[size_t(t)];
  EXPECT_EQ(idle_count, 2 * 2);
  // Every output has a thread.
  for (int32_t t : output_threads(run)) EXPECT_GE(t, 0);
}

TEST(ConvTeach, ConstantMemoryBroadcastsEveryWeightToTheWarp) {
  auto constant = attached({{"variant", "constant"}});
  auto* teach = dynamic_cast<ConvTeachMode*>(&constant->active());
  ASSERT_NE(teach, nullptr);
  const Trace& trace = teach->taught()->run.trace;
  int64_t accesses = 0, broadcasts = 0, lane_reads = 0;
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    const FilterReads r = filter_reads(trace, static_cast<int>(s));
    accesses += r.accesses;
    broadcasts += r.broadcasts;
    lane_reads += r.lane_reads;
  }
  // One warp of 7 threads reads the 5 weights in turn: 5 accesses, each a broadcast. The lanes
  // read 7 x 5 weights less the 6 that fall on zero ghost cells (2 + 1 at each end).
  EXPECT_EQ(accesses, 5);
  EXPECT_EQ(broadcasts, 5);
  EXPECT_EQ(lane_reads, 7 * 5 - 6);
}

TEST(ConvTeach, TheHoverNamesTheThreadAndWhatItComputed) {
  auto scene = attached({{"variant", "basic"}});
  scene->seek(scene->step_count() - 1);
  gfx::FigureOptions options;
  options.width = 1280;
  options.height = 720;
  gfx::render_figure_svg([&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Light); }, options);
  // Sweep the figure for the output cell P[2].
  bool found = false;
  for (float y = 0; y < 720 && !found; y += 4)
    for (float x = 0; x < 1280 && !found; x += 4) {
      const std::string text = scene->describe_at({x, y});
      if (text.rfind("P[2] = 52", 0) == 0) {
        found = true;
        EXPECT_NE(text.find("thread 2 (block 0, warp 0, lane 2)"), std::string::npos) << text;
      }
    }
  EXPECT_TRUE(found);
}

TEST(ConvIntensity, TheBooksFiguresComeOut) {
  auto scene = attached(
      {{"mode", "intensity"}, {"filter", "box"}, {"radius", "2"}, {"intensity-tile", "32"}});
  const nlohmann::json j = scene->results_json();
  EXPECT_EQ(j["matches_reference"], true) << j["reference"].dump();
  for (const nlohmann::json& f : j["reference"]["book"])
    EXPECT_NEAR(f["computed"].get<double>(), f["book"].get<double>(), 0.0051) << f.dump();
  // The chosen 32x32 input tile of a 5x5 filter: 9.57 OP/B for tiled-input, bound 12.5.
  for (const nlohmann::json& v : j["result"]["variants"])
    if (v["variant"] == "tiled-input") {
      EXPECT_NEAR(v["op_per_byte"].get<double>(), 9.57, 0.005);
      EXPECT_NEAR(v["bound"].get<double>(), 12.5, 1e-9);
    } else if (v["variant"] == "basic") {
      EXPECT_NEAR(v["op_per_byte"].get<double>(), 0.25, 1e-9);
    }
  // On the CPU backend the roofline's device is assumed, and says so.
  EXPECT_EQ(j["roofline"]["assumed"], true);
  EXPECT_GT(j["roofline"]["ridge_op_per_byte"].get<double>(), 1);
  // A 9x9 filter on 32x32 tiles.
  scene->params_from_json({{"radius", "4"}});
  scene->reset();
  const nlohmann::json nine = scene->results_json();  // (kept: the loop reads into it)
  for (const nlohmann::json& v : nine["result"]["variants"])
    if (v["variant"] == "tiled-input") {
      EXPECT_NEAR(v["op_per_byte"].get<double>(), 22.78, 0.005);
    }
  // A tile no wider than its halos is refused.
  EXPECT_THROW(scene->params_from_json({{"intensity-tile", "8"}}), std::exception);
}

}  // namespace
}  // namespace ws::app
