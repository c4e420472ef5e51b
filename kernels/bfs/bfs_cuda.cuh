// The CUDA BFS kernels' shared pieces (CUDA builds only): the device views of the graph, the
// per-level counters the host-loop variants read back, warp-level helpers, and the launchers of
// every kernel family (bfs_push.cu, bfs_pull.cu, bfs_edge.cu, bfs_queue.cu, bfs_fast.cu). All
// launches go to the legacy default stream; the engine (bfs_engine_cuda.cu) orders them.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace ws::bfs {

// One adjacency in CSR form on the device: CSR (out-edges) or CSC (in-edges, the transpose).
struct DeviceAdjacency {
  int32_t n = 0;
  int64_t m = 0;
  const int64_t* offsets = nullptr;  // n + 1
  const int32_t* targets = nullptr;  // m
};

// What one level of a host-loop variant found, summed over all threads (atomics, one per warp).
struct LevelCounters {
  unsigned long long discovered;        // vertices that got depth + 1 (also the next queue's tail)
  unsigned long long discovered_edges;  // their out-degrees summed (the next level's m_f)
  unsigned long long examined;          // bottom-up levels: the model's edges_examined
};

struct LevelArrays {
  int32_t* level = nullptr;   // -1 unreached
  int32_t* parent = nullptr;  // valid where level >= 0
};

// Threads per launch, rounded up to whole blocks; grid-stride loops cover the rest.
inline unsigned grid_for(int64_t work, int block_dim) {
  const int64_t blocks = (work + block_dim - 1) / block_dim;
  return unsigned(blocks < 1 ? 1 : (blocks > (int64_t{1} << 22) ? (int64_t{1} << 22) : blocks));
}

// ---- Launchers (one BFS level each; `c` zeroed by the caller).
// bfs_push.cu (variant 1): one thread per vertex over CSR.
void launch_push_level(const DeviceAdjacency& csr, LevelArrays a, int32_t depth, LevelCounters* c,
                       int block_dim);
// bfs_pull.cu (variant 2; the bottom-up levels of 3): one thread per vertex over CSC, early exit;
// discovered vertices are appended to `next` when it is not null.
void launch_pull_level(const DeviceAdjacency& csc, const int64_t* out_offsets, LevelArrays a,
                       int32_t depth, LevelCounters* c, int32_t* next, int block_dim);
// bfs_edge.cu (variant 4): one thread per COO edge (src[e], csr.targets[e]).
void launch_edge_level(const int32_t* src, const DeviceAdjacency& csr, LevelArrays a, int32_t depth,
                       LevelCounters* c, int block_dim);
// bfs_queue.cu (variant 5; the top-down levels of 3): one thread per frontier queue entry, one
// atomicAdd on the global tail per discovered vertex.
void launch_global_queue_level(const DeviceAdjacency& csr, LevelArrays a, int32_t depth,
                               const int32_t* frontier, int64_t n_f, int32_t* next,
                               LevelCounters* c, int block_dim);
// bfs_queue.cu (variant 6): the same with a shared-memory queue per block.
void launch_block_queue_level(const DeviceAdjacency& csr, LevelArrays a, int32_t depth,
                              const int32_t* frontier, int64_t n_f, int32_t* next, LevelCounters* c,
                              int block_dim);

// ---- Device helpers.
#ifdef __CUDACC__
inline constexpr unsigned kFullMask = 0xffffffffu;

__device__ inline unsigned long long warp_sum(unsigned long long x) {
  for (int o = 16; o > 0; o >>= 1) x += __shfl_down_sync(kFullMask, x, o);
  return x;  // lane 0 holds the sum
}

// Adds x over the whole warp into *target with one atomic (every lane of the warp must call it).
__device__ inline void warp_add(unsigned long long* target, unsigned long long x) {
  x = warp_sum(x);
  if ((threadIdx.x & 31) == 0 && x != 0) atomicAdd(target, x);
}

// Level loads that must see other blocks' writes of the same kernel (bypassing L1).
__device__ inline int32_t load_level(const int32_t* level, int64_t v) {
  return __ldcg(level + v);
}

// Claims unvisited w for depth + 1; true for exactly one caller.
__device__ inline bool claim(int32_t* level, int32_t w, int32_t depth) {
  return load_level(level, w) == -1 && atomicCAS(level + w, -1, depth + 1) == -1;
}
#endif

}  // namespace ws::bfs
