// The fast sort (merge_fast.h; the "fast" row of sort.h): a merge sort of tiles, then merge-path
// passes, after CUB's BlockMergeSort / DeviceMergeSort (our own code).
//   1 block sort, T = THREADS x ITEMS keys a block:
//     a. coalesced loads through shared memory into ITEMS registers a thread (blocked)
//     b. each thread sorts its ITEMS keys with odd-even transposition: ITEMS rounds of
//        compare-exchanges of neighbours, a stable sorting network in registers [ITEMS^2 / 2]
//     c. log2(THREADS) rounds in shared memory: runs of ITEMS 2^r keys merge in pairs, each
//        thread co-ranking its ITEMS outputs in the pair and merging them sequentially
//   2 passes: runs of w = T 2^p merge in pairs with the fast merge's partition and tile kernels
//     (a tile never straddles two pairs: T divides 2w), ping-ponging between two buffers. The
//     block sort may use more threads than the passes (BLOCK_THREADS, a power-of-two multiple):
//     its bigger tile leaves fewer passes.
//   work n log n; ceil(log2(n / T)) global passes of 2 n key moves each.
// Stable throughout (ties: the earlier run first, the network swaps only on a strict `<`).
// Self-contained: bench/dev/merge_tune.cu sweeps THREADS and ITEMS. Code-panel markers: the
// "fast" teach trace runs merge sort's steps, so its co-rank and merge lines carry sort_merge.cu's
// @merge-sort-corank and @merge-sort-merge.
#pragma once

#include "merge_fast.cuh"

namespace ws::merge::fast {

// @variant fast
template <int THREADS, int ITEMS, bool kPairs, class Key, int OCC = 0>
__global__ __launch_bounds__(THREADS, min_blocks<THREADS, OCC>()) void block_sort_kernel(
    const Key* in, const uint32_t* vin, int64_t n, Key* out, uint32_t* vout) {
  extern __shared__ __align__(16) unsigned char sort_smem[];
  constexpr int kTile = THREADS * ITEMS;
  Key* s = reinterpret_cast<Key*>(sort_smem);
  uint32_t* vs = reinterpret_cast<uint32_t*>(sort_smem + kTile * sizeof(Key));
  const int64_t base = int64_t(blockIdx.x) * kTile;
  const int count = int(n - base < kTile ? n - base : kTile);
  const int tid = int(threadIdx.x);
  load_two_ranges<THREADS, ITEMS>(in + base, count, in + base, count, s);  // @fast-sort-load
  if constexpr (kPairs) load_two_ranges<THREADS, ITEMS>(vin + base, count, vin + base, count, vs);
  __syncthreads();
  Key keys[ITEMS];
  uint32_t values[ITEMS];
  const int first = tid * ITEMS;
  const int valid = count - first;  // this thread's keys that exist (may be <= 0 or > ITEMS)
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    keys[k] = k < valid ? s[first + k] : Key();
    if constexpr (kPairs) values[k] = k < valid ? vs[first + k] : 0u;
  }
  // b. odd-even transposition sort of the thread's valid keys
#pragma unroll
  for (int round = 0; round < ITEMS; ++round) {  // @fast-sort-network
#pragma unroll
    for (int k = round & 1; k + 1 < ITEMS; k += 2) {
      if (k + 1 < valid && keys[k + 1] < keys[k]) {
        const Key tk = keys[k];
        keys[k] = keys[k + 1];
        keys[k + 1] = tk;
        if constexpr (kPairs) {
          const uint32_t tv = values[k];
          values[k] = values[k + 1];
          values[k + 1] = tv;
        }
      }
    }
  }
  // c. merge rounds in shared memory: runs of `width` keys, pairs of them
#pragma unroll 1
  for (int width = ITEMS; width < kTile; width *= 2) {  // @fast-sort-rounds
    __syncthreads();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      s[first + k] = keys[k];
      if constexpr (kPairs) vs[first + k] = values[k];
    }
    __syncthreads();
    const int start = (first / (2 * width)) * (2 * width);
    const int a_count = max(0, min(width, count - start));
    const int b_count = max(0, min(width, count - start - width));
    const int diag = min(first - start, a_count + b_count);
    const Key* a_s = s + start;
    const Key* b_s = s + start + a_count;  // a_count < width only when b_count == 0
    const int i = merge_path(a_s, a_count, b_s, b_count, diag);  // @merge-sort-corank
    int source[ITEMS];
    serial_merge<ITEMS, kPairs>(a_s, a_count, b_s, b_count, i, diag - i, keys,
                                source);  // @merge-sort-merge
    if constexpr (kPairs) {
#pragma unroll
      for (int k = 0; k < ITEMS; ++k)
        values[k] = diag + k < a_count + b_count ? vs[start + source[k]] : 0u;
    }
  }
  __syncthreads();
  store_blocked<THREADS, ITEMS>(keys, s, out + base, count);  // @fast-sort-store
  if constexpr (kPairs) {
    __syncthreads();
    store_blocked<THREADS, ITEMS>(values, vs, vout + base, count);
  }
}

// Pass partition: boundary t (diagonal g = t T, n for the last) of the pair of runs of `width`
// that holds it: the global index in src of A's share of the pair's first g - base outputs.
// @fast-sort-partition
// The pair of runs of `width` that output position g lies in: its start, A's and B's lengths.
struct PassPair {
  int64_t base, m, n;
};
__host__ __device__ inline PassPair pass_pair(int64_t total, int64_t width, int64_t g) {
  const int64_t base = (g / (2 * width)) * (2 * width);
  const int64_t m = total - base < width ? total - base : width;
  const int64_t rest = total - base - m;
  return {base, m, rest < width ? rest : width};
}

// Past kTwoLevelBoundaries in two levels as the merge's partition (merge_fast.cuh): every
// kCoarse-th boundary and the last searched in full, then the others inside the window their
// coarse neighbours in the same pair of runs leave (a neighbour in another pair bounds nothing:
// the pair's own ends do).
template <class Key>
__global__ void pass_partition_coarse_kernel(const Key* __restrict__ src, int64_t n, int64_t width,
                                             int64_t tile, int64_t boundaries,
                                             int64_t* __restrict__ corank) {
  const int64_t c = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  const int64_t coarse = (boundaries - 1) / kCoarse + 1;
  if (c > coarse) return;
  const int64_t t = c == coarse ? boundaries - 1 : c * kCoarse;
  const int64_t g = t * tile < n ? t * tile : n;
  const PassPair p = pass_pair(n, width, g);
  corank[t] = p.base + merge_path(src + p.base, p.m, src + p.base + p.m, p.n, g - p.base);
}

template <class Key>
__global__ void pass_partition_kernel(const Key* __restrict__ src, int64_t n, int64_t width,
                                      int64_t tile, int64_t boundaries, bool two_level,
                                      int64_t* __restrict__ corank) {
  const int64_t t = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (t >= boundaries) return;
  const int64_t g = t * tile < n ? t * tile : n;
  if (!two_level) {
    const PassPair p = pass_pair(n, width, g);
    corank[t] = p.base + merge_path(src + p.base, p.m, src + p.base + p.m, p.n, g - p.base);
    return;
  }
  if (t == boundaries - 1 || t % kCoarse == 0) return;  // the coarse kernel's
  const int64_t t0 = t - t % kCoarse;
  const int64_t t1 = t0 + kCoarse < boundaries - 1 ? t0 + kCoarse : boundaries - 1;
  const int64_t g0 = t0 * tile < n ? t0 * tile : n;
  const int64_t g1 = t1 * tile < n ? t1 * tile : n;
  const PassPair p = pass_pair(n, width, g);
  const bool same0 = pass_pair(n, width, g0).base == p.base;
  const bool same1 = pass_pair(n, width, g1).base == p.base;
  // Pair-local diagonals and co-ranks; the pair's ends (0, 0) and (m + n, m) where no neighbour.
  const int64_t d0 = same0 ? g0 - p.base : 0, i0 = same0 ? corank[t0] - p.base : 0;
  const int64_t d1 = same1 ? g1 - p.base : p.m + p.n, i1 = same1 ? corank[t1] - p.base : p.m;
  const CorankWindow w = corank_window(p.m, p.n, g - p.base, d0, i0, d1, i1);
  corank[t] = p.base + merge_path_within(src + p.base, src + p.base + p.m, g - p.base, w.lo, w.hi);
}

// Pass merge: block t merges its tile of the pair of runs that holds it, src -> dst.
template <int THREADS, int ITEMS, bool kPairs, class Key, int OCC = 0>
__global__ __launch_bounds__(THREADS, min_blocks<THREADS, OCC>()) void pass_merge_kernel(
    const Key* __restrict__ src, const uint32_t* __restrict__ vsrc, int64_t n, int64_t width,
    const int64_t* __restrict__ corank, Key* __restrict__ dst, uint32_t* __restrict__ vdst) {
  extern __shared__ __align__(16) unsigned char pass_smem[];
  constexpr int64_t kTile = int64_t(THREADS) * ITEMS;
  const int64_t t = blockIdx.x, g0 = t * kTile;
  const PassPair p = pass_pair(n, width, g0);
  const int64_t base = p.base, m = p.m, pair_end = p.base + p.m + p.n;
  const int64_t g1 = g0 + kTile < pair_end ? g0 + kTile : pair_end;
  const int64_t i0 = corank[t], i1 = g1 == pair_end ? base + m : corank[t + 1];
  const int64_t j0 = base + m + (g0 - base) - (i0 - base),
                j1 = base + m + (g1 - base) - (i1 - base);
  const uint32_t* va = nullptr;
  const uint32_t* vb = nullptr;
  uint32_t* vout = nullptr;
  if constexpr (kPairs) va = vsrc + i0, vb = vsrc + j0, vout = vdst + g0;
  merge_tile<THREADS, ITEMS, kPairs>(src + i0, int(i1 - i0), src + j0, int(j1 - j0), dst + g0, va,
                                     vb, vout, reinterpret_cast<Key*>(pass_smem));
}
// @end

// Passes after the block sort (tiles of block_tile keys): ceil(log2(runs)).
inline int sort_passes(int64_t n, int64_t block_tile) {
  int passes = 0;
  for (int64_t runs = tiles_for(n, block_tile); runs > 1; runs = (runs + 1) / 2) ++passes;
  return passes;
}

// Sorts keys[0, n) (and values, when not nullptr) in place: the block sort with BLOCK_THREADS x
// ITEMS keys a block, the passes with tiles of THREADS x ITEMS (BLOCK_THREADS a power-of-two
// multiple of THREADS, so every pass tile lies inside one pair of runs; a bigger block sort
// leaves fewer global passes). Scratch: tmp_keys (n keys), tmp_values (n, pairs only) and corank
// (merge_corank_bytes(n, THREADS ITEMS)). The block sort writes to whichever buffer makes the
// last pass end in `keys`.
template <int THREADS, int ITEMS, int BLOCK_THREADS = THREADS, int OCC = 0, class Key>
cudaError_t launch_sort(Key* keys, uint32_t* values, int64_t n, Key* tmp_keys, uint32_t* tmp_values,
                        int64_t* corank, cudaStream_t stream) {
  static_assert(BLOCK_THREADS % THREADS == 0 &&
                    ((BLOCK_THREADS / THREADS) & (BLOCK_THREADS / THREADS - 1)) == 0,
                "the block sort's tile must be a power-of-two multiple of the pass tile");
  constexpr int64_t kTile = int64_t(THREADS) * ITEMS;
  constexpr int64_t kBlockTile = int64_t(BLOCK_THREADS) * ITEMS;
  const int64_t tiles = tiles_for(n, kTile), block_tiles = tiles_for(n, kBlockTile);
  if (tiles == 0) return cudaSuccess;
  const int passes = sort_passes(n, kBlockTile);
  const bool pairs = values != nullptr;
  Key* kbuf[2] = {keys, tmp_keys};
  uint32_t* vbuf[2] = {values, tmp_values};
  int cur = passes % 2;  // the block sort's output buffer
  cudaError_t err;
  const size_t sort_smem = size_t(kBlockTile) * (sizeof(Key) + (pairs ? sizeof(uint32_t) : 0));
  if (pairs) {
    auto kernel = block_sort_kernel<BLOCK_THREADS, ITEMS, true, Key, OCC>;
    if ((err = allow_shared_bytes(kernel, sort_smem)) != cudaSuccess) return err;
    kernel<<<unsigned(block_tiles), BLOCK_THREADS, sort_smem, stream>>>(keys, values, n, kbuf[cur],
                                                                        vbuf[cur]);
  } else {
    auto kernel = block_sort_kernel<BLOCK_THREADS, ITEMS, false, Key, OCC>;
    if ((err = allow_shared_bytes(kernel, sort_smem)) != cudaSuccess) return err;
    kernel<<<unsigned(block_tiles), BLOCK_THREADS, sort_smem, stream>>>(keys, values, n, kbuf[cur],
                                                                        nullptr);
  }
  const size_t merge_smem = size_t(kTile) * sizeof(Key);
  auto merge_pairs = pass_merge_kernel<THREADS, ITEMS, true, Key, OCC>;
  auto merge_keys = pass_merge_kernel<THREADS, ITEMS, false, Key, OCC>;
  if ((err = allow_shared_bytes(pairs ? merge_pairs : merge_keys, merge_smem)) != cudaSuccess)
    return err;
  const int64_t boundaries = tiles + 1;
  for (int64_t width = kBlockTile; width < n; width *= 2) {
    const bool two_level = boundaries > kTwoLevelBoundaries;
    if (two_level)
      pass_partition_coarse_kernel<<<unsigned(((boundaries - 1) / kCoarse + 2 + 127) / 128), 128, 0,
                                     stream>>>(kbuf[cur], n, width, kTile, boundaries, corank);
    pass_partition_kernel<<<unsigned((boundaries + 255) / 256), 256, 0, stream>>>(
        kbuf[cur], n, width, kTile, boundaries, two_level, corank);
    (pairs ? merge_pairs : merge_keys)<<<unsigned(tiles), THREADS, merge_smem, stream>>>(
        kbuf[cur], vbuf[cur], n, width, corank, kbuf[1 - cur], vbuf[1 - cur]);
    cur = 1 - cur;
  }
  return cudaGetLastError();
}

}  // namespace ws::merge::fast
