// The BFS scene's graph mode (bfs_graph_mode.h): any graph at full size (a shipped one, a file, a
// generator), the chosen variant run by the engine (CPU or CUDA), checked with the Graph500 / GAP
// checks and against the reference BFS, and shown level by level: the graph at its coordinates or
// its force-directed layout with the frontier, the visited set, the vertices this level discovers
// and the BFS tree in their colours (views/graph/graph_view.h), beside or above the per-level chart
// (frontier size, edges examined, direction, time per level; views/level_chart.h). A step is a
// level; click a vertex to search from it, wheel to zoom, drag to pan.
//
// What the mode keeps between frames (BfsGraphState): the run shown (BfsGraphRun: the engine, its
// result and checks) and the graph drawing (BfsGraphPane: the positions and the layout worker, the
// GraphView with its camera, a dragged vertex, and where the last figure put the graph).
//
// The force-directed layout of a large graph takes seconds on the CPU (about 9 s for a million
// edges), so in the window it runs on a worker thread: the graph is drawn at once at
// graph_layout::initial_positions with a notice in the figure, and the layout replaces them when
// it is done. `render` and `run` never tick the scene and lay out synchronously (complete,
// deterministic figures).
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "tasks/task_future.h"
#include "bfs/bfs.h"
#include "bfs_bench.h"
#include "graph_layout/graph_layout.h"
#include "scene_kit/scene.h"
#include "scenes/bfs/bfs_settings.h"
#include "views/graph/graph_view.h"

namespace ws::app {

// The search shown: the settings' variant from their source on their graph, run by the engine of
// the backend and checked against the Graph500 / GAP checks and the reference BFS.
struct BfsGraphRun {
  std::shared_ptr<const graph::Graph> graph;  // the graph searched (the settings' at reset)
  std::string graph_key;
  std::unique_ptr<bfs::Engine> engine;
  std::string engine_graph_key;  // the graph the engine holds
  bfs::Result result;
  std::string result_key;  // what `result` was run for
  std::string verify;      // bfs::verify's answer, "" when it passes
  bool matches_reference = false;
  bool ran = false;
  int shown = 0;  // the level shown

  // Searches again unless `result` is the one these settings ask for.
  void update(const BfsSettings& s, Backend backend);
  void release();  // the engine and the result (detach)
  int levels() const { return std::max<int>(1, int(result.levels.size())); }
};

// The layout a figure wants: the graph, its key with the layout parameters, the parameters.
struct LayoutRequest {
  std::shared_ptr<const graph::Graph> graph;
  std::string key;
  graph_layout::Params params;
  Backend backend = Backend::Cpu;
  bool has_gl = false;
};
LayoutRequest layout_request(const BfsSettings& s, const BfsGraphRun& run, Backend backend,
                             bool has_gl);

class BfsGraphPane {
 public:
  ~BfsGraphPane();  // waits for a layout still running (it reads only its own graph)

  // Where the layout is computed. Auto: on a worker thread once the window's frame loop has
  // ticked the scene (the GUI; `render` and `run` never tick), synchronously otherwise;
  // Background: on a worker whenever the CPU backend lays out (tests); Synchronous: always on the
  // calling thread. The CUDA backend always lays out synchronously (see ensure_layout).
  enum class LayoutMode { Auto, Background, Synchronous };
  void set_layout_mode(LayoutMode mode) { layout_mode_ = mode; }
  void ticked();  // the window's frame loop runs the scene: takes a finished layout
  // The wanted layout's positions shown (computed here, or started on the worker with the
  // starting positions shown meanwhile), and the view made and given the graph: true when it
  // took the graph now (the overlay must follow).
  void ensure_layout(const LayoutRequest& want);
  bool ensure_view(const LayoutRequest& want);
  // True while the graph shown waits for its layout (drawn at its initial positions meanwhile).
  bool layout_pending() const;
  // Blocks until the graph shown has its layout (or its layout failed), then shows it (tests).
  void wait_for_layout();
  // The figure's notice about the layout ("laying out 2,048 vertices (ForceAtlas2)…", or why
  // it failed; "" once laid out), and the failure alone ("" when none).
  std::string layout_notice() const;
  std::string layout_failure() const;
  // The positions shown (layout units, one per vertex).
  const std::vector<float>& positions_x() const { return x_; }
  const std::vector<float>& positions_y() const { return y_; }
  // The BFS state of the run shown, on the view's vertices and edges.
  void update_overlay(const BfsGraphRun& run, int32_t source, bool has_gl);
  // ForceAtlas2 steps from the positions shown, dragged vertices pinned (graphs without
  // coordinates; the panel's "settle").
  void settle(int iterations);
  void refit() { view_fitted_ = camera_moved_ = false; }
  void release();  // the view (detach: its GL objects)

  // The width / height of the layout shown (1 before any; as laid out: a dragged vertex or a
  // settle does not move the figure's parts).
  float aspect() const { return aspect_; }
  // The graph into [min, max] of the figure, fitted to it on the first draw, after refit() and
  // when the area changes size while the user has not zoomed or panned.
  void draw_graph(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, gfx::Theme theme);
  bool drew_graph() const { return drew_graph_; }
  void no_graph_drawn() { drew_graph_ = false; }
  // Where the last draw put a vertex, in the figure's logical pixels; {-1, -1} before.
  gfx::Vec2 vertex_point(int32_t v) const;
  // The vertex within `radius` pixels of a point of the figure, or -1.
  int32_t vertex_at(gfx::Vec2 point, float radius) const;
  // The mouse: wheel zooms, drag pans, shift + drag moves a vertex; returns the vertex a click
  // without a drag chose, or -1.
  int32_t pointer(const Scene::Pointer& p);

 private:
  bool layout_in_background(const LayoutRequest& want) const;
  void poll_layout();  // a finished worker's positions shown, or dropped when stale
  void show_positions(graph_layout::Positions p, const std::string& key);
  void move_vertex(int32_t v, gfx::Vec2 pixels);  // a shift-drag

  LayoutRequest want_;  // the last figure's
  std::vector<float> x_, y_;
  std::string layout_key_;  // the layout x_, y_ show ("" while none or pending)
  float aspect_ = 1;
  // The layout worker: the key it computes, its result. It reads its own shared_ptr of the graph
  // and copy of the parameters, never the mode, so a new graph or a detach leaves it to finish;
  // its result is shown only if its key is still wanted.
  tasks::TaskFuture<graph_layout::Positions> layout_job_;
  std::string layout_job_key_;
  std::string pending_key_;   // x_, y_ are the initial positions of this key's graph
  std::string layout_error_;  // the last layout that failed on the worker, and why
  LayoutMode layout_mode_ = LayoutMode::Auto;
  bool ticked_ = false;
  // The view (made on the first draw, for the context's GL), its area, the simulation of
  // "settle" and the vertices dragged.
  std::unique_ptr<GraphView> view_;
  bool view_has_graph_ = false, view_fitted_ = false, drew_graph_ = false;
  bool camera_moved_ = false;                       // zoomed or panned since the last fit
  std::shared_ptr<const graph::Graph> view_graph_;  // the graph the view holds
  gfx::Vec2 graph_min_, graph_max_;
  std::unique_ptr<graph_layout::Simulation> simulation_;
  std::vector<int32_t> pinned_;
  int32_t drag_vertex_ = -1;
  gfx::Vec2 drag_from_;
  bool dragging_ = false, drag_moved_ = false;
};

// What the benchmark takes from the settings (its graph only with `from_scene`: the fast-mode
// panel; `warpscope bench` times its own graphs).
bench::BfsBenchChoice bfs_bench_choice(const BfsSettings& s, bool from_scene);

struct BfsGraphState {
  BfsGraphRun run;
  BfsGraphPane pane;
  std::string path_field;  // the panel's graph path, as typed
};

}  // namespace ws::app
