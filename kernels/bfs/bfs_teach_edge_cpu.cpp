// The CPU twin of the edge-centric teach kernel (bfs_teach.cu, "@variant edge-centric"): one
// thread per edge of the COO, one step per level. Thread e reads src[e] and its level; when the
// source is in the frontier it reads dst[e] and its level and labels it when unvisited (the lowest
// edge to an unvisited vertex claims it: thread order).
#include "bfs_teach_cpu.h"

namespace ws::bfs {

void teach_edge_level(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int32_t edges = m.graph().m, d = plan.depth;
  m.step(plan, "every edge", "@bfs-edge");
  for (int32_t e = 0; e < edges; ++e) {
    const int32_t v = int32_t(m.read(e, b.src, e));
    if (int32_t(m.read(e, b.level, v)) != d) continue;
    const int32_t u = int32_t(m.read(e, b.dst, e));
    if (int32_t(m.read(e, b.level, u)) != -1) continue;
    m.write(e, b.level, u, d + 1);
    m.write(e, b.parent, u, v);
  }
}

}  // namespace ws::bfs
