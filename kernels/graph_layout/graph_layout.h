// Force-directed graph layout for the BFS scene's drawing: ForceAtlas2 (Jacomy, Venturini,
// Heymann, Bastian, PLoS ONE 2014) with Barnes-Hut repulsion (a quadtree, opening angle theta),
// linear attraction along edges, gravity towards the centre and the adaptive per-vertex speed of
// the paper. One iteration on the CPU (the twin, deterministic) or on the GPU (CUDA: the quadtree
// built on the device, forces per vertex in parallel). Graphs that carry coordinates (a road
// network, a grid) are drawn at them and never laid out. CUDA-free API.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../graph/graph.h"

namespace ws::graph_layout {

struct Params {
  double scaling = 2.0;  // repulsion strength k_r (ForceAtlas2's "scaling ratio")
  double gravity = 1.0;  // pull towards the centre
  double theta = 1.2;    // Barnes-Hut opening angle (0: exact O(n^2) repulsion, small graphs)
  bool lin_log = false;  // ForceAtlas2's LinLog mode (tighter clusters)
  bool strong_gravity = false;
  int iterations = 0;  // 0: by size (more for small graphs; a budget of ~1 s on the CPU)
  uint64_t seed = 1;   // initial positions
};

struct Positions {
  std::vector<float> x, y;  // one per vertex, in layout units (the view fits them to the screen)
};

// Initial positions: seeded, identical on every platform (a disc, or the graph's coordinates
// when it has them).
Positions initial_positions(const graph::Graph& g, uint64_t seed);

// A layout that advances step by step, so the view can show it settling and the user can drag a
// vertex (pinned vertices keep the position the user gave them).
class Simulation {
 public:
  // Throws ws::Error for Backend::Cuda in a CPU-only build or without a device, and for a graph
  // whose buffers do not fit in memory.
  static std::unique_ptr<Simulation> create(Backend backend, const graph::Graph& g,
                                            const Params& params);
  virtual ~Simulation() = default;
  virtual Backend backend() const = 0;
  virtual void step(int iterations) = 0;  // advance
  virtual int iterations_done() const = 0;
  virtual const Positions& positions() = 0;  // host copy (downloads on CUDA when stale)
  virtual void set_position(int32_t v, float x, float y, bool pin) = 0;  // dragging
  virtual void unpin_all() = 0;
};

// The whole layout of `g` (params.iterations, or default_iterations(g, backend)), for figures and
// the first frame: the graph's coordinates when it has them, else a Simulation run to the end.
// Results are cached in memory per (graph content, params, backend) and on disk under
// $XDG_CACHE_HOME/warpscope/layouts (else ~/.cache/warpscope/layouts) keyed by a hash of the CSR
// and the params, so the same graph opens at once the second time; a cache file that does not
// read back is ignored and rewritten.
Positions layout(const graph::Graph& g, const Params& params, Backend backend);
// The iterations layout() runs for g on the CPU when params.iterations is 0.
int default_iterations(const graph::Graph& g);
// The same for a backend: the CPU's count above; CUDA runs more where its budget (about half a
// second on an H100-class GPU) allows, up to 800, never fewer than the CPU's.
int default_iterations(const graph::Graph& g, Backend backend);

}  // namespace ws::graph_layout
