// The graph mode's layout in the window: on a worker thread, so a large graph is drawn at once at
// its starting positions with a notice, and its ForceAtlas2 layout (the same positions as
// graph_layout::layout, and as a Simulation run to the end) replaces them when it is done. A new
// graph while a layout runs never shows the old graph's layout; detach and destruction during a
// layout are clean; a layout that fails on the worker reaches the scene's error line. Without
// the window's frame loop (render, run) the layout stays synchronous.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "graph_layout/graph_layout.h"
#include "test_bfs_scene_support.h"

namespace ws::app {
namespace {

using bfs_test::attached;
using bfs_test::graph_mode;
using bfs_test::shown_graph;
using LayoutMode = BfsGraphPane::LayoutMode;

// A canvas that draws nothing: a frame of the scene without the cost of an SVG.
class NullCanvas : public gfx::Canvas {
 public:
  gfx::Vec2 size() const override { return {1280, 800}; }
  void rect_filled(gfx::Vec2, gfx::Vec2, gfx::Color, float) override {}
  void rect(gfx::Vec2, gfx::Vec2, gfx::Color, float, float) override {}
  void line(gfx::Vec2, gfx::Vec2, gfx::Color, float) override {}
  void triangle_filled(gfx::Vec2, gfx::Vec2, gfx::Vec2, gfx::Color) override {}
  void circle_filled(gfx::Vec2, float, gfx::Color) override {}
  void text(gfx::Vec2, const std::string& utf8, float, gfx::Color, gfx::HAlign,
            gfx::VAlign) override {
    texts.push_back(utf8);
  }
  gfx::Vec2 text_size(const std::string& utf8, float size) const override {
    return {float(utf8.size()) * size * 0.5f, size};
  }
  std::vector<std::string> texts;
};

// One frame: the texts the figure drew (of a scene, or of a mode on its own).
template <class SceneOrMode>
std::vector<std::string> frame(const SceneOrMode& scene) {
  NullCanvas c;
  scene.draw(c, gfx::Theme::Light);
  return c.texts;
}

bool drew(const std::vector<std::string>& texts, const std::string& part) {
  for (const std::string& t : texts)
    if (t.find(part) != std::string::npos) return true;
  return false;
}

// The layout computed without the cache: a Simulation stepped to the end, as layout() does.
graph_layout::Positions simulated(const graph::Graph& g, const graph_layout::Params& params) {
  auto sim = graph_layout::Simulation::create(Backend::Cpu, g, params);
  sim->step(params.iterations);
  return sim->positions();
}

graph_layout::Params layout_params(int iterations, uint64_t seed) {
  graph_layout::Params p;
  p.iterations = iterations;
  p.seed = seed;
  return p;
}

// The tests' layouts are computed, never read from the disk cache (a cached one would come back
// before the tests could see it running); seeds of their own keep the memory cache out too.
class BfsSceneLayoutAsync : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* was = std::getenv("WS_LAYOUT_CACHE");
    had_ = was != nullptr;
    if (had_) saved_ = was;
    setenv("WS_LAYOUT_CACHE", "off", 1);
  }
  void TearDown() override {
    if (had_)
      setenv("WS_LAYOUT_CACHE", saved_.c_str(), 1);
    else
      unsetenv("WS_LAYOUT_CACHE");
  }
  bool had_ = false;
  std::string saved_;
};

TEST_F(BfsSceneLayoutAsync, ANewGraphIsDrawnAtOnceAtItsStartingPositionsThenLaidOut) {
  auto scene =
      attached({{"graph", "gen:kron:11:8"}, {"layout_iterations", "40"}, {"layout_seed", "1101"}});
  BfsGraphPane& g = graph_mode(*scene).state().pane;
  g.set_layout_mode(LayoutMode::Background);
  const graph::Graph& graph = *shown_graph(*scene);
  const graph_layout::Params params = layout_params(40, 1101);
  const graph_layout::Positions start = graph_layout::initial_positions(graph, params.seed);

  const auto texts = frame(*scene);
  EXPECT_TRUE(g.layout_pending());
  EXPECT_EQ(g.positions_x(), start.x);
  EXPECT_EQ(g.positions_y(), start.y);
  const std::string notice = "laying out " + std::to_string(graph.vertices / 1000) + "," +
                             std::to_string(graph.vertices % 1000 + 1000).substr(1) +
                             " vertices (ForceAtlas2)\xE2\x80\xA6";
  ASSERT_GE(graph.vertices, 1000);
  EXPECT_TRUE(drew(texts, notice)) << "expected the notice '" << notice << "'";
  EXPECT_EQ(g.layout_notice(), notice);
  // The rest of the figure is there meanwhile: the title and the verdict.
  EXPECT_TRUE(drew(texts, "BFS from vertex"));
  EXPECT_TRUE(drew(texts, "verified"));

  g.wait_for_layout();
  EXPECT_FALSE(g.layout_pending());
  EXPECT_EQ(g.layout_notice(), "");
  const graph_layout::Positions reference = simulated(graph, params);
  EXPECT_EQ(g.positions_x(), reference.x);
  EXPECT_EQ(g.positions_y(), reference.y);
  const graph_layout::Positions cached = graph_layout::layout(graph, params, Backend::Cpu);
  EXPECT_EQ(g.positions_x(), cached.x);
  EXPECT_NE(g.positions_x(), start.x);
  EXPECT_FALSE(drew(frame(*scene), "laying out"));
  // A vertex is clickable where the layout put it.
  EXPECT_GE(g.vertex_point(0).x, 0);
}

TEST_F(BfsSceneLayoutAsync, ANewGraphDuringALayoutNeverShowsTheOldLayout) {
  // Two graphs of the same size: the old layout would fit the new graph's arrays.
  auto scene = attached({{"graph", "gen:kron:11:8"},
                         {"seed", "1"},
                         {"layout_iterations", "120"},
                         {"layout_seed", "2202"}});
  BfsGraphPane& g = graph_mode(*scene).state().pane;
  g.set_layout_mode(LayoutMode::Background);
  const std::shared_ptr<const graph::Graph> old_graph =
      std::make_shared<graph::Graph>(*shown_graph(*scene));
  frame(*scene);  // the old graph's layout starts
  ASSERT_TRUE(g.layout_pending());
  scene->params_from_json({{"seed", "2"}});
  scene->reset();
  const graph::Graph& graph = *shown_graph(*scene);
  ASSERT_EQ(graph.vertices, old_graph->vertices);
  ASSERT_NE(graph.columns, old_graph->columns);
  const graph_layout::Params params = layout_params(120, 2202);
  const graph_layout::Positions start = graph_layout::initial_positions(graph, params.seed);
  // Frames until the new graph is laid out: the new graph's starting positions all along.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  int frames = 0;
  for (;;) {
    const auto texts = frame(*scene);
    ++frames;
    if (!g.layout_pending() || std::chrono::steady_clock::now() > until) break;
    ASSERT_EQ(g.positions_x(), start.x) << "frame " << frames;
    ASSERT_EQ(g.positions_y(), start.y) << "frame " << frames;
    ASSERT_TRUE(drew(texts, "laying out")) << "frame " << frames;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_FALSE(g.layout_pending());
  EXPECT_GT(frames, 1);  // the old layout was still running when the graph changed
  const graph_layout::Positions reference = simulated(graph, params);
  EXPECT_EQ(g.positions_x(), reference.x);
  EXPECT_EQ(g.positions_y(), reference.y);
  const graph_layout::Positions old_layout = graph_layout::layout(*old_graph, params, Backend::Cpu);
  EXPECT_NE(g.positions_x(), old_layout.x);
  EXPECT_TRUE(scene->results_json()["verification"]["passed"].get<bool>());
}

TEST_F(BfsSceneLayoutAsync, DetachOrDestructionDuringALayoutIsClean) {
  const nlohmann::json params = {
      {"graph", "gen:kron:11:8"}, {"layout_iterations", "60"}, {"layout_seed", "3303"}};
  {
    // Destroyed while its layout runs: the destructor waits for the worker.
    auto scene = attached(params);
    graph_mode(*scene).state().pane.set_layout_mode(LayoutMode::Background);
    frame(*scene);
    EXPECT_TRUE(graph_mode(*scene).state().pane.layout_pending());
    scene->detach();
  }
  {
    // Detached while its layout runs, attached again: the layout arrives for the same graph.
    auto scene = attached(params);
    BfsGraphPane& g = graph_mode(*scene).state().pane;
    g.set_layout_mode(LayoutMode::Background);
    frame(*scene);
    scene->detach();
    SceneContext context;
    scene->attach(context);
    g.wait_for_layout();
    const graph_layout::Positions reference =
        simulated(*shown_graph(*scene), layout_params(60, 3303));
    EXPECT_EQ(g.positions_x(), reference.x);
    EXPECT_FALSE(drew(frame(*scene), "laying out"));
  }
  {
    // Destroyed without a detach.
    auto scene = attached(params);
    graph_mode(*scene).state().pane.set_layout_mode(LayoutMode::Background);
    frame(*scene);
  }
}

TEST_F(BfsSceneLayoutAsync, ALayoutThatFailsOnTheWorkerReachesTheErrorLine) {
  // The graph mode on its own, over settings the test holds (theta is not a parameter).
  BfsSettings settings;
  settings.graph = "gen:kron:8:8";
  settings.layout.theta = 20;  // past graph_layout's 0..10
  BfsGraphMode mode;
  mode.set_settings(settings);
  SceneContext context;
  mode.attach(context);
  BfsGraphPane& scene = mode.state().pane;
  scene.set_layout_mode(LayoutMode::Background);
  EXPECT_NO_THROW(frame(mode));
  scene.wait_for_layout();
  EXPECT_FALSE(scene.layout_pending());
  EXPECT_NE(scene.layout_notice().find("layout failed"), std::string::npos)
      << scene.layout_notice();
  EXPECT_NE(scene.layout_notice().find("theta"), std::string::npos) << scene.layout_notice();
  EXPECT_TRUE(drew(frame(mode), "layout failed"));
  // The starting positions stay on screen, and the worker is not started again every frame.
  EXPECT_EQ(scene.positions_x(), graph_layout::initial_positions(*mode.state().run.graph, 1).x);
  EXPECT_FALSE(scene.layout_pending());
  // The synchronous path still throws, as render and run report it.
  scene.set_layout_mode(LayoutMode::Synchronous);
  settings.layout.seed = 2;
  EXPECT_THROW(frame(mode), std::exception);
}

TEST_F(BfsSceneLayoutAsync, OnlyTheWindowsFrameLoopMovesTheLayoutToTheWorker) {
  const nlohmann::json params = {
      {"graph", "gen:kron:11:8"}, {"layout_iterations", "100"}, {"layout_seed", "4404"}};
  // render and run: never ticked, the layout is there on the first frame.
  auto synchronous = attached(params);
  frame(*synchronous);
  EXPECT_FALSE(graph_mode(*synchronous).state().pane.layout_pending());
  EXPECT_EQ(graph_mode(*synchronous).state().pane.positions_x(),
            simulated(*shown_graph(*synchronous), layout_params(100, 4404)).x);
  // The window ticks the scene before each frame, here in teach mode; the switch to graph mode
  // with a large graph draws at once.
  auto window = attached({{"mode", "teach"}, {"graph", "gen:pmpp"}});
  window->tick(0.016f);
  window->params_from_json(
      {{"graph", "gen:kron:11:8"}, {"layout_iterations", "100"}, {"layout_seed", "4405"}});
  window->reset();
  ASSERT_EQ(window->params_to_json()["mode"], "graph");
  const auto texts = frame(*window);
  EXPECT_TRUE(graph_mode(*window).state().pane.layout_pending());
  EXPECT_TRUE(drew(texts, "laying out"));
}

}  // namespace
}  // namespace ws::app
