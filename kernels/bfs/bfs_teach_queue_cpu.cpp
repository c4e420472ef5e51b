// The CPU twins of the queue teach kernels (bfs_teach.cu: the top-down helper of
// "@variant global-queue" and of the top-down levels of 3 and 7, and "@variant block-queue"):
// thread i takes frontier entry i. Step 0 reads the entry and its row's offsets; step k has every
// thread with a k-th out-edge look at it and claim the neighbour when unvisited. The global queue
// takes a slot in "next" with an atomic on "tail"; the block queue in its block's shared "block
// queue" with an atomic on "block tail", and then each block reserves room in "next" with one
// atomic on "tail" and copies its queue there. Slots follow thread order, reservations block
// order. After a level that found vertices, "next" becomes the frontier.
#include <algorithm>
#include <vector>

#include "bfs_teach_cpu.h"

namespace ws::bfs {

namespace {

struct Walk {
  int32_t vertex = -1, next = 0, end = 0;
};

// Step 0 of a queue level: thread i reads frontier[i] and the two offsets of its row.
std::vector<Walk> read_frontier(TeachModel& m, const LevelPlan& plan, bool block_tails) {
  const TeachBuffers& b = m.buffers();
  const int threads = plan.grid_dim * plan.block_dim;
  std::vector<Walk> walks(static_cast<size_t>(threads));
  for (int i = 0; i < threads; ++i) {
    if (block_tails && i % plan.block_dim == 0) m.write(i, b.block_tail, 0, 0);
    if (i >= plan.threads) continue;
    Walk& w = walks[size_t(i)];
    w.vertex = int32_t(m.read(i, b.frontier, i));
    w.next = int32_t(m.read(i, b.row_offsets, w.vertex));
    w.end = int32_t(m.read(i, b.row_offsets, w.vertex + 1));
  }
  return walks;
}

// Step k: the thread's next out-edge; returns the neighbour it claimed, or -1.
int32_t claim_next(TeachModel& m, int i, Walk& w, int32_t depth) {
  const TeachBuffers& b = m.buffers();
  if (w.next >= w.end) return -1;
  const int32_t u = int32_t(m.read(i, b.columns, w.next++));
  if (int32_t(m.read(i, b.level, u)) != -1) return -1;
  m.write(i, b.level, u, depth + 1);
  m.write(i, b.parent, u, w.vertex);
  return u;
}

}  // namespace

void teach_queue_level(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  m.step(plan, "read frontier", "@bfs-top-down-vertex");
  std::vector<Walk> walks = read_frontier(m, plan, false);
  for (int k = 1; k <= plan.edge_steps; ++k) {
    m.step(plan, "edge " + std::to_string(k), "@bfs-top-down-edge");
    for (int i = 0; i < int(walks.size()); ++i) {
      const int32_t u = claim_next(m, i, walks[size_t(i)], plan.depth);
      if (u < 0) continue;
      const int32_t slot = m.value(b.tail, 0);
      m.atomic(i, b.tail, 0, 1);
      m.write(i, b.next, slot, u);
    }
  }
}

void teach_block_queue_level(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int B = plan.block_dim;
  m.step(plan, "read frontier", "@bfs-block-vertex", 1);
  std::vector<Walk> walks = read_frontier(m, plan, true);
  for (int k = 1; k <= plan.edge_steps; ++k) {
    m.step(plan, "edge " + std::to_string(k), "@bfs-block-edge", k == plan.edge_steps ? 1 : 0);
    for (int i = 0; i < int(walks.size()); ++i) {
      const int32_t u = claim_next(m, i, walks[size_t(i)], plan.depth);
      if (u < 0) continue;
      const int32_t slot = m.value(b.block_tail, i / B);  // this block's tail
      m.atomic(i, b.block_tail, 0, 1);
      m.write(i, b.block_queue, slot, u);
    }
  }
  std::vector<int32_t> count(size_t(plan.grid_dim), 0), base(size_t(plan.grid_dim), 0);
  m.step(plan, "reserve room in next", "@bfs-block-reserve", 1);
  for (int block = 0; block < plan.grid_dim; ++block) {
    const int t = block * B;
    count[size_t(block)] = int32_t(m.read(t, b.block_tail, 0));
    if (count[size_t(block)] == 0) continue;
    base[size_t(block)] = m.value(b.tail, 0);
    m.atomic(t, b.tail, 0, count[size_t(block)]);
  }
  m.step(plan, "copy block queue to next", "@bfs-block-copy");
  for (int t = 0; t < plan.grid_dim * B; ++t) {
    const int block = t / B;
    for (int j = t % B; j < count[size_t(block)]; j += B)
      m.write(t, b.next, base[size_t(block)] + j, m.read(t, b.block_queue, j));
  }
}

void teach_swap_queues(TeachModel& m, const LevelPlan& plan, int count) {
  const TeachBuffers& b = m.buffers();
  LevelPlan swap = plan;  // launched with the run's block size (7's tiles have their own)
  swap.block_dim = m.run().params.block_dim;
  m.step(swap, "next becomes the frontier", "@bfs-swap", 0,
         std::max(1, (count + swap.block_dim - 1) / swap.block_dim));
  for (int i = 0; i < count; ++i) {
    m.write(i, b.frontier, i, m.read(i, b.next, i));
    if (b.edge_start >= 0) m.write(i, b.edge_start, i, m.read(i, b.next_edge_start, i));
    if (i == 0) m.write(i, b.tail, 0, 0);
    if (i == 0 && b.next_edges >= 0) m.write(i, b.next_edges, 0, 0);
  }
}

}  // namespace ws::bfs
