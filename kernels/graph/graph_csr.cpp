// build_csr (graph_csr.h): an edge list -> CSR with sorted neighbour lists, in O(n + m).
//   pass 1  stable counting sort of the edges by destination (mirrored edges after the given ones)
//   pass 2  stable counting sort of that order by source: each row's columns come out ascending,
//           ties in input order
//   pass 3  one sweep over the rows dropping self-loops and repeated columns, in place
#include "graph_csr.h"

#include <string>

#include "../common/error.h"

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

  const size_t count = edges.size();
  std::vector<int64_t> in_count(size_t(n), 0), out_count(size_t(n), 0);
  for (size_t i = 0; i < count; ++i) {
    const int32_t u = edges[i].first, v = edges[i].second;
    if (u < 0 || u >= n || v < 0 || v >= n)
      throw Error("build_csr: edge " + std::to_string(i) + " (" + std::to_string(u) + " -> " +
                  std::to_string(v) + ") has an endpoint outside 0.." + std::to_string(n - 1));
    if (u == v) {
      if (remove_self_loops) continue;
      ++in_count[size_t(v)];
      ++out_count[size_t(u)];
      continue;  // a self-loop mirrors onto itself: stored once
    }
    ++in_count[size_t(v)];
    ++out_count[size_t(u)];
    if (symmetrize) {
      ++in_count[size_t(u)];
      ++out_count[size_t(v)];
    }
  }
  std::vector<int64_t> by_dst;  // pass-1 bucket starts
  prefix_sum(in_count, by_dst);
  const int64_t stored = by_dst[size_t(n)];
  if (stored > kMaxStoredEdges)
    throw Error("build_csr: " + std::to_string(stored) + " edges to store, more than the " +
                std::to_string(kMaxStoredEdges) + " a graph may hold");

  // Pass 1: sources bucketed by destination, given edges first, then the mirrored ones.
  std::vector<int32_t> src(static_cast<size_t>(stored));
  std::vector<W> src_w(weighted ? size_t(stored) : 0);
  {
    std::vector<int64_t> pos(by_dst.begin(), by_dst.end() - 1);
    for (size_t i = 0; i < count; ++i) {
      const int32_t u = edges[i].first, v = edges[i].second;
      if (u == v && remove_self_loops) continue;
      const int64_t p = pos[size_t(v)]++;
      src[size_t(p)] = u;
      if (weighted) src_w[size_t(p)] = weights[i];
    }
    if (symmetrize)
      for (size_t i = 0; i < count; ++i) {
        const int32_t u = edges[i].first, v = edges[i].second;
        if (u == v) continue;
        const int64_t p = pos[size_t(u)]++;
        src[size_t(p)] = v;
        if (weighted) src_w[size_t(p)] = weights[i];
      }
  }
  std::vector<std::pair<int32_t, int32_t>>().swap(edges);
  std::vector<W>().swap(weights);
  std::vector<int64_t>().swap(in_count);

  // Pass 2: walk destinations in ascending order and deal each edge into its source's row.
  Graph g;
  g.vertices = n;
  g.symmetric = symmetrize;
  prefix_sum(out_count, g.row_offsets);
  std::vector<int64_t>().swap(out_count);
  g.columns.resize(size_t(stored));
  if (weighted) (g.*stored_weights).resize(size_t(stored));
  {
    std::vector<int64_t> pos(g.row_offsets.begin(), g.row_offsets.end() - 1);
    for (int32_t d = 0; d < n; ++d)
      for (int64_t k = by_dst[size_t(d)]; k < by_dst[size_t(d) + 1]; ++k) {
        const int64_t p = pos[size_t(src[size_t(k)])]++;
        g.columns[size_t(p)] = d;
        if (weighted) (g.*stored_weights)[size_t(p)] = src_w[size_t(k)];
      }
  }
  std::vector<int32_t>().swap(src);
  std::vector<W>().swap(src_w);

  // Pass 3: repeated columns are adjacent now; keep the first of each run.
  if (remove_duplicates) {
    int64_t out = 0;
    for (int32_t v = 0; v < n; ++v) {
      const int64_t begin = g.row_offsets[size_t(v)], end = g.row_offsets[size_t(v) + 1];
      g.row_offsets[size_t(v)] = out;
      const int64_t row_start = out;
      for (int64_t k = begin; k < end; ++k) {
        const int32_t c = g.columns[size_t(k)];
        if (out > row_start && g.columns[size_t(out) - 1] == c) continue;
        g.columns[size_t(out)] = c;
        if (weighted) (g.*stored_weights)[size_t(out)] = (g.*stored_weights)[size_t(k)];
        ++out;
      }
    }
    g.row_offsets[size_t(n)] = out;
    g.columns.resize(size_t(out));
    g.columns.shrink_to_fit();
    if (weighted) {
      (g.*stored_weights).resize(size_t(out));
      (g.*stored_weights).shrink_to_fit();
    }
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
