// The CPU twin of the layout: ForceAtlas2 (Jacomy et al. 2014), one iteration at a time.
//   repulsion    k_r (deg_u + 1)(deg_v + 1) / d between every pair: Barnes-Hut (quadtree,
//                graph_layout_quadtree.cpp) for theta > 0, O(n log n); exact for theta == 0, O(n^2)
//   attraction   d along every edge (LinLog: log(1 + d)), O(m)
//   gravity      k_g (deg + 1) towards the centre (strong gravity: k_g (deg + 1) d)
//   speed        the paper's adaptive speeds: global speed tau * traction / swinging (rising at
//                most 50% a step), per-vertex speed k_s s_G / (1 + s_G sqrt(swing_v)), capped so a
//                vertex moves at most k_smax per iteration (graph_layout_parts.h)
// Doubles throughout and a fixed order of summation per vertex: the same seed gives the same
// layout bit for bit. Forces of different vertices are independent, so large graphs split them
// over threads (static chunks, so the result does not depend on the thread count).
#include <algorithm>
#include <cmath>
#include <thread>

#include "../common/error.h"
#include "graph_layout_parts.h"
#include "graph_layout_quadtree.h"
#include "common/hardware_threads.h"

namespace ws::graph_layout::detail {

namespace {

double norm(double x, double y) {
  return std::sqrt(x * x + y * y);
}

// Runs body(begin, end) over 0..n in contiguous chunks, on several threads for large n.
template <typename Body>
void parallel_chunks(int32_t n, const Body& body) {
  const unsigned hw = std::max(1u, ws::hardware_threads());
  const int32_t threads = n < 4096 ? 1 : int32_t(std::min<unsigned>(hw, 16));
  if (threads == 1) {
    body(int32_t(0), n);
    return;
  }
  std::vector<std::thread> pool;
  const int32_t chunk = (n + threads - 1) / threads;
  for (int32_t t = 1; t < threads; ++t) {
    const int32_t b = std::min(n, t * chunk), e = std::min(n, (t + 1) * chunk);
    if (b < e) pool.emplace_back([&body, b, e] { body(b, e); });
  }
  body(0, std::min(n, chunk));
  for (auto& t : pool) t.join();
}

class CpuSimulation final : public Simulation {
 public:
  CpuSimulation(const graph::Graph& g, const Params& params)
      : params_(params), adj_(undirected_adjacency(g)) {
    const Positions start = initial_positions(g, params.seed);
    const size_t n = size_t(g.vertices);
    x_.assign(start.x.begin(), start.x.end());
    y_.assign(start.y.begin(), start.y.end());
    fx_.assign(n, 0);
    fy_.assign(n, 0);
    old_fx_.assign(n, 0);
    old_fy_.assign(n, 0);
    pinned_.assign(n, 0);
    positions_ = start;
  }

  Backend backend() const override { return Backend::Cpu; }
  int iterations_done() const override { return done_; }

  void step(int iterations) override {
    for (int i = 0; i < iterations; ++i) iterate();
    if (iterations > 0) stale_ = true;
  }

  const Positions& positions() override {
    if (stale_) {
      for (size_t v = 0; v < x_.size(); ++v) {
        positions_.x[v] = float(x_[v]);
        positions_.y[v] = float(y_[v]);
      }
      stale_ = false;
    }
    return positions_;
  }

  void set_position(int32_t v, float x, float y, bool pin) override {
    WS_REQUIRE(v >= 0 && v < adj_.vertices, "graph layout: set_position of vertex " +
                                                std::to_string(v) + ", the graph has " +
                                                std::to_string(adj_.vertices) + " vertices");
    x_[size_t(v)] = x;
    y_[size_t(v)] = y;
    positions_.x[size_t(v)] = x;
    positions_.y[size_t(v)] = y;
    pinned_[size_t(v)] = pin ? 1 : 0;
    old_fx_[size_t(v)] = old_fy_[size_t(v)] = 0;  // its swinging restarts
  }

  void unpin_all() override { std::fill(pinned_.begin(), pinned_.end(), uint8_t(0)); }

 private:
  void iterate();
  void forces(int32_t begin, int32_t end);

  Params params_;
  Adjacency adj_;
  std::vector<double> x_, y_, fx_, fy_, old_fx_, old_fy_;
  std::vector<uint8_t> pinned_;
  QuadTree tree_;
  Positions positions_;
  double speed_ = 1.0;
  int done_ = 0;
  bool stale_ = false;
};

void CpuSimulation::forces(int32_t begin, int32_t end) {
  const double k_r = params_.scaling, k_g = params_.gravity, theta = params_.theta;
  const int32_t n = adj_.vertices;
  for (int32_t v = begin; v < end; ++v) {
    const double x = x_[size_t(v)], y = y_[size_t(v)], m = adj_.mass[size_t(v)];
    double fx = 0, fy = 0;
    if (theta > 0) {
      tree_.add_repulsion(v, x, y, m, k_r, theta, fx, fy);
    } else {
      for (int32_t u = 0; u < n; ++u)
        if (u != v)
          add_pair_repulsion(v, x, y, m, u, x_[size_t(u)], y_[size_t(u)], adj_.mass[size_t(u)], k_r,
                             fx, fy);
    }
    for (int64_t e = adj_.offsets[size_t(v)]; e < adj_.offsets[size_t(v) + 1]; ++e) {
      const int32_t u = adj_.neighbours[size_t(e)];
      const double dx = x_[size_t(u)] - x, dy = y_[size_t(u)] - y;
      if (params_.lin_log) {
        const double d = std::sqrt(dx * dx + dy * dy);
        if (d > 0) {
          const double f = std::log1p(d) / d;
          fx += dx * f;
          fy += dy * f;
        }
      } else {
        fx += dx;
        fy += dy;
      }
    }
    const double r = std::sqrt(x * x + y * y);
    if (r > 0) {
      const double f = params_.strong_gravity ? k_g * m : k_g * m / r;
      fx -= x * f;
      fy -= y * f;
    }
    fx_[size_t(v)] = fx;
    fy_[size_t(v)] = fy;
  }
}

void CpuSimulation::iterate() {
  const int32_t n = adj_.vertices;
  if (n == 0) {
    ++done_;
    return;
  }
  if (params_.theta > 0) tree_.build(x_.data(), y_.data(), adj_.mass.data(), n);
  parallel_chunks(n, [this](int32_t b, int32_t e) { forces(b, e); });

  // Swinging and effective traction, mass-weighted, over the vertices that move.
  double swing = 0, traction = 0;
  for (int32_t v = 0; v < n; ++v) {
    if (pinned_[size_t(v)]) continue;
    const double fx = fx_[size_t(v)], fy = fy_[size_t(v)];
    const double ox = old_fx_[size_t(v)], oy = old_fy_[size_t(v)];
    const double m = adj_.mass[size_t(v)];
    swing += m * norm(fx - ox, fy - oy);
    traction += m * 0.5 * norm(fx + ox, fy + oy);
  }
  speed_ = next_global_speed(speed_, swing, traction, swing_tolerance(n));
  const double max_step = max_displacement(n);

  for (int32_t v = 0; v < n; ++v) {
    const double fx = fx_[size_t(v)], fy = fy_[size_t(v)];
    const double ox = old_fx_[size_t(v)], oy = old_fy_[size_t(v)];
    old_fx_[size_t(v)] = fx;
    old_fy_[size_t(v)] = fy;
    if (pinned_[size_t(v)]) continue;
    const double length = norm(fx, fy);
    if (!(length > 0) || !std::isfinite(length)) continue;
    const double s = vertex_speed(speed_, norm(fx - ox, fy - oy), length, max_step);
    x_[size_t(v)] += s * fx;
    y_[size_t(v)] += s * fy;
  }
  ++done_;
}

}  // namespace

std::unique_ptr<Simulation> make_cpu_simulation(const graph::Graph& g, const Params& params) {
  return std::make_unique<CpuSimulation>(g, params);
}

}  // namespace ws::graph_layout::detail
