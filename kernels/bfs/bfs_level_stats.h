// The per-level statistics rule of bfs.h, computed from a finished search's level array alone, in
// one place: the CUDA engine reports these (its kernels do not count), the CPU twins count the
// same numbers as they run, and the tests compare the two with a brute-force recount.
//
// Definitions, for the level expanding depth d (d = 0..D, D the largest level reached; the level
// of depth D discovers nothing):
//   n_f(d)  frontier         vertices with level d
//   m_f(d)  frontier_edges   their out-degrees (CSR rows) summed
//   m_u(d)  unvisited_edges  the out-degrees of the vertices not reached when depth d is expanded
//                            (level -1, or level > d) summed: the frontier itself is reached
//   discovered(d)            vertices with level d + 1
// and per variant edges_examined, threads and direction as bfs.h says. Work O(n + m + D) for all
// levels together (pull's early-exit counts included), so a 16M-vertex grid with thousands of
// levels costs one pass, not one per level.
#pragma once

#include <cstdint>
#include <vector>

#include "bfs.h"

namespace ws::bfs {

// depth, frontier, frontier_edges, unvisited_edges and discovered of every expanded level (D + 1
// entries, depth 0 first); edges_examined, threads, direction and ms left at their defaults.
// `level` holds -1 for unreached vertices and exactly one 0 (the source).
std::vector<LevelStats> level_counts(const Graph& g, const std::vector<int32_t>& level);

// The adjacency entries a bottom-up (pull) step reads at each depth 0..levels-1: for every
// vertex unvisited at depth d, its in-edges (rows of csc = transpose(g)) in order, up to and
// including the first whose end has level d, all of them when none has.
std::vector<int64_t> pull_edges_examined(const Graph& csc, const std::vector<int32_t>& level,
                                         int32_t levels);

// The directions variants 3 and 7 take at each level of `counts` (level_counts): next_direction
// from top-down at depth 0 (previous n_f = 0 there, unused from top-down), then from the
// direction the level before took.
std::vector<Direction> optimizing_directions(const std::vector<LevelStats>& counts, int64_t n,
                                             double alpha, double beta);

// Everything both engines report for p.variant: level_counts plus edges_examined, threads and
// direction by bfs.h's rule. `csc` is transpose(g) (g itself for a symmetric graph); it is read
// only for pull and for bottom-up levels.
std::vector<LevelStats> level_stats(const Params& p, const Graph& g, const Graph& csc,
                                    const std::vector<int32_t>& level);

}  // namespace ws::bfs
