// The histogram figures as `warpscope render --scene histogram` draws them (golden PNGs on Mesa):
// the teach step where the textbook phrase's atomics collide (variant 2, one block of 32 threads,
// round 0: the queues per counter), and the contention heatmap of Zipf 1.2 samples over 256 bins.
#include <gtest/gtest.h>

#include "gl_environment.h"
#include "golden.h"
#include "scenes/histogram/histogram_scene.h"

namespace ws::gfx {
namespace {

std::unique_ptr<app::HistogramScene> histogram_scene(const nlohmann::json& params) {
  auto scene = std::make_unique<app::HistogramScene>();
  scene->params_from_json(params);
  static app::SceneContext context;  // CPU backend: the same picture on every machine
  scene->attach(context);
  return scene;
}

TEST(HistogramFigure, TeachStepWithCollidingAtomicsMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = histogram_scene({{"mode", "teach"}, {"variant", "2"}, {"grid", "1"}});
  scene->seek(0);
  FigureOptions options;
  options.width = 1280;
  options.height = 720;
  test::expect_matches_golden(
      "histogram_teach_queues", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24,
      0.002);
}

TEST(HistogramFigure, ContentionHeatmapMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = histogram_scene({{"mode", "contention"},
                                {"dist", "zipf:1.2"},
                                {"n", "65536"},
                                {"bins", "256"},
                                {"range", "0,256"},
                                {"variant", "2"}});
  FigureOptions options;
  options.width = 1280;
  options.height = 720;
  test::expect_matches_golden(
      "histogram_contention_zipf", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24,
      0.002);
}

}  // namespace
}  // namespace ws::gfx
