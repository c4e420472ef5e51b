// Initial positions for the force-directed layout: the graph's own coordinates when it has them,
// else a seeded disc (SplitMix64, the same on every platform), radius growing with sqrt(n) so the
// density the forces start from does not depend on the size.
#include <cmath>

#include "graph_layout.h"

namespace ws::graph_layout {

namespace {

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double unit(uint64_t& state) {  // [0, 1)
  return double(splitmix64(state) >> 11) * (1.0 / 9007199254740992.0);
}

}  // namespace

Positions initial_positions(const graph::Graph& g, uint64_t seed) {
  Positions p;
  if (g.has_coordinates()) {
    p.x = g.x;
    p.y = g.y;
    return p;
  }
  const size_t n = size_t(g.vertices);
  p.x.resize(n);
  p.y.resize(n);
  const double radius = 10.0 * std::sqrt(double(n) + 1.0);
  uint64_t state = seed * 0x2545F4914F6CDD1Dull + 1;
  for (size_t v = 0; v < n; ++v) {
    const double r = radius * std::sqrt(unit(state));
    const double a = 6.283185307179586 * unit(state);
    p.x[v] = float(r * std::cos(a));
    p.y[v] = float(r * std::sin(a));
  }
  return p;
}

}  // namespace ws::graph_layout
