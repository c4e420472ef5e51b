// transpose (bfs.h): the in-edges of every vertex as CSR rows (the CSC of g), the adjacency the
// pull direction reads. One stable counting sort: sources are visited in ascending order, so each
// in-row comes out sorted ascending, with multi-edges and self-loops kept. Work O(n + m).
#include <string>

#include "../common/error.h"
#include "bfs.h"

namespace ws::bfs {

Graph transpose(const Graph& g) {
  if (g.symmetric) return g;
  Graph t;
  t.vertices = g.vertices;
  t.symmetric = false;
  t.name = g.name;
  t.original_ids = g.original_ids;
  t.x = g.x;
  t.y = g.y;
  const size_t n = size_t(g.vertices);
  t.row_offsets.assign(n + 1, 0);
  for (int32_t v : g.columns) t.row_offsets[size_t(v) + 1] += 1;
  for (size_t v = 0; v < n; ++v) t.row_offsets[v + 1] += t.row_offsets[v];
  t.columns.resize(g.columns.size());
  const bool weighted = !g.weights.empty();
  if (weighted) t.weights.resize(g.weights.size());
  std::vector<int64_t> next(t.row_offsets.begin(), t.row_offsets.end() - 1);
  for (size_t u = 0; u < n; ++u)
    for (int64_t e = g.row_offsets[u]; e < g.row_offsets[u + 1]; ++e) {
      const int64_t slot = next[size_t(g.columns[size_t(e)])]++;
      t.columns[size_t(slot)] = int32_t(u);
      if (weighted) t.weights[size_t(slot)] = g.weights[size_t(e)];
    }
  return t;
}

}  // namespace ws::bfs
