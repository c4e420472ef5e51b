// The deterministic generators (graph.h): a 2D grid, a path, a star, a complete binary tree and
// the textbook's 9-vertex example. Each writes its CSR directly (rows already sorted), O(n + m).
//   grid:WxH    vertex (x, y) = y * W + x, x the column, y the row; 4 neighbours; diameter
//               W + H - 2 (a road-network stand-in: thousands of BFS levels)
//   path:N      0 - 1 - ... - N-1; diameter N - 1
//   star:N      N vertices: centre 0 joined to 1..N-1; one vertex of degree N - 1
//   tree:DEPTH  complete binary tree of 2^(DEPTH+1) - 1 vertices, children of v are 2v+1, 2v+2
//   pmpp        PMPP ch. 15's directed 9-vertex graph
#include <utility>

#include "graph_csr.h"
#include "graph_generate_families.h"

namespace ws::graph {

namespace {

// A symmetric CSR from neighbours(v, emit), which must emit v's neighbours in ascending order:
// one pass to count, one to fill.
template <class Neighbours>
Graph from_rows(int32_t n, Neighbours neighbours) {
  Graph g;
  g.vertices = n;
  g.symmetric = true;
  g.row_offsets.assign(size_t(n) + 1, 0);
  for (int32_t v = 0; v < n; ++v) {
    int64_t degree = 0;
    neighbours(v, [&](int32_t) { ++degree; });
    g.row_offsets[size_t(v) + 1] = g.row_offsets[size_t(v)] + degree;
  }
  g.columns.resize(size_t(g.row_offsets[size_t(n)]));
  for (int32_t v = 0; v < n; ++v) {
    size_t k = size_t(g.row_offsets[size_t(v)]);
    neighbours(v, [&](int32_t u) { g.columns[k++] = u; });
  }
  return g;
}

}  // namespace

Graph generate_grid(int32_t width, int32_t height) {
  const int32_t n = width * height;  // the caller bounds W * H
  Graph g = from_rows(n, [width, height](int32_t v, auto emit) {
    const int32_t x = v % width, y = v / width;
    if (y > 0) emit(v - width);
    if (x > 0) emit(v - 1);
    if (x + 1 < width) emit(v + 1);
    if (y + 1 < height) emit(v + width);
  });
  g.x.resize(size_t(n));
  g.y.resize(size_t(n));
  for (int32_t v = 0; v < n; ++v) {
    g.x[size_t(v)] = float(v % width);
    g.y[size_t(v)] = float(v / width);
  }
  return g;
}

Graph generate_path(int32_t n) {
  return from_rows(n, [n](int32_t v, auto emit) {
    if (v > 0) emit(v - 1);
    if (v + 1 < n) emit(v + 1);
  });
}

Graph generate_star(int32_t n) {
  return from_rows(n, [n](int32_t v, auto emit) {
    if (v == 0) {
      for (int32_t u = 1; u < n; ++u) emit(u);
    } else {
      emit(0);
    }
  });
}

Graph generate_tree(int32_t depth) {
  const int32_t n = int32_t((int64_t{1} << (depth + 1)) - 1);
  return from_rows(n, [n](int32_t v, auto emit) {
    if (v > 0) emit((v - 1) / 2);
    const int64_t left = 2 * int64_t(v) + 1;
    if (left < n) emit(int32_t(left));
    if (left + 1 < n) emit(int32_t(left + 1));
  });
}

// PMPP (4th ed.) ch. 15's directed example graph as we read its CSR figure: srcPtrs
// {0,2,4,7,9,11,12,13,15,15}, dst {1,2, 3,4, 5,6,7, 4,8, 5,8, 6, 8, 0,6}. From vertex 0 the
// levels are {1,2}, {3,4,5,6,7}, {8}, as the issue states (tested). CHECK the edge list against the
// book's figure before quoting it as the book's; the levels are what the scene relies on.
Graph generate_pmpp() {
  std::vector<std::pair<int32_t, int32_t>> edges = {{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5},
                                                    {2, 6}, {2, 7}, {3, 4}, {3, 8}, {4, 5},
                                                    {4, 8}, {5, 6}, {6, 8}, {7, 0}, {7, 6}};
  return build_csr(9, std::move(edges), {}, /*symmetrize=*/false, /*remove_self_loops=*/false,
                   /*remove_duplicates=*/false);
}

}  // namespace ws::graph
