// The heat field with its colour bar as `warpscope render --scene heat` draws it (golden PNG on
// Mesa), and the teach view's SVG: the tile, the halo and the legend are there.
#include <gtest/gtest.h>

#include "gl_environment.h"
#include "golden.h"
#include "scenes/heat/heat_scene.h"

namespace ws::gfx {
namespace {

std::unique_ptr<app::HeatScene> heat_scene(const nlohmann::json& params) {
  auto scene = std::make_unique<app::HeatScene>();
  scene->params_from_json(params);
  static app::SceneContext context;  // CPU backend: the same picture on every machine
  scene->attach(context);
  return scene;
}

TEST(HeatFigure, HotSquareAfterThirtyStepsMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = heat_scene({{"size", "48x48"},
                           {"steps", "30"},
                           {"boundary", "insulated"},
                           {"colormap", "inferno"},
                           {"probes", "24,24;5,5"}});
  FigureOptions options;
  options.width = 960;
  options.height = 540;
  test::expect_matches_golden(
      "heat_hot_square_step30", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24,
      0.002);
}

TEST(HeatFigure, TeachSvgShowsTheTileHaloAndLegend) {
  auto scene = heat_scene({{"mode", "teach"},
                           {"size", "16x16"},
                           {"variant", "shared-tiled"},
                           {"tile", "4"},
                           {"boundary", "fixed"}});
  scene->seek(0);  // the load step
  FigureOptions options;
  const std::string svg =
      render_figure_svg([&](Canvas& c) { scene->draw(c, Theme::Light); }, options);
  EXPECT_NE(svg.find("shared memory of block"), std::string::npos);
  EXPECT_NE(svg.find("input tile: halo"), std::string::npos);
  EXPECT_NE(svg.find("left alone (fixed boundary)"), std::string::npos);
  EXPECT_NE(svg.find("step 1/2: load"), std::string::npos);
}

}  // namespace
}  // namespace ws::gfx
