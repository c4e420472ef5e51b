// Variant 2, vertex-centric pull over CSC with early exit (PMPP 15.3); also the bottom-up levels
// of variant 3. One thread per vertex: an unvisited vertex walks its in-edges (CSC: the columns of
// the transpose) in order and stops at the first whose end is in the frontier (level == depth),
// which becomes its parent. Only the vertex's own thread writes its level: no atomics on levels.
//   Work:  O(n) threads per level plus, per unvisited vertex, its in-edges up to the first
//          frontier one: O(n D + m) worst case, far less when the frontier is large.
//   Steps: one kernel per level, D levels.
// The counters give the model's edges_examined exactly (each thread counts the edges it read).
// Variant 3 passes `next` so that a following top-down level has its queue.
#include "bfs_cuda.cuh"

namespace ws::bfs {

namespace {

__global__ void pull_level(DeviceAdjacency csc, const int64_t* out_offsets, LevelArrays a,
                           int32_t depth, LevelCounters* c, int32_t* next) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  const int lane = threadIdx.x & 31;
  unsigned long long found = 0, found_edges = 0, examined = 0;
  // Whole warps iterate together so that the queue append below can use the warp's ballot.
  for (int64_t base = int64_t(blockIdx.x) * blockDim.x + (threadIdx.x & ~31); base < csc.n;
       base += stride) {
    const int64_t v = base + lane;
    bool hit = false;
    if (v < csc.n && load_level(a.level, v) == -1) {
      for (int64_t e = csc.offsets[v]; e < csc.offsets[v + 1]; ++e) {
        ++examined;
        const int32_t u = csc.targets[e];
        if (load_level(a.level, u) == depth) {
          a.level[v] = depth + 1;
          a.parent[v] = u;
          hit = true;
          ++found;
          found_edges += out_offsets[v + 1] - out_offsets[v];
          break;
        }
      }
    }
    if (next != nullptr) {
      const unsigned hits = __ballot_sync(kFullMask, hit);
      if (hits != 0) {
        const int leader = __ffs(hits) - 1;
        unsigned long long slot = 0;
        if (lane == leader) slot = atomicAdd(&c->discovered, (unsigned long long)__popc(hits));
        slot = __shfl_sync(kFullMask, slot, leader);
        if (hit) next[slot + __popc(hits & ((1u << lane) - 1))] = int32_t(v);
      }
    }
  }
  if (next == nullptr) warp_add(&c->discovered, found);
  warp_add(&c->discovered_edges, found_edges);
  warp_add(&c->examined, examined);
}

}  // namespace

void launch_pull_level(const DeviceAdjacency& csc, const int64_t* out_offsets, LevelArrays a,
                       int32_t depth, LevelCounters* c, int32_t* next, int block_dim) {
  pull_level<<<grid_for(csc.n, block_dim), block_dim>>>(csc, out_offsets, a, depth, c, next);
}

}  // namespace ws::bfs
