// The BFS scene on scene kit v2: one parse reads every key (an unknown key is refused before a
// graph is read), the graph is read once per edit that names another and shared by the copies of
// the settings and both modes, teach mode's vertex limit is one row of the limit table (a graph
// given without --mode past it moves the scene to graph mode; with --mode teach, or on a switch,
// teach mode takes it and says it is too large), a failed edit with a switch rolls everything back
// (the stash of the default graph too), and the graph mode's figure fills the space it is given.
#include "render/recording_canvas.h"
#include "scenes/bfs/teach/bfs_teach_mode.h"
#include "test_bfs_scene_support.h"

namespace ws::app {
namespace {

using namespace bfs_test;

BfsTeachMode& teach_mode(BfsScene& scene) {
  return *scene.find_mode<BfsTeachMode>("teach");
}

void apply(BfsScene& scene, const nlohmann::json& params) {
  scene.params_from_json(params);
  scene.reset();
}

TEST(BfsSceneKit, AnUnknownKeyIsRefusedBeforeAGraphIsRead) {
  auto scene = attached(nlohmann::json::object());
  const std::string message = error_of(*scene, {{"graph", "no_such_graph.mtx"}, {"colour", "red"}});
  EXPECT_NE(message.find("--colour"), std::string::npos) << message;
  EXPECT_EQ(message.find("no_such_graph"), std::string::npos) << message;
  EXPECT_EQ(scene->params_to_json()["graph"], "karate.mtx");
}

TEST(BfsSceneKit, TheGraphIsReadOncePerEditThatNamesAnotherAndShared) {
  auto scene = attached({{"graph", "gen:grid:6x6"}});
  const graph::Graph* loaded = scene->settings().loaded.get();
  ASSERT_NE(loaded, nullptr);
  EXPECT_EQ(shown_graph(*scene), loaded);  // the graph mode searches the settings' graph
  // A copy of the settings shares it; edits that name no other graph keep it.
  const BfsSettings copy = scene->settings();
  EXPECT_EQ(copy.loaded.get(), loaded);
  apply(*scene, {{"source", "3"}, {"variant", "pull"}});
  apply(*scene, {{"graph", "gen:grid:6x6"}, {"level", "1"}});
  EXPECT_EQ(scene->settings().loaded.get(), loaded);
  // A refused edit keeps it; teach mode traces the same graph.
  EXPECT_NE(error_of(*scene, {{"graph", "gen:nope:3"}}), "");
  EXPECT_EQ(scene->settings().loaded.get(), loaded);
  apply(*scene, {{"mode", "teach"}});
  EXPECT_EQ(teach_mode(*scene).state().graph.get(), loaded);
  // Another graph is read, and both modes show it.
  apply(*scene, {{"graph", "gen:tree:4"}});
  EXPECT_NE(scene->settings().loaded.get(), loaded);
  EXPECT_EQ(teach_mode(*scene).state().graph.get(), scene->settings().loaded.get());
}

TEST(BfsSceneKit, TeachModesVertexLimitMovesAGraphGivenWithoutTheMode) {
  auto scene = attached({{"mode", "teach"}});
  // 64 vertices: the limit itself stays in teach mode.
  apply(*scene, {{"graph", "gen:grid:8x8"}});
  EXPECT_EQ(scene->mode(), "teach");
  EXPECT_EQ(scene->notice(), "");
  ASSERT_NE(teach_mode(*scene).shown_run(), nullptr) << teach_mode(*scene).state().message;
  // 65 and more: graph mode, with the notice that says why.
  apply(*scene, {{"graph", "gen:path:65"}});
  EXPECT_EQ(scene->mode(), "graph");
  EXPECT_EQ(scene->notice(),
            "switched to graph mode: gen:path:65 has 65 vertices, teach mode takes up to 64");
  // Named with --mode teach, teach mode takes it and says it cannot trace it.
  apply(*scene, {{"mode", "teach"}, {"graph", "gen:path:65"}});
  EXPECT_EQ(scene->mode(), "teach");
  EXPECT_EQ(teach_mode(*scene).shown_run(), nullptr);
  EXPECT_NE(teach_mode(*scene).state().message.find("teach mode traces graphs of up to 64"),
            std::string::npos);
  // Another parameter in teach mode keeps it there (the limit is about a graph being given).
  apply(*scene, {{"variant", "push"}});
  EXPECT_EQ(scene->mode(), "teach");
  // A switch to teach mode with a large graph of the user's: teach mode says why, nothing fits.
  auto large = attached({{"graph", "bcspwr10.mtx"}});
  apply(*large, {{"mode", "teach"}});
  EXPECT_EQ(large->mode(), "teach");
  EXPECT_EQ(large->params_to_json()["graph"], "bcspwr10.mtx");
  EXPECT_EQ(teach_mode(*large).shown_run(), nullptr);
}

TEST(BfsSceneKit, AFailedEditWithASwitchRollsEverythingBack) {
  auto scene = attached(nlohmann::json::object());  // karate
  apply(*scene, {{"mode", "teach"}});               // the textbook's graph, karate stashed
  ASSERT_EQ(scene->params_to_json()["graph"], "gen:pmpp");
  const nlohmann::json before = scene->params_to_json();
  const graph::Graph* pmpp = scene->settings().loaded.get();
  // Back to graph mode with a source karate lacks: refused, still teach mode on pmpp.
  const std::string message = error_of(*scene, {{"mode", "graph"}, {"source", "40"}});
  EXPECT_NE(message.find("--source 40: karate.mtx has 34 vertices"), std::string::npos) << message;
  EXPECT_EQ(scene->mode(), "teach");
  EXPECT_EQ(scene->params_to_json(), before);
  EXPECT_EQ(scene->settings().loaded.get(), pmpp);
  // A move to graph mode that fails (a source past the large graph) changes nothing either.
  EXPECT_NE(error_of(*scene, {{"graph", "bcspwr10.mtx"}, {"source", "99999"}}), "");
  EXPECT_EQ(scene->mode(), "teach");
  EXPECT_EQ(scene->params_to_json(), before);
  // The stash survived both: karate comes back, with the source given with the switch.
  apply(*scene, {{"mode", "graph"}, {"source", "20"}});
  EXPECT_EQ(scene->params_to_json()["graph"], "karate.mtx");
  EXPECT_EQ(scene->params_to_json()["source"], 20);
  EXPECT_EQ(shown_graph(*scene)->vertices, 34);
}

// The extent of the graph mode's vertices in the figure, as a fraction of its width and height.
gfx::Vec2 graph_extent(BfsScene& scene, gfx::Vec2 size) {
  gfx::RecordingCanvas canvas(size);
  scene.draw(canvas, gfx::Theme::Light);
  const BfsGraphPane& pane = graph_mode(scene).state().pane;
  gfx::Vec2 lo{1e9f, 1e9f}, hi{-1e9f, -1e9f};
  for (int32_t v = 0; v < shown_graph(scene)->vertices; ++v) {
    const gfx::Vec2 p = pane.vertex_point(v);
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
  }
  return {(hi.x - lo.x) / size.x, (hi.y - lo.y) / size.y};
}

TEST(BfsSceneKit, TheGraphFillsTheSpaceItIsGiven) {
  for (const gfx::Vec2 size : {gfx::Vec2{1280, 720}, gfx::Vec2{1920, 1080}, gfx::Vec2{749, 472}}) {
    SCOPED_TRACE(std::to_string(size.x) + "x" + std::to_string(size.y));
    // Karate is taller than wide: beside the chart it takes most of the figure's height (above
    // the chart it had 40% of it).
    auto karate = attached(nlohmann::json::object());
    EXPECT_GT(graph_extent(*karate, size).y, 0.55f);
    // A wide grid goes above the chart, across the figure.
    auto grid = attached({{"graph", "gen:grid:32x8"}});
    EXPECT_GT(graph_extent(*grid, size).x, 0.85f);
  }
}

}  // namespace
}  // namespace ws::app
