// GraphView (graph_view.h): the graph and its positions, the BFS overlay and the path that
// colours it (CUDA-GL interop, host colouring + glBufferSubData, or the canvas alone).
#include "views/graph/graph_view.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/error.h"
#include "views/graph/graph_view_impl.h"

namespace ws::app {

static_assert(uint8_t(VertexState::Unvisited) == interop::kStateUnvisited &&
                  uint8_t(VertexState::Visited) == interop::kStateVisited &&
                  uint8_t(VertexState::Frontier) == interop::kStateFrontier &&
                  uint8_t(VertexState::Discovered) == interop::kStateDiscovered &&
                  uint8_t(VertexState::Source) == interop::kStateSource,
              "VertexState must match the shared rule's codes");
static_assert(uint8_t(EdgeClass::Plain) == interop::kEdgePlain &&
                  uint8_t(EdgeClass::Examined) == interop::kEdgeExamined &&
                  uint8_t(EdgeClass::Tree) == interop::kEdgeTree &&
                  uint8_t(EdgeClass::Useful) == interop::kEdgeUseful,
              "EdgeClass must match the shared rule's codes");

namespace {

interop::GraphStateParams params_of(const BfsOverlay& o, bool symmetric) {
  interop::GraphStateParams p;
  p.depth = o.depth;
  p.source = o.source;
  p.show_examined = o.show_examined;
  p.show_tree = o.show_tree;
  p.symmetric = symmetric;
  return p;
}

void require_positions(const std::vector<float>& x, const std::vector<float>& y, int64_t n,
                       const char* where) {
  WS_REQUIRE(int64_t(x.size()) == n && int64_t(y.size()) == n,
             std::string(where) + ": " + std::to_string(x.size()) + " x and " +
                 std::to_string(y.size()) + " y coordinates for a graph of " + std::to_string(n) +
                 " vertices (one x, y pair per vertex is needed)");
  for (size_t v = 0; v < x.size(); ++v) {
    WS_REQUIRE(std::isfinite(x[v]) && std::isfinite(y[v]),
               std::string(where) + ": vertex " + std::to_string(v) +
                   " has a coordinate that is not a finite number");
  }
}

// The typical nearest-neighbour distance: the median over up to 2000 vertices spread evenly.
float typical_spacing(const PickGrid& grid, const std::vector<float>& x,
                      const std::vector<float>& y, float extent) {
  const size_t n = x.size();
  if (n < 2) return extent > 0 ? extent : 1.0f;
  const size_t samples = std::min<size_t>(n, 2000);
  std::vector<float> nearest;
  nearest.reserve(samples);
  for (size_t k = 0; k < samples; ++k) {
    const size_t v = k * n / samples;
    // Grow the search radius until a neighbour turns up (grid cells hold about two vertices).
    float best = -1;
    for (float r = grid.cell; best < 0 && r <= 4 * extent + grid.cell; r *= 4) {
      float found = -1;
      const int32_t cx0 = std::max(0, int32_t((x[v] - r - grid.min_x) / grid.cell));
      const int32_t cy0 = std::max(0, int32_t((y[v] - r - grid.min_y) / grid.cell));
      const int32_t cx1 = std::min(grid.nx - 1, int32_t((x[v] + r - grid.min_x) / grid.cell));
      const int32_t cy1 = std::min(grid.ny - 1, int32_t((y[v] + r - grid.min_y) / grid.cell));
      for (int32_t cy = cy0; cy <= cy1; ++cy) {
        for (int32_t cx = cx0; cx <= cx1; ++cx) {
          const size_t cell = size_t(cy) * size_t(grid.nx) + size_t(cx);
          for (int32_t i = grid.start[cell]; i < grid.start[cell + 1]; ++i) {
            const int32_t u = grid.items[size_t(i)];
            if (size_t(u) == v) continue;
            const float d = std::hypot(x[size_t(u)] - x[v], y[size_t(u)] - y[v]);
            if (d <= r && (found < 0 || d < found)) found = d;
          }
        }
      }
      best = found;
    }
    if (best > 0) nearest.push_back(best);
  }
  if (nearest.empty()) return extent > 0 ? extent / std::sqrt(float(n)) : 1.0f;
  std::nth_element(nearest.begin(), nearest.begin() + nearest.size() / 2, nearest.end());
  return nearest[nearest.size() / 2];
}

}  // namespace

VertexState vertex_state(int32_t level, int32_t vertex, int32_t depth, int32_t source) {
  return VertexState(interop::graph_vertex_state(level, vertex, depth, source));
}

EdgeClass edge_class(int32_t u, int32_t v, int32_t lu, int32_t lv, int32_t pu, int32_t pv,
                     const BfsOverlay& overlay, bool symmetric) {
  return EdgeClass(interop::graph_edge_class(u, v, lu, lv, pu, pv, params_of(overlay, symmetric)));
}

interop::GraphStateParams GraphView::Impl::params() const {
  return params_of(overlay, symmetric);
}

void GraphView::Impl::ensure_host() {
  if (host_valid) return;
  // Only device overlays are ever stale here: host overlays are coloured when they are set.
  std::vector<int32_t> level, parent;
  if (cuda) {
    cuda->download(overlay.level, n, level);
    cuda->download(overlay.parent, n, parent);
  }
  states.resize(size_t(n));
  classes.resize(pairs.size() / 2);
  tree.resize(size_t(n));
  interop::graph_states_host(level.empty() ? nullptr : level.data(),
                             parent.empty() ? nullptr : parent.data(), n, pairs.data(),
                             edge_count(), params(), states.data(), classes.data(), tree.data());
  count_tree_edges();
  host_valid = true;
}

void GraphView::Impl::count_tree_edges() {  // as the CUDA kernel counts them
  tree_edges = std::count(classes.begin(), classes.end(), interop::kEdgeTree);
  useful_edges = std::count(classes.begin(), classes.end(), interop::kEdgeUseful);
}

void GraphView::Impl::ensure_gl() {
  if (gl_valid || !gl) return;
  if (overlay.on_device && cuda &&
      cuda->write(gl->state_buffer(), gl->class_buffer(), gl->tree_buffer(), overlay.level,
                  overlay.parent, params())) {
    gl_path = "gl+cuda";
    notice.clear();
  } else {
    ensure_host();
    gl->set_states(states.data(), classes.data(), tree.data());
    gl_path = overlay.on_device ? "gl+copy" : "gl";
    notice = cuda ? cuda->notice() : std::string();
  }
  gl_valid = true;
}

GraphView::GraphView(Backend backend, bool has_gl) : impl_(std::make_unique<Impl>()) {
  impl_->backend = backend;
  impl_->has_gl = has_gl;
  if (has_gl) impl_->gl = std::make_unique<interop::GraphBuffers>();
  if (backend == Backend::Cuda) impl_->cuda = interop::make_graph_device_writer();
}

// Members of Impl go in reverse order: the CUDA writer unregisters before the GL buffers go.
GraphView::~GraphView() = default;

void GraphView::set_graph(const graph::Graph& g, const std::vector<float>& x,
                          const std::vector<float>& y) {
  Impl& s = *impl_;
  WS_REQUIRE(g.vertices >= 0 && g.row_offsets.size() == size_t(g.vertices) + 1 &&
                 g.row_offsets.back() == g.edges(),
             "GraphView::set_graph: the graph's row offsets do not match its " +
                 std::to_string(g.vertices) + " vertices and " + std::to_string(g.edges()) +
                 " edges");
  require_positions(x, y, g.vertices, "GraphView::set_graph");
  std::vector<int32_t> pairs;
  pairs.reserve(size_t(g.symmetric ? g.edges() : 2 * g.edges()));
  for (int32_t u = 0; u < g.vertices; ++u) {
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
      const int32_t v = g.columns[size_t(e)];
      WS_REQUIRE(v >= 0 && v < g.vertices,
                 "GraphView::set_graph: edge " + std::to_string(u) + " -> " + std::to_string(v) +
                     " leaves the graph's vertices 0.." + std::to_string(g.vertices - 1));
      if (v == u || (g.symmetric && v < u)) continue;  // self-loops are not drawn
      pairs.push_back(u);
      pairs.push_back(v);
    }
  }
  if (s.gl) {
    const int64_t limit = interop::GraphBuffers::max_elements();
    WS_REQUIRE(int64_t(g.vertices) <= limit && int64_t(pairs.size() / 2) <= limit,
               "GraphView::set_graph: the GL buffers take at most " + std::to_string(limit) +
                   " vertices and edges (GL_MAX_TEXTURE_BUFFER_SIZE); this graph has " +
                   std::to_string(g.vertices) + " vertices and " +
                   std::to_string(pairs.size() / 2) + " edges to draw");
  }
  // Checked: from here on the new graph replaces the old one.
  if (s.cuda) s.cuda->release();
  if (s.gl) s.gl->set_graph(g.vertices, pairs);
  if (s.cuda) s.cuda->set_edges(pairs, g.vertices);
  s.n = g.vertices;
  s.symmetric = g.symmetric;
  s.pairs = std::move(pairs);
  s.original_ids = g.original_ids;
  s.overlay = BfsOverlay();
  s.has_level = false;
  s.label_level.clear();
  s.states.assign(size_t(s.n), interop::kStateUnvisited);
  s.classes.assign(s.pairs.size() / 2, interop::kEdgePlain);
  s.tree.assign(size_t(s.n), -1);
  s.tree_edges = s.useful_edges = 0;
  s.host_valid = true;
  s.gl_valid = true;  // set_graph zeroes the GL buffers: unvisited, plain
  s.gl_path = "gl";
  s.notice.clear();
  s.needs_fit = true;
  set_positions(x, y);
}

void GraphView::set_positions(const std::vector<float>& x, const std::vector<float>& y) {
  Impl& s = *impl_;
  require_positions(x, y, s.n, "GraphView::set_positions");
  s.x = x;
  s.y = y;
  if (s.n > 0) {
    const auto [min_x, max_x] = std::minmax_element(x.begin(), x.end());
    const auto [min_y, max_y] = std::minmax_element(y.begin(), y.end());
    s.min_x = *min_x;
    s.max_x = *max_x;
    s.min_y = *min_y;
    s.max_y = *max_y;
  } else {
    s.min_x = s.max_x = s.min_y = s.max_y = 0;
  }
  s.grid.build(s.x, s.y, s.max_x, s.max_y);
  const float w = s.max_x - s.min_x, h = s.max_y - s.min_y;
  const float mean = s.n < 2          ? 0.0f
                     : w > 0 && h > 0 ? std::sqrt(w * h / float(s.n))
                                      : std::max(w, h) / float(s.n - 1);
  s.spacing = std::max(typical_spacing(s.grid, s.x, s.y, std::max(w, h)), 0.6f * mean);
  const int64_t m = s.edge_count();
  const int64_t samples = std::min<int64_t>(m, 65536);
  double length = 0;
  for (int64_t k = 0; k < samples; ++k) {
    const size_t e = size_t(k * m / samples);
    const int32_t u = s.pairs[2 * e], v = s.pairs[2 * e + 1];
    length += std::hypot(double(s.x[size_t(u)] - s.x[size_t(v)]),
                         double(s.y[size_t(u)] - s.y[size_t(v)]));
  }
  s.mean_edge_length = samples > 0 ? float(length / double(samples)) : 0.0f;
  if (s.gl) s.gl->set_positions(s.x.data(), s.y.data());
}

void GraphView::set_overlay(const BfsOverlay& overlay) {
  Impl& s = *impl_;
  WS_REQUIRE(!overlay.on_device || s.backend == Backend::Cuda,
             std::string("GraphView::set_overlay: device levels need the CUDA backend"));
  WS_REQUIRE(overlay.source >= -1 && overlay.source < s.n,
             "GraphView::set_overlay: source " + std::to_string(overlay.source) +
                 " is not a vertex of the graph (0.." + std::to_string(s.n - 1) + ", or -1)");
  s.overlay = overlay;
  s.overlay.depth = std::max(overlay.depth, 0);
  s.has_level = overlay.level != nullptr;
  s.label_level.clear();
  s.host_valid = s.gl_valid = false;
  if (!overlay.on_device) {
    // Coloured now; the caller's arrays are not read again.
    s.states.resize(size_t(s.n));
    s.classes.resize(s.pairs.size() / 2);
    s.tree.resize(size_t(s.n));
    interop::graph_states_host(overlay.level, overlay.parent, s.n, s.pairs.data(), s.edge_count(),
                               s.params(), s.states.data(), s.classes.data(), s.tree.data());
    s.count_tree_edges();
    s.host_valid = true;
    if (s.n <= kLabelMaxVertices && overlay.level != nullptr)
      s.label_level.assign(overlay.level, overlay.level + s.n);
    s.overlay.level = s.overlay.parent = nullptr;
  } else {
    s.tree_edges = s.useful_edges = -1;  // counted on the device, asked for at the draw
    if (s.n <= kLabelMaxVertices && overlay.level != nullptr)
      s.cuda->download(overlay.level, s.n, s.label_level);
  }
  if (s.uses_gl())
    s.ensure_gl();
  else
    s.ensure_host();
}

void GraphView::set_theme(gfx::Theme theme) {
  impl_->theme = theme;
}
void GraphView::set_mode(Mode mode) {
  impl_->mode = mode;
}

void GraphView::set_edge_drawing(EdgeDrawing drawing, bool thinning) {
  impl_->edge_drawing = drawing;
  impl_->line_thinning = thinning;
}
const std::string& GraphView::edge_drawing() const {
  return impl_->drawing;
}

void GraphView::force_fallback(bool on) {
  Impl& s = *impl_;
  if (!s.cuda) return;
  s.cuda->force_fallback(on);
  if (s.overlay.on_device) s.gl_valid = false;  // recoloured by the new path at the next draw
}

const std::string& GraphView::path() const {
  return impl_->path;
}
const std::string& GraphView::notice() const {
  return impl_->notice;
}
int32_t GraphView::vertices() const {
  return impl_->n;
}

void GraphView::set_labels(bool on) {
  impl_->labels = on;
}

gfx::Image GraphView::read_gl_pixels() const {
  return impl_->gl ? impl_->gl->read_back() : gfx::Image();
}

void GraphView::read_gl_buffers(std::vector<uint8_t>& states, std::vector<uint8_t>& classes) const {
  states.clear();
  classes.clear();
  if (impl_->gl) impl_->gl->read_states(states, classes);
}

void GraphView::set_pass_timing(bool on) {
  if (impl_->gl) impl_->gl->set_pass_timing(on);
}

std::vector<std::pair<std::string, double>> GraphView::gl_pass_ms() const {
  return impl_->gl ? impl_->gl->pass_ms() : std::vector<std::pair<std::string, double>>();
}

void GraphView::set_gl_style_hook(std::function<void(interop::GraphDrawStyle&)> hook) {
  impl_->style_hook = std::move(hook);
}

}  // namespace ws::app
