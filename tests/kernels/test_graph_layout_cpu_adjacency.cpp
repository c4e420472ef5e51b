// The edges the forces pull along: every stored edge in both directions, no self-loops, no
// repeats, and mass = degree + 1; checked against a std::set built here, for symmetric graphs
// with sorted rows (the one-pass path), symmetric graphs with unsorted rows, directed graphs,
// self-loops and multi-edges.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "graph_layout/graph_layout_parts.h"
#include "graph_layout_test_support.h"

namespace ws::graph_layout {
namespace {

void expect_undirected_shadow(const graph::Graph& g) {
  std::vector<std::set<int32_t>> want(size_t(g.vertices));
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t e = g.row_offsets[u]; e < g.row_offsets[u + 1]; ++e) {
      const int32_t v = g.columns[e];
      if (u == v) continue;
      want[u].insert(v);
      want[v].insert(u);
    }
  const detail::Adjacency a = detail::undirected_adjacency(g);
  ASSERT_EQ(a.vertices, g.vertices);
  ASSERT_EQ(a.offsets.size(), size_t(g.vertices) + 1);
  for (int32_t v = 0; v < g.vertices; ++v) {
    const std::vector<int32_t> row(a.neighbours.begin() + a.offsets[v],
                                   a.neighbours.begin() + a.offsets[v + 1]);
    EXPECT_EQ(std::set<int32_t>(row.begin(), row.end()), want[v]) << "vertex " << v;
    EXPECT_EQ(row.size(), want[v].size()) << "no repeats, vertex " << v;
    EXPECT_EQ(a.mass[v], float(want[v].size() + 1));
  }
}

TEST(LayoutAdjacency, UndirectedShadow) {
  for (uint64_t seed : {1u, 2u, 3u}) {
    std::mt19937_64 rng(seed);
    std::vector<std::pair<int32_t, int32_t>> edges;
    for (int i = 0; i < 300; ++i) edges.emplace_back(int32_t(rng() % 60), int32_t(rng() % 60));
    edges.emplace_back(5, 5);
    edges.emplace_back(7, 8);
    edges.emplace_back(7, 8);
    // Directed with loops and repeats kept.
    expect_undirected_shadow(graph::build_csr(60, edges, {}, false, false, false));
    // Symmetric with loops and repeats kept (sorted rows: the one-pass path).
    const graph::Graph sym = graph::build_csr(60, edges, {}, true, false, false);
    ASSERT_TRUE(sym.symmetric);
    expect_undirected_shadow(sym);
    // Symmetric, rows scrambled: the general path.
    graph::Graph scrambled = sym;
    for (int32_t v = 0; v < 60; ++v)
      std::shuffle(scrambled.columns.begin() + scrambled.row_offsets[v],
                   scrambled.columns.begin() + scrambled.row_offsets[v + 1], rng);
    expect_undirected_shadow(scrambled);
  }
  expect_undirected_shadow(graph::generate("kron:8:4", 1));
  expect_undirected_shadow(test::undirected(0, {}));
}

}  // namespace
}  // namespace ws::graph_layout
