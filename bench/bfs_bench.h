// `warpscope bench --scene bfs` and the BFS graph mode's fast-mode panel: every variant through the
// engine (Engine::time_ms, median of the repeats) on generated Kronecker graphs (Graph500's R-MAT,
// edge factor 16), a 2D grid (a road network's thousands of levels) and the shipped graphs, each
// row's levels checked against the reference BFS, in GTEPS as Graph500 counts them (the input
// edges of the traversed component over the time), next to the tuned multithreaded CPU BFS
// (bfs::time_cpu_baseline) on the same graph.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench_job.h"
#include "graph/graph.h"

namespace ws::bench {

// A graph the benchmark may time: as the scene names it ("karate.mtx"), and its row label.
struct BfsBenchGraph {
  std::string spec;
  std::string label;
};

// What the scene hands the benchmark: how it reads a graph, the graphs it ships, and its own
// choices (request.from_scene: its graph as it loaded it and its source; alpha and beta always).
struct BfsBenchChoice {
  // Reads "gen:kron:16:16", "gen:grid:256x256" or a shipped graph as the scene does.
  std::function<graph::Graph(const std::string& spec)> load;
  std::vector<BfsBenchGraph> shipped;
  std::shared_ptr<const graph::Graph> graph;  // the scene's graph (from_scene)
  BfsBenchGraph named;                        // its name as given, and as a label
  int32_t source = 0;
  double alpha = 15, beta = 18;
};

// request.sizes: Kronecker scales (default 16, 18, 20 on CUDA; 12, 14 on the CPU), edge factor 16.
// request.variants: ids or numbers (default all 7).
// request.params (`--set KEY=VALUE`): grid=WxH (default 4096x4096 on CUDA, 256x256 on the CPU;
// "none" leaves it out), shipped=yes|no (the shipped graphs, default yes), baseline=yes|no (the
// CPU baseline rows, default yes), ef=EDGE_FACTOR (default 16). Anything else is refused.
// request.from_scene: the scene's own graph only (with the grid and shipped graphs left out).
// Variants whose work grows as n x levels (push, pull, edge-centric) are skipped, with a note, on
// graphs where that product would take minutes.
BenchJob bfs_bench_job(const BenchRequest& request, const BfsBenchChoice& choice);

}  // namespace ws::bench
