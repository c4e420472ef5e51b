#include "bfs_graph_pane.h"

#include <chrono>
#include <cmath>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scenes/bfs/bfs_graph_loader.h"

namespace ws::app {

void BfsGraphRun::update(const BfsSettings& s, Backend backend) {
  if (!engine || engine->backend() != backend) {
    engine = bfs::Engine::create(backend);
    engine_graph_key.clear();
  }
  if (engine_graph_key != graph_key) {
    engine->set_graph(*graph);
    engine_graph_key = graph_key;
    result_key.clear();
  }
  const std::string key = graph_key + "|" + backend_name(backend) + "|" + std::to_string(s.source) +
                          "|" + bfs::info(s.variant).id + "|" + std::to_string(s.alpha) + "|" +
                          std::to_string(s.beta) + "|" + std::to_string(s.block_dim);
  if (key == result_key) return;
  ran = false;
  const bfs::Params p = search_params<bfs::Params>(s, s.block_dim);
  result = engine->run(p);
  verify = bfs::verify(*graph, p.source, result.level, result.parent);
  matches_reference = result.level == graph::bfs_reference(*graph, p.source);
  result_key = key;
  ran = true;
}

void BfsGraphRun::release() {
  engine.reset();
  engine_graph_key.clear();
  result_key.clear();
  ran = false;
}

LayoutRequest layout_request(const BfsSettings& s, const BfsGraphRun& run, Backend backend,
                             bool has_gl) {
  LayoutRequest r;
  r.graph = run.graph;
  r.key = run.graph_key + "|" + std::to_string(s.layout.iterations) + "|" +
          std::to_string(s.layout.seed) + (s.layout.lin_log ? "|linlog" : "");
  r.params = s.layout;
  r.backend = backend;
  r.has_gl = has_gl;
  return r;
}

BfsGraphPane::~BfsGraphPane() {
  // A layout still running reads only its own graph and parameters: wait for it to end (the
  // window is hidden by then), so no thread outlives the mode or the layout cache.
  if (layout_job_.valid()) layout_job_.wait();
}

void BfsGraphPane::release() {
  view_.reset();
  view_graph_.reset();
  view_has_graph_ = view_fitted_ = false;
}

bool BfsGraphPane::layout_in_background(const LayoutRequest& want) const {
  // Only the CPU twin runs on the worker. On CUDA the layout stays synchronous, on the thread
  // that owns the GL and CUDA contexts: the whole layout of a million edges takes under half a
  // second on an H100, and no CUDA work moves to another thread.
  if (want.backend != Backend::Cpu) return false;
  return layout_mode_ == LayoutMode::Background || (layout_mode_ == LayoutMode::Auto && ticked_);
}

bool BfsGraphPane::layout_pending() const {
  if (!want_.graph) return false;
  return layout_key_ != want_.key && pending_key_ == want_.key;
}

std::string BfsGraphPane::layout_failure() const {
  return !layout_error_.empty() && want_.graph && layout_key_ == want_.key ? layout_error_ : "";
}

std::string BfsGraphPane::layout_notice() const {
  if (layout_pending())
    return trf(
        "laying out {0} (ForceAtlas2)\xE2\x80\xA6",
        counted(want_.graph->vertices, TR_NOOP("{0} vertex"), TR_NOOP("{0} vertices"), true));
  if (const std::string failure = layout_failure(); !failure.empty())
    return trf("layout failed: {0} (drawn at the starting positions)", failure);
  return "";
}

void BfsGraphPane::show_positions(graph_layout::Positions p, const std::string& key) {
  // The same graph's positions replacing its starting ones: moved in the view, and fitted again
  // (the layout's extent differs from the starting disc's). Otherwise the view takes the graph.
  const bool same_graph =
      !key.empty() && key == pending_key_ && view_ && view_has_graph_ && p.x.size() == x_.size();
  x_ = std::move(p.x);
  y_ = std::move(p.y);
  layout_key_ = key;
  aspect_ = 1;
  if (!x_.empty()) {
    const auto [x0, x1] = std::minmax_element(x_.begin(), x_.end());
    const auto [y0, y1] = std::minmax_element(y_.begin(), y_.end());
    if (*x1 > *x0 && *y1 > *y0) aspect_ = (*x1 - *x0) / (*y1 - *y0);
  }
  simulation_.reset();
  pinned_.clear();
  if (same_graph)
    view_->set_positions(x_, y_);
  else
    view_has_graph_ = false;
  refit();
}

void BfsGraphPane::poll_layout() {
  if (!layout_job_.ready()) return;
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
  if (!want_.graph || key != want_.key || pending_key_ != key) return;
  if (!error.empty()) {
    layout_error_ = error;
    layout_key_ = key;  // not tried again: the starting positions stay, the error says why
    return;
  }
  if (p.x.size() != size_t(want_.graph->vertices) || p.y.size() != p.x.size()) return;
  layout_error_.clear();
  show_positions(std::move(p), key);
}

void BfsGraphPane::ticked() {
  ticked_ = true;
  poll_layout();
}

void BfsGraphPane::ensure_layout(const LayoutRequest& want) {
  // Laid out when first drawn (`run --json` never needs it); cached per graph by graph_layout.
  want_ = want;
  if (!want_.graph) return;
  poll_layout();
  const std::string& key = want_.key;
  if (layout_key_ == key) return;
  if (want_.graph->has_coordinates() || !layout_in_background(want_)) {
    layout_error_.clear();
    show_positions(graph_layout::layout(*want_.graph, want_.params, want_.backend), key);
    return;
  }
  if (pending_key_ != key) {
    // Drawn at once at the starting positions while the worker lays the graph out.
    show_positions(graph_layout::initial_positions(*want_.graph, want_.params.seed), "");
    pending_key_ = key;
    layout_error_.clear();
  }
  // A stale layout still running: the wanted one starts when it has ended (one worker at a time;
  // graph_layout cannot stop one half-way).
  if (layout_job_.valid()) return;
  layout_job_key_ = key;
  layout_job_ =
      tasks::TaskFuture<graph_layout::Positions>::start([g = want_.graph, params = want_.params] {
        return graph_layout::layout(*g, params, Backend::Cpu);
      });
  // In the window, a layout the cache holds (memory or disk) comes back within a frame: shown at
  // once rather than after a frame of starting positions.
  if (layout_mode_ == LayoutMode::Auto && layout_job_.wait_for_ms(30)) poll_layout();
}

void BfsGraphPane::wait_for_layout() {
  for (;;) {
    ensure_layout(want_);  // takes a finished layout, starts the wanted one
    if (!layout_pending()) return;
    if (layout_job_.valid()) layout_job_.wait();
  }
}

bool BfsGraphPane::ensure_view(const LayoutRequest& want) {
  ensure_layout(want);
  if (!view_) {
    view_ = std::make_unique<GraphView>(want.backend, want.has_gl);
    view_has_graph_ = view_fitted_ = false;
  }
  if ((view_has_graph_ && view_graph_ == want.graph) || !want.graph) return false;
  view_->set_graph(*want.graph, x_, y_);
  view_has_graph_ = true;
  view_graph_ = want.graph;
  refit();
  return true;
}

void BfsGraphPane::update_overlay(const BfsGraphRun& run, int32_t source, bool has_gl) {
  // A run of another graph than the view's waits for the next draw to give the view its graph.
  if (!view_ || !view_has_graph_ || view_graph_ != run.graph) return;
  BfsOverlay o;
  if (run.ran) {
    // With CUDA in the window the view colours its GL buffers straight from the engine's device
    // arrays of this run (interop, no copy); otherwise from the host copies in the result.
    const int32_t* device_level = run.engine ? run.engine->device_level() : nullptr;
    o.on_device = device_level != nullptr && has_gl;
    o.level = o.on_device ? device_level : run.result.level.data();
    o.parent = o.on_device ? run.engine->device_parent() : run.result.parent.data();
  }
  o.depth = run.shown;
  o.source = source;
  view_->set_overlay(o);
}

void BfsGraphPane::draw_graph(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, gfx::Theme theme) {
  view_->set_theme(theme);
  const gfx::Vec2 size = max - min, fitted = graph_max_ - graph_min_;
  if (!camera_moved_ &&
      (std::fabs(size.x - fitted.x) > 0.5f || std::fabs(size.y - fitted.y) > 0.5f))
    view_fitted_ = false;
  graph_min_ = min;
  graph_max_ = max;
  if (!view_fitted_) {
    view_->fit(size.x, size.y);
    view_fitted_ = true;
  }
  c.begin_group("graph");
  view_->draw(c, min, max, false);
  c.end_group();
  drew_graph_ = true;
}

gfx::Vec2 BfsGraphPane::vertex_point(int32_t v) const {
  if (!view_ || v < 0 || size_t(v) >= x_.size()) return {-1, -1};
  return graph_min_ + view_->to_pixel(v);
}

int32_t BfsGraphPane::vertex_at(gfx::Vec2 point, float radius) const {
  if (!view_ || !drew_graph_ || point.x < graph_min_.x || point.y < graph_min_.y ||
      point.x > graph_max_.x || point.y > graph_max_.y)
    return -1;
  return view_->pick(point - graph_min_, radius);
}

int32_t BfsGraphPane::pointer(const Scene::Pointer& p) {
  if (!view_ || !drew_graph_) return -1;
  const bool inside = p.point.x >= graph_min_.x && p.point.x <= graph_max_.x &&
                      p.point.y >= graph_min_.y && p.point.y <= graph_max_.y;
  const gfx::Vec2 local = p.point - graph_min_;
  if (inside && p.wheel != 0) {
    view_->zoom(std::pow(1.15f, p.wheel), local);
    camera_moved_ = true;
  }
  if (p.left_clicked && inside) {
    dragging_ = true;
    drag_moved_ = false;
    drag_from_ = p.point;
    // Shift + drag on a vertex moves it (and pins it for "settle"); a plain drag pans.
    drag_vertex_ = p.shift ? view_->pick(local, 10) : -1;
    return -1;
  }
  if (dragging_ && p.left_down) {
    const gfx::Vec2 d = p.point - drag_from_;
    if (std::fabs(d.x) + std::fabs(d.y) > 3 || drag_moved_) {
      if (drag_vertex_ >= 0) {
        move_vertex(drag_vertex_, d);
      } else {
        view_->pan(d);
        camera_moved_ = true;
      }
      drag_from_ = p.point;
      drag_moved_ = true;
    }
    return -1;
  }
  if (dragging_ && !p.left_down) {
    dragging_ = false;
    // A click without a drag: that vertex becomes the source.
    if (!drag_moved_) return view_->pick(local, 10);
  }
  return -1;
}

void BfsGraphPane::move_vertex(int32_t v, gfx::Vec2 pixels) {
  if (layout_pending()) return;  // the layout replaces the positions when it arrives
  const float scale = view_->camera().scale;
  if (!(scale > 0) || size_t(v) >= x_.size()) return;
  x_[size_t(v)] += pixels.x / scale;
  y_[size_t(v)] -= pixels.y / scale;  // layout y grows upwards
  if (std::find(pinned_.begin(), pinned_.end(), v) == pinned_.end()) pinned_.push_back(v);
  if (simulation_) simulation_->set_position(v, x_[size_t(v)], y_[size_t(v)], true);
  view_->set_positions(x_, y_);
}

void BfsGraphPane::settle(int iterations) {
  const std::shared_ptr<const graph::Graph>& g = want_.graph;
  if (!g || g->has_coordinates() || x_.empty() || layout_pending()) return;
  if (!simulation_) {
    // The simulation starts from what is on screen: the layout, with the dragged vertices pinned.
    simulation_ = graph_layout::Simulation::create(want_.backend, *g, want_.params);
    for (int32_t v = 0; v < g->vertices; ++v)
      simulation_->set_position(v, x_[size_t(v)], y_[size_t(v)], false);
    for (int32_t v : pinned_) simulation_->set_position(v, x_[size_t(v)], y_[size_t(v)], true);
  }
  simulation_->step(iterations);
  const graph_layout::Positions& p = simulation_->positions();
  x_ = p.x;
  y_ = p.y;
  if (view_) view_->set_positions(x_, y_);
}

}  // namespace ws::app
