// The CPU twins of the vertex-centric teach kernels (bfs_teach.cu, "@variant push" and the
// bottom-up helper of "@variant pull" and the bottom-up levels of 3): one thread per vertex.
// Step 0 of a level: thread v reads level[v]; a vertex with work reads its row's two offsets.
// Step k: every thread with a k-th edge looks at it. Push: a frontier vertex labels its unvisited
// out-neighbours. Bottom-up: an unvisited vertex looks for an in-neighbour in the frontier and
// stops at the first (early exit); 3 appends it to "next" with an atomic on "tail". (7's
// bottom-up levels: bfs_teach_list_cpu.cpp.)
#include <vector>

#include "bfs_teach_cpu.h"

namespace ws::bfs {

namespace {

struct Walk {
  int32_t next = 0, end = 0;  // the thread's next edge and its list's end
};

}  // namespace

void teach_push_level(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int32_t n = m.graph().n, d = plan.depth;
  std::vector<Walk> walks(static_cast<size_t>(n));
  m.step(plan, "find the frontier", "@bfs-push-vertex");
  for (int32_t v = 0; v < n; ++v) {
    if (int32_t(m.read(v, b.level, v)) != d) continue;
    const int32_t first = int32_t(m.read(v, b.row_offsets, v));
    walks[size_t(v)] = {first, int32_t(m.read(v, b.row_offsets, v + 1))};
  }
  for (int k = 1; k <= plan.edge_steps; ++k) {
    m.step(plan, "edge " + std::to_string(k), "@bfs-push-edge");
    for (int32_t v = 0; v < n; ++v) {
      Walk& w = walks[size_t(v)];
      if (w.next >= w.end) continue;
      const int32_t u = int32_t(m.read(v, b.columns, w.next++));
      if (int32_t(m.read(v, b.level, u)) != -1) continue;
      m.write(v, b.level, u, d + 1);
      m.write(v, b.parent, u, v);
    }
  }
}

void teach_bottom_up_level(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int32_t n = m.graph().n, d = plan.depth;
  std::vector<Walk> walks(static_cast<size_t>(n));
  m.step(plan, "find the unvisited", "@bfs-bottom-up-vertex");
  for (int32_t v = 0; v < n; ++v) {
    if (int32_t(m.read(v, b.level, v)) != -1) continue;
    const int32_t first = int32_t(m.read(v, b.col_offsets, v));
    walks[size_t(v)] = {first, int32_t(m.read(v, b.col_offsets, v + 1))};
  }
  for (int k = 1; k <= plan.edge_steps; ++k) {
    m.step(plan, "edge " + std::to_string(k), "@bfs-bottom-up-edge");
    for (int32_t v = 0; v < n; ++v) {
      Walk& w = walks[size_t(v)];
      if (w.next >= w.end) continue;
      const int32_t u = int32_t(m.read(v, b.rows, w.next++));
      if (int32_t(m.read(v, b.level, u)) != d) continue;
      m.write(v, b.level, v, d + 1);
      m.write(v, b.parent, v, u);
      if (plan.enqueue) {
        const int32_t slot = m.value(b.tail, 0);
        m.atomic(v, b.tail, 0, 1);
        m.write(v, b.next, slot, v);
      }
      w.end = w.next;  // early exit: the first parent is enough
    }
  }
}

}  // namespace ws::bfs
