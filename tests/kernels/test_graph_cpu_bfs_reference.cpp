// bfs_reference against an independent BFS (whole-edge-list sweeps per level) on generated,
// directed, disconnected and multi-edge graphs; the Graph500 level checks; its message for a
// source that is not a vertex.
#include <gtest/gtest.h>

#include <cstdlib>

#include "common/split_mix.h"
#include "graph/graph.h"
#include "graph/graph_csr.h"
#include "graph_generate_test_support.h"

namespace ws::graph {
namespace {

// Graph500's checks on levels alone: every edge from a reached vertex reaches a vertex at most
// one level deeper, every reached vertex but the source has a neighbour (in-edge) one level up.
void expect_level_invariants(const Graph& g, const std::vector<int32_t>& level, int32_t source) {
  ASSERT_EQ(level[source], 0);
  std::vector<char> has_parent(size_t(g.vertices), 0);
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t k = g.row_offsets[u]; k < g.row_offsets[u + 1]; ++k) {
      const int32_t v = g.columns[k];
      if (level[u] < 0) continue;
      ASSERT_GE(level[v], 0) << u << " -> " << v << " leaves the reached set";
      ASSERT_LE(level[v], level[u] + 1) << u << " -> " << v;
      if (level[v] == level[u] + 1) has_parent[v] = 1;
    }
  for (int32_t v = 0; v < g.vertices; ++v)
    if (v != source && level[v] >= 0) {
      ASSERT_TRUE(has_parent[v]) << "vertex " << v;
    }
}

TEST(GraphBfsReference, MatchesSweepsOnGeneratedGraphs) {
  for (const char* spec : {"pmpp", "grid:13x7", "path:50", "star:9", "tree:6", "er:300:1.5",
                           "er:300:4", "er:64:40", "kron:8:4", "kron:10:16"}) {
    for (uint64_t seed : {1ull, 5ull}) {
      const Graph g = generate(spec, seed);
      for (int32_t source : {0, g.vertices / 3, g.vertices - 1}) {
        SCOPED_TRACE(::testing::Message() << spec << " seed " << seed << " source " << source);
        const auto level = bfs_reference(g, source);
        ASSERT_EQ(level, test::sweep_levels(g, source));
        expect_level_invariants(g, level, source);
      }
    }
  }
}

TEST(GraphBfsReference, DirectedDisconnectedSelfLoopsAndMultiEdges) {
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    SplitMix64 rng{seed};
    const int32_t n = 40 + int32_t(rng.next() % 40);
    std::vector<std::pair<int32_t, int32_t>> edges;
    for (int i = 0; i < n; ++i)  // sparse: several components, some isolated vertices
      edges.emplace_back(int32_t(rng.next() % n), int32_t(rng.next() % n));
    edges.emplace_back(0, 0);  // a self-loop and a multi-edge kept
    edges.emplace_back(edges[0]);
    const Graph g = build_csr(n, edges, {}, /*symmetrize=*/seed % 2 == 0, false, false);
    for (int32_t source = 0; source < n; ++source) {
      const auto level = bfs_reference(g, source);
      ASSERT_EQ(level, test::sweep_levels(g, source)) << "seed " << seed << " source " << source;
      expect_level_invariants(g, level, source);
    }
  }
}

TEST(GraphBfsReference, IsolatedSourceReachesOnlyItself) {
  const Graph g = build_csr(4, {{1, 2}, {2, 3}}, {}, true, true, true);
  EXPECT_EQ(bfs_reference(g, 0), (std::vector<int32_t>{0, -1, -1, -1}));
  EXPECT_EQ(bfs_reference(g, 3), (std::vector<int32_t>{-1, 2, 1, 0}));
}

TEST(GraphBfsReference, SourceOutsideTheGraphGetsAMessage) {
  const Graph g = generate("path:5");
  for (int32_t source : {-1, 5, 1 << 30}) {
    const std::string message = test::error_of([&] { bfs_reference(g, source); });
    EXPECT_NE(message.find("BFS source " + std::to_string(source)), std::string::npos) << message;
    EXPECT_NE(message.find("vertices are 0..4"), std::string::npos) << message;
  }
  EXPECT_NE(test::error_of([] { bfs_reference(Graph{}, 0); }), "no error");
}

}  // namespace
}  // namespace ws::graph
