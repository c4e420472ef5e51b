// The seeded random generators (graph.h), reproducible on every platform (ws::SplitMix64, integer
// thresholds, no std:: distributions).
//   er:N:D         Erdos-Renyi G(n, m): m = N*D/2 distinct undirected edges, uniform over all
//                  such sets. Sparse (m < a quarter of all pairs): draw pairs, drop repeats, draw
//                  more until m are distinct, O(m). Dense: selection sampling (Knuth's algorithm
//                  S) over all N(N-1)/2 pairs, O(N^2) <= O(4m).
//   kron:SCALE:EF  R-MAT / Kronecker as Graph500's reference generator: EF * 2^SCALE edges, each
//                  picking one quadrant per bit with A 0.57, B 0.19, C 0.19, D 0.05; vertex ids
//                  then permuted by a seeded shuffle (so the hubs are not 0, 1, 2, ...);
//                  symmetrized, self-loops and repeated edges removed, so it stores at most
//                  2 * EF * 2^SCALE directed edges. O(EF * 2^SCALE * SCALE), the draws on
//                  worker_threads() threads (graph_parallel.h), the same graph for any count.
#include <algorithm>
#include <unordered_set>
#include <utility>
#include <vector>

#include "../common/split_mix.h"
#include "graph_csr.h"
#include "graph_generate_families.h"
#include "graph_parallel.h"

namespace ws::graph {

namespace {

using EdgeList = std::vector<std::pair<int32_t, int32_t>>;

uint64_t below(SplitMix64& rng, uint64_t bound) {
  return rng.next() % bound;
}  // bias < 2^-32

bool has_column(const Graph& g, int32_t u, int32_t v) {
  const auto begin = g.columns.begin() + g.row_offsets[size_t(u)];
  const auto end = g.columns.begin() + g.row_offsets[size_t(u) + 1];
  return std::binary_search(begin, end, v);
}

// A uniformly random pair u < v.
std::pair<int32_t, int32_t> random_pair(SplitMix64& rng, int32_t n) {
  for (;;) {
    const int32_t u = int32_t(below(rng, uint64_t(n))), v = int32_t(below(rng, uint64_t(n)));
    if (u < v) return {u, v};
    if (v < u) return {v, u};
  }
}

}  // namespace

Graph generate_erdos_renyi(int32_t n, int64_t m, uint64_t seed) {
  SplitMix64 rng{seed};
  const int64_t pairs = int64_t(n) * (int64_t(n) - 1) / 2;  // the caller ensures m <= pairs
  EdgeList edges;
  edges.reserve(size_t(m));
  if (m * 4 >= pairs) {
    int64_t needed = m, remaining = pairs;
    for (int32_t u = 0; u < n && needed > 0; ++u)
      for (int32_t v = u + 1; v < n && needed > 0; ++v, --remaining)
        if (int64_t(below(rng, uint64_t(remaining))) < needed) {
          edges.emplace_back(u, v);
          --needed;
        }
  } else {
    for (int64_t i = 0; i < m; ++i) edges.push_back(random_pair(rng, n));
    // The distinct pairs so far (rows sorted, repeats dropped), then top up to m.
    const Graph upper = build_csr(n, std::move(edges), {}, false, true, true);
    edges = EdgeList();
    edges.reserve(size_t(m));
    for (int32_t u = 0; u < n; ++u)
      for (int64_t k = upper.row_offsets[size_t(u)]; k < upper.row_offsets[size_t(u) + 1]; ++k)
        edges.emplace_back(u, upper.columns[size_t(k)]);
    std::unordered_set<uint64_t> extra;
    while (int64_t(edges.size()) < m) {
      const auto e = random_pair(rng, n);
      if (has_column(upper, e.first, e.second)) continue;
      if (!extra.insert(uint64_t(e.first) << 32 | uint32_t(e.second)).second) continue;
      edges.push_back(e);
    }
  }
  return build_csr(n, std::move(edges), {}, /*symmetrize=*/true, /*remove_self_loops=*/true,
                   /*remove_duplicates=*/true);
}

Graph generate_kronecker(int32_t scale, int64_t edge_factor, uint64_t seed) {
  const int32_t n = int32_t(1) << scale;
  const int64_t m = edge_factor * int64_t(n);
  SplitMix64 seeder{seed};
  SplitMix64 rng{seeder.next()}, shuffle{seeder.next()};
  // Graph500: row bit 1 with probability C + D; column bit 1 with D / (C + D) below a row bit of
  // 1, B / (A + B) below a 0. As 32-bit thresholds on one draw's two halves.
  constexpr double A = 0.57, B = 0.19, C = 0.19;
  constexpr double kTwo32 = 4294967296.0;
  const uint64_t row_zero = uint64_t((A + B) * kTwo32);          // row bit 0 below this
  const uint64_t col_zero_top = uint64_t(A / (A + B) * kTwo32);  // column bit 0, row bit 0
  const uint64_t col_zero_bottom = uint64_t(C / (1.0 - (A + B)) * kTwo32);
  const uint64_t col_zero[2] = {col_zero_top, col_zero_bottom};  // by row bit
  std::vector<int32_t> label(static_cast<size_t>(n));            // Fisher-Yates
  for (int32_t i = 0; i < n; ++i) label[size_t(i)] = i;
  for (int32_t i = n - 1; i > 0; --i)
    std::swap(label[size_t(i)], label[size_t(below(shuffle, uint64_t(i) + 1))]);
  // Edge i takes draws i*SCALE .. i*SCALE+SCALE-1 of `rng`: each thread skips to its first edge's
  // draws, so every thread count draws the very same edges.
  EdgeList edges(static_cast<size_t>(m));
  parallel_ranges(m, 1 << 16, [&](int64_t begin, int64_t end) {
    SplitMix64 draws = rng.skipped(uint64_t(begin) * uint64_t(scale));
    for (int64_t i = begin; i < end; ++i) {
      uint32_t u = 0, v = 0;
      for (int32_t bit = 0; bit < scale; ++bit) {
        const uint64_t r = draws.next();
        const uint32_t row = (r >> 32) >= row_zero ? 1u : 0u;
        const uint32_t col = (r & 0xFFFFFFFFu) >= col_zero[row] ? 1u : 0u;  // no branch
        u |= row << bit;
        v |= col << bit;
      }
      edges[size_t(i)] = {label[u], label[v]};
    }
  });
  return build_csr(n, std::move(edges), {}, /*symmetrize=*/true, /*remove_self_loops=*/true,
                   /*remove_duplicates=*/true);
}

}  // namespace ws::graph
