// `warpscope bench --scene bfs` and the graph mode's fast-mode panel: every variant through the
// engine (Engine::time_ms, median of the repeats) on generated Kronecker graphs (Graph500's
// R-MAT, edge factor 16), a 2D grid (a road network's thousands of levels) and the shipped graphs,
// each row's levels checked against the reference BFS, in GTEPS as Graph500 counts them (the input
// edges of the traversed component over the time), next to the tuned multithreaded CPU BFS
// (bfs::time_cpu_baseline) on the same graph.
#pragma once

#include "bfs_settings.h"
#include "scene_kit/bench_report.h"

namespace ws::app {

// request.sizes: Kronecker scales (default 16, 18, 20 on CUDA; 12, 14 on the CPU), edge factor 16.
// request.variants: ids or numbers (default all 7).
// request.params (`--set KEY=VALUE`): grid=WxH (default 4096x4096 on CUDA, 256x256 on the CPU;
// "none" leaves it out), shipped=yes|no (the shipped graphs, default yes), baseline=yes|no (the
// CPU baseline rows, default yes), ef=EDGE_FACTOR (default 16). Anything else is refused.
// request.from_scene: the scene's own graph only (with the grid and shipped graphs left out).
// Variants whose work grows as n x levels (push, pull, edge-centric) are skipped, with a note, on
// graphs where that product would take minutes.
BenchJob bfs_bench_job(const BfsSettings& settings, const BenchRequest& request);

}  // namespace ws::app
