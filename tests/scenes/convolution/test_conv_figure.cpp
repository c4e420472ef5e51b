// The convolution figures as `warpscope render --scene conv` draws them (golden PNGs on Mesa): a
// teach step of the tiled-input variant on a 2D input with its halo and ghost cells, and the
// arithmetic-intensity chart of the book's 5x5 filter.
#include <gtest/gtest.h>

#include "gl_environment.h"
#include "golden.h"
#include "scenes/convolution/conv_scene.h"

namespace ws::gfx {
namespace {

std::unique_ptr<app::ConvScene> conv_scene(const nlohmann::json& params) {
  auto scene = std::make_unique<app::ConvScene>();
  scene->params_from_json(params);
  static app::SceneContext context;  // CPU backend: the same picture on every machine
  scene->attach(context);
  return scene;
}

TEST(ConvFigure, TeachStepWithHalosMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = conv_scene({{"values",
                            "1 2 3 4 5 6; 7 8 9 10 11 12; 13 14 15 16 17 18; 19 20 21 "
                            "22 23 24; 25 26 27 28 29 30"},
                           {"filter", "1 2 1; 2 4 2; 1 2 1"},
                           {"boundary", "mirror"},
                           {"variant", "tiled-input"},
                           {"tile", "4"}});
  // The first compute step: the tile loaded, halo threads idle.
  const nlohmann::json steps = scene->results_json()["steps"];
  int step = -1;
  for (size_t s = 0; s < steps.size() && step < 0; ++s)
    if (steps[s]["phase"] == "compute") step = static_cast<int>(s);
  ASSERT_GE(step, 0);
  scene->seek(step);
  FigureOptions options;
  options.width = 1280;
  options.height = 720;
  test::expect_matches_golden(
      "conv_teach_tiled_input_halo", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24,
      0.002);
}

TEST(ConvFigure, IntensityChartMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = conv_scene({{"mode", "intensity"}, {"filter", "box"}, {"radius", "2"}});
  FigureOptions options;
  options.width = 1280;
  options.height = 720;
  test::expect_matches_golden(
      "conv_intensity_5x5", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24, 0.002);
}

}  // namespace
}  // namespace ws::gfx
