// The BFS scene's graph mode: any graph at full size (a shipped one, a file, a generator), the
// chosen variant run by the engine (CPU or CUDA), checked with the Graph500 / GAP checks and
// against the reference BFS, and shown level by level: the graph at its coordinates or its
// force-directed layout with the frontier, the visited set, the vertices this level discovers and
// the BFS tree in their colours (views/graph/graph_view.h), above the per-level chart (frontier
// size, edges examined, direction, time per level; views/level_chart.h). A step is a level; click
// a vertex to search from it, wheel to zoom, drag to pan.
//
// The force-directed layout of a large graph takes seconds on the CPU (about 9 s for a million
// edges), so in the window it runs on a worker thread: the graph is drawn at once at
// graph_layout::initial_positions with a notice in the figure, and the layout replaces them when
// it is done. `render` and `run` never tick the scene and lay out synchronously (complete,
// deterministic figures).
#pragma once

#include <future>
#include <memory>
#include <string>
#include <vector>

#include "bfs/bfs.h"
#include "bfs_settings.h"
#include "graph/graph.h"
#include "graph_layout/graph_layout.h"
#include "i18n/i18n.h"
#include "scene_kit/fast_panel.h"
#include "scene_kit/scene.h"
#include "views/graph/graph_view.h"
#include "views/level_chart.h"

namespace ws::app {

class BfsGraphScene : public Scene {
 public:
  explicit BfsGraphScene(std::shared_ptr<BfsSettings> settings);
  ~BfsGraphScene() override;
  const char* id() const override { return "graph"; }
  const char* title() const override { return TR_NOOP("graph: the frontier level by level"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override;
  nlohmann::json params_to_json() const override;
  // Loads the graph a new graph setting names here, so a missing or malformed file, or a source
  // past the graph's vertices, leaves the previous graph and run as they were.
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override;
  int current_step() const override { return shown_; }
  void seek(int step) override;
  void pointer(const Pointer& p) override;
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  nlohmann::json results_json() const override;
  // Lecture mode: the keys 1..7 choose the variants; the caption describes the level shown (its
  // frontier, what it examined and discovered, and for direction-optimizing why that direction).
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;
  BenchJob bench_job(const BenchRequest& request) const override;

  // The graph and the run shown (null / empty before attach).
  const graph::Graph* graph() const { return graph_.get(); }
  const bfs::Result& result() const { return result_; }
  const std::string& verification() const { return verify_; }
  bool levels_match_reference() const { return matches_reference_; }
  // Where draw() put a vertex, in the figure's logical pixels (tests click there).
  gfx::Vec2 vertex_point(int32_t v) const;
  // ForceAtlas2 steps from the positions shown, dragged vertices pinned (graphs without
  // coordinates; the panel's "settle").
  void settle(int iterations);

  // Where the layout is computed. Auto: on a worker thread once the window's frame loop has
  // ticked the scene (the GUI; `render` and `run` never tick), synchronously otherwise;
  // Background: on a worker whenever the CPU backend lays out (tests); Synchronous: always on the
  // calling thread. The CUDA backend always lays out synchronously (see ensure_layout).
  enum class LayoutMode { Auto, Background, Synchronous };
  void set_layout_mode(LayoutMode mode) { layout_mode_ = mode; }
  // True while the graph shown waits for its layout (drawn at its initial positions meanwhile).
  bool layout_pending() const;
  // Blocks until the graph shown has its layout (or its layout failed), then shows it (tests).
  void wait_for_layout();
  // The positions shown (layout units, one per vertex), and the figure's notice about the layout
  // ("laying out 2,048 vertices (ForceAtlas2)…", or why it failed; "" once laid out).
  const std::vector<float>& positions_x() const { return x_; }
  const std::vector<float>& positions_y() const { return y_; }
  std::string layout_notice() const;
  // The window calls this once a frame: takes a finished layout without waiting for it.
  void tick(float dt) override;

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  void ensure_graph();         // the settings' graph loaded (graph_)
  void ensure_layout() const;  // its positions (x_, y_), on the first draw
  std::string wanted_layout_key() const;
  bool layout_in_background() const;
  void poll_layout() const;  // a finished worker's positions shown, or dropped when stale
  void show_positions(graph_layout::Positions p, const std::string& key) const;
  void ensure_view() const;  // the GraphView made and given the graph (on the first draw)
  void update_overlay() const;
  LevelChart level_chart(const gfx::Palette& p, gfx::Theme theme) const;
  std::string run_key() const;

  std::shared_ptr<BfsSettings> settings_;
  SceneContext* context_ = nullptr;
  std::string error_;
  std::shared_ptr<const graph::Graph> graph_;
  std::string graph_key_;
  mutable std::vector<float> x_, y_;  // layout positions
  mutable std::string layout_key_;    // the layout x_, y_ show ("" while none or pending)
  // The layout worker: the key it computes (graph and layout parameters), its result. It reads
  // its own shared_ptr of the graph and copy of the parameters, never the scene, so a new graph
  // or a detach() leaves it to finish; its result is shown only if its key is still wanted. The
  // destructor waits for it.
  mutable std::future<graph_layout::Positions> layout_job_;
  mutable std::string layout_job_key_;
  mutable std::string pending_key_;   // x_, y_ are the initial positions of this key's graph
  mutable std::string layout_error_;  // the last layout that failed on the worker, and why
  LayoutMode layout_mode_ = LayoutMode::Auto;
  bool ticked_ = false;  // the window's frame loop runs the scene
  std::unique_ptr<bfs::Engine> engine_;
  std::string engine_graph_key_;
  bfs::Result result_;
  std::string result_key_;
  std::string verify_;
  bool matches_reference_ = false;
  bool ran_ = false;
  int shown_ = 0;
  // The drawing: the view (made on first draw, for the context's GL), its area and the chart's.
  mutable std::unique_ptr<GraphView> view_;
  mutable bool view_has_graph_ = false;
  mutable bool view_fitted_ = false;
  mutable gfx::Vec2 graph_min_, graph_max_;
  mutable LevelChartLayout chart_layout_;
  mutable bool drew_graph_ = false;
  void move_vertex(int32_t v, gfx::Vec2 pixels);  // a shift-drag
  mutable std::unique_ptr<graph_layout::Simulation> simulation_;
  mutable std::vector<int32_t> pinned_;
  int32_t drag_vertex_ = -1;
  gfx::Vec2 drag_from_;
  bool dragging_ = false, drag_moved_ = false;
  FastPanel fast_{20, 5};  // the scene's own graph: no size control
  std::string path_field_;
};

}  // namespace ws::app
