// CPU twins of the vertex-centric variants (bfs.h), their kernels' threads run one after another
// in thread order (n vertices, m edges, D levels):
//   1 push           one thread per vertex every level; a frontier vertex reads its CSR row and
//                    labels its unvisited out-neighbours. Work O(n D + m), steps D.
//   2 pull           one thread per vertex every level; an unvisited vertex reads its CSC row
//                    (in-neighbours) up to the first in the frontier and takes it as its parent
//                    (early exit). Work O(n D + m) at worst, steps D.
//   3 direction-opt  Beamer's switch per level (next_direction): top-down levels expand a queue
//                    of the frontier (one thread per frontier vertex, O(m_f)), bottom-up levels
//                    run pull's step (O(n + edges up to the first parent)). Work O(n + m) for
//                    the top-down levels, steps D.
#include <vector>

#include "bfs_cpu_twins.h"

namespace ws::bfs {

namespace {

// One pull step at the current depth: every unvisited vertex looks through its in-neighbours for
// one at `depth`. Returns the adjacency entries read; appends the discovered vertices to `next`
// in vertex order when given.
int64_t pull_step(const Graph& csc, TwinSearch& s, std::vector<int32_t>* next) {
  const std::vector<int32_t>& level = s.level();
  const int32_t depth = s.depth();
  int64_t examined = 0;
  for (int32_t v = 0; v < csc.vertices; ++v) {
    if (level[size_t(v)] >= 0) continue;
    const int64_t end = csc.row_offsets[size_t(v) + 1];
    for (int64_t e = csc.row_offsets[size_t(v)]; e < end; ++e) {
      ++examined;
      const int32_t u = csc.columns[size_t(e)];
      if (level[size_t(u)] == depth) {
        s.discover(v, u);
        if (next) next->push_back(v);
        break;
      }
    }
  }
  return examined;
}

// One top-down step from a queue of the frontier: each frontier vertex reads its whole row.
int64_t push_step_from_queue(const Graph& csr, TwinSearch& s, const std::vector<int32_t>& queue,
                             std::vector<int32_t>& next) {
  const std::vector<int32_t>& level = s.level();
  int64_t examined = 0;
  for (int32_t u : queue) {
    const int64_t begin = csr.row_offsets[size_t(u)], end = csr.row_offsets[size_t(u) + 1];
    examined += end - begin;
    for (int64_t e = begin; e < end; ++e) {
      const int32_t v = csr.columns[size_t(e)];
      if (level[size_t(v)] < 0) {
        s.discover(v, u);
        next.push_back(v);
      }
    }
  }
  return examined;
}

}  // namespace

Result push_cpu(const CpuGraph& g, const Params& p) {
  const Graph& csr = *g.csr;
  TwinSearch s(csr, p.source);
  const std::vector<int32_t>& level = s.level();
  do {
    int64_t examined = 0;
    for (int32_t u = 0; u < csr.vertices; ++u) {  // thread u
      if (level[size_t(u)] != s.depth()) continue;
      const int64_t begin = csr.row_offsets[size_t(u)], end = csr.row_offsets[size_t(u) + 1];
      examined += end - begin;
      for (int64_t e = begin; e < end; ++e) {
        const int32_t v = csr.columns[size_t(e)];
        if (level[size_t(v)] < 0) s.discover(v, u);
      }
    }
    if (!s.end_level(examined, csr.vertices, Direction::TopDown)) break;
  } while (true);
  return s.finish();
}

Result pull_cpu(const CpuGraph& g, const Params& p) {
  TwinSearch s(*g.csr, p.source);
  while (s.end_level(pull_step(*g.csc, s, nullptr), g.csr->vertices, Direction::BottomUp)) {
  }
  return s.finish();
}

Result direction_optimizing_cpu(const CpuGraph& g, const Params& p) {
  const Graph& csr = *g.csr;
  TwinSearch s(csr, p.source);
  std::vector<int32_t> queue{p.source}, next;
  Direction dir = Direction::TopDown;
  do {
    dir = next_direction(dir, s.frontier(), s.previous_frontier(), s.frontier_edges(),
                         s.unvisited_edges(), csr.vertices, p.alpha, p.beta);
    next.clear();
    const bool top_down = dir == Direction::TopDown;
    const int64_t examined =
        top_down ? push_step_from_queue(csr, s, queue, next) : pull_step(*g.csc, s, &next);
    const int64_t threads = top_down ? int64_t(queue.size()) : int64_t(csr.vertices);
    queue.swap(next);
    if (!s.end_level(examined, threads, dir)) break;
  } while (true);
  return s.finish();
}

}  // namespace ws::bfs
