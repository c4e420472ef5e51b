// TEMPORARY stand-ins (deleted when bfs-cpu, graph-layout and graph-view land): a plain CPU BFS
// engine, verify, traversed_edges, the CPU baseline, a layout of initial positions plus a few
// spring steps, and a canvas-only GraphView. Only so the scene builds and its tests run meanwhile.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "bfs/bfs.h"
#include "common/error.h"
#include "graph_layout/graph_layout.h"
#include "views/graph/graph_view.h"

namespace ws::bfs {

int64_t traversed_edges(const Graph& g, const std::vector<int32_t>& level) {
  int64_t sum = 0;
  for (int32_t v = 0; v < g.vertices; ++v)
    if (level[size_t(v)] >= 0) sum += g.degree(v);
  return g.symmetric ? sum / 2 : sum;
}

std::string verify(const Graph& g, int32_t source, const std::vector<int32_t>& level,
                   const std::vector<int32_t>& parent) {
  if (level != graph::bfs_reference(g, source)) return "levels differ";
  for (int32_t v = 0; v < g.vertices; ++v) {
    if (level[size_t(v)] <= 0) continue;
    const int32_t p = parent[size_t(v)];
    if (p < 0 || level[size_t(p)] != level[size_t(v)] - 1)
      return "vertex " + std::to_string(v) + ": bad parent";
  }
  return "";
}

namespace {

Result plain_bfs(const Graph& g, const Params& p) {
  Result r;
  const int32_t n = g.vertices;
  r.level.assign(size_t(n), -1);
  r.parent.assign(size_t(n), -1);
  r.level[size_t(p.source)] = 0;
  r.parent[size_t(p.source)] = p.source;
  std::vector<int32_t> frontier{p.source};
  int64_t unvisited_edges = g.edges() - g.degree(p.source);
  Direction dir = Direction::TopDown;
  int64_t prev = 0;
  for (int32_t depth = 0; !frontier.empty(); ++depth) {
    LevelStats s;
    s.depth = depth;
    s.frontier = int64_t(frontier.size());
    for (int32_t v : frontier) s.frontier_edges += g.degree(v);
    s.unvisited_edges = unvisited_edges;
    if (p.variant == Variant::DirectionOptimizing || p.variant == Variant::Fast)
      dir = next_direction(dir, s.frontier, prev, s.frontier_edges, s.unvisited_edges, n, p.alpha,
                           p.beta);
    else
      dir = p.variant == Variant::Pull ? Direction::BottomUp : Direction::TopDown;
    s.direction = dir;
    s.edges_examined = p.variant == Variant::EdgeCentric ? g.edges() : s.frontier_edges;
    s.threads = p.variant == Variant::EdgeCentric                            ? g.edges()
                : (p.variant == Variant::Push || dir == Direction::BottomUp) ? n
                                                                             : s.frontier;
    std::vector<int32_t> next;
    for (int32_t u : frontier)
      for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
        const int32_t v = g.columns[size_t(e)];
        if (r.level[size_t(v)] >= 0) continue;
        r.level[size_t(v)] = depth + 1;
        r.parent[size_t(v)] = u;
        unvisited_edges -= g.degree(v);
        next.push_back(v);
      }
    s.discovered = int64_t(next.size());
    r.levels.push_back(s);
    prev = s.frontier;
    frontier = std::move(next);
  }
  for (int32_t l : r.level) r.reached += l >= 0;
  r.traversed_edges = traversed_edges(g, r.level);
  return r;
}

class StandinEngine : public Engine {
 public:
  Backend backend() const override { return Backend::Cpu; }
  void set_graph(const Graph& g) override { g_ = g; }
  int32_t vertices() const override { return g_.vertices; }
  int64_t edges() const override { return g_.edges(); }
  Result run(const Params& p) override {
    WS_REQUIRE(p.source >= 0 && p.source < g_.vertices, std::string("source out of range"));
    return plain_bfs(g_, p);
  }
  double time_ms(const Params& p, int repeats) override {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < repeats; ++i) (void)plain_bfs(g_, p);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
               .count() /
           repeats;
  }

 private:
  Graph g_;
};

}  // namespace

std::unique_ptr<Engine> Engine::create(Backend backend) {
  WS_REQUIRE(backend == Backend::Cpu, std::string("stand-in: CPU only"));
  return std::make_unique<StandinEngine>();
}

CpuBaseline time_cpu_baseline(const Graph& g, int32_t source, int repeats, int threads,
                              double alpha, double beta) {
  CpuBaseline b;
  Params p;
  p.source = source;
  p.alpha = alpha;
  p.beta = beta;
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < repeats; ++i) b.result = plain_bfs(g, p);
  b.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() /
         repeats;
  b.threads = threads ? threads : 1;
  b.name = "stand-in";
  return b;
}

}  // namespace ws::bfs

namespace ws::graph_layout {

Positions layout(const graph::Graph& g, const Params& params, Backend) {
  Positions p = initial_positions(g, params.seed);
  if (g.has_coordinates() || g.vertices > 5000) return p;
  const size_t n = size_t(g.vertices);
  for (int it = 0; it < 200; ++it) {
    std::vector<float> fx(n, 0), fy(n, 0);
    for (size_t a = 0; a < n; ++a)
      for (size_t b = a + 1; b < n && n <= 2000; ++b) {
        const float dx = p.x[a] - p.x[b], dy = p.y[a] - p.y[b];
        const float d2 = dx * dx + dy * dy + 0.01f, f = 100.0f / d2;
        fx[a] += dx * f, fy[a] += dy * f, fx[b] -= dx * f, fy[b] -= dy * f;
      }
    for (size_t u = 0; u < n; ++u)
      for (int64_t e = g.row_offsets[u]; e < g.row_offsets[u + 1]; ++e) {
        const size_t v = size_t(g.columns[size_t(e)]);
        fx[u] -= (p.x[u] - p.x[v]) * 0.05f;
        fy[u] -= (p.y[u] - p.y[v]) * 0.05f;
      }
    for (size_t u = 0; u < n; ++u) {
      const float len = std::sqrt(fx[u] * fx[u] + fy[u] * fy[u]);
      const float s = len > 2 ? 2 / len : 1;
      p.x[u] += fx[u] * s - p.x[u] * 0.002f;
      p.y[u] += fy[u] * s - p.y[u] * 0.002f;
    }
  }
  return p;
}

}  // namespace ws::graph_layout

namespace ws::app {

struct GraphView::Impl {
  graph::Graph g;
  std::vector<float> x, y;
  std::vector<int32_t> level, parent;
  BfsOverlay o;
  float w = 1, h = 1;
  std::string path = "canvas";
};

GraphView::GraphView(Backend, bool) : impl_(std::make_unique<Impl>()) {}
GraphView::~GraphView() = default;

void GraphView::set_graph(const graph::Graph& g, const std::vector<float>& x,
                          const std::vector<float>& y) {
  impl_->g = g;
  impl_->x = x;
  impl_->y = y;
}
void GraphView::set_positions(const std::vector<float>& x, const std::vector<float>& y) {
  impl_->x = x;
  impl_->y = y;
}
void GraphView::set_overlay(const BfsOverlay& o) {
  impl_->o = o;
  const size_t n = size_t(impl_->g.vertices);
  impl_->level.assign(o.level ? o.level : nullptr, o.level ? o.level + n : nullptr);
  impl_->parent.assign(o.parent ? o.parent : nullptr, o.parent ? o.parent + n : nullptr);
}
void GraphView::fit(float width, float height) {
  float x0 = 1e30f, x1 = -1e30f, y0 = 1e30f, y1 = -1e30f;
  for (size_t i = 0; i < impl_->x.size(); ++i) {
    x0 = std::min(x0, impl_->x[i]), x1 = std::max(x1, impl_->x[i]);
    y0 = std::min(y0, impl_->y[i]), y1 = std::max(y1, impl_->y[i]);
  }
  if (impl_->x.empty()) x0 = y0 = 0, x1 = y1 = 1;
  camera_.cx = (x0 + x1) / 2;
  camera_.cy = (y0 + y1) / 2;
  camera_.scale =
      0.92f * std::min(width / std::max(x1 - x0, 1e-6f), height / std::max(y1 - y0, 1e-6f));
  impl_->w = width;
  impl_->h = height;
}
void GraphView::zoom(float factor, gfx::Vec2 about) {
  const float lx = camera_.cx + (about.x - impl_->w / 2) / camera_.scale;
  const float ly = camera_.cy - (about.y - impl_->h / 2) / camera_.scale;
  camera_.scale *= factor;
  camera_.cx = lx - (about.x - impl_->w / 2) / camera_.scale;
  camera_.cy = ly + (about.y - impl_->h / 2) / camera_.scale;
}
void GraphView::pan(gfx::Vec2 d) {
  camera_.cx -= d.x / camera_.scale;
  camera_.cy += d.y / camera_.scale;
}
int32_t GraphView::pick(gfx::Vec2 px, float radius) const {
  int32_t best = -1;
  float best_d = radius * radius;
  for (size_t i = 0; i < impl_->x.size(); ++i) {
    const float sx = impl_->w / 2 + (impl_->x[i] - camera_.cx) * camera_.scale;
    const float sy = impl_->h / 2 - (impl_->y[i] - camera_.cy) * camera_.scale;
    const float d = (sx - px.x) * (sx - px.x) + (sy - px.y) * (sy - px.y);
    if (d <= best_d) best_d = d, best = int32_t(i);
  }
  return best;
}
void GraphView::draw(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, bool) {
  impl_->w = max.x - min.x;
  impl_->h = max.y - min.y;
  auto at = [&](size_t i) {
    return gfx::Vec2{min.x + impl_->w / 2 + (impl_->x[i] - camera_.cx) * camera_.scale,
                     min.y + impl_->h / 2 - (impl_->y[i] - camera_.cy) * camera_.scale};
  };
  const graph::Graph& g = impl_->g;
  const bool small = g.vertices <= kLabelMaxVertices;
  for (int32_t u = 0; u < g.vertices && g.edges() <= kVectorMaxEdges; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
      const int32_t v = g.columns[size_t(e)];
      if (v < u && g.symmetric) continue;
      const bool tree =
          !impl_->parent.empty() &&
          (impl_->parent[size_t(v)] == u || impl_->parent[size_t(u)] == v) &&
          impl_->level[size_t(v)] >= 0 &&
          std::max(impl_->level[size_t(u)], impl_->level[size_t(v)]) <= impl_->o.depth + 1;
      c.line(at(size_t(u)), at(size_t(v)),
             tree ? gfx::Color{60, 60, 60} : gfx::Color{200, 200, 205}, tree ? 2.0f : 1.0f);
    }
  const float r = small ? 7 : 2.5f;
  for (int32_t v = 0; v < g.vertices; ++v) {
    const int32_t l = impl_->level.empty() ? -1 : impl_->level[size_t(v)];
    const VertexState st = vertex_state(l, v, impl_->o.depth, impl_->o.source);
    c.circle_filled(at(size_t(v)), r, state_color(st));
    if (small)
      c.text(at(size_t(v)), std::to_string(v), 9, {20, 20, 20}, gfx::HAlign::Center,
             gfx::VAlign::Middle);
  }
}
gfx::Color GraphView::state_color(VertexState s) {
  switch (s) {
    case VertexState::Unvisited:
      return {215, 215, 220};
    case VertexState::Visited:
      return {150, 190, 230};
    case VertexState::Frontier:
      return {230, 159, 0};
    case VertexState::Discovered:
      return {0, 158, 115};
    case VertexState::Source:
      return {213, 94, 0};
  }
  return {};
}
const char* GraphView::state_name(VertexState s) {
  switch (s) {
    case VertexState::Unvisited:
      return "unvisited";
    case VertexState::Visited:
      return "visited";
    case VertexState::Frontier:
      return "frontier";
    case VertexState::Discovered:
      return "discovered";
    case VertexState::Source:
      return "source";
  }
  return "?";
}
const std::string& GraphView::path() const {
  return impl_->path;
}

VertexState vertex_state(int32_t level, int32_t vertex, int32_t depth, int32_t source) {
  if (vertex == source) return VertexState::Source;
  if (level < 0 || level > depth + 1) return VertexState::Unvisited;
  if (level < depth) return VertexState::Visited;
  if (level == depth) return VertexState::Frontier;
  return VertexState::Discovered;
}

}  // namespace ws::app
