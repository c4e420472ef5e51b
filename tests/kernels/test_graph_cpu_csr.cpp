// build_csr (kernels/graph/graph_csr.h) against a brute-force reference (every option on seeded
// random edge lists), the documented tie rules (first weight kept, given before mirrored) and its
// messages for bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "common/error.h"
#include "common/split_mix.h"
#include "graph/graph_csr.h"

namespace ws::graph {
namespace {

using Edges = std::vector<std::pair<int32_t, int32_t>>;

// The CSR invariants a BFS relies on, checked independently of validate().
void expect_csr_invariants(const Graph& g) {
  ASSERT_EQ(g.row_offsets.size(), size_t(g.vertices) + 1);
  EXPECT_EQ(g.row_offsets.front(), 0);
  EXPECT_EQ(g.row_offsets.back(), g.edges());
  for (int32_t v = 0; v < g.vertices; ++v) {
    ASSERT_LE(g.row_offsets[v], g.row_offsets[v + 1]);
    for (int64_t k = g.row_offsets[v]; k < g.row_offsets[v + 1]; ++k) {
      ASSERT_GE(g.columns[k], 0);
      ASSERT_LT(g.columns[k], g.vertices);
      if (k > g.row_offsets[v]) {
        ASSERT_LE(g.columns[k - 1], g.columns[k]) << "row " << v;
      }
    }
  }
  if (!g.weights.empty()) {
    EXPECT_EQ(g.weights.size(), g.columns.size());
  }
}

// Brute force: expand, stable-sort by (u, v) with input order (given before mirrored) as the
// tie-break, then filter. Returns (u, v, w) triples in CSR order.
std::vector<std::tuple<int32_t, int32_t, float>> reference(const Edges& edges,
                                                           const std::vector<float>& w, bool sym,
                                                           bool loops, bool dups) {
  std::vector<std::tuple<int32_t, int32_t, float>> all;
  for (size_t i = 0; i < edges.size(); ++i)
    all.emplace_back(edges[i].first, edges[i].second, w.empty() ? 0.f : w[i]);
  if (sym)
    for (size_t i = 0; i < edges.size(); ++i)
      if (edges[i].first != edges[i].second)
        all.emplace_back(edges[i].second, edges[i].first, w.empty() ? 0.f : w[i]);
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) {
    return std::tie(std::get<0>(a), std::get<1>(a)) < std::tie(std::get<0>(b), std::get<1>(b));
  });
  std::vector<std::tuple<int32_t, int32_t, float>> out;
  for (const auto& e : all) {
    if (loops && std::get<0>(e) == std::get<1>(e)) continue;
    if (dups && !out.empty() && std::get<0>(out.back()) == std::get<0>(e) &&
        std::get<1>(out.back()) == std::get<1>(e))
      continue;
    out.push_back(e);
  }
  return out;
}

TEST(GraphCsr, MatchesBruteForceForEveryOptionOverSeeds) {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    SplitMix64 rng{seed};
    for (int32_t n : {1, 2, 7, 31, 64, 65}) {
      const size_t m = size_t(rng.next() % (4 * uint64_t(n) + 3));
      Edges edges;
      std::vector<float> w;
      for (size_t i = 0; i < m; ++i) {
        edges.emplace_back(int32_t(rng.next() % uint64_t(n)), int32_t(rng.next() % uint64_t(n)));
        w.push_back(float(i) + 0.5f);
      }
      for (int opt = 0; opt < 16; ++opt) {
        const bool sym = opt & 1, loops = opt & 2, dups = opt & 4, weighted = opt & 8;
        const std::vector<float> weights = weighted ? w : std::vector<float>{};
        const Graph g = build_csr(n, edges, weights, sym, loops, dups);
        SCOPED_TRACE(::testing::Message() << "seed " << seed << " n " << n << " opt " << opt);
        expect_csr_invariants(g);
        EXPECT_EQ(g.vertices, n);
        EXPECT_EQ(g.symmetric, sym);
        // Weighted: one weight per stored edge (none when no edge is left); else no weights.
        EXPECT_EQ(g.weights.size(), weighted ? g.columns.size() : 0);
        const auto want = reference(edges, weights, sym, loops, dups);
        ASSERT_EQ(size_t(g.edges()), want.size());
        size_t k = 0;
        for (int32_t u = 0; u < n; ++u)
          for (int64_t e = g.row_offsets[u]; e < g.row_offsets[u + 1]; ++e, ++k) {
            EXPECT_EQ(std::get<0>(want[k]), u);
            EXPECT_EQ(std::get<1>(want[k]), g.columns[e]);
            if (weighted) {
              EXPECT_EQ(std::get<2>(want[k]), g.weights[e]);
            }
          }
      }
    }
  }
}

TEST(GraphCsr, DuplicatesKeepTheFirstWeightAndGivenEdgesBeatMirroredOnes) {
  // 0->1 (w 1), 1->0 (w 2), 0->1 again (w 3), 2->2 self-loop (w 4).
  const Edges edges = {{0, 1}, {1, 0}, {0, 1}, {2, 2}};
  const std::vector<float> w = {1, 2, 3, 4};
  const Graph g = build_csr(3, edges, w, /*symmetrize=*/true, /*loops=*/false, /*dups=*/true);
  ASSERT_EQ(g.edges(), 3);
  EXPECT_EQ(g.columns, (std::vector<int32_t>{1, 0, 2}));
  EXPECT_EQ(g.weights, (std::vector<float>{1, 2, 4}));  // 1->0 is given (w 2), not mirrored (w 1)
  EXPECT_EQ(g.row_offsets, (std::vector<int64_t>{0, 1, 2, 3}));
  const Graph kept = build_csr(3, edges, w, true, false, false);
  // Multi-edges stay: 0->1 twice given + once mirrored from 1->0; a self-loop is stored once.
  EXPECT_EQ(kept.degree(0), 3);
  EXPECT_EQ(kept.degree(1), 3);
  EXPECT_EQ(kept.degree(2), 1);
}

TEST(GraphCsr, EmptyAndIsolatedVertices) {
  const Graph empty = build_csr(0, {}, {}, true, true, true);
  EXPECT_EQ(empty.vertices, 0);
  EXPECT_EQ(empty.row_offsets, (std::vector<int64_t>{0}));
  const Graph isolated = build_csr(5, {{4, 0}}, {}, false, true, true);
  EXPECT_EQ(isolated.row_offsets, (std::vector<int64_t>{0, 0, 0, 0, 0, 1}));
  EXPECT_EQ(isolated.columns, (std::vector<int32_t>{0}));
}

TEST(GraphCsr, BadInputGetsAMessage) {
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message([] {
              build_csr(3, {{0, 3}}, {}, false, true, true);
            }).find("outside 0..2"),
            std::string::npos);
  EXPECT_NE(message([] {
              build_csr(3, {{-1, 0}}, {}, false, true, true);
            }).find("edge 0"),
            std::string::npos);
  EXPECT_NE(message([] {
              build_csr(3, {{0, 1}}, {1.f, 2.f}, false, true, true);
            }).find("2 weights for 1 edges"),
            std::string::npos);
  EXPECT_NE(message([] { build_csr(-1, {}, {}, false, true, true); }).find("negative"),
            std::string::npos);
}

}  // namespace
}  // namespace ws::graph
