// The layout's entry points: Simulation::create (parameter checks, then the CPU twin or the CUDA
// simulation), default_iterations (the size rule), and the pieces both backends share: the
// undirected adjacency and ForceAtlas2's global speed rule. layout() and its cache live in
// graph_layout_cache.cpp.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "../common/error.h"
#include "../graph/graph_csr.h"
#include "graph_layout_parts.h"

namespace ws::graph_layout {

namespace detail {

Adjacency undirected_adjacency(const graph::Graph& g) {
  std::vector<std::pair<int32_t, int32_t>> edges;
  edges.reserve(g.columns.size());
  for (int32_t v = 0; v < g.vertices; ++v)
    for (int64_t e = g.row_offsets[size_t(v)]; e < g.row_offsets[size_t(v) + 1]; ++e)
      edges.emplace_back(v, g.columns[size_t(e)]);
  graph::Graph u = graph::build_csr(g.vertices, std::move(edges), {}, /*symmetrize=*/true,
                                    /*remove_self_loops=*/true, /*remove_duplicates=*/true);
  Adjacency a;
  a.vertices = g.vertices;
  a.offsets = std::move(u.row_offsets);
  a.neighbours = std::move(u.columns);
  a.mass.resize(size_t(g.vertices));
  for (int32_t v = 0; v < g.vertices; ++v)
    a.mass[size_t(v)] = float(a.offsets[size_t(v) + 1] - a.offsets[size_t(v)] + 1);
  return a;
}

double swing_tolerance(int32_t vertices) {
  return vertices > 50000 ? 0.5 : 1.0;
}

void check_params(const Params& p) {
  WS_REQUIRE(std::isfinite(p.scaling) && p.scaling > 0,
             "graph layout: scaling (the repulsion strength) must be a positive number, got " +
                 std::to_string(p.scaling));
  WS_REQUIRE(std::isfinite(p.gravity) && p.gravity >= 0,
             "graph layout: gravity must be a number >= 0, got " + std::to_string(p.gravity));
  WS_REQUIRE(std::isfinite(p.theta) && p.theta >= 0 && p.theta <= 10,
             "graph layout: theta (the Barnes-Hut opening angle) must be in 0..10 (0: exact "
             "repulsion), got " +
                 std::to_string(p.theta));
  WS_REQUIRE(p.iterations >= 0 && p.iterations <= 1000000,
             "graph layout: iterations must be in 0..1000000 (0: by the graph's size), got " +
                 std::to_string(p.iterations));
}

}  // namespace detail

std::unique_ptr<Simulation> Simulation::create(Backend backend, const graph::Graph& g,
                                               const Params& params) {
  detail::check_params(params);
  graph::validate(g);
  if (backend == Backend::Cuda) return detail::make_cuda_simulation(g, params);
  return detail::make_cpu_simulation(g, params);
}

// About 1 s of the CPU twin: an iteration costs ~n log n (Barnes-Hut) plus the edges, so the
// count falls with the size, from 800 for small graphs to a floor of 50 (large graphs take longer
// than a second on the CPU; the GPU runs the same count in a fraction of it).
int default_iterations(const graph::Graph& g) {
  const double n = double(std::max(g.vertices, 1));
  const double work = n * std::log2(n + 2.0) * 24.0 + double(g.edges());
  const double budget = 2.5e8;  // work units per second of the twin, measured on one core
  const double iterations = budget / work;
  return int(std::clamp(iterations, 50.0, 800.0));
}

}  // namespace ws::graph_layout
