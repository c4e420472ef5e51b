// Checks shared by the generator and BFS-reference tests (test_graph_cpu_generate*.cpp,
// test_graph_cpu_bfs_reference.cpp): CSR invariants, symmetry, simplicity, and a BFS written
// differently from bfs_reference (whole-edge-list sweeps, one per level) to check it against.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/error.h"
#include "graph/graph.h"

namespace ws::graph::test {

// Offsets monotone from 0 to edges(), every column a vertex, rows sorted ascending.
inline void expect_sorted_csr(const Graph& g) {
  ASSERT_EQ(g.row_offsets.size(), size_t(g.vertices) + 1);
  ASSERT_EQ(g.row_offsets.front(), 0);
  ASSERT_EQ(g.row_offsets.back(), g.edges());
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
}

inline bool has_edge(const Graph& g, int32_t u, int32_t v) {
  for (int64_t k = g.row_offsets[u]; k < g.row_offsets[u + 1]; ++k)
    if (g.columns[k] == v) return true;
  return false;
}

// Sorted rows assumed: no u -> u, no repeated u -> v.
inline void expect_simple(const Graph& g) {
  for (int32_t v = 0; v < g.vertices; ++v)
    for (int64_t k = g.row_offsets[v]; k < g.row_offsets[v + 1]; ++k) {
      ASSERT_NE(g.columns[k], v) << "self-loop at " << v;
      if (k > g.row_offsets[v]) {
        ASSERT_NE(g.columns[k - 1], g.columns[k])
            << "repeated edge " << v << " -> " << g.columns[k];
      }
    }
}

// Every u -> v has v -> u (by in-degree == out-degree and a transposed count per edge list).
inline void expect_symmetric(const Graph& g) {
  EXPECT_TRUE(g.symmetric);
  std::vector<int64_t> in(size_t(g.vertices), 0);
  for (int32_t c : g.columns) ++in[size_t(c)];
  for (int32_t v = 0; v < g.vertices; ++v) ASSERT_EQ(in[v], g.degree(v)) << "vertex " << v;
  // Degrees agree; now the edges themselves, by binary search in the sorted rows.
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t k = g.row_offsets[u]; k < g.row_offsets[u + 1]; ++k) {
      const int32_t v = g.columns[k];
      const auto b = g.columns.begin() + g.row_offsets[v],
                 e = g.columns.begin() + g.row_offsets[v + 1];
      ASSERT_TRUE(std::binary_search(b, e, u)) << u << " -> " << v << " has no reverse";
    }
}

// Level-synchronous sweeps over the whole edge list: O(levels * m), independent of
// bfs_reference's queue. For small graphs.
inline std::vector<int32_t> sweep_levels(const Graph& g, int32_t source) {
  std::vector<int32_t> level(size_t(g.vertices), -1);
  level[size_t(source)] = 0;
  for (int32_t depth = 0;; ++depth) {
    bool grew = false;
    for (int32_t u = 0; u < g.vertices; ++u) {
      if (level[u] != depth) continue;
      for (int64_t k = g.row_offsets[u]; k < g.row_offsets[u + 1]; ++k)
        if (level[g.columns[k]] < 0) {
          level[g.columns[k]] = depth + 1;
          grew = true;
        }
    }
    if (!grew) return level;
  }
}

// The message of the ws::Error that f throws, or "no error".
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace ws::graph::test
