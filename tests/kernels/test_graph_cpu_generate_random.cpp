// The seeded generators (er, kron): exact sizes, simple symmetric graphs, the same graph for a
// seed and a different one for another, G(n, m)'s edge count exactly, R-MAT's skewed degrees and
// its permuted hubs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "graph/graph.h"
#include "graph_generate_test_support.h"

namespace ws::graph {
namespace {

void expect_same(const Graph& a, const Graph& b) {
  EXPECT_EQ(a.vertices, b.vertices);
  EXPECT_EQ(a.row_offsets, b.row_offsets);
  EXPECT_EQ(a.columns, b.columns);
}

TEST(GraphGenerateRandom, ErdosRenyiHasExactlyNDOver2DistinctEdges) {
  // Sparse (drawn pairs, topped up) and dense (selection sampling) paths, odd sizes.
  for (const char* spec : {"er:1:0", "er:2:1", "er:10:9", "er:17:3", "er:100:2.5", "er:257:200",
                           "er:1000:8", "er:4099:16"}) {
    SCOPED_TRACE(spec);
    for (uint64_t seed : {1ull, 2ull, 12345ull}) {
      const Graph g = generate(spec, seed);
      test::expect_sorted_csr(g);
      test::expect_simple(g);
      test::expect_symmetric(g);
      const std::string s = spec;
      const size_t colon = s.rfind(':');
      const int64_t n = std::stoll(s.substr(3, colon - 3));
      const double d = std::stod(s.substr(colon + 1));
      ASSERT_EQ(g.vertices, n);
      EXPECT_EQ(g.edges(), 2 * std::llround(double(n) * d / 2));
    }
  }
  // N-1 is the complete graph.
  const Graph complete = generate("er:10:9", 7);
  for (int32_t v = 0; v < 10; ++v) EXPECT_EQ(complete.degree(v), 9);
}

TEST(GraphGenerateRandom, ErdosRenyiEdgesSpreadEvenly) {
  // Each of the n(n-1)/2 pairs is equally likely: over seeds, every vertex's mean degree is near D
  // and no pair is favoured (endpoints' low and high halves equally often).
  const int32_t n = 200;
  std::vector<int64_t> degree_sum(n, 0);
  int64_t low_low = 0, high_high = 0;
  const int seeds = 40;
  for (int seed = 1; seed <= seeds; ++seed) {
    const Graph g = generate("er:200:10", uint64_t(seed));
    for (int32_t u = 0; u < n; ++u) {
      degree_sum[u] += g.degree(u);
      for (int64_t k = g.row_offsets[u]; k < g.row_offsets[u + 1]; ++k) {
        low_low += u < n / 2 && g.columns[k] < n / 2;
        high_high += u >= n / 2 && g.columns[k] >= n / 2;
      }
    }
  }
  for (int32_t v = 0; v < n; ++v) {
    EXPECT_NEAR(double(degree_sum[v]) / seeds, 10.0, 2.5) << "vertex " << v;  // sd ~0.5
  }
  EXPECT_NEAR(double(low_low) / double(high_high), 1.0, 0.05);
}

TEST(GraphGenerateRandom, KroneckerSizesSymmetryAndSkew) {
  for (auto [scale, ef] : {std::pair{1, 1}, {4, 4}, {10, 16}, {14, 16}}) {
    const std::string spec = "kron:" + std::to_string(scale) + ":" + std::to_string(ef);
    SCOPED_TRACE(spec);
    const Graph g = generate(spec, 3);
    ASSERT_EQ(g.vertices, 1 << scale);
    EXPECT_EQ(g.name, spec);
    test::expect_sorted_csr(g);
    test::expect_simple(g);
    test::expect_symmetric(g);
    // Symmetrized from EF * 2^SCALE edges, less self-loops and repeats.
    EXPECT_LE(g.edges(), 2 * int64_t(ef) << scale);
    if (scale >= 10) {
      EXPECT_GT(g.edges(), int64_t(ef) << scale);  // repeats are a minority at these sizes
      int64_t max_degree = 0, isolated = 0;
      for (int32_t v = 0; v < g.vertices; ++v) {
        max_degree = std::max(max_degree, g.degree(v));
        isolated += g.degree(v) == 0;
      }
      const double mean = double(g.edges()) / g.vertices;
      // R-MAT's heavy tail: hubs far above the mean (ER of this size stays below ~3x the mean),
      // and many isolated vertices.
      EXPECT_GT(double(max_degree), 20 * mean) << "max " << max_degree << " mean " << mean;
      EXPECT_GT(isolated, g.vertices / 20);
    }
  }
}

TEST(GraphGenerateRandom, SameSeedSameGraphOtherSeedOtherGraph) {
  for (const char* spec : {"er:500:6", "er:40:30", "kron:9:8", "kron:12:16"}) {
    SCOPED_TRACE(spec);
    const Graph a = generate(spec, 1), b = generate(spec, 1), c = generate(spec, 2);
    expect_same(a, b);
    EXPECT_NE(a.columns, c.columns);
  }
}

TEST(GraphGenerateRandom, KroneckerHubsArePermuted) {
  // Unpermuted R-MAT puts the highest degree at vertex 0; the seeded shuffle moves it, to a
  // different vertex for different seeds.
  std::set<int32_t> hubs;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const Graph g = generate("kron:12:8", seed);
    int32_t hub = 0;
    for (int32_t v = 1; v < g.vertices; ++v)
      if (g.degree(v) > g.degree(hub)) hub = v;
    hubs.insert(hub);
  }
  EXPECT_GE(hubs.size(), 5u);
}

}  // namespace
}  // namespace ws::graph
