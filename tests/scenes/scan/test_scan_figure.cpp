// The scan figures at fixed steps, as `warpscope render --scene scan` draws them: the
// Kogge-Stone network and the Brent-Kung tree as golden PNGs (Mesa, tolerance for anti-aliasing),
// and the network's SVG structure (one cell per value, the ranges, the verdict).
#include <gtest/gtest.h>

#include "gl_environment.h"
#include "golden.h"
#include "scenes/scan/scan_scene.h"

namespace ws::gfx {
namespace {

std::unique_ptr<app::ScanScene> scene_at_step(const std::string& variant, int step) {
  auto scene = std::make_unique<app::ScanScene>();
  scene->params_from_json({{"variant", variant}, {"values", "3 1 7 0 4 1 6 3 5 2 8 1 9 4 2 6"}});
  static app::SceneContext context;  // CPU backend: the same picture on every machine
  scene->attach(context);
  scene->seek(step);
  return scene;
}

TEST(ScanFigure, KoggeStoneNetworkAtStrideTwoMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = scene_at_step("kogge-stone", 2);  // load, stride 1, stride 2
  ASSERT_NE(scene->scan_variants().taught(), nullptr) << scene->scan_variants().run_error();
  FigureOptions options;
  options.width = 960;
  options.height = 600;
  test::expect_matches_golden(
      "scan_kogge_stone_step3", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24,
      0.002);
}

TEST(ScanFigure, BrentKungTreeInTheDownSweepMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = scene_at_step("brent-kung", 6);  // load, 4 up-sweep levels, down-sweep stride 4, 2
  ASSERT_NE(scene->scan_variants().taught(), nullptr) << scene->scan_variants().run_error();
  FigureOptions options;
  options.width = 960;
  options.height = 600;
  test::expect_matches_golden(
      "scan_brent_kung_step7", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24,
      0.002);
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(ScanFigure, NetworkSvgHasCellsRangesAndTheVerdict) {
  auto scene = scene_at_step("kogge-stone", 5);  // the store: the scan is complete
  FigureOptions options;
  const std::string svg =
      render_figure_svg([&](Canvas& c) { scene->draw(c, Theme::Light); }, options);
  EXPECT_NE(svg.find("id=\"scan\""), std::string::npos);
  EXPECT_NE(svg.find("id=\"legend\""), std::string::npos);
  EXPECT_NE(svg.find(">62<"), std::string::npos);     // the total, in the last position
  EXPECT_NE(svg.find(">0..15<"), std::string::npos);  // the range it holds
  EXPECT_NE(svg.find(">stride 8<"), std::string::npos);
  EXPECT_NE(svg.find("matches the serial loop"), std::string::npos);
  EXPECT_GE(count(svg, "<rect"), 7u * 16u);  // input + 6 steps of 16 cells
}

}  // namespace
}  // namespace ws::gfx
