// The CPU twin of variant 7's cluster phase (bfs_teach.cu, "@variant fast"), as
// bfs_fast_cluster.cu runs it on sparse graphs (teach_sparse): one thread-block cluster of
// kTeachClusterBlocks blocks of kTeachClusterThreads threads runs the small top-down levels with
// the entries in the blocks' shared memory ("cluster queue": two halves of kTeachClusterCap, this
// level's by depth parity and the next's). Per block, "cluster counts" holds per depth % 3 the
// entries and their out-degrees summed, "cluster largest" their largest out-degree; "cluster
// first" the entries and edges before each block (the prefix sums of the counts). Steps:
//   "the cluster loads the frontier" (the phase's first level, when the frontier fits): block r
//     takes global entries [count r / B, count (r + 1) / B) (B = kTeachClusterBlocks): thread 0
//     writes the block's count, a thread per entry reads frontier[k] and its edge starts (its
//     out-degree), writes the vertex to its block's queue and adds the degree to the block's
//     edges (atomicAdd) and largest (atomicMax).
//   "read the blocks' counts" (every cluster level, and the level it hands over at): in every
//     block, thread r < B reads block r's count, edges and largest of this level through
//     distributed shared memory (a kRemoteRead for another block's, a Read for its own) and writes
//     the inclusive prefix sums to "cluster first"[r + 1] and [B + 1 + r + 1]; thread 0 writes
//     the zeros before block 0 and clears the counts of depth + 2 (the level after the next).
//     Every block then takes the same decision (teach_cluster_fits, the direction).
//   "hand the frontier to the grid kernel" (a level that turns bottom-up or does not fit): block
//     r's thread 0 reads its range (first[r], first[r + 1], its edges before first[B + 1 + r]);
//     thread k reads its entry k, that vertex's row offsets (its out-degree), and writes the
//     grid kernel's form: frontier[first[r] + k] and "edge start" (the edges before it). The grid
//     kernel then runs the level.
//   "find the entries" (a level the cluster expands): each block takes an equal share of the
//     level's entries, ceil(count / B); thread j of block r takes entry i = r share + j, finds
//     the block holding it by a binary search of "cluster first" (as the kernel: steps B/2, ...,
//     1), reads first[owner] and the entry itself from the owner's queue (a kRemoteRead when the
//     owner is another block), then the vertex's row offsets.
//   "edges a-b": each thread's row kBottomUpChunk edges a step (teach_claim_chunk: the targets,
//     their offsets, the atomicCAS claims, the parents); then the block's pushes, as a warp's in
//     the kernel (a block here is one warp): its last thread reserves the block's discoveries
//     with one atomicAdd on the next level's count, each thread writes its discoveries to the
//     next half of its block's queue (in thread order), and thread 0 adds their out-degrees to
//     the next level's edges (atomicAdd) and their largest to its largest (atomicMax).
//   "cluster barrier": cluster.sync(), no memory access: no block reads the next level's counts
//     or entries before every block has pushed its discoveries.
// The kernel's entries also carry the row start and out-degree (16 bytes); here the thread reads
// them from row_offsets. Its queues leave out vertices of out-degree 0 (counted apart); the teach
// queues keep them (degree 0: no edges), as the teach grid kernel's do.
#include <algorithm>
#include <vector>

#include "../common/error.h"
#include "bfs_level_stats.h"
#include "bfs_teach_cpu.h"

namespace ws::bfs {

namespace {

constexpr int kBlocks = kTeachClusterBlocks, kThreads = kTeachClusterThreads;
constexpr int kCap = kTeachClusterCap;
constexpr int kChunk = int(kBottomUpChunk);

// Where a level's fields sit in a block's "cluster counts", "cluster largest", "cluster queue"
// and "cluster first".
int count_at(int32_t depth) {
  return 2 * (depth % 3);
}
int edges_at(int32_t depth) {
  return 2 * (depth % 3) + 1;
}
int largest_at(int32_t depth) {
  return depth % 3;
}
int half_at(int32_t depth) {
  return (depth & 1) * kCap;
}
int edges_before(int block) {
  return kBlocks + 1 + block;
}

int thread_of(int block, int j) {
  return block * kThreads + j;
}

void cluster_step(TeachModel& m, const LevelPlan& plan, const std::string& what,
                  const std::string& marker, int barriers = 0) {
  m.step(plan, what, marker, barriers, kBlocks, kThreads);
}

void load(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int32_t d = plan.depth;
  const int64_t count = plan.frontier;
  cluster_step(m, plan, "the cluster loads the frontier", "@bfs-cluster-load");
  for (int r = 0; r < kBlocks; ++r) {
    const int64_t lo = count * r / kBlocks, hi = count * (r + 1) / kBlocks;
    WS_REQUIRE(hi - lo <= kThreads, "a block's share of the cluster's first frontier");
    for (int j = 0; j < kThreads; ++j) {
      const int t = thread_of(r, j);
      if (j == 0) m.write(t, b.cluster_counts, count_at(d), int(hi - lo));
      const int64_t k = lo + j;
      if (k >= hi) continue;
      const int32_t v = int32_t(m.read(t, b.frontier, int(k)));
      const int32_t e0 = int32_t(m.read(t, b.edge_start, int(k)));
      const int32_t e1 = k + 1 < count ? int32_t(m.read(t, b.edge_start, int(k) + 1))
                                       : int32_t(plan.frontier_edges);
      m.write(t, b.cluster_queue, half_at(d) + j, v);
      m.atomic(t, b.cluster_counts, edges_at(d), e1 - e0);
      m.atomic(t, b.cluster_largest, largest_at(d), e1 - e0);
    }
  }
}

void counts(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int32_t d = plan.depth;
  cluster_step(m, plan, "read the blocks' counts", "@bfs-cluster-counts");
  for (int r = 0; r < kBlocks; ++r) {
    int64_t entries = 0, edges = 0;
    for (int j = 0; j < kBlocks; ++j) {  // lane j reads block j's counts
      const int t = thread_of(r, j);
      entries += int64_t(m.remote_read(t, b.cluster_counts, j, count_at(d)));
      edges += int64_t(m.remote_read(t, b.cluster_counts, j, edges_at(d)));
      m.remote_read(t, b.cluster_largest, j, largest_at(d));
      m.write(t, b.cluster_first, j + 1, double(entries));
      m.write(t, b.cluster_first, edges_before(j + 1), double(edges));
      if (j == 0) {
        m.write(t, b.cluster_first, 0, 0);
        m.write(t, b.cluster_first, edges_before(0), 0);
        m.write(t, b.cluster_counts, count_at(d + 2), 0);  // the level after the next
        m.write(t, b.cluster_counts, edges_at(d + 2), 0);
        m.write(t, b.cluster_largest, largest_at(d + 2), 0);
      }
    }
  }
}

void handover(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int32_t d = plan.depth;
  cluster_step(m, plan, "hand the frontier to the grid kernel", "@bfs-cluster-handover");
  for (int r = 0; r < kBlocks; ++r) {
    const int t0 = thread_of(r, 0);
    const int32_t q0 = int32_t(m.read(t0, b.cluster_first, r));
    const int32_t count = int32_t(m.read(t0, b.cluster_first, r + 1)) - q0;
    int32_t running = int32_t(m.read(t0, b.cluster_first, edges_before(r)));
    WS_REQUIRE(count <= kThreads, "a block's entries at the cluster's hand-over");
    for (int k = 0; k < count; ++k) {
      const int t = thread_of(r, k);
      const int32_t v = int32_t(m.read(t, b.cluster_queue, half_at(d) + k));
      const int32_t row = int32_t(m.read(t, b.row_offsets, v));
      const int32_t degree = int32_t(m.read(t, b.row_offsets, v + 1)) - row;
      m.write(t, b.frontier, q0 + k, v);
      m.write(t, b.edge_start, q0 + k, running);
      running += degree;
    }
  }
}

struct Entry {
  int32_t vertex = -1, row = 0, degree = 0;
};

}  // namespace

void teach_cluster_lead(TeachModel& m, const LevelPlan& plan) {
  if (plan.cluster_load) load(m, plan);
  if (plan.cluster_counts) counts(m, plan);
  if (plan.handover) handover(m, plan);
}

void teach_cluster_level(TeachModel& m, const LevelPlan& plan) {
  const TeachBuffers& b = m.buffers();
  const int32_t d = plan.depth;
  const int64_t count = plan.frontier;
  const int64_t share = (count + kBlocks - 1) / kBlocks;
  WS_REQUIRE(share <= kThreads, "a block's share of a cluster level");
  std::vector<Entry> entries(size_t(kBlocks * kThreads));
  cluster_step(m, plan, "find the entries", "@bfs-cluster-entry");
  for (int r = 0; r < kBlocks; ++r)
    for (int j = 0; j < kThreads; ++j) {
      const int64_t lo = std::min(count, share * r), hi = std::min(count, lo + share);
      const int64_t i = lo + j;
      if (i >= hi) continue;
      const int t = thread_of(r, j);
      int owner = 0;  // the last block with first[owner] <= i
      for (int step = kBlocks / 2; step > 0; step >>= 1)
        if (owner + step < kBlocks && int64_t(m.read(t, b.cluster_first, owner + step)) <= i)
          owner += step;
      const int32_t at = int32_t(i) - int32_t(m.read(t, b.cluster_first, owner));
      Entry& e = entries[size_t(t)];
      e.vertex = int32_t(m.remote_read(t, b.cluster_queue, owner, half_at(d) + at));
      e.row = int32_t(m.read(t, b.row_offsets, e.vertex));
      e.degree = int32_t(m.read(t, b.row_offsets, e.vertex + 1)) - e.row;
    }
  for (int k = 1; k <= plan.edge_steps; ++k) {
    const int a = (k - 1) * kChunk;
    cluster_step(m, plan, "edges " + std::to_string(a + 1) + "-" + std::to_string(a + kChunk),
                 "@bfs-cluster-edges");
    for (int r = 0; r < kBlocks; ++r) {
      std::vector<std::vector<TeachClaim>> found(kThreads);
      int total = 0, edges = 0, largest = 0;
      for (int j = 0; j < kThreads; ++j) {
        const Entry& e = entries[size_t(thread_of(r, j))];
        if (e.vertex < 0) continue;
        found[size_t(j)] = teach_claim_chunk(m, thread_of(r, j), d, e.vertex, e.row + a,
                                             std::min(kChunk, e.degree - a), false);
        for (const TeachClaim& c : found[size_t(j)]) {
          ++total;
          edges += c.degree;
          largest = std::max(largest, c.degree);
        }
      }
      // The pushes: one atomicAdd for the block's discoveries (its last thread), the writes in
      // thread order, then the edges and the largest degree (thread 0).
      const int size = m.run().trace.buffers[size_t(b.cluster_counts)].size;
      int slot = int(m.state(b.cluster_counts)[size_t(r * size + count_at(d + 1))]);
      WS_REQUIRE(slot + total <= kCap, "a block's discoveries in the cluster's shared queue");
      for (int j = 0; j < kThreads; ++j) {
        const int t = thread_of(r, j);
        if (j == kThreads - 1 && total > 0) m.atomic(t, b.cluster_counts, count_at(d + 1), total);
        for (const TeachClaim& c : found[size_t(j)])
          m.write(t, b.cluster_queue, half_at(d + 1) + slot++, c.vertex);
        if (j == 0 && edges > 0) m.atomic(t, b.cluster_counts, edges_at(d + 1), edges);
        if (j == 0 && largest > 0) m.atomic(t, b.cluster_largest, largest_at(d + 1), largest);
      }
    }
  }
  cluster_step(m, plan, "cluster barrier", "@bfs-cluster-barrier", 1);
}

}  // namespace ws::bfs
