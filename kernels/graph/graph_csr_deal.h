// Inside kernels/graph: build_csr's first pass for an unweighted edge list, on worker_threads()
// threads (graph_parallel.h), for edges without weights (ties between equal columns need no
// order then). The same result for any thread count.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "graph.h"

namespace ws::graph {

// Sets g.row_offsets (n + 1 entries) and g.columns: row u holds v for every edge u -> v (and u
// for v -> u with `symmetrize`), self-loops stored once or (remove_self_loops) not at all; each
// row's columns ascending, repeats kept.
// `edges` is released once read. Throws ws::Error naming the first edge with an endpoint outside
// 0..n-1, or for more than `max_stored` edges to store (before allocating them).
// Memory: 16 bytes per stored edge besides the result, while it runs.
void deal_unweighted(int32_t n, std::vector<std::pair<int32_t, int32_t>>& edges, bool symmetrize,
                     bool remove_self_loops, int64_t max_stored, Graph& g);

}  // namespace ws::graph
