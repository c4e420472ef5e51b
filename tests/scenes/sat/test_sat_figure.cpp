// The summed-area-table figures as `warpscope render --scene sat` draws them (golden PNGs on
// Mesa): the teach view of the notes' example in the column phase, and the query view.
#include <gtest/gtest.h>

#include <filesystem>

#include "gl_environment.h"
#include "golden.h"
#include "scenes/sat/filter/sat_filter_mode.h"
#include "render/palette.h"
#include "scenes/sat/sat_scene.h"
#include "test_paths.h"
#include "views/value_grid.h"

namespace ws::gfx {
namespace {

std::unique_ptr<app::SatScene> sat_scene(const nlohmann::json& params) {
  auto scene = std::make_unique<app::SatScene>();
  scene->params_from_json(params);
  static app::SceneContext context;  // CPU backend: the same picture on every machine
  scene->attach(context);
  return scene;
}

TEST(SatFigure, TeachColumnPhaseMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = sat_scene({{"mode", "teach"}, {"values", "1 2 3 4; 5 6 7 8; 9 10 11 12"}});
  // The second step of the column phase: half the table summed down.
  const nlohmann::json steps = scene->results_json()["steps"];
  int step = -1;
  for (size_t s = 0; s < steps.size(); ++s)
    if (steps[s]["phase"] == "column" && step < 0) step = static_cast<int>(s) + 1;
  ASSERT_GE(step, 1);
  scene->seek(step);
  FigureOptions options;
  options.width = 960;
  options.height = 540;
  test::expect_matches_golden(
      "sat_teach_column_phase", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24,
      0.002);
}

TEST(SatFigure, QueryViewMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = sat_scene({{"values", "1 2 3; 4 5 6; 7 8 9"}, {"query", "1,1,2,2"}});
  FigureOptions options;
  options.width = 960;
  options.height = 540;
  test::expect_matches_golden(
      "sat_query_notes_example", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24,
      0.002);
}

// The teach grids of a large image (the fused filter at 32 x 32): cells too small for their
// numbers show each pixel's grey level (GridCell::shade), so the image and the blurred output
// read as pictures; cells large enough keep their numbers on the palette's fill.
TEST(SatFigure, CellsTooSmallForNumbersShowTheirShade) {
  WS_REQUIRE_GL();
  const Palette& pal = palette(Theme::Light);
  const auto black_cells = [](int, int) {
    app::GridCell cell;
    cell.text = "255";
    cell.shade = {0, 0, 0, 255};
    return cell;
  };
  FigureOptions options;
  options.width = 400;
  options.height = 200;
  app::GridGeometry large, small;
  const Image image = render_figure(
      [&](Canvas& c) {
        large = app::draw_value_grid(c, {0, 0}, {200, 200}, 40, 40, black_cells, "", pal, 16);
        small = app::draw_value_grid(c, {200, 0}, {400, 200}, 3, 3, black_cells, "", pal, 16);
      },
      options);
  ASSERT_FALSE(image.empty());
  ASSERT_LT(large.cell, 7.0f);
  const auto at = [&](Vec2 p) { return image.pixel(int(p.x), int(p.y)); };
  // The middle of a large grid's cell: the shade (black).
  const Vec2 mid = (large.cell_min(20, 20) + large.cell_max(20, 20)) * 0.5f;
  EXPECT_LT(at(mid)[0], 60) << "cell " << large.cell;
  // Near the corner of a small grid's cell (away from its number and border): the palette's fill.
  const Vec2 corner = small.cell_min(1, 1) + Vec2{small.cell * 0.2f, small.cell * 0.2f};
  EXPECT_NEAR(at(corner)[0], pal.cell_fill.r, 12);
  EXPECT_NEAR(at(corner)[1], pal.cell_fill.g, 12);
}

TEST(SatFigure, FilterWithTheRadiusPlotRenders) {
  WS_REQUIRE_GL();
  auto scene = sat_scene({{"image", "camera.png"}, {"radius", "6"}});
  auto* filter = dynamic_cast<app::SatFilterMode*>(&scene->active());
  ASSERT_NE(filter, nullptr);
  filter->measure_radius_plot(1);
  FigureOptions options;
  options.width = 1280;
  options.height = 720;
  // Timings differ from run to run: no golden, but the figure must render (and is left in
  // render_out for a look).
  const Image image = render_figure([&](Canvas& c) { scene->draw(c, Theme::Light); }, options);
  ASSERT_FALSE(image.empty());
  std::filesystem::create_directories(WS_RENDER_OUT_DIR);
  write_png(image, std::string(WS_RENDER_OUT_DIR) + "/sat_filter_plot.png");
}

}  // namespace
}  // namespace ws::gfx
