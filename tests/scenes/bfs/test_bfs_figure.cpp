// The BFS scene's figures as `warpscope render --scene bfs` draws them (golden PNGs on Mesa): a
// level of the karate graph (the frontier, the vertices it discovers, the examined and tree edges)
// and the per-level chart of the direction-optimizing variant on a Kronecker graph (frontier size
// and edges examined on a log axis, the direction band, the switch points).
#include <gtest/gtest.h>

#include "gl_environment.h"
#include "golden.h"
#include "scenes/bfs/bfs_scene.h"

namespace ws::gfx {
namespace {

std::unique_ptr<app::BfsScene> bfs_scene(const nlohmann::json& params) {
  auto scene = std::make_unique<app::BfsScene>();
  scene->params_from_json(params);
  static app::SceneContext context;  // CPU backend: the same picture on every machine
  scene->attach(context);
  return scene;
}

TEST(BfsFigure, KarateLevelTwoMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene =
      bfs_scene({{"graph", "karate.mtx"}, {"source", "0"}, {"level", "2"}, {"view", "graph"}});
  ASSERT_EQ(scene->current_step(), 2);
  FigureOptions options;
  options.width = 1280;
  options.height = 720;
  test::expect_matches_golden(
      "bfs_karate_level2", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24, 0.002);
}

TEST(BfsFigure, PerLevelChartOfDirectionOptimizingMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = bfs_scene({{"graph", "gen:kron:10:16"},
                          {"variant", "direction-opt"},
                          {"level", "2"},
                          {"view", "chart"}});
  FigureOptions options;
  options.width = 1280;
  options.height = 720;
  test::expect_matches_golden(
      "bfs_level_chart_kron", [&](Canvas& c) { scene->draw(c, Theme::Light); }, options, 24, 0.002);
}

}  // namespace
}  // namespace ws::gfx
