// Internals shared by the CPU twin (graph_layout_cpu.cpp) and the CUDA simulation
// (graph_layout_cuda.cu): the undirected adjacency the forces run over, ForceAtlas2's constants
// and its speed rule, and the two factories Simulation::create dispatches to.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "../common/host_device.h"
#include "graph_layout.h"

namespace ws::graph_layout::detail {

// The edges the attraction pulls along: every stored edge in both directions, self-loops and
// duplicates dropped, rows sorted. A directed graph is laid out as its undirected shadow, so an
// edge u -> v pulls both ends. mass[v] = degree + 1 (ForceAtlas2's weighting of repulsion and
// gravity, so hubs push harder and leaves stay near their hub).
struct Adjacency {
  int32_t vertices = 0;
  std::vector<int64_t> offsets;     // vertices + 1
  std::vector<int32_t> neighbours;  // offsets[v] .. offsets[v + 1]
  std::vector<float> mass;          // degree + 1
};
Adjacency undirected_adjacency(const graph::Graph& g);

// ForceAtlas2's constants (the paper's names): k_s scales the per-vertex speed (1, as Gephi's
// implementation; the paper's 0.1 needs ten times the iterations), the global speed may rise by
// at most kMaxRise of itself per iteration, tau is the tolerance to swinging. k_smax, the cap
// on a vertex's displacement per iteration, is max_displacement(): the paper's 10 for small
// graphs, a tenth of the starting disc's radius for large ones (the disc grows with sqrt(n), and
// a cap of 10 would take thousands of iterations to cross it).
inline constexpr double kSpeedScale = 1.0;  // k_s
inline constexpr double kMaxRise = 0.5;
inline constexpr double kMinGlobalSpeed = 1e-6;
inline constexpr double kMaxGlobalSpeed = 1e4;
inline double max_displacement(int32_t vertices) {
  return std::max(10.0, std::sqrt(double(vertices) + 1.0));
}
// Below this squared distance two distinct vertices are treated as coincident: they push apart
// along x (the lower id to the left) as if at distance kMinDistance.
inline constexpr double kMinDistance = 1e-3;

// Swinging tolerance: 1 for graphs up to ~50k vertices, lower above (the paper's advice: large
// graphs need a more careful global speed).
double swing_tolerance(int32_t vertices);

// The global speed after an iteration with the mass-weighted sums of swinging (|F - F_prev|)
// and effective traction (|F + F_prev| / 2): tau * traction / swing, rising by at most kMaxRise,
// kept in [kMinGlobalSpeed, kMaxGlobalSpeed]; unchanged when the sums are not finite.
WS_HD double next_global_speed(double speed, double swing, double traction, double tau) {
  if (!(swing > 0) || !(swing < 1e300) || !(traction < 1e300)) return speed;  // NaN, inf, 0
  double next = tau * traction / swing;
  const double rise = speed * (1.0 + kMaxRise);
  if (next > rise) next = rise;
  if (next < kMinGlobalSpeed) next = kMinGlobalSpeed;
  if (next > kMaxGlobalSpeed) next = kMaxGlobalSpeed;
  return next;
}

// A vertex's speed from the global speed and its own swinging, capped so the displacement
// displacement speed * |force| stays under max_step (max_displacement()).
template <typename Real>
WS_HD Real vertex_speed(Real global_speed, Real swing, Real force_norm, Real max_step) {
  using std::sqrt;
  Real s = Real(kSpeedScale) * global_speed / (Real(1) + global_speed * sqrt(swing));
  if (s * force_norm > max_step) s = max_step / force_norm;
  return s;
}

// Throws ws::Error naming the option for parameters out of range.
void check_params(const Params& params);

std::unique_ptr<Simulation> make_cpu_simulation(const graph::Graph& g, const Params& params);
// Throws ws::Error in a CPU-only build (graph_layout_none.cpp) or without a device.
std::unique_ptr<Simulation> make_cuda_simulation(const graph::Graph& g, const Params& params);

}  // namespace ws::graph_layout::detail
