// The CPU twin of variant 7's bottom-up levels (bfs_teach.cu, "@variant fast"): a thread per entry
// of a list, in-edges read in chunks of kBottomUpChunk, as the full-size kernel (bfs_fast.cu's
// bottom_up) does. The first bottom-up level's thread i takes vertex i; each later one's thread i
// takes "list"[i], the vertices the bottom-up level before it left.
// Step 0: the vertex, its level and, when unvisited, its in-edge range (col_offsets).
// Step k: every thread with a k-th chunk reads its up to 4 "rows" entries, then their 4 levels;
// when one is in the frontier the thread takes the first such (lowest index) as its parent,
// appends its vertex to "next" (atomic on "tail", its edge range on "next edges") and stops. A
// thread whose last chunk had none appends its vertex to "left" (atomic on "left tail"): the next
// bottom-up level's list. Slots follow thread order. After the level, "left" becomes the list
// (teach_swap_lists).
#include <algorithm>
#include <vector>

#include "bfs_level_stats.h"
#include "bfs_teach_cpu.h"

namespace ws::bfs {

namespace {

struct Scan {
  int32_t vertex = -1, next = 0, end = 0;  // the next in-edge to read and the in-list's end
};

constexpr int kChunk = int(kBottomUpChunk);

// Appends v with an atomic on `tail` and a write to `queue`[slot] (slot = the tail before).
void append(TeachModel& m, int t, int queue, int tail, int32_t v) {
  const int32_t slot = m.value(tail, 0);
  m.atomic(t, tail, 0, 1);
  m.write(t, queue, slot, v);
}

}  // namespace

void teach_list_bottom_up_level(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int32_t d = plan.depth;
  const int threads = int(plan.threads);
  std::vector<Scan> scans(static_cast<size_t>(threads));
  m.step(plan, plan.listed ? "read the list" : "find the unvisited", "@bfs-list-vertex");
  for (int t = 0; t < threads; ++t) {
    Scan& s = scans[size_t(t)];
    s.vertex = plan.listed ? int32_t(m.read(t, b.list, t)) : t;
    if (int32_t(m.read(t, b.level, s.vertex)) != -1) continue;
    s.next = int32_t(m.read(t, b.col_offsets, s.vertex));
    s.end = int32_t(m.read(t, b.col_offsets, s.vertex + 1));
  }
  for (int k = 1; k <= plan.edge_steps; ++k) {
    const int a = (k - 1) * kChunk + 1;
    m.step(plan, "in-edges " + std::to_string(a) + "-" + std::to_string(a + kChunk - 1),
           "@bfs-list-chunk");
    for (int t = 0; t < threads; ++t) {
      Scan& s = scans[size_t(t)];
      if (s.next >= s.end) continue;
      const int count = std::min(kChunk, s.end - s.next);
      int32_t u[kChunk], lu[kChunk];
      for (int j = 0; j < count; ++j) u[j] = int32_t(m.read(t, b.rows, s.next + j));
      for (int j = 0; j < count; ++j) lu[j] = int32_t(m.read(t, b.level, u[j]));
      s.next += count;
      int found = -1;
      for (int j = count - 1; j >= 0; --j)
        if (lu[j] == d) found = j;  // the first in-neighbour of the chunk in the frontier
      if (found >= 0) {
        m.write(t, b.level, s.vertex, d + 1);
        m.write(t, b.parent, s.vertex, u[found]);
        teach_append_with_edges(m, t, s.vertex);  // "next" and its edge start
        s.end = s.next;                           // done: no more chunks
      } else if (s.next >= s.end) {
        append(m, t, b.left, b.left_tail, s.vertex);  // still unvisited: the next list
      }
    }
  }
}

void teach_swap_lists(TeachModel& m, const LevelPlan& plan, int count) {
  const TeachBuffers& b = m.buffers();
  m.step(plan, "left becomes the list", "@bfs-list-swap", 0,
         std::max(1, (count + plan.block_dim - 1) / plan.block_dim));
  for (int i = 0; i < count; ++i) {
    m.write(i, b.list, i, m.read(i, b.left, i));
    if (i == 0) m.write(i, b.left_tail, 0, 0);
  }
}

}  // namespace ws::bfs
