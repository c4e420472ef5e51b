// Variant 4, edge-centric over COO (PMPP 15.4): one thread per directed edge (src[e], dst[e]),
// every edge every level. A thread whose source is in the frontier claims an unvisited destination
// with an atomicCAS on its level; the winner sets the parent. dst is the CSR's column array, src
// its row of each entry (built once per graph).
//   Work:  O(m) threads per level: O(m D), perfectly balanced whatever the degrees.
//   Steps: one kernel per level, D levels; every thread does O(1) work.
#include "bfs_cuda.cuh"

namespace ws::bfs {

namespace {

__global__ void edge_level(const int32_t* src, DeviceAdjacency csr, LevelArrays a, int32_t depth,
                           LevelCounters* c) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  unsigned long long found = 0, found_edges = 0;
  for (int64_t e = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; e < csr.m; e += stride) {
    const int32_t u = src[e];
    if (load_level(a.level, u) != depth) continue;
    const int32_t w = csr.targets[e];
    if (claim(a.level, w, depth)) {
      a.parent[w] = u;
      ++found;
      found_edges += csr.offsets[w + 1] - csr.offsets[w];
    }
  }
  warp_add(&c->discovered, found);
  warp_add(&c->discovered_edges, found_edges);
}

}  // namespace

void launch_edge_level(const int32_t* src, const DeviceAdjacency& csr, LevelArrays a, int32_t depth,
                       LevelCounters* c, int block_dim) {
  edge_level<<<grid_for(csr.m, block_dim), block_dim>>>(src, csr, a, depth, c);
}

}  // namespace ws::bfs
