// layout(): the whole layout of a graph, for figures and the first frame (the graph's own
// coordinates when it has them, else a Simulation run to the end).
#include "graph_layout_parts.h"

namespace ws::graph_layout {

Positions layout(const graph::Graph& g, const Params& params, Backend backend) {
  detail::check_params(params);
  if (g.has_coordinates()) return initial_positions(g, params.seed);
  auto sim = Simulation::create(backend, g, params);
  sim->step(params.iterations > 0 ? params.iterations : default_iterations(g));
  return sim->positions();
}

}  // namespace ws::graph_layout
