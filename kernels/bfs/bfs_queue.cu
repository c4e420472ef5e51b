// Variants 5 and 6, frontier queues (PMPP 15.5, 15.6); variant 5's kernel is also the top-down
// level of variant 3. One thread per entry of the frontier queue walks its vertex's out-edges and
// claims unvisited neighbours with an atomicCAS on their level.
//   5 global-queue  every discovered vertex takes a slot in the next queue with an atomicAdd on
//                   the one global tail: the atomics on one address serialize.
//   6 block-queue   a block appends to its shared-memory queue (shared atomics are cheap), then
//                   reserves room in the global queue with one atomicAdd and copies its queue out
//                   coalesced. A block that discovers more than its shared queue holds appends
//                   the overflow straight to the global queue.
//   Work:  O(n_f + m_f) per level: O(n + m) in all. Steps: one kernel per level, D levels.
#include "bfs_cuda.cuh"

namespace ws::bfs {

namespace {

constexpr int kBlockQueueCapacity = 2048;

__global__ void global_queue_level(DeviceAdjacency csr, LevelArrays a, int32_t depth,
                                   const int32_t* frontier, int64_t n_f, int32_t* next,
                                   LevelCounters* c) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  unsigned long long found_edges = 0;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n_f; i += stride) {
    const int32_t v = frontier[i];
    for (int64_t e = csr.offsets[v]; e < csr.offsets[v + 1]; ++e) {
      const int32_t w = csr.targets[e];
      if (claim(a.level, w, depth)) {
        a.parent[w] = v;
        next[atomicAdd(&c->discovered, 1ull)] = w;
        found_edges += csr.offsets[w + 1] - csr.offsets[w];
      }
    }
  }
  warp_add(&c->discovered_edges, found_edges);
}

__global__ void block_queue_level(DeviceAdjacency csr, LevelArrays a, int32_t depth,
                                  const int32_t* frontier, int64_t n_f, int32_t* next,
                                  LevelCounters* c) {
  __shared__ int32_t queue[kBlockQueueCapacity];
  __shared__ int tail;
  __shared__ unsigned long long global_base;
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  unsigned long long found_edges = 0;
  // Block-uniform trip count: every thread reaches the __syncthreads of every round.
  for (int64_t first = int64_t(blockIdx.x) * blockDim.x; first < n_f; first += stride) {
    if (threadIdx.x == 0) tail = 0;
    __syncthreads();
    const int64_t i = first + threadIdx.x;
    if (i < n_f) {
      const int32_t v = frontier[i];
      for (int64_t e = csr.offsets[v]; e < csr.offsets[v + 1]; ++e) {
        const int32_t w = csr.targets[e];
        if (claim(a.level, w, depth)) {
          a.parent[w] = v;
          found_edges += csr.offsets[w + 1] - csr.offsets[w];
          const int slot = atomicAdd(&tail, 1);
          if (slot < kBlockQueueCapacity)
            queue[slot] = w;
          else  // overflow: straight to the global queue
            next[atomicAdd(&c->discovered, 1ull)] = w;
        }
      }
    }
    __syncthreads();
    const int count = tail < kBlockQueueCapacity ? tail : kBlockQueueCapacity;
    if (threadIdx.x == 0 && count > 0)
      global_base = atomicAdd(&c->discovered, (unsigned long long)count);
    __syncthreads();
    for (int k = threadIdx.x; k < count; k += blockDim.x) next[global_base + k] = queue[k];
    __syncthreads();
  }
  warp_add(&c->discovered_edges, found_edges);
}

}  // namespace

void launch_global_queue_level(const DeviceAdjacency& csr, LevelArrays a, int32_t depth,
                               const int32_t* frontier, int64_t n_f, int32_t* next,
                               LevelCounters* c, int block_dim) {
  global_queue_level<<<grid_for(n_f, block_dim), block_dim>>>(csr, a, depth, frontier, n_f, next,
                                                              c);
}

void launch_block_queue_level(const DeviceAdjacency& csr, LevelArrays a, int32_t depth,
                              const int32_t* frontier, int64_t n_f, int32_t* next, LevelCounters* c,
                              int block_dim) {
  block_queue_level<<<grid_for(n_f, block_dim), block_dim>>>(csr, a, depth, frontier, n_f, next, c);
}

}  // namespace ws::bfs
