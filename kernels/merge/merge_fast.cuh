// Variant 5, the fast merge (merge_fast.h): merge path partitioning with thread coarsening.
//   1 partition: each tile boundary finds its co-rank by a binary search of its diagonal (lower
//     bound on A, A first on ties); past 32768 boundaries in two levels: every 64th boundary
//     searches the whole diagonal, every other one only the window its two coarse neighbours'
//     co-ranks leave                                                  [work N/T log N]
//   2 tile merge: a block of THREADS threads merges its T = THREADS x ITEMS outputs:
//     a. its pieces of A and B into shared memory with coalesced loads
//     b. each thread's co-rank at diagonal tid ITEMS, searched in shared memory [log T steps]
//     c. each thread merges ITEMS outputs sequentially into registers (thread coarsening)
//     d. registers -> shared (blocked) -> coalesced global stores
//   work N + (N / ITEMS) log T; every key loaded from and stored to global memory once.
// Key-value pairs: c. also records where each output came from; the block then loads its values
// into the same shared buffer and each thread gathers its ITEMS values from there.
// Self-contained (only the CUDA runtime): bench/dev/merge_tune.cu includes it to sweep THREADS
// and ITEMS; sort_fast.cuh builds the fast sort on the same pieces. Code-panel markers
// (@fast-corank, @fast-merge as merge_basic.cu's teach kernel of variant 5; @fast-partition,
// @fast-load, @fast-store) on the lines they name.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "merge_path.h"

namespace ws::merge::fast {

// Partition in two levels. Every kCoarse-th boundary (and the last) is searched over its whole
// diagonal; then each other boundary only between the co-ranks of the coarse boundaries around
// it: ~6 fewer dependent steps, on loads that stay within a few pages (the full searches of
// 70,000 boundaries at 2^28 were bound by address translation: 83 us against 44 us for CUB's
// half as many, measured with Nsight Compute on an H200).
// Below kTwoLevelBoundaries the extra launch costs more than it saves (merges of 2^24 + 2^24
// and the sort's passes at 2^26 were 2-8% slower with it): one level, every search in full.
inline constexpr int64_t kCoarse = 64;
inline constexpr int64_t kTwoLevelBoundaries = 32768;

// The co-rank window of diagonal d between diagonals d0 <= d <= d1 with co-ranks i0, i1.
struct CorankWindow {
  int64_t lo, hi;
};
__host__ __device__ inline CorankWindow corank_window(int64_t m, int64_t n, int64_t d, int64_t d0,
                                                      int64_t i0, int64_t d1, int64_t i1) {
  int64_t lo = d > n ? d - n : 0, hi = d < m ? d : m;
  lo = max(lo, max(i0, d - (d1 - i1)));  // i grows with d, and so does j = d - i
  hi = min(hi, min(i1, d - (d0 - i0)));
  return {lo, hi};
}

// @variant fast
// @fast-partition
template <class Key>
__global__ void merge_partition_coarse_kernel(const Key* __restrict__ a, int64_t m,
                                              const Key* __restrict__ b, int64_t n, int64_t tile,
                                              int64_t boundaries, int64_t* __restrict__ corank) {
  const int64_t c = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  const int64_t coarse = (boundaries - 1) / kCoarse + 1;  // boundaries 0, kCoarse, ...
  if (c > coarse) return;
  const int64_t t = c == coarse ? boundaries - 1 : c * kCoarse;  // and the last one
  const int64_t d = t * tile < m + n ? t * tile : m + n;
  corank[t] = merge_path(a, m, b, n, d);
}

template <class Key>
__global__ void merge_partition_kernel(const Key* __restrict__ a, int64_t m,
                                       const Key* __restrict__ b, int64_t n, int64_t tile,
                                       int64_t boundaries, bool two_level,
                                       int64_t* __restrict__ corank) {
  const int64_t t = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (t >= boundaries) return;
  const int64_t total = m + n;
  const int64_t d = t * tile < total ? t * tile : total;
  if (!two_level) {
    corank[t] = merge_path(a, m, b, n, d);
    return;
  }
  if (t == boundaries - 1 || t % kCoarse == 0) return;  // the coarse kernel's
  const int64_t t0 = t - t % kCoarse;
  const int64_t t1 = t0 + kCoarse < boundaries - 1 ? t0 + kCoarse : boundaries - 1;
  const int64_t d0 = t0 * tile < total ? t0 * tile : total;
  const int64_t d1 = t1 * tile < total ? t1 * tile : total;
  const CorankWindow w = corank_window(m, n, d, d0, corank[t0], d1, corank[t1]);
  corank[t] = merge_path_within(a, b, d, w.lo, w.hi);
}

// c. ITEMS outputs from shared a_s[i..a_count) and b_s[j..b_count): keys into `keys`, and each
// output's index in the shared tile (a: i, b: a_count + j) into `source` (pairs only).
template <int ITEMS, bool kPairs, class Key>
__device__ __forceinline__ void serial_merge(const Key* a_s, int a_count, const Key* b_s,
                                             int b_count, int i, int j, Key (&keys)[ITEMS],
                                             int (&source)[ITEMS]) {
  Key ka = i < a_count ? a_s[i] : Key();
  Key kb = j < b_count ? b_s[j] : Key();
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const bool take_a = j >= b_count || (i < a_count && !(kb < ka));  // A first on ties
    keys[k] = take_a ? ka : kb;
    if constexpr (kPairs) source[k] = take_a ? i : a_count + j;
    if (take_a) {
      ++i;
      if (i < a_count) ka = a_s[i];
    } else {
      ++j;
      if (j < b_count) kb = b_s[j];
    }
  }
}

// a. `count` = a_count + b_count elements, a's then b's, into shared s[0, count): coalesced,
// every load issued before the first shared store (ITEMS loads in flight a thread).
// kFullPath: a full tile takes a copy of the loop without bounds checks (faster for the pairs
// kernels; the keys kernels are faster without the extra registers it costs, measured on an H200).
template <int THREADS, int ITEMS, bool kFullPath = false, class T>
__device__ __forceinline__ void load_two_ranges(const T* __restrict__ a, int a_count,
                                                const T* __restrict__ b, int count, T* s) {
  T items[ITEMS];
  if (kFullPath && count == THREADS * ITEMS) {
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const int idx = k * THREADS + int(threadIdx.x);
      items[k] = *(idx < a_count ? a + idx : b + (idx - a_count));
    }
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) s[k * THREADS + int(threadIdx.x)] = items[k];
    return;
  }
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const int idx = k * THREADS + int(threadIdx.x);
    const T* src = idx < a_count ? a + idx : b + (idx - a_count);
    items[k] = idx < count ? *src : T();
  }
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const int idx = k * THREADS + int(threadIdx.x);
    if (idx < count) s[idx] = items[k];
  }
}

// d. Thread-blocked registers -> shared -> coalesced stores of the first `count` items.
template <int THREADS, int ITEMS, bool kFullPath = false, class T>
__device__ __forceinline__ void store_blocked(const T (&items)[ITEMS], T* s, T* __restrict__ out,
                                              int count) {
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) s[threadIdx.x * ITEMS + k] = items[k];
  __syncthreads();
  if (kFullPath && count == THREADS * ITEMS) {
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) out[k * THREADS + threadIdx.x] = s[k * THREADS + threadIdx.x];
    return;
  }
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const int idx = k * THREADS + int(threadIdx.x);
    if (idx < count) out[idx] = s[idx];
  }
}

// One tile: out[0, a_count + b_count) = merge(a[0, a_count), b[0, b_count)), values alike.
// `smem` holds THREADS x ITEMS keys (and is reused for the values).
template <int THREADS, int ITEMS, bool kPairs, class Key>
__device__ __forceinline__ void merge_tile(const Key* a, int a_count, const Key* b, int b_count,
                                           Key* out, const uint32_t* va, const uint32_t* vb,
                                           uint32_t* vout, Key* smem) {
  const int count = a_count + b_count;
  load_two_ranges<THREADS, ITEMS, kPairs>(a, a_count, b, count, smem);  // @fast-load
  __syncthreads();
  const int diag = min(int(threadIdx.x) * ITEMS, count);
  const int i = merge_path(smem, a_count, smem + a_count, b_count, diag);  // @fast-corank
  Key keys[ITEMS];
  int source[ITEMS];
  serial_merge<ITEMS, kPairs>(smem, a_count, smem + a_count, b_count, i, diag - i, keys,
                              source);  // @fast-merge
  __syncthreads();
  store_blocked<THREADS, ITEMS, kPairs>(keys, smem, out, count);  // @fast-store
  if constexpr (kPairs) {
    uint32_t* vs = reinterpret_cast<uint32_t*>(smem);
    __syncthreads();
    load_two_ranges<THREADS, ITEMS, true>(va, a_count, vb, count, vs);
    __syncthreads();
    uint32_t values[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) values[k] = diag + k < count ? vs[source[k]] : 0u;
    __syncthreads();
    store_blocked<THREADS, ITEMS, true>(values, vs, vout, count);
  }
}

// OCC: the threads an SM must be able to hold (the compiler fits its registers to them: 2048 is
// full occupancy, 1024 allows 64 registers a thread); 0 leaves the choice to the compiler.
template <int THREADS, int OCC>
constexpr int min_blocks() {
  return OCC / THREADS;
}

template <int THREADS, int ITEMS, bool kPairs, class Key, int OCC = 0>
__global__ __launch_bounds__(THREADS, min_blocks<THREADS, OCC>()) void merge_tiles_kernel(
    const Key* __restrict__ a, int64_t m, const Key* __restrict__ b, int64_t n,
    const int64_t* __restrict__ corank, Key* __restrict__ c, const uint32_t* __restrict__ va,
    const uint32_t* __restrict__ vb, uint32_t* __restrict__ vc) {
  extern __shared__ __align__(16) unsigned char merge_smem[];
  constexpr int64_t kTile = int64_t(THREADS) * ITEMS;
  const int64_t t = blockIdx.x, d0 = t * kTile;
  const int64_t d1 = d0 + kTile < m + n ? d0 + kTile : m + n;
  const int64_t i0 = corank[t], i1 = corank[t + 1];
  const int64_t j0 = d0 - i0, j1 = d1 - i1;
  const uint32_t* tile_va = nullptr;
  const uint32_t* tile_vb = nullptr;
  uint32_t* tile_vc = nullptr;
  if constexpr (kPairs) tile_va = va + i0, tile_vb = vb + j0, tile_vc = vc + d0;
  merge_tile<THREADS, ITEMS, kPairs>(a + i0, int(i1 - i0), b + j0, int(j1 - j0), c + d0, tile_va,
                                     tile_vb, tile_vc, reinterpret_cast<Key*>(merge_smem));
}
// @end

// Dynamic shared memory of a tile kernel: opt in above the default 48 KiB.
template <class Kernel>
cudaError_t allow_shared_bytes(Kernel kernel, size_t bytes) {
  if (bytes <= 48 * 1024) return cudaSuccess;
  return cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes));
}

inline int64_t tiles_for(int64_t total, int64_t tile) {
  return (total + tile - 1) / tile;
}
// Co-ranks the merge needs scratch for: tiles + 1 int64s.
inline size_t merge_corank_bytes(int64_t total, int64_t tile) {
  return size_t(tiles_for(total, tile) + 1) * sizeof(int64_t);
}

// The whole merge, c = merge(a, b) (values too when va is not nullptr), with `corank` scratch of
// merge_corank_bytes(m + n, THREADS ITEMS). Launches only; returns the launch error.
template <int THREADS, int ITEMS, int OCC = 0, int OCC_PAIRS = OCC, class Key>
cudaError_t launch_merge(const Key* a, int64_t m, const Key* b, int64_t n, Key* c,
                         const uint32_t* va, const uint32_t* vb, uint32_t* vc, int64_t* corank,
                         cudaStream_t stream) {
  constexpr int64_t kTile = int64_t(THREADS) * ITEMS;
  const int64_t tiles = tiles_for(m + n, kTile);
  if (tiles == 0) return cudaSuccess;
  const int64_t boundaries = tiles + 1;
  const bool two_level = boundaries > kTwoLevelBoundaries;
  if (two_level)
    merge_partition_coarse_kernel<<<unsigned(((boundaries - 1) / kCoarse + 2 + 127) / 128), 128, 0,
                                    stream>>>(a, m, b, n, kTile, boundaries, corank);
  merge_partition_kernel<<<unsigned((boundaries + 255) / 256), 256, 0, stream>>>(
      a, m, b, n, kTile, boundaries, two_level, corank);
  const size_t smem = size_t(kTile) * sizeof(Key);
  cudaError_t err;
  if (va != nullptr) {
    auto kernel = merge_tiles_kernel<THREADS, ITEMS, true, Key, OCC_PAIRS>;
    if ((err = allow_shared_bytes(kernel, smem)) != cudaSuccess) return err;
    kernel<<<unsigned(tiles), THREADS, smem, stream>>>(a, m, b, n, corank, c, va, vb, vc);
  } else {
    auto kernel = merge_tiles_kernel<THREADS, ITEMS, false, Key, OCC>;
    if ((err = allow_shared_bytes(kernel, smem)) != cudaSuccess) return err;
    kernel<<<unsigned(tiles), THREADS, smem, stream>>>(a, m, b, n, corank, c, va, vb, vc);
  }
  return cudaGetLastError();
}

}  // namespace ws::merge::fast
