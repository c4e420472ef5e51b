// Variant 7's cluster phase (sm_90 and later): sparse, long-diameter graphs (roads, grids) pay
// per level for a chain of dependent round trips, not for bytes: the grid kernel's levels on the
// 16.8M-vertex grid take 5.1 us, of which the level's counters, the queue reservation and its
// stores, and the grid barrier are over half. While a frontier is small and top-down, one
// thread-block cluster (16 blocks, one per SM, distributed shared memory) runs the levels instead:
//   - each block keeps the vertices it discovers in its own shared memory (vertex, row start and
//     out-degree in 16 bytes) and its counts (entries, out-degrees summed, vertices of degree 0,
//     largest degree) beside them;
//   - after the cluster barrier every block reads the 16 blocks' counts through distributed
//     shared memory (one warp, one load a lane), takes the same direction decision as the grid
//     kernel (variant 3's rule, the same counts), and takes an equal share of the frontier: a
//     thread reads its entry from the shared memory of the block that found it;
//   - a thread expands its vertex's row four edges at a time (the targets, then their rows'
//     offsets and the atomicCAS claims together), as the grid kernel's thread-per-vertex levels do;
//     a warp pushes its discoveries with one shared atomic per count.
// No global counters, no queue reservation, no global queue and no grid barrier: a level is the
// cluster barrier, two distributed-shared-memory loads, the row and the claims.
// When a level turns bottom-up, or its frontier is too large for the cluster (more than
// max_frontier entries, or a block's share times the largest degree past its shared queue), the
// phase writes the frontier to the global queue in the grid kernel's form (entries, row starts,
// edge starts, the level's counters) and stops; the grid kernel (bfs_fast.cu) resumes there.
//   Work:  O(n_f + m_f) per level, as the grid kernel's top-down levels.
//   Steps: one cluster barrier per level plus its longest row.
// Measured on an H200 (bench/dev/bfs_sweep.cu, docs/performance.md): the 4096 x 4096 grid's 8191
// levels 3.85 us each, against 5.14 for the grid kernel alone. Measured and left out: a shared
// atomic per discovery (10.1 us a level: a warp's same-address atomics serialize), rows of up to
// four targets carried in the entries (5.9 us), 8 blocks (4.5 us), 128, 512 or 1024 threads.
// Teach mode traces this phase (bfs_teach.cu's fast_cluster_level, its twin
// bfs_teach_cluster_cpu.cpp) at teaching size (bfs_teach_cpu.h): 4 blocks of 8 threads for 16 of
// 256, shared queues of 8 entries for 4096, max_frontier 8 for 16384; the same steps per level
// (the counts and entries read through distributed shared memory, the atomicCAS claims, the
// pushes, the cluster barrier) and the same hand-over to the grid kernel.
#include <cooperative_groups.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "../common/cuda_check.cuh"
#include "bfs_fast.cuh"

namespace cg = cooperative_groups;

namespace ws::bfs {

namespace {

constexpr int kMaxClusterBlocks = 16;
constexpr int kMaxClusterThreads = 512;  // per block (the registers of 1024 would spill)

// A discovered vertex in its block's shared memory (one 16-byte load from another block).
struct alignas(16) ClusterEntry {
  int32_t v;
  uint32_t degree;
  int64_t row;
};

// A block's counts for one level's frontier (the entries it holds).
struct alignas(8) ClusterCounts {
  unsigned long long m_f;  // out-degrees summed
  unsigned int count, zeros, max_degree, pad;
};

struct ClusterShape {
  int blocks = 0, threads = 0, cap = 0;  // cap: entries per shared queue (two per block)
  long long max_frontier = 0;
};

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
// Warp-wide (every lane calls it; `has` is false for lanes without a vertex): the lanes' rows four
// edges at a time, the loads and the atomicCAS claims of the four in flight together, then the
// warp's discoveries pushed with one shared atomic per count (a warp's same-address atomics, one
// per lane, cost more than the level's round trips).
__device__ void expand_warp(const FastArgs& f, bool has, const ClusterEntry e, int32_t depth,
                            ClusterEntry* next, ClusterCounts& out) {
  const int lane = threadIdx.x & 31;
  const uint32_t degree = has ? e.degree : 0;
  const uint32_t longest = __reduce_max_sync(kFullMask, degree);
  for (uint32_t k0 = 0; k0 < longest; k0 += 4) {
    int32_t w[4];
    int64_t w_row[4], w_end[4];
    int old[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) w[j] = k0 + j < degree ? __ldg(f.csr.targets + e.row + k0 + j) : -1;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      w_row[j] = w[j] >= 0 ? __ldg(f.csr.offsets + w[j]) : 0;
      w_end[j] = w[j] >= 0 ? __ldg(f.csr.offsets + w[j] + 1) : 0;
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) old[j] = w[j] >= 0 ? atomicCAS(f.a.level + w[j], -1, depth + 1) : 0;
    unsigned found = 0, zeros = 0, largest = 0;
    unsigned long long edges = 0;
#pragma unroll
    for (int j = 0; j < 4; ++j)
      if (old[j] == -1) {
        f.a.parent[w[j]] = e.v;
        const uint32_t d = uint32_t(w_end[j] - w_row[j]);
        if (d == 0) {
          ++zeros;
        } else {
          ++found, edges += d;
          largest = max(largest, d);
        }
      }
    unsigned before = found;  // inclusive scan of the lanes' discoveries
    for (int o = 1; o < 32; o <<= 1) {
      const unsigned y = __shfl_up_sync(kFullMask, before, o);
      if (lane >= o) before += y;
    }
    const unsigned warp_found = __shfl_sync(kFullMask, before, 31);
    unsigned slot = 0;
    if (lane == 31 && warp_found != 0) slot = atomicAdd(&out.count, warp_found);
    slot = __shfl_sync(kFullMask, slot, 31) + before - found;
#pragma unroll
    for (int j = 0; j < 4; ++j)
      if (old[j] == -1 && w_end[j] > w_row[j])
        next[slot++] = ClusterEntry{w[j], uint32_t(w_end[j] - w_row[j]), w_row[j]};
    edges = warp_sum(edges);
    zeros = __reduce_add_sync(kFullMask, zeros);
    largest = __reduce_max_sync(kFullMask, largest);
    if (lane == 0) {
      if (edges != 0) atomicAdd(&out.m_f, edges);
      if (zeros != 0) atomicAdd(&out.zeros, zeros);
      if (largest != 0) atomicMax(&out.max_degree, largest);
    }
  }
}

// Block-wide: this block's `count` entries to the global queue at `q0`, their edge starts from
// `edge0` on (an exclusive scan of the degrees, in queue order).
__device__ void write_entries(const FastArgs& f, const ClusterEntry* here, int count, long long q0,
                              unsigned long long edge0) {
  __shared__ unsigned long long warp_total[32];
  const int bd = blockDim.x, tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int per = (count + bd - 1) / bd;
  const int lo = min(count, tid * per), hi = min(count, lo + per);
  unsigned long long sum = 0;
  for (int k = lo; k < hi; ++k) sum += here[k].degree;
  unsigned long long incl = sum;
  for (int o = 1; o < 32; o <<= 1) {
    const unsigned long long y = __shfl_up_sync(kFullMask, incl, o);
    if (lane >= o) incl += y;
  }
  if (lane == 31) warp_total[warp] = incl;
  __syncthreads();
  if (warp == 0) {
    const unsigned long long t = lane < bd / 32 ? warp_total[lane] : 0;
    unsigned long long x = t;
    for (int o = 1; o < 32; o <<= 1) {
      const unsigned long long y = __shfl_up_sync(kFullMask, x, o);
      if (lane >= o) x += y;
    }
    if (lane < bd / 32) warp_total[lane] = x - t;
  }
  __syncthreads();
  unsigned long long running = edge0 + warp_total[warp] + incl - sum;
  for (int k = lo; k < hi; ++k) {
    f.queue[q0 + k] = here[k].v;
    f.queue_row[q0 + k] = here[k].row;
    f.edge_start[q0 + k] = uint32_t(running);
    running += here[k].degree;
  }
}
#endif

__global__ void __launch_bounds__(kMaxClusterThreads)
    fast_cluster(FastArgs f, int cap, long long max_frontier) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ ClusterEntry queues[];  // [2][cap]: this level's entries and the next's
  __shared__ ClusterCounts counts[3];       // per depth % 3: read, written, cleared
  __shared__ long long first[kMaxClusterBlocks + 1];                // the blocks' entries, prefix
  __shared__ unsigned long long first_edge[kMaxClusterBlocks + 1];  // their m_f, prefix
  __shared__ ClusterCounts total;
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = int(cluster.block_rank()), blocks = int(cluster.num_blocks());
  const int tid = threadIdx.x, bd = blockDim.x;
  const bool leader = rank == 0 && tid == 0;
  const FastResume start = *f.resume;
  long long base = start.base, unreached = start.unreached_edges, previous_n_f = start.previous_n_f,
            previous_count = start.previous_count;
  int32_t depth = start.depth, direction = start.direction;

  // The starting frontier (the setup kernel's source): this block's share of the global queue.
  {
    const FastLevel level = f.levels[depth];
    const long long count = (long long)(level.packed >> 32);
    const long long m_f = (long long)(level.packed & 0xffffffffu);
    if (count > max_frontier || (count + blocks - 1) / blocks * level.max_degree > cap) return;
    const long long lo = count * rank / blocks, hi = count * (rank + 1) / blocks;
    if (tid == 0) {
      for (int k = 0; k < 3; ++k) counts[k] = ClusterCounts{0, 0, 0, 0, 0};
      counts[depth % 3].count = unsigned(hi - lo);
      counts[depth % 3].zeros = rank == 0 ? level.zeros : 0;
      counts[depth % 3].max_degree = level.max_degree;
    }
    __syncthreads();
    ClusterEntry* here = queues + (depth & 1) * cap;
    for (long long k = lo + tid; k < hi; k += bd) {
      const long long q = base + k;
      const uint32_t e0 = f.edge_start[q], e1 = k + 1 < count ? f.edge_start[q + 1] : uint32_t(m_f);
      here[k - lo] = ClusterEntry{f.queue[q], e1 - e0, f.queue_row[q]};
      atomicAdd(&counts[depth % 3].m_f, (unsigned long long)(e1 - e0));
    }
  }
  cluster.sync();

  for (;; ++depth) {
    ClusterEntry* here = queues + (depth & 1) * cap;
    ClusterEntry* next = queues + ((depth + 1) & 1) * cap;
    if (tid < 32) {  // the 16 blocks' counts, through distributed shared memory
      ClusterCounts c{0, 0, 0, 0, 0};
      if (tid < blocks) c = *cluster.map_shared_rank(&counts[depth % 3], unsigned(tid));
      long long entries = c.count;
      unsigned long long edges = c.m_f;
      for (int o = 1; o < 32; o <<= 1) {
        const long long y = __shfl_up_sync(kFullMask, entries, o);
        const unsigned long long z = __shfl_up_sync(kFullMask, edges, o);
        if (tid >= o) entries += y, edges += z;
      }
      if (tid < blocks) first[tid + 1] = entries, first_edge[tid + 1] = edges;
      const unsigned zeros = __reduce_add_sync(kFullMask, c.zeros);
      const unsigned max_degree = __reduce_max_sync(kFullMask, c.max_degree);
      if (tid == 0) {
        first[0] = 0, first_edge[0] = 0;
        total.zeros = zeros, total.max_degree = max_degree;
      }
      if (tid == 31) total.count = unsigned(entries), total.m_f = edges;
    }
    if (tid == 0) counts[(depth + 2) % 3] = ClusterCounts{0, 0, 0, 0, 0};  // the next level's
    __syncthreads();
    const long long count = total.count, m_f = (long long)total.m_f, n_f = count + total.zeros;
    const unsigned max_degree = total.max_degree;
    const long long after = unreached - m_f;
    const int32_t next_direction = n_f == 0
                                       ? direction
                                       : device_next_direction(direction, n_f, previous_n_f, m_f,
                                                               after, f.csr.n, f.alpha, f.beta);
    const long long share = (count + blocks - 1) / blocks;
    if (n_f == 0 || next_direction != 0 || count > max_frontier ||
        share * (long long)max_degree > cap) {
      // Hand over: this level's frontier to the global queue, where the grid kernel reads it.
      if (n_f > 0)
        write_entries(f, here, int(first[rank + 1] - first[rank]), base + first[rank],
                      first_edge[rank]);
      if (leader) {
        f.levels[depth] = FastLevel{((unsigned long long)count << 32) | (unsigned long long)m_f,
                                    total.zeros, max_degree, 0};
        f.levels[depth + 1] = FastLevel{0, 0, 0, 0};
        *f.resume = FastResume{base, unreached, previous_n_f, previous_count, depth, direction};
      }
      cluster.sync();  // no block leaves while another may still read its shared memory
      return;
    }
    if (leader) {
      f.direction[depth] = 0;
      if (f.stamps != nullptr) f.stamps[depth] = global_timer();
    }
    ClusterCounts& out = counts[(depth + 1) % 3];
    const long long lo = min(count, share * rank), hi = min(count, lo + share);
    for (long long i0 = lo + (tid & ~31); i0 < hi; i0 += bd) {  // whole warps
      const long long i = i0 + (tid & 31);
      ClusterEntry e{0, 0, 0};
      if (i < hi) {
        int owner = 0;  // the block holding entry i: the last with first[owner] <= i
        for (int step = kMaxClusterBlocks / 2; step > 0; step >>= 1)
          if (owner + step < blocks && first[owner + step] <= i) owner += step;
        e = cluster.map_shared_rank(here, unsigned(owner))[i - first[owner]];
      }
      expand_warp(f, i < hi, e, depth, next, out);
    }
    cluster.sync();
    unreached = after;
    base += count;
    previous_n_f = n_f;
    previous_count = count;
    direction = next_direction;
  }
#endif
}

// The shape: 16 blocks (8 where 16 do not fit) of 256 threads, two shared queues of 4096 entries
// each (bench/dev/bfs_sweep.cu, docs/perf/bfs_cluster_sweep_h200_2026-11-30_*.txt: 128 or 512
// threads and 8 blocks are slower on the 4096 x 4096 grid). Experiments: WS_BFS_CLUSTER=0 turns
// the phase off; WS_BFS_CLUSTER_BLOCKS, WS_BFS_CLUSTER_THREADS, WS_BFS_CLUSTER_CAP and
// WS_BFS_CLUSTER_FRONTIER set the shape (threads up to 512).
int env_int(const char* name, int fallback) {
  const char* e = std::getenv(name);
  return e != nullptr && std::atoi(e) > 0 ? std::atoi(e) : fallback;
}

cudaLaunchConfig_t launch_config(const ClusterShape& s, cudaLaunchAttribute* attribute) {
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(unsigned(s.blocks));
  config.blockDim = dim3(unsigned(s.threads));
  config.dynamicSmemBytes = size_t(2) * s.cap * sizeof(ClusterEntry);
  attribute->id = cudaLaunchAttributeClusterDimension;
  attribute->val.clusterDim.x = unsigned(s.blocks);
  attribute->val.clusterDim.y = 1;
  attribute->val.clusterDim.z = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  return config;
}

// The first shape that fits on this device (blocks halved until one cluster fits); 0 blocks when
// none does or the device has no clusters.
ClusterShape fitting_shape(int blocks, int threads, int cap, long long max_frontier) {
  int device = 0, major = 0, shared = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&shared, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  if (major < 9 || 2 * cap * sizeof(ClusterEntry) + 1024 > size_t(shared)) return {};
  WS_CUDA_CHECK(
      cudaFuncSetAttribute(fast_cluster, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  WS_CUDA_CHECK(cudaFuncSetAttribute(fast_cluster, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     int(2 * cap * sizeof(ClusterEntry))));
  for (int b = std::min(blocks, kMaxClusterBlocks); b >= 2; b /= 2) {
    const ClusterShape s{b, threads, cap, max_frontier};
    cudaLaunchAttribute attribute;
    const cudaLaunchConfig_t config = launch_config(s, &attribute);
    int clusters = 0;
    if (cudaOccupancyMaxActiveClusters(&clusters, fast_cluster, &config) == cudaSuccess &&
        clusters >= 1)
      return s;
    (void)cudaGetLastError();
  }
  return {};
}

}  // namespace

bool launch_fast_cluster(const FastArgs& f) {
  if (const char* e = std::getenv("WS_BFS_CLUSTER"); e != nullptr && std::atoi(e) == 0)
    return false;
  const int blocks = env_int("WS_BFS_CLUSTER_BLOCKS", 16);
  const int threads = std::min(kMaxClusterThreads, env_int("WS_BFS_CLUSTER_THREADS", 256));
  const int cap = env_int("WS_BFS_CLUSTER_CAP", 4096);
  const long long max_frontier = env_int("WS_BFS_CLUSTER_FRONTIER", 16384);
  static std::map<long long, ClusterShape> fitted;  // per device and requested shape
  int device = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  const long long key = ((((long long)device * 32 + blocks) * 2048 + threads) << 20) + cap;
  auto it = fitted.find(key);
  if (it == fitted.end()) it = fitted.emplace(key, fitting_shape(blocks, threads, cap, 0)).first;
  ClusterShape s = it->second;
  if (s.blocks == 0) return false;
  s.max_frontier = max_frontier;
  cudaLaunchAttribute attribute;
  const cudaLaunchConfig_t config = launch_config(s, &attribute);
  WS_CUDA_CHECK(cudaLaunchKernelEx(&config, fast_cluster, f, s.cap, s.max_frontier));
  return true;
}

}  // namespace ws::bfs
