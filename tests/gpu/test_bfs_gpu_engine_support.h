// Shared by the CUDA BFS engine tests: graphs built by hand, sources, and the comparison of a CUDA
// run with the CPU engine's (levels, every LevelStats field but ms) and with the independent
// checks (bfs_reference's levels, verify()'s parent checks).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "bfs/bfs.h"
#include "graph/graph.h"

namespace ws::bfs::test {

// A graph from an edge list as given (duplicates and self-loops kept), rows in input order.
inline Graph from_edges(int32_t n, const std::vector<std::pair<int32_t, int32_t>>& edges,
                        bool symmetric, const std::string& name) {
  Graph g;
  g.vertices = n;
  g.name = name;
  g.symmetric = symmetric;
  std::vector<std::vector<int32_t>> rows(static_cast<size_t>(n));
  for (auto [u, v] : edges) {
    rows[size_t(u)].push_back(v);
    if (symmetric && u != v) rows[size_t(v)].push_back(u);
  }
  g.row_offsets.push_back(0);
  for (auto& r : rows) {
    g.columns.insert(g.columns.end(), r.begin(), r.end());
    g.row_offsets.push_back(int64_t(g.columns.size()));
  }
  return g;
}

// A few sources: 0, the middle vertex, the last one and seeded random vertices with out-degree >
// 0 (deterministic).
inline std::vector<int32_t> sources_of(const Graph& g, int random_count, uint64_t seed) {
  std::vector<int32_t> s = {0, g.vertices / 2, g.vertices - 1};
  uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
  for (int k = 0, tries = 0; k < random_count && tries < 1000; ++tries) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const int32_t v = int32_t(x % uint64_t(g.vertices));
    if (g.degree(v) > 0) s.push_back(v), ++k;
  }
  return s;
}

inline std::string describe(const Graph& g, const Params& p) {
  return g.name + " source " + std::to_string(p.source) + " variant " + info(p.variant).id +
         " block " + std::to_string(p.block_dim) + " alpha " + std::to_string(p.alpha) + " beta " +
         std::to_string(p.beta);
}

// The CUDA run equals the CPU engine's in levels and statistics, and passes the checks.
inline void expect_cuda_equals_cpu(Engine& cuda, Engine& cpu, const Graph& g, const Params& p) {
  const std::string what = describe(g, p);
  const Result c = cuda.run(p), h = cpu.run(p);
  ASSERT_EQ(c.level, graph::bfs_reference(g, p.source)) << what;
  ASSERT_EQ(c.level, h.level) << what;
  ASSERT_EQ(verify(g, p.source, c.level, c.parent), "") << what;
  EXPECT_EQ(c.reached, h.reached) << what;
  EXPECT_EQ(c.traversed_edges, h.traversed_edges) << what;
  EXPECT_GT(c.ms, 0.0) << what;
  ASSERT_EQ(c.levels.size(), h.levels.size()) << what;
  for (size_t d = 0; d < c.levels.size(); ++d) {
    const LevelStats &a = c.levels[d], &b = h.levels[d];
    const std::string at = what + " depth " + std::to_string(d);
    EXPECT_EQ(a.depth, b.depth) << at;
    EXPECT_EQ(a.frontier, b.frontier) << at;
    EXPECT_EQ(a.frontier_edges, b.frontier_edges) << at;
    EXPECT_EQ(a.unvisited_edges, b.unvisited_edges) << at;
    EXPECT_EQ(a.edges_examined, b.edges_examined) << at;
    EXPECT_EQ(a.discovered, b.discovered) << at;
    EXPECT_EQ(a.threads, b.threads) << at;
    EXPECT_EQ(a.direction, b.direction) << at;
    EXPECT_GE(a.ms, 0.0) << at;
    if (::testing::Test::HasFailure()) return;
  }
}

}  // namespace ws::bfs::test
