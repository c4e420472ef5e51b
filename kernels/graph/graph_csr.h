// Building a CSR graph (graph.h) from an edge list: the one place loaders and generators turn
// "u v [w]" pairs into row offsets and sorted columns.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "graph.h"

namespace ws::graph {

// The CSR of `n` vertices and the directed edges u -> v in `edges` (0-based ids in 0..n-1).
//   weights            empty, or one per edge (carried to the stored edges)
//   symmetrize         also store v -> u for every u -> v (u != v), with the same weight; the
//                      result is marked symmetric
//   remove_self_loops  drop every u -> u
//   remove_duplicates  keep one u -> v of several; the one kept (and its weight) is the FIRST in
//                      input order, an edge given in `edges` counting before any mirrored by
//                      `symmetrize`
// Every neighbour list comes out sorted ascending (ties in input order), so the result depends
// only on the edge multiset and its order, never on hashing or a sort's instability.
// Work without weights O(n + m): counting sorts by column, then stably by source, on
// worker_threads() threads (graph_csr_deal.h). With weights O(n + m log d) for rows of d
// columns: a stable counting sort by source, then each row stable-sorted on worker threads.
// The same graph for any thread count (graph_parallel.h).
// Memory: besides the result, 16 bytes per stored edge without weights (the pairs of two
// partitions), the row counters with; `edges` and `weights` are released as soon as they are
// read (pass them with std::move).
// Throws ws::Error for n outside 0..kMaxVertices, an endpoint outside 0..n-1, a weights array
// of the wrong size, or more than kMaxStoredEdges edges to store.
inline constexpr int64_t kMaxStoredEdges = int64_t{1} << 32;

Graph build_csr(int32_t n, std::vector<std::pair<int32_t, int32_t>> edges,
                std::vector<float> weights, bool symmetrize, bool remove_self_loops,
                bool remove_duplicates);
// The same with double weights, stored in Graph::weights64 (LoadOptions::double_weights); a
// name of its own, so that build_csr(n, edges, {}, ...) stays unambiguous.
Graph build_csr_double(int32_t n, std::vector<std::pair<int32_t, int32_t>> edges,
                       std::vector<double> weights64, bool symmetrize, bool remove_self_loops,
                       bool remove_duplicates);

}  // namespace ws::graph
