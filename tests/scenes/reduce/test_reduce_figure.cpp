// The reduction diagram at a fixed step, as `warpscope render` draws it: golden PNG (Mesa,
// tolerance for anti-aliasing) and the SVG's structure (groups, one cell per value, labels).
#include <gtest/gtest.h>

#include <regex>

#include "gl_environment.h"
#include "golden.h"
#include "i18n/i18n.h"
#include "scenes/reduce/reduce_scene.h"

namespace ws::gfx {
namespace {

std::unique_ptr<app::ReduceScene> scene_at_step(int step) {
  auto scene = std::make_unique<app::ReduceScene>();
  scene->params_from_json(
      {{"variant", "sequential"}, {"values", "3 1 7 0 4 1 6 3 5 2 8 1 9 4 2 6"}});
  static app::SceneContext context;  // CPU backend: the same picture on every machine
  scene->attach(context);
  scene->seek(step);
  return scene;
}

TEST(ReduceFigure, SequentialStrideFourMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = scene_at_step(2);  // load, stride 8, stride 4
  FigureOptions options;
  options.width = 960;
  options.height = 540;
  test::expect_matches_golden(
      "reduce_sequential_step3", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24,
      0.002);
}

// The same figure in Chinese: CJK glyphs from the merged font (WenQuanYi Micro Hei), the labels,
// legend and counters translated, and the layout still fitting.
TEST(ReduceFigure, ChineseSequentialStrideFourMatchesTheGolden) {
  WS_REQUIRE_GL();
  struct EnglishAfter {
    ~EnglishAfter() { i18n::set_language(i18n::Language::English); }
  } english;
  auto scene = scene_at_step(2);
  i18n::set_language(i18n::Language::Chinese);
  FigureOptions options;
  options.width = 960;
  options.height = 540;
  test::expect_matches_golden(
      "reduce_sequential_step3_zh", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24,
      0.002);
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(ReduceFigure, SvgHasTheGroupsCellsAndValues) {
  auto scene = scene_at_step(4);  // stride 1: the total 62 appears in cell 0
  FigureOptions options;
  const std::string svg =
      render_figure_svg([&](Canvas& c) { scene->draw(c, Theme::Light); }, options);
  EXPECT_EQ(svg.rfind("<svg", 0) == 0 || svg.find("<svg") < 100, true);
  EXPECT_NE(svg.find("id=\"reduction\""), std::string::npos);
  EXPECT_NE(svg.find("id=\"legend\""), std::string::npos);
  EXPECT_NE(svg.find(">62<"), std::string::npos);
  EXPECT_NE(svg.find(">stride 1<"), std::string::npos);
  // 6 rows of 16 cells drawn so far (input, load, 4 levels): at least 96 cell rectangles.
  EXPECT_GE(count(svg, "<rect"), 96u);
  EXPECT_EQ(count(svg, "<svg"), 1u);
  EXPECT_EQ(count(svg, "</svg>"), 1u);
}

}  // namespace
}  // namespace ws::gfx
