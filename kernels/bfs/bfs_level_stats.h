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

// Variant 7's bottom-up scan: a thread reads its in-list kBottomUpChunk entries at a time (their
// loads in flight together), stopping after the chunk that holds the first frontier in-neighbour.
inline constexpr int64_t kBottomUpChunk = 4;

// The in-edges a bottom-up thread reads from an in-list of `degree` entries whose first frontier
// entry is number `hit` (0-based; -1 when none is): hit + 1 (all of them when none), or, with
// `chunked` (variant 7), up to the end of the chunk that holds the hit.
inline int64_t bottom_up_reads(int64_t hit, int64_t degree, bool chunked) {
  if (hit < 0) return degree;
  if (!chunked) return hit + 1;
  const int64_t chunk_end = (hit / kBottomUpChunk + 1) * kBottomUpChunk;
  return chunk_end < degree ? chunk_end : degree;
}

// Variant 7's threads on its bottom-up levels: its first bottom-up level takes every vertex; each
// later one only the vertices the bottom-up level before it left unvisited with in-edges (its
// list; top-down levels in between may have reached some of them). `directions`: every level's
// (optimizing_directions); `level`: the finished search; `csc`: the in-edges. 0 on top-down levels.
std::vector<int64_t> fast_bottom_up_threads(const Graph& csc, const std::vector<int32_t>& level,
                                            const std::vector<Direction>& directions);

// The adjacency entries a bottom-up (pull) step reads at each depth 0..levels-1: for every
// vertex unvisited at depth d, bottom_up_reads of its in-edges (rows of csc = transpose(g)) in
// order, the hit being the first whose end has level d. `chunked`: variant 7's reads.
std::vector<int64_t> pull_edges_examined(const Graph& csc, const std::vector<int32_t>& level,
                                         int32_t levels, bool chunked = false);

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
