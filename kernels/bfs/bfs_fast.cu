// Variant 7, the fastest we could make on large graphs: direction-optimizing BFS (variant 3's
// rule, the same directions level by level) in ONE cooperative kernel that runs the whole level
// loop on the device, with grid-wide barriers between levels: no launch, no copy-back and no host
// round trip per level (the 16M-vertex grid has ~8190 levels).
//
// Per level (every thread reads the level's counters after the barrier and takes the same
// decision with next_direction's rule, computed in doubles like the host's):
//   top-down, load-balanced: the frontier is a segment of one queue; each entry carries the
//     prefix sum of the out-degrees before it (edge_start), so the frontier's m_f edges form one
//     index space. Blocks take tiles of 1024 consecutive frontier edges: a warp finds the tile's
//     first and last vertex with a 32-way search of edge_start, the block stages those vertices'
//     rows in shared memory, and each thread takes edges of the tile (a binary search in shared
//     memory finds its vertex). A 100000-edge hub is spread over ~100 blocks instead of one warp.
//     Levels whose largest out-degree is small (a road-like grid) skip the tiles: one thread per
//     frontier vertex, which is one memory round trip shorter.
//   bottom-up: one thread per vertex; an unvisited vertex scans its in-edges for one in the
//     frontier (level == depth) and stops at the first. In-lists longer than 32 are scanned by the
//     whole warp, 32 edges per step with a ballot, stopping at the first step with a hit.
//   Discovered vertices go to a shared-memory queue per block; a block flushes it with ONE 64-bit
//     atomicAdd that reserves both the queue slots (high 32 bits) and the edge range (low 32 bits)
//     of the next level, so queue order and edge_start order agree (what the tiles rely on).
//   Work:  O(n + m) (top-down edges once; bottom-up as variant 3's model, see below).
//   Steps: D levels, each one grid barrier plus its longest tile or scan. Sparse graphs (average
//   degree under 8) run one block per SM: their thousands of levels are bound by each level's
//   chain of dependent memory round trips (counters, rows, claims, the queue reservation, the
//   barrier), about 6 us per level on an H100 for the 16M-vertex grid (~6300 levels). Measured
//   there and left out: two blocks per SM is slower, and so are fewer blocks in all (66, 33 or
//   16: 6.6, 8.0, 11.7 us; the frontier's thousands of vertices need the whole GPU) and running
//   small top-down frontiers in block 0 alone with __syncthreads between levels (one SM is too
//   slow for frontiers past ~1000 edges, and neutral below).
//
// Statistics: run() reports variant 3's model (bfs.h). Directions are exactly variant 3's (the
// same counts feed the same rule). edges_examined of top-down levels is m_f, which is what the
// tiles read. For bottom-up levels the model counts, per unvisited vertex, its in-edges up to and
// including the first frontier one; a thread's sequential scan reads exactly that, but a warp
// scanning a long in-list reads whole groups of 32 (up to 31 entries past the hit), so the kernel
// reads somewhat more than reported; it computes the model's count exactly (the position of the
// first hit from the ballot) when run() asks, and skips that sum in time_ms().
#include <cooperative_groups.h>

#include <algorithm>
#include <cstdlib>

#include "../common/cuda_check.cuh"
#include "bfs_fast.cuh"

namespace cg = cooperative_groups;

namespace ws::bfs {

namespace {

constexpr int kTile = 1024;       // frontier edges per top-down tile
constexpr int kAppendCap = 1024;  // a block's shared queue of discovered vertices
constexpr int kKeepCap = 256;     // discovered small rows a block keeps for its next level
constexpr unsigned long long kArrival = 1ull << kArriveShift;
constexpr unsigned long long kLow40 = (1ull << kBigShift) - 1;

// What a level needs to know, from the barrier words of its slot.
struct Counters {
  long long count, edges;      // the global queue's entries and their out-degrees
  long long rest, rest_edges;  // kept in blocks (plus out-degree 0) and the kept out-degrees
  int big;                     // blocks that queued a row longer than the thread-per-vertex limit
};

struct Shared {
  uint32_t tile_start[kTile];
  int64_t tile_row[kTile];
  int32_t tile_vertex[kTile];
  int32_t queue[kAppendCap];
  uint32_t queue_degree[kAppendCap];
  int64_t queue_row[kAppendCap];
  int64_t keep_row[kKeepCap];
  int32_t keep_vertex[kKeepCap];
  uint8_t keep_degree[kKeepCap];
  unsigned long long warp_total[32];
  unsigned long long reserved;
  unsigned long long level_count, level_edges;  // this block's global entries this level
  Counters counters;
  int count;
  int kept, keep_tries;  // kept: entries for this level; keep_tries: for the next
  unsigned int keep_edges, zeros, big;
  int tile_first, tile_count;
};

__device__ inline unsigned long long global_timer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ inline unsigned long long load_relaxed(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}

__device__ inline void add_relaxed(unsigned long long* p, unsigned long long v) {
  asm volatile("red.relaxed.gpu.global.add.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}

__device__ inline void fence_gpu() {
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
}

__device__ inline Counters decode(const unsigned long long w[4]) {
  Counters c;
  c.count = (long long)(w[0] & kLow40);
  c.big = int((w[0] >> kBigShift) & 0xfff);
  c.edges = (long long)(w[1] & kLow40);
  c.rest = (long long)(w[2] & kLow40);
  c.rest_edges = (long long)(w[3] & kLow40);
  return c;
}

// Variant 3's rule (bfs.h next_direction), in the same double arithmetic.
__device__ inline int32_t device_next_direction(int32_t current, long long n_f, long long prev_n_f,
                                                long long m_f, long long m_u, long long n,
                                                double alpha, double beta) {
  if (current == 0) return double(m_f) > double(m_u) / alpha ? 1 : 0;
  return (n_f < prev_n_f && double(n_f) < double(n) / beta) ? 0 : 1;
}

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
  // small: the longest row a thread expands alone (kAppendCap / blockDim); keep: how many
  // discovered small rows the block keeps in shared memory for its next level.
  __device__ Appender(Shared& s, const FastArgs& f, FastLevel* next, int64_t next_base,
                      uint32_t small, int keep)
      : s_(s), f_(f), next_(next), next_base_(next_base), small_(small), keep_(keep) {}

  // One discovered vertex (any thread, any time between flushes; room guaranteed by the caller).
  __device__ void push(int32_t w, uint32_t degree, int64_t row) {
    if (degree == 0) {
      atomicAdd(&s_.zeros, 1u);
      return;
    }
    if (degree <= small_ && keep_ > 0) {
      const int k = atomicAdd(&s_.keep_tries, 1);
      if (k < keep_) {
        s_.keep_vertex[k] = w;
        s_.keep_row[k] = row;
        s_.keep_degree[k] = uint8_t(degree);
        atomicAdd(&s_.keep_edges, degree);
        return;
      }
    }
    if (degree > small_) atomicOr(&s_.big, 1u);
    const int slot = atomicAdd(&s_.count, 1);
    s_.queue[slot] = w;
    s_.queue_degree[slot] = degree;
    s_.queue_row[slot] = row;
  }

  // Block-uniform: flushes when fewer than `room` slots are left.
  __device__ void make_room(int room) {
    __syncthreads();
    if (s_.count > kAppendCap - room) flush();
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
      s_.level_count += c;
      s_.level_edges += running + sum;
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
    if (tid == 0) s_.count = 0;
    __syncthreads();
  }

 private:
  Shared& s_;
  const FastArgs& f_;
  FastLevel* next_;
  int64_t next_base_;
  uint32_t small_;
  int keep_;
};

__device__ inline uint32_t out_degree(const DeviceAdjacency& csr, int32_t v) {
  return uint32_t(__ldg(csr.offsets + v + 1) - __ldg(csr.offsets + v));
}

// One frontier vertex's row, by one thread, four edges at a time with the loads and the
// atomicCAS claims of the four issued together, so a row costs a few round trips, not one per
// edge.
__device__ inline void expand_row(const FastArgs& f, Appender& out, int32_t depth, int32_t v,
                                  int64_t row, uint32_t degree) {
  for (uint32_t k0 = 0; k0 < degree; k0 += 4) {
    int32_t w[4];
    int64_t w_row[4], w_end[4];
    int old[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) w[j] = k0 + j < degree ? __ldg(f.csr.targets + row + k0 + j) : -1;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      w_row[j] = w[j] >= 0 ? __ldg(f.csr.offsets + w[j]) : 0;
      w_end[j] = w[j] >= 0 ? __ldg(f.csr.offsets + w[j] + 1) : 0;
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) old[j] = w[j] >= 0 ? atomicCAS(f.a.level + w[j], -1, depth + 1) : 0;
#pragma unroll
    for (int j = 0; j < 4; ++j)
      if (old[j] == -1) {
        f.a.parent[w[j]] = v;
        out.push(w[j], uint32_t(w_end[j] - w_row[j]), w_row[j]);
      }
  }
}

// One thread per global queue entry (levels whose rows are all short). Warps take 32
// consecutive entries (coalesced), and consecutive warps' chunks go to different blocks, so a
// few queued vertices spread over the blocks, which then keep what they discover.
__device__ void top_down_threads(const FastArgs& f, Appender& out, int32_t depth, int64_t base,
                                 int64_t count, int64_t edges, int small) {
  const int64_t warps_per_block = blockDim.x / 32, grid_warps = warps_per_block * gridDim.x;
  const int64_t per_round = grid_warps * 32;
  const int lane = threadIdx.x & 31;
  // Chunks go to the blocks from the last one down: block 0 holds the first levels' kept vertices.
  const int64_t my_chunk = int64_t(threadIdx.x >> 5) * gridDim.x + (gridDim.x - 1 - blockIdx.x);
  for (int64_t first = 0; first < count; first += per_round) {
    const int64_t i = first + my_chunk * 32 + lane;
    if (i < count) {
      const int64_t q = base + i;
      const int32_t v = __ldcg(f.queue + q);
      const int64_t row = __ldcg(f.queue_row + q);
      const uint32_t e0 = __ldcg(f.edge_start + q);
      const uint32_t e1 = i + 1 < count ? __ldcg(f.edge_start + q + 1) : uint32_t(edges);
      expand_row(f, out, depth, v, row, e1 - e0);
    }
    out.make_room(int(blockDim.x) * small);
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

__device__ unsigned long long bottom_up(const FastArgs& f, Appender& out, int32_t depth) {
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
    unsigned big = __ballot_sync(kFullMask, active && end - s > 32);
    while (big != 0) {  // long in-lists: the whole warp, 32 in-edges per step
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
          const int first_lane = __ffs(b) - 1;
          hit_parent = __shfl_sync(kFullMask, u, first_lane);
          read = off + first_lane + 1 - bs;
          break;
        }
      }
      if (lane == owner) found = hit_parent, examined += read, done = true;
    }
    if (!done) {
      for (int64_t e = s; e < end; ++e) {
        ++examined;
        const int32_t u = __ldg(f.csc.targets + e);
        if (load_level(f.a.level, u) == depth) {
          found = u;
          break;
        }
      }
    }
    if (found >= 0) {
      f.a.level[v] = depth + 1;
      f.a.parent[v] = found;
      const int64_t v_row = __ldg(f.csr.offsets + v);
      out.push(int32_t(v), uint32_t(__ldg(f.csr.offsets + v + 1) - v_row), v_row);
    }
    out.make_room(blockDim.x);
  }
  return examined;
}

// Thread 0 of each block: adds the block's share of the next level to the slot's barrier words
// (after a fence that publishes the block's queue entries, levels and parents), then waits until
// every block has arrived in all four; the words it read are the next level's counters, so no
// counter load follows the barrier. `cg_sync`: cooperative_groups' grid.sync() instead, then the
// words (the comparison the benchmark makes).
__device__ Counters arrive_and_wait(FastLevel* slot, const unsigned long long share[4],
                                    bool cg_sync, unsigned spin_ns) {
  const unsigned long long blocks = gridDim.x;
  unsigned long long w[4] = {0, 0, 0, 0};
  if (threadIdx.x == 0) {
    fence_gpu();
    for (int k = 0; k < 4; ++k) add_relaxed(slot->arrive + k, kArrival + share[k]);
  }
  if (cg_sync) cg::this_grid().sync();
  if (threadIdx.x == 0) {
    for (;;) {
      bool done = true;
      for (int k = 0; k < 4; ++k) {
        w[k] = load_relaxed(slot->arrive + k);
        done = done && (w[k] >> kArriveShift) == blocks;
      }
      if (done) break;
      if (spin_ns != 0) __nanosleep(spin_ns);
    }
    fence_gpu();
  }
  return decode(w);  // meaningful in thread 0 only
}

__global__ void fast_setup(FastArgs f, uint32_t small) {
  const int32_t s = f.source;
  const uint32_t degree = out_degree(f.csr, s);
  f.a.level[s] = 0;
  f.a.parent[s] = s;
  FastLevel first{}, empty{};
  if (degree > 0) {
    f.queue[0] = s;
    f.queue_row[0] = f.csr.offsets[s];
    f.edge_start[0] = 0;
    first.arrive[0] = 1ull | (degree > small ? 1ull << kBigShift : 0);
    first.arrive[1] = degree;
  } else {
    first.arrive[2] = 1;
  }
  f.levels[0] = first;
  f.levels[1] = empty;
}

__global__ void fast_bfs(FastArgs f, int keep, bool cg_sync, unsigned spin_ns) {
  __shared__ Shared s;
  const uint32_t small = kAppendCap / blockDim.x;
  keep = min(keep, min(kKeepCap, int(blockDim.x)));
  const bool leader = blockIdx.x == 0 && threadIdx.x == 0;
  if (threadIdx.x == 0) {
    s.count = 0, s.kept = 0, s.keep_tries = 0, s.keep_edges = 0, s.zeros = 0, s.big = 0;
    s.level_count = 0, s.level_edges = 0;
    const FastLevel* first = f.levels;
    const unsigned long long w[4] = {first->arrive[0], first->arrive[1], first->arrive[2],
                                     first->arrive[3]};
    s.counters = decode(w);
  }
  __syncthreads();
  const long long n = f.csr.n;
  long long unreached_edges = f.csr.m, previous_n_f = 0;
  int32_t direction = 0;
  int64_t base = 0;  // the frontier's first global queue entry
  int32_t depth = 0;
  for (;; ++depth) {
    const Counters c = s.counters;
    // This block's kept vertices of the frontier, one per thread, out of shared memory before
    // the level's discoveries overwrite them.
    const bool has_kept = int(threadIdx.x) < s.kept;
    const int32_t kept_v = has_kept ? s.keep_vertex[threadIdx.x] : 0;
    const int64_t kept_row = has_kept ? s.keep_row[threadIdx.x] : 0;
    const uint32_t kept_degree = has_kept ? s.keep_degree[threadIdx.x] : 0;
    __syncthreads();
    const long long n_f = c.count + c.rest, m_f = c.edges + c.rest_edges;
    if (n_f == 0) break;
    unreached_edges -= m_f;  // the out-degrees of the vertices not reached yet (bfs.h m_u)
    direction = device_next_direction(direction, n_f, previous_n_f, m_f, unreached_edges, n,
                                      f.alpha, f.beta);
    FastLevel* next = f.levels + (depth + 1) % kFastLevelSlots;
    if (leader) {
      f.direction[depth] = direction;
      f.levels[(depth + 2) % kFastLevelSlots] = FastLevel{};
      if (f.stamps != nullptr) f.stamps[depth] = global_timer();
    }
    Appender out(s, f, next, base + c.count, small, keep);
    if (direction == 0) {
      if (has_kept) expand_row(f, out, depth, kept_v, kept_row, kept_degree);
      out.make_room(int(blockDim.x * small));
      if (c.big == 0)
        top_down_threads(f, out, depth, base, c.count, c.edges, int(small));
      else
        top_down_tiles(f, s, out, depth, base, c.count, c.edges);
    } else {
      const unsigned long long examined = bottom_up(f, out, depth);
      if (f.examined != nullptr) {
        const unsigned long long sum = warp_sum(examined);
        if ((threadIdx.x & 31) == 0 && sum != 0) atomicAdd(f.examined + depth, sum);
      }
    }
    out.flush();
    __syncthreads();
    unsigned long long share[4] = {0, 0, 0, 0};
    if (threadIdx.x == 0) {
      const int kept = min(s.keep_tries, keep);
      share[0] = s.level_count | (s.big != 0 ? 1ull << kBigShift : 0);
      share[1] = s.level_edges;
      share[2] = (unsigned long long)(kept) + s.zeros;
      share[3] = s.keep_edges;
      s.kept = kept, s.keep_tries = 0, s.keep_edges = 0, s.zeros = 0, s.big = 0;
      s.level_count = 0, s.level_edges = 0;
    }
    const Counters after = arrive_and_wait(next, share, cg_sync, spin_ns);
    if (threadIdx.x == 0) s.counters = after;
    __syncthreads();
    base += c.count;
    previous_n_f = n_f;
  }
  if (leader) {
    *f.depth_count = depth;
    if (f.stamps != nullptr) f.stamps[depth] = global_timer();
  }
}

int env_or(const char* name, int fallback) {
  const char* e = std::getenv(name);
  return e != nullptr && *e != '\0' ? std::atoi(e) : fallback;
}

}  // namespace

void launch_fast(const FastArgs& f, int block_dim) {
  const uint32_t small = uint32_t(kAppendCap / block_dim);
  fast_setup<<<1, 1>>>(f, small);
  WS_CUDA_CHECK_LAUNCH();
  static int device = -1, sms = 0;
  if (device < 0) {
    WS_CUDA_CHECK(cudaGetDevice(&device));
    WS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  }
  int per_sm = 0;
  WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fast_bfs, block_dim, 0));
  per_sm = std::min(per_sm, std::max(1, 2048 / block_dim));
  if (f.max_blocks_per_sm > 0) per_sm = std::min(per_sm, f.max_blocks_per_sm);
  // Experiments (the benchmark): caps on the grid, the kept vertices per block (0: every
  // discovered vertex goes through the global queue), cooperative_groups' barrier, a back-off.
  if (const int e = env_or("WS_BFS_FAST_BLOCKS_PER_SM", 0); e > 0) per_sm = std::min(per_sm, e);
  if (per_sm < 1)
    throw Error("bfs fast: the kernel does not fit on the device with this block_dim");
  int blocks = std::min(per_sm * sms, int((1ull << (64 - kArriveShift)) - 1));
  if (const int e = env_or("WS_BFS_FAST_BLOCKS", 0); e > 0) blocks = std::min(blocks, e);
  int keep = std::max(0, env_or("WS_BFS_FAST_KEEP", kKeepCap));
  bool cg_sync = env_or("WS_BFS_FAST_CG_SYNC", 0) != 0;
  unsigned spin_ns = unsigned(std::max(0, env_or("WS_BFS_FAST_SPIN_NS", 0)));
  FastArgs args = f;
  void* params[] = {&args, &keep, &cg_sync, &spin_ns};
  WS_CUDA_CHECK(cudaLaunchCooperativeKernel((const void*)fast_bfs, dim3(unsigned(blocks)),
                                            dim3(unsigned(block_dim)), params, 0, nullptr));
}

}  // namespace ws::bfs
