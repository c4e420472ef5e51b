// Variant 7, the fastest we could make on large graphs: direction-optimizing BFS (variant 3's
// rule, the same directions level by level) in ONE cooperative kernel that runs the whole level
// loop on the device, with grid-wide barriers between levels: no launch, no copy-back and no host
// round trip per level (the 16M-vertex grid has ~8190 levels).
//
// Per level (every thread reads the level's counters after the barrier and takes the same
// decision with next_direction's rule, computed in doubles like the host's):
//   top-down, load-balanced: the frontier is a segment of one queue; each entry carries the
//     prefix sum of the out-degrees before it (edge_start), so the frontier's m_f edges form one
//     index space. Blocks take tiles of 256 consecutive frontier edges: a warp finds the tile's
//     first and last vertex with a 32-way search of edge_start, the block stages those vertices'
//     rows in shared memory, and each thread takes an edge of the tile (a binary search in shared
//     memory finds its vertex). A 100000-edge hub is spread over ~400 blocks instead of one warp.
//     Levels whose largest out-degree is small (a road-like grid) skip the tiles: one thread per
//     frontier vertex, which is one memory round trip shorter.
//   bottom-up: one thread per vertex of a list; an unvisited vertex scans its in-edges for one in
//     the frontier (level == depth), 4 at a time (the 4 in-edges' loads, then their 4 levels'
//     loads, each group in flight together), and stops at the first chunk with a hit. The first
//     bottom-up level's list is every vertex; the vertices it leaves unvisited with in-edges go
//     to a new list (a shared-memory list per block, flushed with one atomicAdd), and each later
//     bottom-up level takes only that list and writes its own leftovers to the other buffer.
//     On Kronecker scale 21 the second bottom-up level then takes 86,834 vertices instead of 2.1M,
//     and the isolated vertices (40% of them) are never looked at again.
//   Discovered vertices go to a shared-memory queue per block; a block flushes it with ONE 64-bit
//     atomicAdd that reserves both the queue slots (high 32 bits) and the edge range (low 32 bits)
//     of the next level, so queue order and edge_start order agree (what the tiles rely on).
//   Work:  O(n + m) (top-down edges once; bottom-up each list plus each vertex's in-edges up to
//     the chunk of its parent, see below).
//   Steps: D levels, each one grid barrier plus its longest tile or scan.
//
// Measured on an H200 (bench/dev/bfs_sweep.cu, docs/performance.md): Kronecker scale 21 went from
// 0.216 to 0.110 ms for the kernel (146 -> 290 GTEPS) with three changes: the chunked scan
// without the warp scan of long in-lists (a warp serving its long lists one at a time held the
// whole block at every make_room barrier: 0.216 -> 0.168 ms with chunks of 8, 0.160 with 4),
// tiles of 256 edges instead of 1024 (the hub's level and the small top-down levels use 4x the
// blocks: -> 0.144 ms) and the bottom-up list (-> 0.110 ms). Measured and left out: chunks of 6,
// 8, 12 or 16 (slower than 4), a warp for in-lists above 64-512 entries, two or four vertices per
// thread per round, per-warp queues flushed without block barriers (one global atomic per warp
// flush: 0.24-0.28 ms), claims on a visited bitmap (slower on Kronecker, 2.5% faster on the
// grid), prefetching the discovered rows into L2 (no gain).
//
// Sparse graphs (average degree under 8) first run their small top-down levels in one
// thread-block cluster (bfs_fast_cluster.cu: 16 blocks, frontiers in distributed shared memory,
// a cluster barrier per level; 3.85 us a level on the 16M-vertex grid against this kernel's 5.14),
// and this kernel takes over from the level where the phase stopped (FastResume): a frontier
// past 16384 vertices or the cluster's shared queues, or a bottom-up level. Here they run one
// block per SM: their thousands of levels are bound by each level's chain of dependent memory
// round trips (counters, rows, claims, the queue reservation, the barrier), about 5.1 us per
// level on an H200 for the 16M-vertex grid when this kernel runs them all; the
// sweep's stamps of block 0 put 0.57 us in reading the counters, 0.47 in the row, 1.28 in the
// claims, 0.97 until the pushes, 1.1 in the flush and 1.05 in the barrier. Measured there and left
// out: claims on a visited bitmap (3% faster on the grid, slower on Kronecker), warp-aggregated
// pushes (slower on both), a flush by warp 0 alone for small queues (no gain), 128-thread blocks;
// two blocks per SM is slower, and so are fewer blocks in all (66, 33 or 16: 6.6, 8.0, 11.7 us on
// an H100; the frontier's thousands of vertices need the whole GPU) and running small top-down
// frontiers in block 0 alone with __syncthreads between levels (one SM is too slow for frontiers
// past ~1000 edges, and neutral below). Also measured and left out (commit "EXPERIMENT" on branch
// bfs-cuda3): a hand-made grid barrier (one red.add per block into four words that also carry the
// next level's counters, one poll, no counter load after it) saves only ~0.1 us per level (5.99
// against 6.08), and blocks keeping the small rows they discover in shared memory for their next
// level (no queue reservation, no queue load) is slower at every cap, 16 to 256 per block (7.3-8.2
// us).
//
// Statistics: run() reports the adjacency entries these kernels read (bfs.h). Directions are
// exactly variant 3's (the same counts feed the same rule). edges_examined of top-down levels is
// m_f, which is what the tiles read. On bottom-up levels a thread reads its in-edges in chunks of
// 4 up to the end of the chunk with the first frontier one (bottom_up_reads in bfs_level_stats.h,
// which the CPU twin and the statistics rule use); the kernel counts them when run() asks, and
// skips that sum in time_ms(). threads of a bottom-up level is its list's length
// (fast_bottom_up_threads).
//
// Teach mode (bfs_teach.cu "@variant fast"; its CPU twins bfs_teach_*_cpu.cpp) traces every path
// of this kernel and of the cluster phase, level by level, choosing as they do: the cluster while
// it runs, then a thread per vertex, the tiles or the bottom-up list. Its thresholds are these
// scaled to graphs of 64 vertices (bfs_teach_cpu.h: kTile 256 -> 8 edges, 256-thread blocks -> 8,
// kAppendCap 1024 -> 32, so the thread-per-vertex rule still means a largest degree of 4).
#include <cooperative_groups.h>

#include <algorithm>
#include <cstdlib>

#include "../common/cuda_check.cuh"
#include "bfs_fast.cuh"
#include "bfs_level_stats.h"

namespace cg = cooperative_groups;

namespace ws::bfs {

namespace {

constexpr int kTile = 256;        // frontier edges per top-down tile
constexpr int kAppendCap = 1024;  // a block's shared queue of discovered vertices
constexpr int kLeftCap = 1024;    // a block's shared list of vertices a bottom-up level left
constexpr int kChunk = int(kBottomUpChunk);

struct Shared {
  uint32_t tile_start[kTile];
  int64_t tile_row[kTile];
  int32_t tile_vertex[kTile];
  int32_t queue[kAppendCap];
  uint32_t queue_degree[kAppendCap];
  int64_t queue_row[kAppendCap];
  unsigned long long warp_total[32];
  unsigned long long reserved;
  int32_t left[kLeftCap];
  int count, left_count;
  unsigned int max_degree;
  int tile_first, tile_count;
};

// The largest i in [lo, hi) with start[i] <= key (start is increasing, start[lo] <= key); every
// lane of the warp calls it and gets the answer.
__device__ int64_t warp_search(const uint32_t* start, int64_t lo, int64_t hi, uint32_t key) {
  const int lane = threadIdx.x & 31;
  while (hi - lo > 1) {
    const int64_t step = (hi - lo + 31) / 32;
    const int64_t probe = lo + lane * step;
    const bool le = probe < hi && __ldcg(start + probe) <= key;
    const unsigned b = __ballot_sync(kFullMask, le);
    const int k = 31 - __clz(b);  // the last lane whose probe is <= key (lane 0 always is)
    lo += k * step;
    hi = min(hi, lo + step);
  }
  return lo;
}

class Appender {
 public:
  __device__ Appender(Shared& s, const FastArgs& f, FastLevel* next, int64_t next_base)
      : s_(s), f_(f), next_(next), next_base_(next_base) {}

  // One discovered vertex (any thread, any time between flushes; room guaranteed by the caller).
  __device__ void push(int32_t w, uint32_t degree, int64_t row) {
    if (degree == 0) {
      atomicAdd(&next_->zeros, 1u);
      return;
    }
    const int slot = atomicAdd(&s_.count, 1);
    s_.queue[slot] = w;
    s_.queue_degree[slot] = degree;
    s_.queue_row[slot] = row;
    atomicMax(&s_.max_degree, degree);
  }

  // Block-uniform: flushes when fewer than `room` slots are left. The count is read between two
  // barriers, so no thread pushes again before every thread has read it.
  __device__ void make_room(int room) {
    __syncthreads();
    const bool full = s_.count > kAppendCap - room;
    __syncthreads();
    if (full) flush();
  }

  // Block-uniform: the shared queue to the global one, with one 64-bit atomic for the block.
  __device__ void flush() {
    __syncthreads();
    const int c = s_.count;
    if (c == 0) return;
    const int bd = blockDim.x, tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int per = (c + bd - 1) / bd;
    const int lo = min(c, tid * per), hi = min(c, lo + per);
    unsigned long long sum = 0;
    for (int k = lo; k < hi; ++k) sum += s_.queue_degree[k];
    unsigned long long incl = sum;
    for (int o = 1; o < 32; o <<= 1) {
      const unsigned long long y = __shfl_up_sync(kFullMask, incl, o);
      if (lane >= o) incl += y;
    }
    if (lane == 31) s_.warp_total[warp] = incl;
    __syncthreads();
    if (warp == 0) {
      const int warps = bd / 32;
      unsigned long long t = lane < warps ? s_.warp_total[lane] : 0, x = t;
      for (int o = 1; o < 32; o <<= 1) {
        const unsigned long long y = __shfl_up_sync(kFullMask, x, o);
        if (lane >= o) x += y;
      }
      if (lane < warps) s_.warp_total[lane] = x - t;  // exclusive
    }
    __syncthreads();
    unsigned long long running = s_.warp_total[warp] + incl - sum;
    if (tid == bd - 1) {
      s_.reserved = atomicAdd(&next_->packed, ((unsigned long long)c << 32) + running + sum);
      atomicMax(&next_->max_degree, s_.max_degree);
    }
    for (int k = lo; k < hi; ++k) {  // degrees -> exclusive prefix, in place
      const uint32_t d = s_.queue_degree[k];
      s_.queue_degree[k] = uint32_t(running);
      running += d;
    }
    __syncthreads();
    const unsigned long long r = s_.reserved;
    const int64_t base = next_base_ + int64_t(r >> 32);
    const uint32_t edge_base = uint32_t(r & 0xffffffffu);
    for (int k = tid; k < c; k += bd) {
      f_.queue[base + k] = s_.queue[k];
      f_.queue_row[base + k] = s_.queue_row[k];
      f_.edge_start[base + k] = edge_base + s_.queue_degree[k];
    }
    __syncthreads();
    if (tid == 0) s_.count = 0, s_.max_degree = 0;
    __syncthreads();
  }

 private:
  Shared& s_;
  const FastArgs& f_;
  FastLevel* next_;
  int64_t next_base_;
};

__device__ inline uint32_t out_degree(const DeviceAdjacency& csr, int32_t v) {
  return uint32_t(__ldg(csr.offsets + v + 1) - __ldg(csr.offsets + v));
}

// A thread's first queue entry, loaded before the level's counters arrive (the entries of a
// level are where the previous level's count says, so only the count is unknown).
struct Prefetch {
  int32_t v;
  int64_t row;
  uint32_t e0, e1;
};

__device__ inline Prefetch load_entry(const FastArgs& f, int64_t q, int64_t n) {
  Prefetch p{0, 0, 0, 0};
  if (q < n) {
    p.v = __ldcg(f.queue + q);
    p.row = __ldcg(f.queue_row + q);
    p.e0 = __ldcg(f.edge_start + q);
    if (q + 1 < n) p.e1 = __ldcg(f.edge_start + q + 1);
  }
  return p;
}

// One thread per frontier vertex (levels whose largest out-degree is small): the queue entry
// carries its row start and edge_start gives its degree, so the row is one round trip away (none
// for the first round: prefetched); a row is taken four edges at a time with the loads and the
// atomicCAS claims of the four issued together, so a level costs a few round trips, not one per
// edge.
__device__ void top_down_threads(const FastArgs& f, Appender& out, int32_t depth, int64_t base,
                                 int64_t count, int64_t edges, int max_degree,
                                 const Prefetch& first_entry, bool prefetched) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t first = int64_t(blockIdx.x) * blockDim.x; first < count; first += stride) {
    const int64_t i = first + threadIdx.x;
    if (i < count) {
      const Prefetch p = prefetched && first == int64_t(blockIdx.x) * blockDim.x
                             ? first_entry
                             : load_entry(f, base + i, f.csr.n);
      const uint32_t e1 = i + 1 < count ? p.e1 : uint32_t(edges);
      const uint32_t degree = e1 - p.e0;
      for (uint32_t k0 = 0; k0 < degree; k0 += 4) {
        int32_t w[4];
        int64_t w_row[4], w_end[4];
        int old[4];
#pragma unroll
        for (int j = 0; j < 4; ++j)
          w[j] = k0 + j < degree ? __ldg(f.csr.targets + p.row + k0 + j) : -1;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
          w_row[j] = w[j] >= 0 ? __ldg(f.csr.offsets + w[j]) : 0;
          w_end[j] = w[j] >= 0 ? __ldg(f.csr.offsets + w[j] + 1) : 0;
        }
#pragma unroll
        for (int j = 0; j < 4; ++j)
          old[j] = w[j] >= 0 ? atomicCAS(f.a.level + w[j], -1, depth + 1) : 0;
#pragma unroll
        for (int j = 0; j < 4; ++j)
          if (old[j] == -1) {
            f.a.parent[w[j]] = p.v;
            out.push(w[j], uint32_t(w_end[j] - w_row[j]), w_row[j]);
          }
      }
    }
    out.make_room(int(blockDim.x) * max_degree);
  }
}

__device__ void top_down_tiles(const FastArgs& f, Shared& s, Appender& out, int32_t depth,
                               int64_t base, int64_t count, int64_t edges) {
  const int64_t tiles = (edges + kTile - 1) / kTile;
  const uint32_t* start = f.edge_start + base;
  for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const int64_t ts = t * kTile, te = min(edges, ts + kTile);
    if (threadIdx.x < 32) {
      const int64_t i0 = warp_search(start, 0, count, uint32_t(ts));
      const int64_t i1 = warp_search(start, i0, count, uint32_t(te - 1));
      if (threadIdx.x == 0) s.tile_first = int(i0), s.tile_count = int(i1 - i0 + 1);
    }
    __syncthreads();
    const int tile_count = s.tile_count;
    for (int j = threadIdx.x; j < tile_count; j += blockDim.x) {
      const int64_t q = base + s.tile_first + j;
      const int32_t v = __ldcg(f.queue + q);
      s.tile_vertex[j] = v;
      s.tile_start[j] = __ldcg(f.edge_start + q);
      s.tile_row[j] = __ldcg(f.queue_row + q);
    }
    __syncthreads();
    for (int k = 0; k < kTile; k += blockDim.x) {
      out.make_room(blockDim.x);
      const int64_t e = ts + k + threadIdx.x;
      if (e < te) {
        int lo = 0, hi = tile_count;  // the last j with tile_start[j] <= e
        while (hi - lo > 1) {
          const int mid = (lo + hi) >> 1;
          if (s.tile_start[mid] <= uint32_t(e))
            lo = mid;
          else
            hi = mid;
        }
        const int32_t w = __ldg(f.csr.targets + s.tile_row[lo] + (e - s.tile_start[lo]));
        if (claim(f.a.level, w, depth)) {
          f.a.parent[w] = s.tile_vertex[lo];
          const int64_t w_row = __ldg(f.csr.offsets + w);
          out.push(w, uint32_t(__ldg(f.csr.offsets + w + 1) - w_row), w_row);
        }
      }
    }
    __syncthreads();
  }
}

// Block-uniform: the block's shared list of unvisited vertices to `out` (the next bottom-up
// level's list), with one atomicAdd on its length.
__device__ void flush_left(Shared& s, unsigned int* length, int32_t* out) {
  __syncthreads();
  const int c = s.left_count;
  if (c == 0) return;
  if (threadIdx.x == 0) s.reserved = atomicAdd(length, unsigned(c));
  __syncthreads();
  const int64_t base = int64_t(s.reserved);
  for (int k = threadIdx.x; k < c; k += blockDim.x) out[base + k] = s.left[k];
  __syncthreads();
  if (threadIdx.x == 0) s.left_count = 0;
  __syncthreads();
}

// One bottom-up level over `items` vertices: list_in's (or every vertex when it is null). The
// vertices still unvisited that have in-edges go to list_out, their number to *left.
__device__ unsigned long long bottom_up(const FastArgs& f, Shared& sh, Appender& out, int32_t depth,
                                        const int32_t* list_in, int64_t items, int32_t* list_out,
                                        unsigned int* left) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  unsigned long long examined = 0;
  for (int64_t first = int64_t(blockIdx.x) * blockDim.x; first < items; first += stride) {
    const int64_t i = first + threadIdx.x;
    const int64_t v = i < items ? (list_in != nullptr ? int64_t(__ldcg(list_in + i)) : i) : -1;
    const bool active = v >= 0 && load_level(f.a.level, v) == -1;
    const int64_t s = v >= 0 ? __ldg(f.csc.offsets + v) : 0;  // loaded with the level
    const int64_t end = v >= 0 ? __ldg(f.csc.offsets + v + 1) : 0;
    int32_t found = -1;
    if (active)
      for (int64_t e0 = s; e0 < end && found < 0; e0 += kChunk) {
        int32_t u[kChunk], lu[kChunk];
#pragma unroll
        for (int j = 0; j < kChunk; ++j) u[j] = e0 + j < end ? __ldg(f.csc.targets + e0 + j) : -1;
#pragma unroll
        for (int j = 0; j < kChunk; ++j) lu[j] = u[j] >= 0 ? load_level(f.a.level, u[j]) : -2;
        examined += min(int64_t(kChunk), end - e0);  // the chunk was read (bottom_up_reads)
#pragma unroll
        for (int j = kChunk - 1; j >= 0; --j)
          if (lu[j] == depth) found = u[j];
      }
    if (found >= 0) {
      f.a.level[v] = depth + 1;
      f.a.parent[v] = found;
      const int64_t v_row = __ldg(f.csr.offsets + v);
      out.push(int32_t(v), uint32_t(__ldg(f.csr.offsets + v + 1) - v_row), v_row);
    } else if (active && end > s) {
      sh.left[atomicAdd(&sh.left_count, 1)] = int32_t(v);
    }
    __syncthreads();
    const bool full = sh.left_count > kLeftCap - int(blockDim.x);  // read between two barriers
    out.make_room(blockDim.x);
    if (full) flush_left(sh, left, list_out);
  }
  flush_left(sh, left, list_out);
  return examined;
}

__global__ void fast_setup(FastArgs f) {
  const int32_t s = f.source;
  const uint32_t degree = out_degree(f.csr, s);
  f.a.level[s] = 0;
  f.a.parent[s] = s;
  FastLevel first{0, 0, 0, 0}, empty{0, 0, 0, 0};
  if (degree > 0) {
    f.queue[0] = s;
    f.queue_row[0] = f.csr.offsets[s];
    f.edge_start[0] = 0;
    first.packed = (1ull << 32) | degree;
    first.max_degree = degree;
  } else {
    first.zeros = 1;
  }
  f.levels[0] = first;
  f.levels[1] = empty;
  *f.resume = FastResume{0, f.csr.m, 0, 1, 0, 0};
}

__global__ void __launch_bounds__(1024) fast_bfs(FastArgs f) {
  __shared__ Shared s;
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0) s.count = 0, s.left_count = 0, s.max_degree = 0;
  __syncthreads();
  const bool leader = blockIdx.x == 0 && threadIdx.x == 0;
  int bottom_up_levels = 0;  // the bottom-up levels so far (their lists alternate buffers)
  int32_t list_depth = -1;   // the depth of the last one
  const long long n = f.csr.n;
  const FastResume start = *f.resume;  // the setup kernel's, or where the cluster phase stopped
  long long unreached_edges = start.unreached_edges, previous_n_f = start.previous_n_f,
            previous_count = start.previous_count;
  int32_t direction = start.direction;
  int64_t base = start.base;  // the frontier's first queue entry
  int32_t depth = start.depth;
  for (;; ++depth) {
    // Threads that will likely have a vertex in the thread-per-vertex mode (the frontier rarely
    // more than doubles there) load it together with the counters: one round trip less per level.
    const int64_t my_entry = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const bool prefetched = my_entry < 2 * previous_count + 64;
    const Prefetch entry = prefetched ? load_entry(f, base + my_entry, n) : Prefetch{0, 0, 0, 0};
    const FastLevel* cur = f.levels + depth;
    const unsigned long long packed = __ldcg(&cur->packed);
    const long long count = (long long)(packed >> 32), m_f = (long long)(packed & 0xffffffffu);
    const long long n_f = count + __ldcg(&cur->zeros);
    if (n_f == 0) break;
    const int max_degree = int(__ldcg(&cur->max_degree));
    unreached_edges -= m_f;  // the out-degrees of the vertices not reached yet (bfs.h m_u)
    direction = device_next_direction(direction, n_f, previous_n_f, m_f, unreached_edges, n,
                                      f.alpha, f.beta);
    if (leader) {
      f.direction[depth] = direction;
      f.levels[depth + 2] = FastLevel{0, 0, 0, 0};
      if (f.stamps != nullptr) f.stamps[depth] = global_timer();
    }
    Appender out(s, f, f.levels + depth + 1, base + count);
    if (direction == 0) {
      if (int64_t(max_degree) * blockDim.x <= kAppendCap)
        top_down_threads(f, out, depth, base, count, m_f, max_degree, entry, prefetched);
      else
        top_down_tiles(f, s, out, depth, base, count, m_f);
    } else {
      const bool first_time = bottom_up_levels == 0;
      const int64_t items = first_time ? n : int64_t(__ldcg(&f.levels[list_depth].left));
      const unsigned long long examined =
          bottom_up(f, s, out, depth, first_time ? nullptr : f.left[(bottom_up_levels - 1) & 1],
                    items, f.left[bottom_up_levels & 1], &f.levels[depth].left);
      list_depth = depth;
      ++bottom_up_levels;
      if (f.examined != nullptr) {
        const unsigned long long sum = warp_sum(examined);
        if ((threadIdx.x & 31) == 0 && sum != 0) atomicAdd(f.examined + depth, sum);
      }
    }
    out.flush();
    grid.sync();
    base += count;
    previous_n_f = n_f;
    previous_count = count;
  }
  if (leader) {
    *f.depth_count = depth;
    if (f.stamps != nullptr) f.stamps[depth] = global_timer();
  }
}

}  // namespace

void launch_fast(const FastArgs& f, int block_dim) {
  fast_setup<<<1, 1>>>(f);
  WS_CUDA_CHECK_LAUNCH();
  if (f.cluster_phase) launch_fast_cluster(f);
  static int device = -1, sms = 0;
  if (device < 0) {
    WS_CUDA_CHECK(cudaGetDevice(&device));
    WS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  }
  int per_sm = 0;
  WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fast_bfs, block_dim, 0));
  per_sm = std::min(per_sm, std::max(1, 2048 / block_dim));
  if (f.max_blocks_per_sm > 0) per_sm = std::min(per_sm, f.max_blocks_per_sm);
  if (const char* e = std::getenv("WS_BFS_FAST_BLOCKS_PER_SM"))  // experiments (the benchmark)
    if (std::atoi(e) > 0) per_sm = std::min(per_sm, std::atoi(e));
  if (per_sm < 1)
    throw Error("bfs fast: the kernel does not fit on the device with this block_dim");
  int blocks = per_sm * sms;
  if (const char* e = std::getenv("WS_BFS_FAST_BLOCKS"))  // experiments: fewer blocks in all
    if (std::atoi(e) > 0) blocks = std::min(blocks, std::atoi(e));
  FastArgs args = f;
  void* params[] = {&args};
  WS_CUDA_CHECK(cudaLaunchCooperativeKernel((const void*)fast_bfs, dim3(unsigned(blocks)),
                                            dim3(unsigned(block_dim)), params, 0, nullptr));
}

}  // namespace ws::bfs
