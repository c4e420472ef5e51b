// verify and traversed_edges (bfs.h): the Graph500 / GAP checks of a BFS result, and Graph500's
// TEPS numerator. verify reads every edge twice and runs the reference once: work O(n + m).
#include <string>
#include <vector>

#include "../common/error.h"
#include "bfs.h"

namespace ws::bfs {

namespace {

std::string vtx(int32_t v) {
  return "vertex " + std::to_string(v);
}

std::string edge(int32_t u, int32_t v) {
  return std::to_string(u) + " -> " + std::to_string(v);
}

}  // namespace

int64_t traversed_edges(const Graph& g, const std::vector<int32_t>& level) {
  WS_REQUIRE(level.size() == size_t(g.vertices),
             "traversed_edges: " + std::to_string(level.size()) + " levels for " +
                 std::to_string(g.vertices) + " vertices");
  int64_t degrees = 0, loops = 0;
  for (int32_t u = 0; u < g.vertices; ++u) {
    if (level[size_t(u)] < 0) continue;
    degrees += g.degree(u);
    if (g.symmetric)  // a self-loop is stored once, every other input edge twice
      for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e)
        loops += g.columns[size_t(e)] == u;
  }
  return g.symmetric ? (degrees - loops) / 2 + loops : degrees;
}

std::string verify(const Graph& g, int32_t source, const std::vector<int32_t>& level,
                   const std::vector<int32_t>& parent) {
  const int32_t n = g.vertices;
  if (level.size() != size_t(n) || parent.size() != size_t(n))
    return "the result has " + std::to_string(level.size()) + " levels and " +
           std::to_string(parent.size()) + " parents for " + std::to_string(n) + " vertices";
  if (source < 0 || source >= n)
    return "source " + std::to_string(source) + " is not a vertex (0.." + std::to_string(n - 1) +
           ")";
  if (level[size_t(source)] != 0)
    return "source " + std::to_string(source) + " has level " +
           std::to_string(level[size_t(source)]) + ", not 0";
  if (parent[size_t(source)] != source)
    return "source " + std::to_string(source) + " has parent " +
           std::to_string(parent[size_t(source)]) + ", not itself";

  // Which vertices have the edge parent -> vertex (one pass over the edges, multi-edges fine).
  std::vector<char> tree_edge(size_t(n), 0);
  for (int32_t u = 0; u < n; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
      const int32_t v = g.columns[size_t(e)];
      if (parent[size_t(v)] == u) tree_edge[size_t(v)] = 1;
    }

  for (int32_t v = 0; v < n; ++v) {
    const int32_t l = level[size_t(v)], p = parent[size_t(v)];
    if (l < -1)
      return vtx(v) + " has level " + std::to_string(l) + "; levels are -1 (unreached) or >= 0";
    if (l == -1) {
      if (p != -1)
        return vtx(v) + " is unreached (level -1) but has parent " + std::to_string(p) +
               "; unreached vertices have parent -1";
      continue;
    }
    if (v == source) continue;
    if (p < 0 || p >= n)
      return vtx(v) + " is reached (level " + std::to_string(l) + ") but its parent " +
             std::to_string(p) + " is not a vertex";
    const int32_t lp = level[size_t(p)];
    if (lp < 0)
      return vtx(v) + ": parent " + std::to_string(p) + " is unreached (level -1), not at level " +
             std::to_string(l) + " - 1";
    if (lp != l - 1)
      return vtx(v) + ": parent " + std::to_string(p) + " is at level " + std::to_string(lp) +
             ", not " + std::to_string(l) + " - 1";
    if (!tree_edge[size_t(v)])
      return vtx(v) + ": parent " + std::to_string(p) + " is not adjacent (the graph has no edge " +
             edge(p, v) + ")";
  }

  for (int32_t u = 0; u < n; ++u) {
    const int32_t lu = level[size_t(u)];
    if (lu < 0) continue;
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
      const int32_t v = g.columns[size_t(e)];
      const int32_t lv = level[size_t(v)];
      if (lv < 0)
        return "edge " + edge(u, v) + " leaves reached vertex " + std::to_string(u) + " (level " +
               std::to_string(lu) + ") for unreached vertex " + std::to_string(v) +
               ": a reachable vertex was missed";
      if (lv > lu + 1)
        return "edge " + edge(u, v) + " joins level " + std::to_string(lu) + " to level " +
               std::to_string(lv) + ": along an edge the level grows by at most 1";
    }
  }

  const std::vector<int32_t> reference = graph::bfs_reference(g, source);
  for (int32_t v = 0; v < n; ++v)
    if (level[size_t(v)] != reference[size_t(v)])
      return vtx(v) + " has level " + std::to_string(level[size_t(v)]) +
             "; the reference BFS gives " + std::to_string(reference[size_t(v)]);
  return "";
}

}  // namespace ws::bfs
