// build_csr (graph_csr.h): an edge list -> CSR with sorted neighbour lists.
//   pass 1  without weights: counting sorts by column then by row, on worker_threads() threads
//           (graph_csr_deal.h), O(n + m), rows sorted. With weights: a stable counting sort by
//           row (mirrored edges after the given ones), on one thread, then
//   pass 2  each row sorted by column, stably: ties in input order; O(m log d) for rows of d
//           columns, the rows on worker_threads() threads (graph_parallel.h)
//   pass 3  dropping repeated columns, in each row on its thread, then one sweep moving the
//           rows together
#include "graph_csr.h"

#include <algorithm>
#include <string>

#include "../common/error.h"
#include "graph_csr_deal.h"
#include "graph_parallel.h"

namespace ws::graph {

namespace {

// Exclusive prefix sum of counts[0..n) into offsets[0..n] (offsets[n] = total).
void prefix_sum(const std::vector<int64_t>& counts, std::vector<int64_t>& offsets) {
  offsets.assign(counts.size() + 1, 0);
  int64_t total = 0;
  for (size_t i = 0; i < counts.size(); ++i) {
    offsets[i] = total;
    total += counts[i];
  }
  offsets[counts.size()] = total;
}

// With weights, sorts each row's columns ascending, stably (the weights move with their columns:
// ties in input order; without, the rows come sorted from graph_csr_deal.h); with `kept`,
// also drops a column equal to the one before it, moving the rest of the row up, and sets
// kept[v] to the row's new length (from row_offsets[v]). Rows in parallel, split where the
// edges split evenly (graph_parallel.h): every row is done the same way by any thread.
template <class W>
void sort_rows(Graph& g, std::vector<W>& weights, bool weighted,
               std::vector<int64_t>* kept = nullptr) {
  const std::vector<int64_t>& offsets = g.row_offsets;
  const int64_t stored = offsets.back();
  parallel_ranges(stored, 1 << 16, [&](int64_t first_edge, int64_t end_edge) {
    // The rows starting in [first_edge, end_edge).
    const auto row_end = offsets.end() - 1;
    const int64_t row_begin =
        std::lower_bound(offsets.begin(), row_end, first_edge) - offsets.begin();
    const int64_t row_stop = std::lower_bound(offsets.begin(), row_end, end_edge) - offsets.begin();
    std::vector<std::pair<int32_t, W>> scratch;
    for (int64_t v = row_begin; v < row_stop; ++v) {
      const int64_t begin = offsets[size_t(v)], end = offsets[size_t(v) + 1];
      int32_t* columns = g.columns.data() + begin;
      const int64_t length = end - begin;
      if (weighted) {
        scratch.resize(size_t(length));
        for (int64_t k = 0; k < length; ++k)
          scratch[size_t(k)] = {columns[k], weights[size_t(begin + k)]};
        std::stable_sort(scratch.begin(), scratch.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        for (int64_t k = 0; k < length; ++k) {
          columns[k] = scratch[size_t(k)].first;
          weights[size_t(begin + k)] = scratch[size_t(k)].second;
        }
      }
      if (!kept) continue;
      int64_t out = 0;
      for (int64_t k = 0; k < length; ++k) {
        if (out > 0 && columns[out - 1] == columns[k]) continue;
        columns[out] = columns[k];
        if (weighted) weights[size_t(begin + out)] = weights[size_t(begin + k)];
        ++out;
      }
      (*kept)[size_t(v)] = out;
    }
  });
}

// Pass 1 with weights (graph_csr_deal.h does it without): counts, row offsets, and each edge
// dealt into its source's row, in input order, on one thread. Throws as build_csr does.
template <class W>
void deal_weighted(int32_t n, const std::vector<std::pair<int32_t, int32_t>>& edges,
                   const std::vector<W>& weights, bool symmetrize, bool remove_self_loops, Graph& g,
                   std::vector<W>& stored_w) {
  const size_t count = edges.size();
  std::vector<int64_t> out_count(size_t(n), 0);
  for (size_t i = 0; i < count; ++i) {
    const int32_t u = edges[i].first, v = edges[i].second;
    if (u < 0 || u >= n || v < 0 || v >= n)
      throw Error("build_csr: edge " + std::to_string(i) + " (" + std::to_string(u) + " -> " +
                  std::to_string(v) + ") has an endpoint outside 0.." + std::to_string(n - 1));
    if (u == v) {
      if (!remove_self_loops) ++out_count[size_t(u)];
      continue;  // a self-loop mirrors onto itself: stored once
    }
    ++out_count[size_t(u)];
    if (symmetrize) ++out_count[size_t(v)];
  }
  prefix_sum(out_count, g.row_offsets);
  std::vector<int64_t>().swap(out_count);
  const int64_t stored = g.row_offsets[size_t(n)];
  if (stored > kMaxStoredEdges)
    throw Error("build_csr: " + std::to_string(stored) + " edges to store, more than the " +
                std::to_string(kMaxStoredEdges) + " a graph may hold");

  // Each edge dealt into its source's row, given edges first, then the mirrored ones.
  g.columns.resize(size_t(stored));
  stored_w.resize(size_t(stored));
  {
    std::vector<int64_t> pos(g.row_offsets.begin(), g.row_offsets.end() - 1);
    for (size_t i = 0; i < count; ++i) {
      const int32_t u = edges[i].first, v = edges[i].second;
      if (u == v && remove_self_loops) continue;
      const int64_t p = pos[size_t(u)]++;
      g.columns[size_t(p)] = v;
      stored_w[size_t(p)] = weights[i];
    }
    if (symmetrize)
      for (size_t i = 0; i < count; ++i) {
        const int32_t u = edges[i].first, v = edges[i].second;
        if (u == v) continue;
        const int64_t p = pos[size_t(v)]++;
        g.columns[size_t(p)] = u;
        stored_w[size_t(p)] = weights[i];
      }
  }
}

// W is float (Graph::weights) or double (Graph::weights64): `stored_weights` names the member.
template <class W>
Graph build(int32_t n, std::vector<std::pair<int32_t, int32_t>> edges, std::vector<W> weights,
            std::vector<W> Graph::*stored_weights, bool symmetrize, bool remove_self_loops,
            bool remove_duplicates) {
  if (n < 0)
    throw Error("build_csr: the vertex count " + std::to_string(n) +
                " is negative; a graph has 0.." + std::to_string(kMaxVertices) + " vertices");
  const bool weighted = !weights.empty();
  if (weighted && weights.size() != edges.size())
    throw Error("build_csr: " + std::to_string(weights.size()) + " weights for " +
                std::to_string(edges.size()) + " edges; give one weight per edge or none");

  Graph g;
  g.vertices = n;
  g.symmetric = symmetrize;
  std::vector<W>& stored_w = g.*stored_weights;
  if (weighted)
    deal_weighted(n, edges, weights, symmetrize, remove_self_loops, g, stored_w);
  else
    deal_unweighted(n, edges, symmetrize, remove_self_loops, kMaxStoredEdges, g);
  std::vector<std::pair<int32_t, int32_t>>().swap(edges);
  std::vector<W>().swap(weights);

  // Pass 2: each row sorted by column, stably (ties in input order); then pass 3, on sorted rows
  // the repeated columns are adjacent: keep the first of each run.
  if (!remove_duplicates) {
    if (weighted) sort_rows(g, stored_w, weighted);
    return g;
  }
  std::vector<int64_t> kept(size_t(n), 0);
  sort_rows(g, stored_w, weighted, &kept);
  int64_t out = 0;
  for (int32_t v = 0; v < n; ++v) {
    const int64_t begin = g.row_offsets[size_t(v)], length = kept[size_t(v)];
    g.row_offsets[size_t(v)] = out;
    if (out != begin) {
      std::copy(g.columns.begin() + begin, g.columns.begin() + begin + length,
                g.columns.begin() + out);
      if (weighted)
        std::copy(stored_w.begin() + begin, stored_w.begin() + begin + length,
                  stored_w.begin() + out);
    }
    out += length;
  }
  g.row_offsets[size_t(n)] = out;
  g.columns.resize(size_t(out));
  g.columns.shrink_to_fit();
  if (weighted) {
    stored_w.resize(size_t(out));
    stored_w.shrink_to_fit();
  }
  return g;
}

}  // namespace

Graph build_csr(int32_t n, std::vector<std::pair<int32_t, int32_t>> edges,
                std::vector<float> weights, bool symmetrize, bool remove_self_loops,
                bool remove_duplicates) {
  return build(n, std::move(edges), std::move(weights), &Graph::weights, symmetrize,
               remove_self_loops, remove_duplicates);
}

Graph build_csr_double(int32_t n, std::vector<std::pair<int32_t, int32_t>> edges,
                       std::vector<double> weights64, bool symmetrize, bool remove_self_loops,
                       bool remove_duplicates) {
  return build(n, std::move(edges), std::move(weights64), &Graph::weights64, symmetrize,
               remove_self_loops, remove_duplicates);
}

}  // namespace ws::graph
