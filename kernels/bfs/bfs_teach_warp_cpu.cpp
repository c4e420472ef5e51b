// The CPU twin of variant 7's top-down levels (bfs_teach.cu, "@variant fast"): a warp per
// frontier queue entry. Lane 0 of warp w reads entry w and its row's offsets (its warp gets them
// by a shuffle); in step k lane j looks at edge first + 32 (k - 1) + j of the row, so a vertex of
// degree 100 takes 4 steps instead of 100 and the warp's lanes share its work. A claimed vertex
// takes a slot in "next" with an atomic on "tail" (thread order, as everywhere in teach mode).
#include <algorithm>
#include <vector>

#include "bfs_teach_cpu.h"

namespace ws::bfs {

namespace {

struct Row {
  int32_t vertex = -1, first = 0, end = 0;
};

}  // namespace

void teach_warp_queue_level(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int threads = plan.grid_dim * plan.block_dim;
  std::vector<Row> rows(static_cast<size_t>(threads / kWarp));
  m.step(plan, "read frontier", "@bfs-warp-vertex");
  for (int w = 0; w < int(plan.threads); ++w) {
    const int lane0 = w * kWarp;
    Row& r = rows[size_t(w)];
    r.vertex = int32_t(m.read(lane0, b.frontier, w));
    r.first = int32_t(m.read(lane0, b.row_offsets, r.vertex));
    r.end = int32_t(m.read(lane0, b.row_offsets, r.vertex + 1));
  }
  for (int k = 1; k <= plan.edge_steps; ++k) {
    const int a = (k - 1) * kWarp + 1;
    m.step(plan, "edges " + std::to_string(a) + "-" + std::to_string(a + kWarp - 1),
           "@bfs-warp-edge");
    for (int t = 0; t < threads; ++t) {
      const Row& r = rows[size_t(t / kWarp)];
      const int32_t e = r.first + (k - 1) * kWarp + t % kWarp;
      if (e >= r.end) continue;
      const int32_t u = int32_t(m.read(t, b.columns, e));
      if (int32_t(m.read(t, b.level, u)) != -1) continue;
      m.write(t, b.level, u, plan.depth + 1);
      m.write(t, b.parent, u, r.vertex);
      const int32_t slot = m.value(b.tail, 0);
      m.atomic(t, b.tail, 0, 1);
      m.write(t, b.next, slot, u);
    }
  }
}

}  // namespace ws::bfs
