// The BFS scene's parameters: a round trip through JSON, and every bad value refused with a message
// naming the option while the previous graph, source and run stay (a missing file, a malformed
// one with its line number, a generator spec the generators do not know, a source past the graph).
#include "test_bfs_scene_support.h"

namespace ws::app {
namespace {

using namespace bfs_test;

TEST(BfsSceneParams, RoundTripThroughJsonGivesTheSameSceneAndRun) {
  auto scene = attached({{"graph", "gen:pmpp"},
                         {"source", "2"},
                         {"variant", "direction-opt"},
                         {"alpha", "7.5"},
                         {"beta", "20"},
                         {"block", "128"},
                         {"level", "1"},
                         {"view", "chart"},
                         {"symmetrize", "true"}});
  const nlohmann::json params = scene->params_to_json();
  EXPECT_EQ(params["mode"], "graph");
  EXPECT_EQ(params["graph"], "gen:pmpp");
  EXPECT_EQ(params["source"], 2);
  EXPECT_EQ(params["variant"], "direction-opt");
  EXPECT_EQ(params["alpha"], 7.5);
  EXPECT_EQ(params["block"], 128);
  EXPECT_EQ(params["level"], 1);
  auto again = attached(params);
  EXPECT_EQ(again->params_to_json(), params);
  EXPECT_EQ(again->results_json()["result"], scene->results_json()["result"]);
  EXPECT_EQ(again->current_step(), 1);
}

TEST(BfsSceneParams, TheSceneOpensOnKarateInGraphMode) {
  auto scene = attached(nlohmann::json::object());
  EXPECT_EQ(scene->mode(), "graph");
  EXPECT_EQ(scene->params_to_json()["graph"], "karate.mtx");
  ASSERT_NE(shown_graph(*scene), nullptr);
  EXPECT_EQ(shown_graph(*scene)->vertices, 34);
}

TEST(BfsSceneParams, BadValuesAreRefusedNamingTheOptionAndNothingChanges) {
  auto scene = attached({{"graph", "karate.mtx"}, {"source", "5"}});
  const nlohmann::json before = scene->params_to_json();
  const nlohmann::json run = scene->results_json()["result"];
  const struct {
    nlohmann::json edit;
    std::string says;
  } cases[] = {
      {{{"variant", "bogus"}}, "--variant"},
      {{{"variant", "8"}}, "--variant"},
      {{{"source", "34"}}, "--source 34"},
      {{{"source", "-1"}}, "--source"},
      {{{"alpha", "0"}}, "--alpha"},
      {{{"beta", "-3"}}, "--beta"},
      {{{"block", "100"}}, "--block"},
      {{{"format", "csv"}}, "--format"},
      {{{"view", "sideways"}}, "--view"},
      {{{"graph", "no_such_graph.mtx"}}, "no_such_graph.mtx"},
      {{{"graph", "gen:nope:3"}}, "gen:nope:3"},
      {{{"graph", "gen:grid:0x5"}}, "gen:grid:0x5"},
      {{{"graph", ""}}, "--graph"},
      {{{"colour", "red"}}, "--colour"},
      {{{"mode", "sideways"}}, "mode"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.edit.dump());
    const std::string message = error_of(*scene, c.edit);
    EXPECT_NE(message.find(c.says), std::string::npos) << message;
    EXPECT_EQ(scene->params_to_json(), before);
    EXPECT_EQ(scene->results_json()["result"], run);
    EXPECT_EQ(shown_graph(*scene)->vertices, 34);
  }
  // The source check knows the graph: 33 is karate's last vertex; the message names the range.
  EXPECT_EQ(error_of(*scene, {{"source", "33"}}), "");
  EXPECT_NE(error_of(*scene, {{"source", "40"}}).find("0..33"), std::string::npos);
}

TEST(BfsSceneParams, AMalformedFileIsRefusedWithItsLineAndThePreviousGraphStays) {
  const std::string dir = out_dir();
  const struct {
    const char* name;
    const char* text;
    const char* line;  // the line number the message must name
  } files[] = {
      {"truncated.el", "0 1\n1 2\n2\n", "3"},
      {"letters.el", "0 1\n1 x\n", "2"},
      {"negative.el", "0 1\n-4 2\n", "2"},
      {"huge.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1000000000000\n1 2\n",
       "2"},
  };
  auto scene = attached({{"graph", "gen:pmpp"}, {"source", "0"}});
  const nlohmann::json before = scene->params_to_json();
  const nlohmann::json run = scene->results_json()["result"];
  for (const auto& f : files) {
    SCOPED_TRACE(f.name);
    const std::string path = dir + "/" + f.name;
    std::ofstream(path) << f.text;
    const std::string message = error_of(*scene, {{"graph", path}});
    EXPECT_NE(message.find(f.name), std::string::npos) << message;
    EXPECT_NE(message.find(f.line), std::string::npos) << message;
    EXPECT_EQ(scene->params_to_json(), before);
    EXPECT_EQ(scene->results_json()["result"], run);
    EXPECT_EQ(shown_graph(*scene)->vertices, 9);
  }
  // The same file fixed loads, and a good graph replaces the pmpp graph.
  const std::string good = dir + "/good.el";
  std::ofstream(good) << "0 1\n1 2\n2 3\n";
  EXPECT_EQ(error_of(*scene, {{"graph", good}}), "");
  EXPECT_EQ(shown_graph(*scene)->vertices, 4);
  EXPECT_EQ(scene->step_count(), 4);
}

TEST(BfsSceneParams, ANewGraphStartsAtItsFirstVertexAndShowsItsLastLevel) {
  auto scene = attached({{"graph", "karate.mtx"}, {"source", "30"}, {"level", "1"}});
  EXPECT_EQ(scene->current_step(), 1);
  ASSERT_EQ(error_of(*scene, {{"graph", "gen:path:5"}}), "");
  EXPECT_EQ(scene->params_to_json()["source"], 0);
  EXPECT_EQ(scene->step_count(), 5);
  EXPECT_EQ(scene->current_step(), 4);
}

TEST(BfsSceneParams, AGraphWhoseVertexZeroIsIsolatedOpensOnAVertexWithEdges) {
  auto scene = attached({{"graph", "gen:kron:10:16"}});  // vertex 0 isolated (seed 1)
  const graph::Graph* g = shown_graph(*scene);
  ASSERT_NE(g, nullptr);
  const int source = scene->params_to_json()["source"].get<int>();
  EXPECT_GT(g->degree(source), 0);
  if (g->degree(0) > 0) {
    EXPECT_EQ(source, 0);
  } else {
    for (int32_t v = 0; v < g->vertices; ++v) EXPECT_LE(g->degree(v), g->degree(source));
  }
  // A source named is kept, even an isolated one.
  EXPECT_EQ(error_of(*scene, {{"graph", "gen:star:9"}, {"source", "3"}}), "");
  EXPECT_EQ(scene->params_to_json()["source"], 3);
}

TEST(BfsSceneParams, TheMinnesotaRoadsLoadWithTheirCoordinatesAndBothDirections) {
  auto scene = attached({{"graph", "minnesota_edges.txt"}});
  const graph::Graph* g = shown_graph(*scene);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->vertices, 2642);
  EXPECT_EQ(g->edges(), 2 * 3303);
  EXPECT_TRUE(g->has_coordinates());
  // Both directions: the component of the first vertex is most of the state (2640 of 2642).
  const auto j = scene->results_json();
  EXPECT_TRUE(j["reached"] == 2640 || j["reached"] == 2) << j["reached"];
  EXPECT_EQ(j["verification"]["passed"], true);
}

}  // namespace
}  // namespace ws::app
