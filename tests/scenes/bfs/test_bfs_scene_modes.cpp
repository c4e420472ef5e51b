// Switching between the BFS scene's modes as a student does: teach mode opens on the textbook's
// 9-vertex graph when the scene still shows its default (karate.mtx), and graph mode gets karate
// (with its source and level) back unless another graph was chosen meanwhile; a graph given with
// the switch stays. Both modes load a graph alike (a symmetrized generator is the same graph in
// each). A graph too large for teach mode given in teach mode moves to graph mode with a notice
// that says why, until the next change.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "scenes/bfs/teach/bfs_teach_mode.h"
#include "test_bfs_scene_support.h"

namespace ws::app {
namespace {

using bfs_test::attached;
using bfs_test::shown_graph;

BfsTeachMode& teach_mode(BfsScene& scene) {
  return *scene.find_mode<BfsTeachMode>("teach");
}

void apply(BfsScene& scene, const nlohmann::json& params) {
  scene.params_from_json(params);
  scene.reset();
}

// The textbook's levels from vertex 0 (PMPP ch. 15): {0}, {1, 2}, {3, 4, 5, 6, 7}, {8}.
const std::vector<int32_t> kTextbook = {0, 1, 1, 2, 2, 2, 2, 2, 3};

TEST(BfsSceneModes, TeachModeOpensOnTheTextbooksGraphAndGraphModeGetsKarateBack) {
  auto scene = attached({{"source", "5"}, {"level", "1"}});  // karate, the default graph
  apply(*scene, {{"mode", "teach"}});
  EXPECT_EQ(scene->params_to_json()["graph"], "gen:pmpp");
  EXPECT_EQ(scene->params_to_json()["source"], 0);
  ASSERT_NE(teach_mode(*scene).shown_run(), nullptr) << teach_mode(*scene).state().message;
  EXPECT_EQ(teach_mode(*scene).state().graph.get()->vertices, 9);
  EXPECT_EQ(teach_mode(*scene).shown_run()->result.level, kTextbook);
  // A new source in teach mode keeps the textbook's graph; graph mode gets karate back, from the
  // source and at the level it showed.
  apply(*scene, {{"source", "2"}});
  apply(*scene, {{"mode", "graph"}});
  const nlohmann::json back = scene->params_to_json();
  EXPECT_EQ(back["graph"], "karate.mtx");
  EXPECT_EQ(back["source"], 5);
  EXPECT_EQ(back["level"], 1);
  ASSERT_NE(shown_graph(*scene), nullptr);
  EXPECT_EQ(shown_graph(*scene)->vertices, 34);
  // And again: the swap is not a one-off.
  apply(*scene, {{"mode", "teach"}});
  EXPECT_EQ(scene->params_to_json()["graph"], "gen:pmpp");
  apply(*scene, {{"mode", "graph"}});
  EXPECT_EQ(scene->params_to_json()["graph"], "karate.mtx");
}

TEST(BfsSceneModes, AGraphGivenWithTheSwitchOrChosenMeanwhileStays) {
  {  // --mode teach --graph karate.mtx: karate in teach mode, and still karate after.
    auto scene = attached({{"mode", "teach"}, {"graph", "karate.mtx"}, {"source", "33"}});
    EXPECT_EQ(scene->mode(), "teach");
    ASSERT_NE(teach_mode(*scene).shown_run(), nullptr) << teach_mode(*scene).state().message;
    EXPECT_EQ(teach_mode(*scene).state().graph.get()->vertices, 34);
    EXPECT_EQ(teach_mode(*scene).shown_run()->params.source, 33);
    apply(*scene, {{"mode", "graph"}});
    EXPECT_EQ(scene->params_to_json()["graph"], "karate.mtx");
    EXPECT_EQ(scene->params_to_json()["source"], 33);
  }
  {  // Another graph chosen in teach mode goes to graph mode with it.
    auto scene = attached(nlohmann::json::object());
    apply(*scene, {{"mode", "teach"}});
    apply(*scene, {{"graph", "gen:tree:4"}, {"source", "3"}});
    apply(*scene, {{"mode", "graph"}});
    EXPECT_EQ(scene->params_to_json()["graph"], "gen:tree:4");
    EXPECT_EQ(scene->params_to_json()["source"], 3);
    EXPECT_EQ(shown_graph(*scene)->vertices, 31);
  }
  {  // The user's own graph in graph mode is what teach mode opens on.
    auto scene = attached({{"graph", "gen:grid:6x6"}, {"source", "7"}});
    apply(*scene, {{"mode", "teach"}});
    EXPECT_EQ(scene->params_to_json()["graph"], "gen:grid:6x6");
    ASSERT_NE(teach_mode(*scene).shown_run(), nullptr);
    EXPECT_EQ(teach_mode(*scene).state().graph.get()->vertices, 36);
    EXPECT_EQ(teach_mode(*scene).shown_run()->params.source, 7);
  }
  {  // A switch that fails (a source the textbook's graph lacks) leaves everything as it was.
    auto scene = attached(nlohmann::json::object());
    const nlohmann::json before = scene->params_to_json();
    EXPECT_THROW(scene->params_from_json({{"mode", "teach"}, {"source", "20"}}), Error);
    EXPECT_EQ(scene->mode(), "graph");
    EXPECT_EQ(scene->params_to_json(), before);
  }
}

TEST(BfsSceneModes, TheCommandLineTeachModeWithoutAGraphShowsTheTextbooksGraph) {
  const std::string path = bfs_test::out_dir() + "/teach_default.json";
  const auto r = bfs_test::run_cli("run --scene bfs --mode teach --json " + path);
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json doc = bfs_test::read_json(path);
  EXPECT_EQ(doc["params"]["graph"], "gen:pmpp");
  EXPECT_EQ(doc["result"]["level"], nlohmann::json(kTextbook));
}

// An independent symmetric closure: the set of u -> v and v -> u over the generator's edges.
std::vector<std::set<int32_t>> symmetric_closure(const graph::Graph& g) {
  std::vector<std::set<int32_t>> adj(size_t(g.vertices));
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
      const int32_t v = g.columns[size_t(e)];
      if (u == v) continue;
      adj[size_t(u)].insert(v);
      adj[size_t(v)].insert(u);
    }
  return adj;
}

std::vector<std::set<int32_t>> adjacency(const graph::Graph& g) {
  std::vector<std::set<int32_t>> adj(size_t(g.vertices));
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e)
      adj[size_t(u)].insert(g.columns[size_t(e)]);
  return adj;
}

TEST(BfsSceneModes, BothModesLoadASymmetrizedGeneratorAsTheSameGraph) {
  for (const auto& [spec, seed] : std::vector<std::pair<std::string, int>>{
           {"pmpp", 1}, {"er:40:3", 1}, {"er:40:3", 7}, {"path:12", 3}}) {
    SCOPED_TRACE(spec + " seed " + std::to_string(seed));
    auto scene = attached({{"mode", "teach"},
                           {"graph", "gen:" + spec},
                           {"seed", std::to_string(seed)},
                           {"symmetrize", true}});
    const graph::Graph* taught = teach_mode(*scene).state().graph.get();
    ASSERT_NE(taught, nullptr) << teach_mode(*scene).state().message;
    const graph::Graph t = *taught;
    apply(*scene, {{"mode", "graph"}});
    EXPECT_EQ(scene->params_to_json()["graph"], "gen:" + spec);
    const graph::Graph* shown = shown_graph(*scene);
    ASSERT_NE(shown, nullptr);
    EXPECT_EQ(shown->vertices, t.vertices);
    EXPECT_EQ(shown->row_offsets, t.row_offsets);
    EXPECT_EQ(shown->columns, t.columns);
    EXPECT_TRUE(t.symmetric);
    EXPECT_TRUE(shown->symmetric);
    // Both are the symmetric closure of the generator's edges.
    const graph::Graph generated = graph::generate(spec, uint64_t(seed));
    EXPECT_EQ(adjacency(t), symmetric_closure(generated));
  }
  // The textbook's graph is directed: symmetrized it is another graph (vertex 8 reaches 6).
  const graph::Graph pmpp = graph::generate("pmpp", 1);
  EXPECT_NE(adjacency(pmpp), symmetric_closure(pmpp));
}

TEST(BfsSceneModes, ALargeGraphGivenInTeachModeSwitchesWithANotice) {
  auto scene = attached({{"mode", "teach"}});
  EXPECT_EQ(scene->notice(), "");
  apply(*scene, {{"graph", "bcspwr10.mtx"}});
  EXPECT_EQ(scene->mode(), "graph");
  const std::string notice = scene->notice();
  EXPECT_NE(notice.find("switched to graph mode"), std::string::npos) << notice;
  EXPECT_NE(notice.find("bcspwr10.mtx"), std::string::npos) << notice;
  EXPECT_NE(notice.find(std::to_string(shown_graph(*scene)->vertices) + " vertices"),
            std::string::npos)
      << notice;
  EXPECT_NE(notice.find(std::to_string(bfs::kTeachMaxVertices)), std::string::npos) << notice;
  EXPECT_EQ(notice.find('\n'), std::string::npos);  // one line
  // It stays until the next change, whichever way it comes (the graph mode's own panel too).
  scene->reset();
  EXPECT_EQ(scene->notice(), notice);
  apply(*scene, {{"source", "3"}});
  EXPECT_EQ(scene->notice(), "");
  scene->params_from_json(nlohmann::json::object());  // nothing changed here
  EXPECT_EQ(scene->notice(), "");
  // A switch that was asked for, or a small graph in teach mode, gives no notice.
  apply(*scene, {{"mode", "teach"}, {"graph", "gen:pmpp"}});
  EXPECT_EQ(scene->notice(), "");
  apply(*scene, {{"graph", "gen:tree:4"}});
  EXPECT_EQ(scene->mode(), "teach");
  EXPECT_EQ(scene->notice(), "");
  apply(*scene, {{"graph", "gen:grid:10x10"}});
  EXPECT_EQ(scene->mode(), "graph");
  EXPECT_NE(scene->notice().find("100 vertices"), std::string::npos) << scene->notice();
  // A change made in the graph mode's own panel (an edit of the scene) ends it too.
  auto again = attached({{"mode", "teach"}});
  apply(*again, {{"graph", "gen:grid:10x10"}});
  ASSERT_NE(again->notice(), "");
  again->params_from_json({{"source", "5"}});
  EXPECT_EQ(again->notice(), "");
}

}  // namespace
}  // namespace ws::app
