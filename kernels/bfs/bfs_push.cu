// Variant 1, vertex-centric push over CSR (PMPP 15.3): one thread per vertex, every level. A
// thread whose vertex is in the frontier (level == depth) walks its out-edges and claims every
// unvisited neighbour with an atomicCAS on its level (-1 -> depth + 1); the winner sets the parent.
//   Work:  O(n) threads per level plus O(m_f) edges: O(n D + m) for D levels.
//   Steps: one kernel per level, D levels; the longest thread walks the largest frontier row.
// Most threads find their vertex is not in the frontier and do nothing; a high-degree vertex keeps
// its whole warp waiting (the load imbalance). The host loop reads back the counters per level.
#include "bfs_cuda.cuh"

namespace ws::bfs {

namespace {

__global__ void push_level(DeviceAdjacency csr, LevelArrays a, int32_t depth, LevelCounters* c) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  unsigned long long found = 0, found_edges = 0;
  for (int64_t v = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; v < csr.n; v += stride) {
    if (load_level(a.level, v) != depth) continue;
    for (int64_t e = csr.offsets[v]; e < csr.offsets[v + 1]; ++e) {
      const int32_t w = csr.targets[e];
      if (claim(a.level, w, depth)) {
        a.parent[w] = int32_t(v);
        ++found;
        found_edges += csr.offsets[w + 1] - csr.offsets[w];
      }
    }
  }
  warp_add(&c->discovered, found);
  warp_add(&c->discovered_edges, found_edges);
}

}  // namespace

void launch_push_level(const DeviceAdjacency& csr, LevelArrays a, int32_t depth, LevelCounters* c,
                       int block_dim) {
  push_level<<<grid_for(csr.n, block_dim), block_dim>>>(csr, a, depth, c);
}

}  // namespace ws::bfs
