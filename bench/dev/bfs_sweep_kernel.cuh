// Variant 7's kernel (kernels/bfs/bfs_fast.cu) under the BFS sweep's switches (bench/dev/
// bfs_sweep.cu; not part of the build). O is a struct of constants:
//   kChunk     bottom-up: a thread reads its in-list kChunk entries at a time (their targets,
//              then their levels, all loads of a chunk in flight together); 1 = the app's scan
//   kWarpAbove bottom-up: in-lists longer than this go to the whole warp (the app: 32)
//   kBitmap    top-down claims on a visited bitmap (n bits, L2-resident) instead of atomicCAS
//              on the level array; level and parent then plain stores
//   kPrefetch  a discovered vertex's row is prefetched into L2 for the next level
//   kStamps    every block records clock64 at its phases of every level (the phase table)
//   kWarpAppend bottom-up: each warp appends to its own part of the shared queue and flushes it
//              alone (one 64-bit atomicAdd a flush), so the block never waits at a barrier
#pragma once

#include <cooperative_groups.h>

#include <cstdint>

#include "bfs/bfs_cuda.cuh"
#include "bfs/bfs_fast.cuh"

namespace ws::bfs::sweep {

namespace cg = cooperative_groups;

constexpr int kTile = 1024;
constexpr int kAppendCap = 1024;
constexpr int kStampLevels = 9000;

struct SweepArgs {
  FastArgs f;
  uint32_t* visited = nullptr;  // kBitmap: n bits
  uint32_t* phases = nullptr;   // kStamps: [level][block][4] cycles since the level's start
  int32_t* pending[2] = {nullptr, nullptr};  // kList: the unvisited vertices left, ping-pong
  unsigned* pending_count = nullptr;         // kList: per depth, the list that level wrote
  uint32_t* fine = nullptr;                  // kFine: [level][8] block 0's chain, cycles
};

constexpr int kPendCap = 1024;

struct Shared {
  uint32_t tile_start[kTile];
  int64_t tile_row[kTile];
  int32_t tile_vertex[kTile];
  int32_t queue[kAppendCap];
  uint32_t queue_degree[kAppendCap];
  int64_t queue_row[kAppendCap];
  unsigned long long warp_total[32];
  unsigned long long reserved;
  int count;
  unsigned int max_degree;
  int tile_first, tile_count;
  int32_t pending[kPendCap];
  int pending_count;
  uint32_t* fine_row;
  long long fine_t0;
};

// global_timer and device_next_direction: the app's (bfs_fast.cuh).

__device__ inline int64_t warp_search(const uint32_t* start, int64_t lo, int64_t hi, uint32_t key) {
  const int lane = threadIdx.x & 31;
  while (hi - lo > 1) {
    const int64_t step = (hi - lo + 31) / 32;
    const int64_t probe = lo + lane * step;
    const bool le = probe < hi && __ldcg(start + probe) <= key;
    const unsigned b = __ballot_sync(kFullMask, le);
    const int k = 31 - __clz(b);
    lo += k * step;
    hi = min(hi, lo + step);
  }
  return lo;
}

// kFine: block 0 stamps slot k of its level's row once `use` is available.
template <class O>
__device__ inline void fine(const Shared& s, int k, long long use) {
  if constexpr (O::kFine) {
    if (blockIdx.x == 0 && s.fine_row != nullptr) {
      asm volatile("" ::"l"(use));
      s.fine_row[k] = uint32_t(clock64() - s.fine_t0);
    }
  }
}

template <class O>
__device__ inline void prefetch_row(const FastArgs& f, int64_t row) {
  if constexpr (O::kPrefetch) asm volatile("prefetch.global.L2 [%0];" ::"l"(f.csr.targets + row));
}

template <class O>
class Appender {
 public:
  __device__ Appender(Shared& s, const FastArgs& f, FastLevel* next, int64_t next_base)
      : s_(s), f_(f), next_(next), next_base_(next_base) {}

  __device__ const Shared& shared() const { return s_; }

  __device__ void push(int32_t w, uint32_t degree, int64_t row) {
    if (degree == 0) {
      atomicAdd(&next_->zeros, 1u);
      return;
    }
    prefetch_row<O>(f_, row);
    const int slot = atomicAdd(&s_.count, 1);
    s_.queue[slot] = w;
    s_.queue_degree[slot] = degree;
    s_.queue_row[slot] = row;
    atomicMax(&s_.max_degree, degree);
  }

  __device__ void make_room(int room) {
    __syncthreads();
    if (s_.count > kAppendCap - room) flush();
  }

  __device__ void flush() {
    __syncthreads();
    const int c = s_.count;
    if (c == 0) return;
    const int bd = blockDim.x, tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    if (O::kSmallFlush && c <= 32) {  // warp 0 alone: scan, reserve, store
      if (warp == 0) {
        const unsigned long long d = lane < c ? s_.queue_degree[lane] : 0;
        unsigned long long incl = d;
        for (int o = 1; o < 32; o <<= 1) {
          const unsigned long long y = __shfl_up_sync(kFullMask, incl, o);
          if (lane >= o) incl += y;
        }
        unsigned long long r = 0;
        if (lane == 31) {
          if (tid == 31) fine<O>(s_, 4, 0);
          r = atomicAdd(&next_->packed, ((unsigned long long)c << 32) + incl);
          atomicMax(&next_->max_degree, s_.max_degree);
          fine<O>(s_, 5, (long long)r);
        }
        r = __shfl_sync(kFullMask, r, 31);
        if (lane < c) {
          const int64_t q = next_base_ + int64_t(r >> 32) + lane;
          f_.queue[q] = s_.queue[lane];
          f_.queue_row[q] = s_.queue_row[lane];
          f_.edge_start[q] = uint32_t(r & 0xffffffffu) + uint32_t(incl - d);
        }
        if (lane == 0) s_.count = 0, s_.max_degree = 0;
      }
      __syncthreads();
      fine<O>(s_, 6, 0);
      return;
    }
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
      if (lane < warps) s_.warp_total[lane] = x - t;
    }
    __syncthreads();
    unsigned long long running = s_.warp_total[warp] + incl - sum;
    if (tid == bd - 1) {
      fine<O>(s_, 4, 0);
      s_.reserved = atomicAdd(&next_->packed, ((unsigned long long)c << 32) + running + sum);
      atomicMax(&next_->max_degree, s_.max_degree);
      fine<O>(s_, 5, (long long)s_.reserved);
    }
    for (int k = lo; k < hi; ++k) {
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
    if (tid == 0) fine<O>(s_, 6, 0);
  }

 private:
  Shared& s_;
  const FastArgs& f_;
  FastLevel* next_;
  int64_t next_base_;
};

template <class A>
__device__ inline const Shared& s_of(const A& out) {
  return out.shared();
}

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

// Top-down claim of w: true for exactly one caller, which then owns w's level and parent.
template <class O>
__device__ inline bool claim_w(const SweepArgs& a, int32_t w, int32_t depth) {
  if constexpr (O::kBitmap) {
    const uint32_t bit = 1u << (w & 31);
    uint32_t* word = a.visited + (w >> 5);
    if (__ldcg(word) & bit) return false;
    if (atomicOr(word, bit) & bit) return false;
    a.f.a.level[w] = depth + 1;
    return true;
  } else {
    return claim(a.f.a.level, w, depth);
  }
}

template <class O>
__device__ void top_down_threads(const SweepArgs& a, Appender<O>& out, int32_t depth, int64_t base,
                                 int64_t count, int64_t edges, int max_degree,
                                 const Prefetch& first_entry, bool prefetched) {
  const FastArgs& f = a.f;
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
        bool won[4];
#pragma unroll
        for (int j = 0; j < 4; ++j)
          w[j] = k0 + j < degree ? __ldg(f.csr.targets + p.row + k0 + j) : -1;
        if (i == 0 && k0 == 0) fine<O>(s_of(out), 1, w[0]);
#pragma unroll
        for (int j = 0; j < 4; ++j) {
          w_row[j] = w[j] >= 0 ? __ldg(f.csr.offsets + w[j]) : 0;
          w_end[j] = w[j] >= 0 ? __ldg(f.csr.offsets + w[j] + 1) : 0;
        }
        if constexpr (O::kBitmap) {
          uint32_t old[4];
#pragma unroll
          for (int j = 0; j < 4; ++j)
            old[j] = w[j] >= 0 ? atomicOr(a.visited + (w[j] >> 5), 1u << (w[j] & 31)) : ~0u;
#pragma unroll
          for (int j = 0; j < 4; ++j) won[j] = w[j] >= 0 && !(old[j] & (1u << (w[j] & 31)));
#pragma unroll
          for (int j = 0; j < 4; ++j)
            if (won[j]) f.a.level[w[j]] = depth + 1;
        } else {
          int old[4];
#pragma unroll
          for (int j = 0; j < 4; ++j)
            old[j] = w[j] >= 0 ? atomicCAS(f.a.level + w[j], -1, depth + 1) : 0;
#pragma unroll
          for (int j = 0; j < 4; ++j) won[j] = old[j] == -1;
        }
        if (i == 0 && k0 == 0) fine<O>(s_of(out), 2, won[0] + w_row[0] + w_end[0]);
#pragma unroll
        for (int j = 0; j < 4; ++j)
          if (won[j]) {
            f.a.parent[w[j]] = p.v;
            out.push(w[j], uint32_t(w_end[j] - w_row[j]), w_row[j]);
          }
      }
      if (i == 0) fine<O>(s_of(out), 3, 0);
    }
    out.make_room(int(blockDim.x) * max_degree);
  }
}

template <class O>
__device__ void top_down_tiles(const SweepArgs& a, Shared& s, Appender<O>& out, int32_t depth,
                               int64_t base, int64_t count, int64_t edges) {
  const FastArgs& f = a.f;
  constexpr int kTileEdges = O::kTileEdges;
  const int64_t tiles = (edges + kTileEdges - 1) / kTileEdges;
  const uint32_t* start = f.edge_start + base;
  for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const int64_t ts = t * kTileEdges, te = min(edges, ts + kTileEdges);
    if (threadIdx.x < 32) {
      const int64_t i0 = warp_search(start, 0, count, uint32_t(ts));
      const int64_t i1 = warp_search(start, i0, count, uint32_t(te - 1));
      if (threadIdx.x == 0) s.tile_first = int(i0), s.tile_count = int(i1 - i0 + 1);
    }
    __syncthreads();
    const int tile_count = s.tile_count;
    for (int j = threadIdx.x; j < tile_count; j += blockDim.x) {
      const int64_t q = base + s.tile_first + j;
      s.tile_vertex[j] = __ldcg(f.queue + q);
      s.tile_start[j] = __ldcg(f.edge_start + q);
      s.tile_row[j] = __ldcg(f.queue_row + q);
    }
    __syncthreads();
    for (int k = 0; k < kTileEdges; k += blockDim.x) {
      out.make_room(blockDim.x);
      const int64_t e = ts + k + threadIdx.x;
      if (e < te) {
        int lo = 0, hi = tile_count;
        while (hi - lo > 1) {
          const int mid = (lo + hi) >> 1;
          if (s.tile_start[mid] <= uint32_t(e))
            lo = mid;
          else
            hi = mid;
        }
        const int32_t w = __ldg(f.csr.targets + s.tile_row[lo] + (e - s.tile_start[lo]));
        if (claim_w<O>(a, w, depth)) {
          f.a.parent[w] = s.tile_vertex[lo];
          const int64_t w_row = __ldg(f.csr.offsets + w);
          out.push(w, uint32_t(__ldg(f.csr.offsets + w + 1) - w_row), w_row);
        }
      }
    }
    __syncthreads();
  }
}

// In-lists longer than O::kWarpAbove: the whole warp reads them, one lane's at a time, 32
// entries a step (the app's scan before chunks). Every lane of the warp must call it.
template <class O>
__device__ inline void warp_scan_long(const FastArgs& f, int64_t s, int64_t end, bool active,
                                      int32_t depth, int32_t& found, unsigned long long& examined,
                                      bool& done) {
  const int lane = threadIdx.x & 31;
  unsigned big = __ballot_sync(kFullMask, active && end - s > O::kWarpAbove);
  while (big != 0) {
    const int owner = __ffs(big) - 1;
    big &= big - 1;
    const int64_t bs = __shfl_sync(kFullMask, s, owner), be = __shfl_sync(kFullMask, end, owner);
    int32_t hit_parent = -1;
    int64_t read = be - bs;
    for (int64_t off = bs; off < be; off += 32) {
      const int64_t e = off + lane;
      const int32_t u = e < be ? __ldg(f.csc.targets + e) : -1;
      const unsigned b = __ballot_sync(kFullMask, u >= 0 && load_level(f.a.level, u) == depth);
      if (b != 0) {
        hit_parent = __shfl_sync(kFullMask, u, __ffs(b) - 1);
        read = min(be, off + 32) - bs;
        break;
      }
    }
    if (lane == owner) found = hit_parent, examined += read, done = true;
  }
}

// The in-list [s, end) read O::kChunk entries at a time up to the chunk with a frontier vertex:
// that vertex, or -1; the entries read are added to `examined`.
template <class O>
__device__ inline int32_t chunk_scan(const FastArgs& f, int64_t s, int64_t end, int32_t depth,
                                     unsigned long long& examined) {
  int32_t found = -1;
  for (int64_t e0 = s; e0 < end && found < 0; e0 += O::kChunk) {
    int32_t u[O::kChunk];
    int32_t lu[O::kChunk];
#pragma unroll
    for (int j = 0; j < O::kChunk; ++j) u[j] = e0 + j < end ? __ldg(f.csc.targets + e0 + j) : -1;
#pragma unroll
    for (int j = 0; j < O::kChunk; ++j) lu[j] = u[j] >= 0 ? load_level(f.a.level, u[j]) : -2;
    examined += min(int64_t(O::kChunk), end - e0);
#pragma unroll
    for (int j = O::kChunk - 1; j >= 0; --j)
      if (lu[j] == depth) found = u[j];
  }
  return found;
}

template <class O>
__device__ unsigned long long bottom_up(const SweepArgs& a, Appender<O>& out, int32_t depth) {
  const FastArgs& f = a.f;
  const int64_t n = f.csr.n, stride = int64_t(gridDim.x) * blockDim.x;
  const int lane = threadIdx.x & 31;
  unsigned long long examined = 0;
  for (int64_t first = int64_t(blockIdx.x) * blockDim.x; first < n; first += stride) {
    const int64_t v = first + threadIdx.x;
    const bool active = v < n && load_level(f.a.level, v) == -1;
    const int64_t s = active ? __ldg(f.csc.offsets + v) : 0;
    const int64_t end = active ? __ldg(f.csc.offsets + v + 1) : 0;
    int32_t found = -1;
    bool done = !active;
    warp_scan_long<O>(f, s, end, active, depth, found, examined, done);
    if (!done) {
      found = chunk_scan<O>(f, s, end, depth, examined);
    }
    if (found >= 0) {
      f.a.level[v] = depth + 1;
      f.a.parent[v] = found;
      if constexpr (O::kBitmap) atomicOr(a.visited + (v >> 5), 1u << (v & 31));
      const int64_t v_row = __ldg(f.csr.offsets + v);
      out.push(int32_t(v), uint32_t(__ldg(f.csr.offsets + v + 1) - v_row), v_row);
    }
    out.make_room(blockDim.x);
  }
  return examined;
}

// A warp's part of the shared queue (bottom-up without block barriers): `count` and the largest
// degree are warp-uniform registers; a flush reserves the queue slots and edge range with one
// 64-bit atomicAdd, as the block flush does.
struct WarpAppend {
  int32_t* queue;
  uint32_t* degree;
  int64_t* row;
  int cap;
  int count = 0;
  uint32_t max_degree = 0;
};

__device__ inline void warp_flush(WarpAppend& w, const FastArgs& f, FastLevel* next,
                                  int64_t next_base) {
  if (w.count == 0) return;
  const int lane = threadIdx.x & 31;
  __syncwarp();
  // lane k takes entries k*per .. : contiguous, so the prefix follows queue order
  const int per = (w.count + 31) / 32;
  const int lo = min(w.count, lane * per), hi = min(w.count, lo + per);
  unsigned long long sum = 0;
  for (int k = lo; k < hi; ++k) sum += w.degree[k];
  unsigned long long incl = sum;
  for (int o = 1; o < 32; o <<= 1) {
    const unsigned long long y = __shfl_up_sync(kFullMask, incl, o);
    if (lane >= o) incl += y;
  }
  unsigned long long r = 0;
  if (lane == 31) {
    r = atomicAdd(&next->packed, ((unsigned long long)w.count << 32) + incl);
    atomicMax(&next->max_degree, w.max_degree);
  }
  r = __shfl_sync(kFullMask, r, 31);
  const int64_t base = next_base + int64_t(r >> 32);
  uint32_t edge = uint32_t(r & 0xffffffffu) + uint32_t(incl - sum);
  for (int k = lo; k < hi; ++k) {
    f.queue[base + k] = w.queue[k];
    f.queue_row[base + k] = w.row[k];
    f.edge_start[base + k] = edge;
    edge += w.degree[k];
  }
  __syncwarp();
  w.count = 0;
  w.max_degree = 0;
}

template <class O>
__device__ unsigned long long bottom_up_warps(const SweepArgs& a, Shared& sh, FastLevel* next,
                                              int64_t next_base, int32_t depth) {
  const FastArgs& f = a.f;
  const int64_t n = f.csr.n, stride = int64_t(gridDim.x) * blockDim.x;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
  const int cap = kAppendCap / warps;
  WarpAppend out{sh.queue + warp * cap, sh.queue_degree + warp * cap, sh.queue_row + warp * cap,
                 cap};
  unsigned long long examined = 0, zeros = 0;
  for (int64_t first = int64_t(blockIdx.x) * blockDim.x; first < n; first += stride) {
    const int64_t v = first + threadIdx.x;
    const bool active = v < n && load_level(f.a.level, v) == -1;
    const int64_t s = active ? __ldg(f.csc.offsets + v) : 0;
    const int64_t end = active ? __ldg(f.csc.offsets + v + 1) : 0;
    int32_t found = -1;
    bool done = !active;
    warp_scan_long<O>(f, s, end, active, depth, found, examined, done);
    if (!done) {
      found = chunk_scan<O>(f, s, end, depth, examined);
    }
    uint32_t degree = 0;
    int64_t v_row = 0;
    if (found >= 0) {
      f.a.level[v] = depth + 1;
      f.a.parent[v] = found;
      if constexpr (O::kBitmap) atomicOr(a.visited + (v >> 5), 1u << (v & 31));
      v_row = __ldg(f.csr.offsets + v);
      degree = uint32_t(__ldg(f.csr.offsets + v + 1) - v_row);
      if (degree == 0) ++zeros;
    }
    const unsigned mask = __ballot_sync(kFullMask, degree > 0);
    if (degree > 0) {
      const int slot = out.count + __popc(mask & ((1u << lane) - 1));
      out.queue[slot] = int32_t(v);
      out.degree[slot] = degree;
      out.row[slot] = v_row;
    }
    uint32_t md = degree;
    for (int o = 16; o > 0; o >>= 1) md = max(md, __shfl_xor_sync(kFullMask, md, o));
    out.max_degree = max(out.max_degree, md);
    out.count += __popc(mask);
    if (out.count > cap - 32) warp_flush(out, f, next, next_base);
  }
  warp_flush(out, f, next, next_base);
  zeros = warp_sum(zeros);
  if (lane == 0 && zeros != 0) atomicAdd(&next->zeros, unsigned(zeros));
  return examined;
}

// Bottom-up with O::kVerts vertices a thread per round: their levels and in-list bounds are
// loaded together (3 kVerts loads in flight), then each is scanned in chunks of O::kChunk.
template <class O>
__device__ unsigned long long bottom_up_multi(const SweepArgs& a, Appender<O>& out, int32_t depth) {
  constexpr int K = O::kVerts;
  const FastArgs& f = a.f;
  const int64_t n = f.csr.n, stride = int64_t(gridDim.x) * blockDim.x * K;
  unsigned long long examined = 0;
  for (int64_t first = int64_t(blockIdx.x) * blockDim.x * K; first < n; first += stride) {
    int64_t s[K], end[K];
    bool active[K];
#pragma unroll
    for (int j = 0; j < K; ++j) {
      const int64_t v = first + j * blockDim.x + threadIdx.x;
      active[j] = v < n && load_level(f.a.level, v) == -1;
      s[j] = v < n ? __ldg(f.csc.offsets + v) : 0;
      end[j] = v < n ? __ldg(f.csc.offsets + v + 1) : 0;
    }
#pragma unroll 1
    for (int j = 0; j < K; ++j) {
      const int64_t v = first + j * blockDim.x + threadIdx.x;
      if (!active[j]) continue;
      int32_t found = -1;
      found = chunk_scan<O>(f, s[j], end[j], depth, examined);
      if (found >= 0) {
        f.a.level[v] = depth + 1;
        f.a.parent[v] = found;
        const int64_t v_row = __ldg(f.csr.offsets + v);
        out.push(int32_t(v), uint32_t(__ldg(f.csr.offsets + v + 1) - v_row), v_row);
      }
    }
    out.make_room(K * blockDim.x);
  }
  return examined;
}

__device__ inline void pending_flush(Shared& sh, unsigned* out_count, int32_t* out) {
  __syncthreads();
  const int c = sh.pending_count;
  if (c == 0) return;
  if (threadIdx.x == 0) sh.reserved = atomicAdd(out_count, unsigned(c));
  __syncthreads();
  const int64_t base = int64_t(sh.reserved);
  for (int k = threadIdx.x; k < c; k += blockDim.x) out[base + k] = sh.pending[k];
  __syncthreads();
  if (threadIdx.x == 0) sh.pending_count = 0;
  __syncthreads();
}

// Bottom-up over a list: every vertex the first time (list_in null), after that only those the
// last bottom-up level left unvisited with in-edges (top-down levels since may have reached some:
// they are skipped by their level). Vertices still unvisited go to list_out.
template <class O>
__device__ unsigned long long bottom_up_list(const SweepArgs& a, Shared& sh, Appender<O>& out,
                                             int32_t depth, const int32_t* list_in, int64_t items,
                                             int32_t* list_out, unsigned* list_out_count) {
  const FastArgs& f = a.f;
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  unsigned long long examined = 0;
  for (int64_t first = int64_t(blockIdx.x) * blockDim.x; first < items; first += stride) {
    const int64_t i = first + threadIdx.x;
    const int64_t v = i < items ? (list_in != nullptr ? int64_t(__ldcg(list_in + i)) : i) : -1;
    const bool active = v >= 0 && load_level(f.a.level, v) == -1;
    const int64_t s = v >= 0 ? __ldg(f.csc.offsets + v) : 0;
    const int64_t end = v >= 0 ? __ldg(f.csc.offsets + v + 1) : 0;
    int32_t found = -1;
    if (active) found = chunk_scan<O>(f, s, end, depth, examined);
    if (found >= 0) {
      f.a.level[v] = depth + 1;
      f.a.parent[v] = found;
      const int64_t v_row = __ldg(f.csr.offsets + v);
      out.push(int32_t(v), uint32_t(__ldg(f.csr.offsets + v + 1) - v_row), v_row);
    } else if (active && end > s) {
      sh.pending[atomicAdd(&sh.pending_count, 1)] = int32_t(v);
    }
    out.make_room(blockDim.x);
    if (sh.pending_count > kPendCap - int(blockDim.x)) pending_flush(sh, list_out_count, list_out);
  }
  pending_flush(sh, list_out_count, list_out);
  return examined;
}

// The setup: the level array cleared (and the bitmap), the source at depth 0, its queue entry.
template <class O>
__global__ void sweep_setup(SweepArgs a) {
  const FastArgs& f = a.f;
  const int32_t src = f.source;
  const int64_t n = f.csr.n;
  for (int64_t v = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; v < n;
       v += int64_t(gridDim.x) * blockDim.x)
    f.a.level[v] = v == src ? 0 : -1;
  if constexpr (O::kBitmap)
    for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < (n + 31) / 32;
         i += int64_t(gridDim.x) * blockDim.x)
      a.visited[i] = i == (src >> 5) ? 1u << (src & 31) : 0u;
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    const uint32_t degree = uint32_t(f.csr.offsets[src + 1] - f.csr.offsets[src]);
    f.a.parent[src] = src;
    FastLevel first{0, 0, 0}, empty{0, 0, 0};
    if (degree > 0) {
      f.queue[0] = src;
      f.queue_row[0] = f.csr.offsets[src];
      f.edge_start[0] = 0;
      first.packed = (1ull << 32) | degree;
      first.max_degree = degree;
    } else {
      first.zeros = 1;
    }
    f.levels[0] = first;
    f.levels[1] = empty;
    if (a.pending_count != nullptr) a.pending_count[0] = 0, a.pending_count[1] = 0;
  }
}

template <class O>
__global__ void sweep_bfs(SweepArgs a) {
  __shared__ Shared s;
  const FastArgs& f = a.f;
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0) s.count = 0, s.max_degree = 0, s.pending_count = 0;
  __syncthreads();
  int bottom_up_levels = 0;
  int32_t list_depth = -1;
  const bool leader = blockIdx.x == 0 && threadIdx.x == 0;
  const long long n = f.csr.n;
  long long unreached_edges = f.csr.m, previous_n_f = 0, previous_count = 1;
  int32_t direction = 0;
  int64_t base = 0;
  int32_t depth = 0;
  long long t0 = clock64();
  for (;; ++depth) {
    const int64_t my_entry = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const bool prefetched = my_entry < 2 * previous_count + 64;
    const Prefetch entry = prefetched ? load_entry(f, base + my_entry, n) : Prefetch{0, 0, 0, 0};
    const FastLevel* cur = f.levels + depth;
    const unsigned long long packed = __ldcg(&cur->packed);
    const long long count = (long long)(packed >> 32), m_f = (long long)(packed & 0xffffffffu);
    const long long n_f = count + __ldcg(&cur->zeros);
    uint32_t* ph = O::kStamps && depth < kStampLevels && threadIdx.x == 0
                       ? a.phases + (size_t(depth) * gridDim.x + blockIdx.x) * 4
                       : nullptr;
    if (n_f == 0) break;
    if (ph) ph[0] = uint32_t(clock64() - t0);  // the counters arrived
    if constexpr (O::kFine) {
      if (blockIdx.x == 0 && threadIdx.x == 0) {
        s.fine_row = depth < kStampLevels ? a.fine + size_t(depth) * 8 : nullptr;
        s.fine_t0 = t0;
      }
      __syncthreads();
      fine<O>(s, 0, n_f);
      __syncthreads();
    }
    const int max_degree = int(__ldcg(&cur->max_degree));
    unreached_edges -= m_f;
    direction = device_next_direction(direction, n_f, previous_n_f, m_f, unreached_edges, n,
                                      f.alpha, f.beta);
    if (leader) {
      f.direction[depth] = direction;
      f.levels[depth + 2] = FastLevel{0, 0, 0};
      if (a.pending_count != nullptr) a.pending_count[depth + 2] = 0;
      if (f.stamps != nullptr) f.stamps[depth] = global_timer();
    }
    Appender<O> out(s, f, f.levels + depth + 1, base + count);
    if (direction == 0) {
      if (int64_t(max_degree) * blockDim.x <= kAppendCap)
        top_down_threads<O>(a, out, depth, base, count, m_f, max_degree, entry, prefetched);
      else
        top_down_tiles<O>(a, s, out, depth, base, count, m_f);
    } else {
      unsigned long long examined;
      if constexpr (O::kList) {
        const bool first_time = bottom_up_levels == 0;
        const int32_t* in = first_time ? nullptr : a.pending[(bottom_up_levels - 1) & 1];
        const int64_t items = first_time ? n : int64_t(__ldcg(a.pending_count + list_depth));
        examined = bottom_up_list<O>(a, s, out, depth, in, items, a.pending[bottom_up_levels & 1],
                                     a.pending_count + depth);
        list_depth = depth;
        ++bottom_up_levels;
      } else if constexpr (O::kWarpAppend)
        examined = bottom_up_warps<O>(a, s, f.levels + depth + 1, base + count, depth);
      else if constexpr (O::kVerts > 0)
        examined = bottom_up_multi<O>(a, out, depth);
      else
        examined = bottom_up<O>(a, out, depth);
      if (f.examined != nullptr) {
        const unsigned long long sum = warp_sum(examined);
        if ((threadIdx.x & 31) == 0 && sum != 0) atomicAdd(f.examined + depth, sum);
      }
    }
    if (ph) ph[1] = uint32_t(clock64() - t0);  // expanded
    out.flush();
    if (ph) ph[2] = uint32_t(clock64() - t0);  // flushed
    grid.sync();
    if (ph) ph[3] = uint32_t(clock64() - t0);  // through the barrier
    if (threadIdx.x == 0) fine<O>(s, 7, 0);
    t0 = clock64();
    base += count;
    previous_n_f = n_f;
    previous_count = count;
  }
  if (leader) {
    *f.depth_count = depth;
    if (f.stamps != nullptr) f.stamps[depth] = global_timer();
  }
}

template <class O>
void sweep_launch(const SweepArgs& a, int block_dim, int blocks) {
  sweep_setup<O><<<264, 1024>>>(a);
  SweepArgs args = a;
  void* params[] = {&args};
  cudaLaunchCooperativeKernel((const void*)sweep_bfs<O>, dim3(unsigned(blocks)),
                              dim3(unsigned(block_dim)), params, 0, nullptr);
}

template <class O>
int sweep_blocks_per_sm(int block_dim) {
  int per_sm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, sweep_bfs<O>, block_dim, 0);
  return per_sm;
}

}  // namespace ws::bfs::sweep
