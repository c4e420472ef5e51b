// Variant 7's launcher (bfs_fast.cu): the arrays its device-side level loop works in.
#pragma once

#include <cstdint>

#include "bfs_cuda.cuh"

namespace ws::bfs {

// Per depth: the vertices that reached it (with out-degree > 0, in the queue: count << 32, and
// their out-degrees summed: the low 32 bits), those with out-degree 0, the largest out-degree,
// and (bottom-up levels) how many vertices the level left unvisited with in-edges: the list the
// next bottom-up level takes.
struct FastLevel {
  unsigned long long packed;
  unsigned int zeros;
  unsigned int max_degree;
  unsigned int left;
};

// Where the level loop stands when one of variant 7's kernels hands the search to the other (the
// cluster phase to the grid kernel): the next depth to expand and the loop's running values, as
// the grid kernel's loop keeps them. The setup kernel writes the start (depth 0).
struct FastResume {
  long long base;             // the frontier's first queue entry
  long long unreached_edges;  // bfs.h m_u before this depth's m_f is taken off
  long long previous_n_f, previous_count;
  int32_t depth, direction;  // direction: the previous level's (the rule's input)
};

struct FastArgs {
  DeviceAdjacency csr, csc;                // csc may equal csr (symmetric graphs)
  LevelArrays a;                           // level cleared to -1 by the caller
  int32_t* queue = nullptr;                // n: every level's frontier, one after the other
  int64_t* queue_row = nullptr;            // n: per queue entry, its vertex's CSR row start
  uint32_t* edge_start = nullptr;          // n: per queue entry, its first edge within its level
  FastLevel* levels = nullptr;             // n + 2
  int32_t* left[2] = {nullptr, nullptr};   // n each: the bottom-up lists, one read, one written
  int32_t* direction = nullptr;            // n + 1: per depth, 0 top-down, 1 bottom-up
  unsigned long long* examined = nullptr;  // n + 1 or null: the model's count per bottom-up level
  unsigned long long* stamps = nullptr;    // n + 2 or null: %globaltimer at each level's start
  int32_t* depth_count = nullptr;          // levels expanded
  FastResume* resume = nullptr;            // 1: where the grid kernel starts
  int32_t source = 0;
  double alpha = 15, beta = 18;
  // Blocks per SM at most (0: as many as fit). Sparse, long-diameter graphs (average degree
  // under 8: roads, grids) pay mostly for the grid barrier of each of their thousands of levels,
  // which grows with the number of blocks: the engine passes 1 for them.
  int max_blocks_per_sm = 0;
  // Run the levels first in one thread-block cluster (bfs_fast_cluster.cu) while their frontiers
  // are small and top-down, then hand over to the grid kernel. The engine sets it with
  // max_blocks_per_sm = 1 (sparse graphs); devices without clusters (before sm_90) skip it.
  bool cluster_phase = false;
};

// The search: a one-thread setup kernel, the cluster phase when f.cluster_phase, then the
// cooperative level loop from where the cluster phase stopped. Needs csr.m < 2^32.
void launch_fast(const FastArgs& f, int block_dim);

// bfs_fast_cluster.cu: launches the cluster phase (after the setup kernel, before the grid
// kernel); false when the device has no thread-block clusters (nothing launched then).
bool launch_fast_cluster(const FastArgs& f);

#ifdef __CUDACC__
__device__ inline unsigned long long global_timer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Variant 3's rule (bfs.h next_direction), in the same double arithmetic.
__device__ inline int32_t device_next_direction(int32_t current, long long n_f, long long prev_n_f,
                                                long long m_f, long long m_u, long long n,
                                                double alpha, double beta) {
  if (current == 0) return double(m_f) > double(m_u) / alpha ? 1 : 0;
  return (n_f < prev_n_f && double(n_f) < double(n) / beta) ? 0 : 1;
}
#endif

}  // namespace ws::bfs
