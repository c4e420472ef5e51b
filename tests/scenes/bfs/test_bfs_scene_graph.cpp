// The BFS scene's graph mode as a user drives it: steps are levels, seeking shows that level's
// frontier, a click on a vertex searches from it, every variant's levels equal an independent queue
// BFS on karate (read by a plain reader) and on the textbook's graph, the per-level rows add up;
// and the command line: run --json and render --level, PNG and SVG.
#include <numeric>

#include "test_bfs_scene_support.h"

namespace ws::app {
namespace {

using namespace bfs_test;

// The textbook's 9-vertex graph (PMPP ch. 15) from the generator's CSR, as adjacency sets.
// With `both`, every edge in both directions.
std::vector<std::set<int>> pmpp_adjacency(bool both = false) {
  const graph::Graph g = graph::generate("pmpp");
  std::vector<std::set<int>> adj(size_t(g.vertices));
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
      adj[size_t(u)].insert(g.columns[size_t(e)]);
      if (both) adj[size_t(g.columns[size_t(e)])].insert(u);
    }
  return adj;
}

int count_at(const std::vector<int>& level, int depth) {
  return int(std::count(level.begin(), level.end(), depth));
}

TEST(BfsSceneGraph, EveryVariantsLevelsEqualAQueueBfsOnKarateFromSeveralSources) {
  const auto adj = mtx_adjacency(graphs_dir() + "/karate.mtx");
  ASSERT_EQ(adj.size(), 34u);
  for (const auto& v : bfs::variant_infos())
    for (int source : {0, 16, 33}) {
      SCOPED_TRACE(std::string(v.id) + " from " + std::to_string(source));
      auto scene = attached(
          {{"graph", "karate.mtx"}, {"variant", v.id}, {"source", std::to_string(source)}});
      const std::vector<int> expected = queue_bfs(adj, source);
      const nlohmann::json j = scene->results_json();
      EXPECT_EQ(j["result"]["level"].get<std::vector<int>>(), expected);
      EXPECT_EQ(j["verification"]["passed"], true);
      const int depth = *std::max_element(expected.begin(), expected.end());
      EXPECT_EQ(scene->step_count(), depth + 1);
      ASSERT_EQ(j["levels"].size(), size_t(depth + 1));
      int64_t discovered = 0;
      for (int k = 0; k <= depth; ++k) {
        EXPECT_EQ(j["levels"][size_t(k)]["depth"], k);
        EXPECT_EQ(j["levels"][size_t(k)]["frontier"], count_at(expected, k));
        discovered += j["levels"][size_t(k)]["discovered"].get<int64_t>();
      }
      EXPECT_EQ(discovered + 1, j["reached"].get<int64_t>());
      EXPECT_EQ(j["reached"], 34);
      EXPECT_EQ(j["traversed_edges"], 78);  // every undirected edge once
    }
}

TEST(BfsSceneGraph, TheTextbookGraphsLevelsFromZero) {
  auto scene = attached({{"graph", "gen:pmpp"}, {"source", "0"}});
  const std::vector<int> level = scene->results_json()["result"]["level"].get<std::vector<int>>();
  EXPECT_EQ(level, queue_bfs(pmpp_adjacency(), 0));
  // PMPP ch. 15: {1, 2}, {3, 4, 5, 6, 7}, {8}.
  EXPECT_EQ(level, (std::vector<int>{0, 1, 1, 2, 2, 2, 2, 2, 3}));
  EXPECT_EQ(scene->step_count(), 4);
}

TEST(BfsSceneGraph, SeekingShowsThatLevelsFrontierInTheFigure) {
  auto scene = attached({{"graph", "karate.mtx"}, {"source", "0"}});
  const auto expected = queue_bfs(mtx_adjacency(graphs_dir() + "/karate.mtx"), 0);
  EXPECT_EQ(scene->current_step(), scene->step_count() - 1);  // opens on the whole search
  for (int k = 0; k < scene->step_count(); ++k) {
    SCOPED_TRACE(k);
    scene->seek(k);
    EXPECT_EQ(scene->current_step(), k);
    EXPECT_EQ(scene->params_to_json()["level"], k);
    const std::string svg = svg_of(*scene);
    const std::string line = "level " + std::to_string(k) + " of " +
                             std::to_string(scene->step_count() - 1) + " (top-down): frontier " +
                             std::to_string(count_at(expected, k)) +
                             (count_at(expected, k) == 1 ? " vertex" : " vertices");
    EXPECT_NE(svg.find(line), std::string::npos) << line;
  }
  scene->seek(1000);
  EXPECT_EQ(scene->current_step(), scene->step_count() - 1);
  scene->seek(-5);
  EXPECT_EQ(scene->current_step(), 0);
}

TEST(BfsSceneGraph, ClickingAVertexMakesItTheSource) {
  auto scene = attached({{"graph", "gen:pmpp"}, {"source", "0"}});
  (void)svg_of(*scene);  // lays the figure out
  BfsGraphMode& mode = graph_mode(*scene);
  for (int32_t v : {5, 8, 3}) {
    SCOPED_TRACE(v);
    const gfx::Vec2 at = mode.state().pane.vertex_point(v);
    ASSERT_GE(at.x, 0);
    Scene::Pointer press;
    press.point = at;
    press.left_clicked = press.left_down = true;
    scene->pointer(press);
    Scene::Pointer release;
    release.point = at;
    scene->pointer(release);
    EXPECT_EQ(scene->params_to_json()["source"], v);
    const auto level = scene->results_json()["result"]["level"].get<std::vector<int>>();
    EXPECT_EQ(level, queue_bfs(pmpp_adjacency(), v));
    (void)svg_of(*scene);
  }
  // A drag pans and keeps the source.
  const gfx::Vec2 at = mode.state().pane.vertex_point(3);
  Scene::Pointer press;
  press.point = at;
  press.left_clicked = press.left_down = true;
  scene->pointer(press);
  Scene::Pointer drag;
  drag.point = {at.x + 40, at.y + 25};
  drag.left_down = true;
  scene->pointer(drag);
  scene->pointer(Scene::Pointer{drag.point});
  EXPECT_EQ(scene->params_to_json()["source"], 3);
  (void)svg_of(*scene);
  const gfx::Vec2 moved = mode.state().pane.vertex_point(3);
  EXPECT_NEAR(moved.x, at.x + 40, 1);
  EXPECT_NEAR(moved.y, at.y + 25, 1);
}

TEST(BfsSceneGraph, AShiftDragMovesAVertexAndSettlingKeepsItThere) {
  auto scene = attached({{"graph", "karate.mtx"}, {"source", "0"}});
  (void)svg_of(*scene);
  BfsGraphMode& mode = graph_mode(*scene);
  const gfx::Vec2 at = mode.state().pane.vertex_point(16);
  const gfx::Vec2 other = mode.state().pane.vertex_point(25);
  Scene::Pointer press;
  press.point = at;
  press.left_clicked = press.left_down = press.shift = true;
  scene->pointer(press);
  Scene::Pointer drag;
  drag.point = {at.x - 30, at.y + 20};
  drag.left_down = drag.shift = true;
  scene->pointer(drag);
  scene->pointer(Scene::Pointer{drag.point});
  (void)svg_of(*scene);
  const gfx::Vec2 moved = mode.state().pane.vertex_point(16);
  EXPECT_NEAR(moved.x, at.x - 30, 1);
  EXPECT_NEAR(moved.y, at.y + 20, 1);
  EXPECT_NEAR(mode.state().pane.vertex_point(25).x, other.x, 1e-3);  // the others stay: no pan
  EXPECT_EQ(scene->params_to_json()["source"], 0);                   // and no new source
  mode.state().pane.settle(10);
  (void)svg_of(*scene);
  EXPECT_NEAR(mode.state().pane.vertex_point(16).x, moved.x, 1);  // pinned
  EXPECT_NEAR(mode.state().pane.vertex_point(16).y, moved.y, 1);
}

TEST(BfsSceneGraph, HoverTellsALevelsCountsAndAVertexsLevel) {
  auto scene = attached({{"graph", "gen:pmpp"}, {"source", "0"}});
  (void)svg_of(*scene);
  const gfx::Vec2 at = graph_mode(*scene).state().pane.vertex_point(8);
  const std::string text = scene->describe_at(at);
  EXPECT_NE(text.find("vertex 8"), std::string::npos) << text;
  EXPECT_NE(text.find("level 3"), std::string::npos) << text;
}

TEST(BfsSceneCli, RunJsonGivesLevelsEqualToAQueueBfsOnKarateAndPmpp) {
  const std::string dir = out_dir();
  ASSERT_EQ(run_cli("run --scene bfs --graph karate.mtx --source 0 --variant global-queue --json " +
                    dir + "/karate.json")
                .code,
            0);
  nlohmann::json j = read_json(dir + "/karate.json");
  const auto expected = queue_bfs(mtx_adjacency(graphs_dir() + "/karate.mtx"), 0);
  EXPECT_EQ(j["result"]["level"].get<std::vector<int>>(), expected);
  EXPECT_EQ(j["graph"], "karate.mtx");
  EXPECT_EQ(j["vertices"], 34);
  EXPECT_EQ(j["edges"], 156);
  EXPECT_EQ(j["source"], 0);
  EXPECT_EQ(j["variant"]["id"], "global-queue");
  EXPECT_EQ(j["result"]["parent"].size(), 34u);
  EXPECT_EQ(j["verification"]["passed"], true);
  EXPECT_EQ(j["matches_reference"], true);
  for (const char* key : {"depth", "frontier", "frontier_edges", "unvisited_edges",
                          "edges_examined", "discovered", "threads", "direction", "ms"})
    EXPECT_TRUE(j["levels"][0].contains(key)) << key;
  ASSERT_EQ(
      run_cli("run --scene bfs --graph gen:pmpp --source 0 --variant pull --symmetrize --json " +
              dir + "/pmpp.json")
          .code,
      0);
  j = read_json(dir + "/pmpp.json");
  const auto both = queue_bfs(pmpp_adjacency(true), 0);
  EXPECT_EQ(j["result"]["level"].get<std::vector<int>>(), both);
  EXPECT_NE(both, queue_bfs(pmpp_adjacency(), 0));  // 7 -> 0 mirrored: 7 is one hop away
  EXPECT_EQ(j["edges"], 2 * 15);
  EXPECT_EQ(j["levels"][0]["direction"], "bottom-up");
}

TEST(BfsSceneCli, BadArgumentsFailNamingTheOption) {
  const std::string dir = out_dir();
  for (const auto& [args, says] : std::vector<std::pair<std::string, std::string>>{
           {"--graph karate.mtx --variant bogus", "--variant"},
           {"--graph karate.mtx --source 99", "--source 99"},
           {"--graph nothing_here.mtx", "nothing_here.mtx"},
           {"--graph gen:kron:99:16", "gen:kron:99:16"},
           {"--graph karate.mtx --alpha 0", "--alpha"}}) {
    SCOPED_TRACE(args);
    const CliResult r = run_cli("run --scene bfs " + args + " --json " + dir + "/bad.json");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
  }
}

TEST(BfsSceneCli, RenderDrawsTheLevelAskedForAsPngAndSvg) {
  const std::string dir = out_dir();
  std::filesystem::remove(dir + "/k2.png");
  ASSERT_EQ(
      run_cli("render --scene bfs --graph karate.mtx --level 2 --out " + dir + "/k2.png").code, 0);
  EXPECT_GT(std::filesystem::file_size(dir + "/k2.png"), 1000u);
  ASSERT_EQ(
      run_cli("render --scene bfs --graph karate.mtx --level 2 --out " + dir + "/k2.svg").code, 0);
  std::ifstream in(dir + "/k2.svg");
  const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(svg.find("level 2 of 3"), std::string::npos);  // karate from 0: depth 3
  EXPECT_NE(svg.find("<circle"), std::string::npos);       // the vertices, as vectors
  ASSERT_EQ(
      run_cli("render --scene bfs --graph gen:pmpp --view chart --out " + dir + "/chart.svg").code,
      0);
  std::ifstream chart_in(dir + "/chart.svg");
  const std::string chart((std::istreambuf_iterator<char>(chart_in)),
                          std::istreambuf_iterator<char>());
  EXPECT_NE(chart.find("level-chart"), std::string::npos);
  EXPECT_EQ(chart.find("<circle"), std::string::npos);  // no graph in the chart-only figure
  // --step still works, and a level past the last one is the last.
  EXPECT_EQ(run_cli("render --scene bfs --graph gen:pmpp --step 2 --out " + dir + "/s2.svg").code,
            0);
  std::ifstream s2_in(dir + "/s2.svg");
  const std::string s2((std::istreambuf_iterator<char>(s2_in)), std::istreambuf_iterator<char>());
  EXPECT_NE(s2.find("level 1 of 3"), std::string::npos);
}

}  // namespace
}  // namespace ws::app
