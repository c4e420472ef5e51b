// The CPU twin of variant 7's top-down levels of small degree (bfs_teach.cu, "@variant fast"), as
// bfs_fast.cu's top_down_threads runs them when the level's largest out-degree times the block
// size fits a block's append queue (teach_thread_per_vertex): a thread per frontier entry, blocks
// of kTeachBlock threads.
// Step 0 "read the entries": thread i reads frontier[i] = v, "edge start"[i] and [i + 1] (the last
// entry's end is the level's m_f): its out-degree; and row_offsets[v], where its row starts (the
// kernel's queue carries the row start beside the vertex).
// Step k "edges a-b": every thread with a k-th chunk of kBottomUpChunk edges reads the chunk's
// targets (columns), then their rows' offsets, then claims them, as the kernel issues the loads
// and the atomicCAS of the chunk together: an atomicCAS is its read of the target's level and,
// when that is -1, its write of d + 1. Each claimed target gets its parent and is appended with
// its edge range (teach_append_with_degree: the degree was read with the offsets).
#include <algorithm>
#include <vector>

#include "bfs_level_stats.h"
#include "bfs_teach_cpu.h"

namespace ws::bfs {

namespace {

constexpr int kChunk = int(kBottomUpChunk);

struct Entry {
  int32_t vertex = -1, row = 0, degree = 0;
};

}  // namespace

std::vector<TeachClaim> teach_claim_chunk(TeachModel& m, int t, int32_t depth, int32_t v,
                                          int32_t first, int count, bool append) {
  const TeachBuffers& b = m.buffers();
  std::vector<TeachClaim> claims;
  if (count <= 0) return claims;
  int32_t w[kChunk], degree[kChunk];
  bool won[kChunk];
  for (int j = 0; j < count; ++j) w[j] = int32_t(m.read(t, b.columns, first + j));
  for (int j = 0; j < count; ++j) {
    const int32_t row = int32_t(m.read(t, b.row_offsets, w[j]));
    degree[j] = int32_t(m.read(t, b.row_offsets, w[j] + 1)) - row;
  }
  for (int j = 0; j < count; ++j) {  // atomicCAS(level + w, -1, d + 1), in program order
    won[j] = int32_t(m.read(t, b.level, w[j])) == -1;
    if (won[j]) m.write(t, b.level, w[j], depth + 1);
  }
  for (int j = 0; j < count; ++j) {
    if (!won[j]) continue;
    m.write(t, b.parent, w[j], v);
    if (append) teach_append_with_degree(m, t, w[j], degree[j]);
    claims.push_back({w[j], degree[j]});
  }
  return claims;
}

void teach_vertex_threads_level(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int count = int(plan.threads);
  std::vector<Entry> entries(static_cast<size_t>(count));
  m.step(plan, "read the entries", "@bfs-threads-entry");
  for (int i = 0; i < count; ++i) {
    Entry& e = entries[size_t(i)];
    e.vertex = int32_t(m.read(i, b.frontier, i));
    const int32_t e0 = int32_t(m.read(i, b.edge_start, i));
    const int32_t e1 =
        i + 1 < count ? int32_t(m.read(i, b.edge_start, i + 1)) : int32_t(plan.frontier_edges);
    e.degree = e1 - e0;
    e.row = int32_t(m.read(i, b.row_offsets, e.vertex));
  }
  for (int k = 1; k <= plan.edge_steps; ++k) {
    const int a = (k - 1) * kChunk;
    m.step(plan, "edges " + std::to_string(a + 1) + "-" + std::to_string(a + kChunk),
           "@bfs-threads-edges");
    for (int t = 0; t < count; ++t) {
      const Entry& e = entries[size_t(t)];
      teach_claim_chunk(m, t, plan.depth, e.vertex, e.row + a, std::min(kChunk, e.degree - a),
                        true);
    }
  }
}

}  // namespace ws::bfs
