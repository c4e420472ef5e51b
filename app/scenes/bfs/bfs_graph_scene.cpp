#include "bfs_graph_scene.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "bfs_bench.h"
#include "bfs_captions.h"
#include "bfs_graph_loader.h"
#include "bfs_report.h"
#include "common/error.h"
#include "graph_layout/graph_layout.h"

namespace ws::app {

BfsGraphScene::BfsGraphScene(std::shared_ptr<BfsSettings> settings)
    : settings_(std::move(settings)) {}

BfsGraphScene::~BfsGraphScene() {
  // A layout still running reads only its own graph and parameters: wait for it to end (the
  // window is hidden by then), so no thread outlives the scene or the layout cache.
  if (layout_job_.valid()) layout_job_.wait();
}

SceneCapabilities BfsGraphScene::capabilities() const {
  SceneCapabilities caps;
  caps.steps = true;
  caps.takes_graph = true;
  caps.benchable = true;
  caps.step_from_params = true;  // --level
  return caps;
}

void BfsGraphScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void BfsGraphScene::detach() {
  view_.reset();
  view_has_graph_ = view_fitted_ = false;
  engine_.reset();
  engine_graph_key_.clear();
  result_key_.clear();
  ran_ = false;
  context_ = nullptr;
}

nlohmann::json BfsGraphScene::params_to_json() const {
  return bfs_params_json(*settings_);
}

void BfsGraphScene::params_from_json(const nlohmann::json& params) {
  BfsSettings s = parse_bfs_params(*settings_, params);
  std::shared_ptr<const graph::Graph> g = graph_;
  const std::string key = graph_key(s);
  if (!g || key != graph_key_) g = std::make_shared<const graph::Graph>(load_bfs_graph(s));
  // A new graph without a source named: vertex 0, unless it has no edges (a Kronecker graph's
  // vertex 0 is often isolated), then the vertex of the highest degree.
  if (g != graph_ && !params.contains("source") && g->vertices > 0 && g->degree(0) == 0) {
    int32_t best = 0;
    for (int32_t v = 1; v < g->vertices; ++v)
      if (g->degree(v) > g->degree(best)) best = v;
    s.source = best;
  }
  WS_REQUIRE(s.source >= 0 && s.source < g->vertices,
             "--source " + std::to_string(s.source) + ": " + s.graph_label() + " has " +
                 std::to_string(g->vertices) + " vertices (0.." + std::to_string(g->vertices - 1) +
                 ")");
  *settings_ = std::move(s);
  if (g != graph_) {
    graph_ = std::move(g);
    graph_key_ = key;
    layout_key_.clear();
  }
}

void BfsGraphScene::ensure_graph() {
  const std::string key = graph_key(*settings_);
  if (!graph_ || key != graph_key_) {
    graph_ = std::make_shared<const graph::Graph>(load_bfs_graph(*settings_));
    graph_key_ = key;
    layout_key_.clear();
  }
  if (settings_->source >= graph_->vertices) settings_->source = 0;
}

std::string BfsGraphScene::wanted_layout_key() const {
  return graph_key_ + "|" + std::to_string(settings_->layout.iterations) + "|" +
         std::to_string(settings_->layout.seed) + (settings_->layout.lin_log ? "|linlog" : "");
}

bool BfsGraphScene::layout_in_background() const {
  // Only the CPU twin runs on the worker. On CUDA the layout stays synchronous, on the thread
  // that owns the GL and CUDA contexts: the whole layout of a million edges takes under half a
  // second on an H100, and no CUDA work moves to another thread.
  if (backend() != Backend::Cpu) return false;
  return layout_mode_ == LayoutMode::Background || (layout_mode_ == LayoutMode::Auto && ticked_);
}

bool BfsGraphScene::layout_pending() const {
  if (!graph_) return false;
  const std::string key = wanted_layout_key();
  return layout_key_ != key && pending_key_ == key;
}

void BfsGraphScene::show_positions(graph_layout::Positions p, const std::string& key) const {
  // The same graph's positions replacing its starting ones: moved in the view, and fitted again
  // (the layout's extent differs from the starting disc's). Otherwise the view takes the graph.
  const bool same_graph =
      !key.empty() && key == pending_key_ && view_ && view_has_graph_ && p.x.size() == x_.size();
  x_ = std::move(p.x);
  y_ = std::move(p.y);
  layout_key_ = key;
  simulation_.reset();
  pinned_.clear();
  if (same_graph)
    view_->set_positions(x_, y_);
  else
    view_has_graph_ = false;
  view_fitted_ = false;
}

void BfsGraphScene::poll_layout() const {
  if (!layout_job_.valid() ||
      layout_job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    return;
  const std::string key = std::move(layout_job_key_);
  layout_job_key_.clear();
  graph_layout::Positions p;
  std::string error;
  try {
    p = layout_job_.get();
  } catch (const std::exception& e) {
    error = e.what();
  }
  // A layout for another graph (or other layout parameters) than the one shown is dropped: the
  // graph changed while it ran. ensure_layout starts the wanted one.
  if (!graph_ || key != wanted_layout_key() || pending_key_ != key) return;
  if (!error.empty()) {
    layout_error_ = error;
    layout_key_ = key;  // not tried again: the starting positions stay, the error says why
    return;
  }
  if (p.x.size() != size_t(graph_->vertices) || p.y.size() != p.x.size()) return;
  layout_error_.clear();
  show_positions(std::move(p), key);
}

void BfsGraphScene::ensure_layout() const {
  // Laid out when first drawn (`run --json` never needs it); cached per graph by graph_layout.
  if (!graph_) return;
  poll_layout();
  const std::string key = wanted_layout_key();
  if (layout_key_ == key) return;
  if (graph_->has_coordinates() || !layout_in_background()) {
    layout_error_.clear();
    show_positions(graph_layout::layout(*graph_, settings_->layout, backend()), key);
    return;
  }
  if (pending_key_ != key) {
    // Drawn at once at the starting positions while the worker lays the graph out.
    show_positions(graph_layout::initial_positions(*graph_, settings_->layout.seed), "");
    pending_key_ = key;
    layout_error_.clear();
  }
  // A stale layout still running: the wanted one starts when it has ended (one worker at a time;
  // graph_layout cannot stop one half-way).
  if (layout_job_.valid()) return;
  layout_job_key_ = key;
  layout_job_ = std::async(std::launch::async, [g = graph_, params = settings_->layout] {
    return graph_layout::layout(*g, params, Backend::Cpu);
  });
  // In the window, a layout the cache holds (memory or disk) comes back within a frame: shown at
  // once rather than after a frame of starting positions.
  if (layout_mode_ == LayoutMode::Auto &&
      layout_job_.wait_for(std::chrono::milliseconds(30)) == std::future_status::ready)
    poll_layout();
}

void BfsGraphScene::wait_for_layout() {
  for (;;) {
    ensure_layout();  // takes a finished layout, starts the wanted one
    if (!layout_pending()) return;
    if (layout_job_.valid()) layout_job_.wait();
  }
}

void BfsGraphScene::tick(float /*dt*/) {
  ticked_ = true;
  poll_layout();
}

std::string BfsGraphScene::run_key() const {
  const BfsSettings& s = *settings_;
  return graph_key_ + "|" + backend_name(backend()) + "|" + std::to_string(s.source) + "|" +
         bfs::info(s.variant).id + "|" + std::to_string(s.alpha) + "|" + std::to_string(s.beta) +
         "|" + std::to_string(s.block_dim);
}

void BfsGraphScene::reset() {
  error_.clear();
  ensure_graph();
  if (!engine_ || engine_->backend() != backend()) {
    engine_ = bfs::Engine::create(backend());
    engine_graph_key_.clear();
  }
  if (engine_graph_key_ != graph_key_) {
    engine_->set_graph(*graph_);
    engine_graph_key_ = graph_key_;
    result_key_.clear();
  }
  const std::string key = run_key();
  if (key != result_key_) {
    ran_ = false;
    bfs::Params p;
    p.variant = settings_->variant;
    p.source = settings_->source;
    p.alpha = settings_->alpha;
    p.beta = settings_->beta;
    p.block_dim = settings_->block_dim;
    result_ = engine_->run(p);
    verify_ = bfs::verify(*graph_, p.source, result_.level, result_.parent);
    matches_reference_ = result_.level == graph::bfs_reference(*graph_, p.source);
    result_key_ = key;
    ran_ = true;
  }
  const int last = step_count() - 1;
  shown_ = settings_->level < 0 ? last : std::min<int>(settings_->level, last);
  update_overlay();
}

int BfsGraphScene::step_count() const {
  return std::max<int>(1, int(result_.levels.size()));
}

void BfsGraphScene::seek(int step) {
  shown_ = std::clamp(step, 0, step_count() - 1);
  settings_->level = shown_;
  update_overlay();
}

void BfsGraphScene::update_overlay() const {
  if (!view_ || !view_has_graph_) return;
  BfsOverlay o;
  if (ran_) {
    // With CUDA in the window the view colours its GL buffers straight from the engine's device
    // arrays of this run (interop, no copy); otherwise from the host copies in result_.
    const int32_t* device_level = engine_ ? engine_->device_level() : nullptr;
    o.on_device = device_level != nullptr && context_ && context_->has_gl;
    o.level = o.on_device ? device_level : result_.level.data();
    o.parent = o.on_device ? engine_->device_parent() : result_.parent.data();
  }
  o.depth = shown_;
  o.source = settings_->source;
  view_->set_overlay(o);
}

void BfsGraphScene::ensure_view() const {
  ensure_layout();
  if (!view_) {
    view_ = std::make_unique<GraphView>(backend(), context_ && context_->has_gl);
    view_has_graph_ = view_fitted_ = false;
  }
  if (!view_has_graph_ && graph_) {
    view_->set_graph(*graph_, x_, y_);
    view_has_graph_ = true;
    view_fitted_ = false;
    // The overlay follows the graph.
    update_overlay();
  }
}

void BfsGraphScene::pointer(const Pointer& p) {
  if (!view_ || !drew_graph_) return;
  const bool inside = p.point.x >= graph_min_.x && p.point.x <= graph_max_.x &&
                      p.point.y >= graph_min_.y && p.point.y <= graph_max_.y;
  const gfx::Vec2 local = p.point - graph_min_;
  if (inside && p.wheel != 0) view_->zoom(std::pow(1.15f, p.wheel), local);
  if (p.left_clicked && inside) {
    dragging_ = true;
    drag_moved_ = false;
    drag_from_ = p.point;
    // Shift + drag on a vertex moves it (and pins it for "settle"); a plain drag pans.
    drag_vertex_ = p.shift ? view_->pick(local, 10) : -1;
    return;
  }
  if (dragging_ && p.left_down) {
    const gfx::Vec2 d = p.point - drag_from_;
    if (std::fabs(d.x) + std::fabs(d.y) > 3 || drag_moved_) {
      if (drag_vertex_ >= 0)
        move_vertex(drag_vertex_, d);
      else
        view_->pan(d);
      drag_from_ = p.point;
      drag_moved_ = true;
    }
    return;
  }
  if (dragging_ && !p.left_down) {
    dragging_ = false;
    if (drag_moved_) return;
    // A click without a drag: that vertex becomes the source.
    const int32_t v = view_->pick(local, 10);
    if (v >= 0 && v != settings_->source) {
      try {
        params_from_json({{"source", v}});
        reset();
      } catch (const std::exception& e) {
        error_ = e.what();
      }
    }
  }
}

void BfsGraphScene::move_vertex(int32_t v, gfx::Vec2 pixels) {
  if (layout_pending()) return;  // the layout replaces the positions when it arrives
  const float scale = view_->camera().scale;
  if (!(scale > 0) || size_t(v) >= x_.size()) return;
  x_[size_t(v)] += pixels.x / scale;
  y_[size_t(v)] -= pixels.y / scale;  // layout y grows upwards
  if (std::find(pinned_.begin(), pinned_.end(), v) == pinned_.end()) pinned_.push_back(v);
  if (simulation_) simulation_->set_position(v, x_[size_t(v)], y_[size_t(v)], true);
  view_->set_positions(x_, y_);
}

void BfsGraphScene::settle(int iterations) {
  if (!graph_ || graph_->has_coordinates() || x_.empty() || layout_pending()) return;
  if (!simulation_) {
    // The simulation starts from what is on screen: the layout, with the dragged vertices pinned.
    simulation_ = graph_layout::Simulation::create(backend(), *graph_, settings_->layout);
    for (int32_t v = 0; v < graph_->vertices; ++v)
      simulation_->set_position(v, x_[size_t(v)], y_[size_t(v)], false);
    for (int32_t v : pinned_) simulation_->set_position(v, x_[size_t(v)], y_[size_t(v)], true);
  }
  simulation_->step(iterations);
  const graph_layout::Positions& p = simulation_->positions();
  x_ = p.x;
  y_ = p.y;
  if (view_) view_->set_positions(x_, y_);
}

gfx::Vec2 BfsGraphScene::vertex_point(int32_t v) const {
  if (!view_ || v < 0 || size_t(v) >= x_.size()) return {-1, -1};
  return graph_min_ + view_->to_pixel(v);
}

nlohmann::json BfsGraphScene::results_json() const {
  WS_REQUIRE(graph_ != nullptr, std::string("run: the scene has no graph"));
  return bfs_run_json(*settings_, backend(), *graph_, ran_ ? &result_ : nullptr, verify_,
                      matches_reference_, "graph", shown_)
      .to_json();
}

BenchJob BfsGraphScene::bench_job(const BenchRequest& request) const {
  return bfs_bench_job(*settings_, request);
}

std::vector<std::string> BfsGraphScene::lecture_variants() const {
  return bfs_lecture_variants();
}

std::string BfsGraphScene::caption() const {
  if (!ran_ || !graph_) return "";
  return bfs_level_caption(settings_->variant, result_, shown_, graph_->vertices, settings_->alpha,
                           settings_->beta);
}

}  // namespace ws::app
