// bfs_reference (graph.h): the plain queue BFS every variant is checked against. Each vertex
// enters the queue once and each of its out-edges is read once: work O(n + m), steps = levels.
#include <string>

#include "../common/error.h"
#include "graph.h"

namespace ws::graph {

std::vector<int32_t> bfs_reference(const Graph& g, int32_t source) {
  if (source < 0 || source >= g.vertices)
    throw Error("BFS source " + std::to_string(source) + " is not a vertex of '" + g.name +
                "': vertices are 0.." + std::to_string(g.vertices - 1));
  std::vector<int32_t> level(size_t(g.vertices), -1);
  std::vector<int32_t> queue(size_t(g.vertices));
  size_t head = 0, tail = 0;
  level[size_t(source)] = 0;
  queue[tail++] = source;
  while (head < tail) {
    const int32_t u = queue[head++];
    for (int64_t k = g.row_offsets[size_t(u)]; k < g.row_offsets[size_t(u) + 1]; ++k) {
      const int32_t v = g.columns[size_t(k)];
      if (level[size_t(v)] < 0) {
        level[size_t(v)] = level[size_t(u)] + 1;
        queue[tail++] = v;
      }
    }
  }
  return level;
}

}  // namespace ws::graph
