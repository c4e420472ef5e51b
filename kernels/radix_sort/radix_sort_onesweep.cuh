// Onesweep: the GPU radix sort of fast mode (Adinets & Merrill 2022), on uint32 keys with or
// without uint32 values, 8-bit digits, 4 passes. Each pass reads every key once and writes it
// once: the per-digit offsets that PMPP 13.4's bucket-table scan computes in a separate pass are
// found here by decoupled look-back between tiles (the scan of chapter 11, run across tiles
// digit by digit while the tiles sort themselves).
//
// onesweep (shown in the code panel between "@variant onesweep" and its "@end")
//   global_histogram_kernel  one read of the keys counts all four digits at once into
//                            hist[pass][digit] (shared-memory atomics, then one global atomic
//                            per block and bin).                                 work O(n)
//   digit_offsets_kernel     per pass, the exclusive scan of its 256 counts: where each digit's
//                            keys start in the output.                     work O(4 x 256)
//   onesweep_pass_kernel     per pass; a tile of kThreads x kItems keys per block, tiles taken in
//                            order from an atomic counter:
//     count     each warp counts the digits of its 32 x kItems keys (shared atomics), then per
//               digit an exclusive scan over the warps: the tile's count of each digit and where
//               each warp's keys of it start ("early counts": known before the ranking).
//     publish   thread d publishes the tile's count of digit d (flag Aggregate) at once.
//     rank      lanes with equal digits form a group (kBits + 1 ballots); the group's lowest lane
//               takes the group's slots from the warp's running start of that digit; keys go to
//               shared memory sorted by digit. Keys are taken in index order: stable.
//     look-back thread d walks back over the predecessors' words of digit d (kWindow at a
//               time), adding Aggregates until it meets an inclusive Prefix, and publishes its
//               own inclusive prefix.                                     256 chains per tile
//     write     each thread writes consecutive sorted keys to the digit's global start + the
//               look-back prefix + the position within the digit's run: runs of one digit land
//               at consecutive addresses. Pairs move the value with the same slot.
//     Work O(n) per pass; steps per tile: kItems rank rounds (9 ballots each) + kThreads / 32
//     for the warp scan + the look-back's depth.
//   Reads each key 5 times and writes it 4 times (8 bytes per key and pass, plus one read).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "../compact/device_scan.cuh"

namespace ws::radix::onesweep {

constexpr int kBits = 8;
constexpr int kDigits = 1 << kBits;
constexpr int kPasses = 32 / kBits;
constexpr uint32_t kDigitMask = kDigits - 1;
// A look-back word: the flag in the two high bits, the count in the low 30.
constexpr uint32_t kFlagAggregate = 1u << 30, kFlagPrefix = 2u << 30;
constexpr uint32_t kFlagMask = 3u << 30, kCountMask = (1u << 30) - 1;
constexpr int64_t kMaxKeys = (int64_t{1} << 30) - 1;  // counts fit in 30 bits
constexpr unsigned kFullMask = 0xffffffffu;

__device__ __forceinline__ uint32_t load_word(const uint32_t* p) {
  uint32_t v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_word(uint32_t* p, uint32_t v) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// @variant onesweep
template <int kThreads, int kCopies>
__global__ void __launch_bounds__(kThreads)
    global_histogram_kernel(const uint32_t* __restrict__ keys, int64_t n,
                            uint32_t* __restrict__ hist) {  // hist[kPasses][kDigits], zeroed
  // kCopies histograms per pass (warp w counts into copy w % kCopies: fewer lanes on one counter).
  __shared__ uint32_t counts[kCopies][kPasses][kDigits];
  for (int i = threadIdx.x; i < kCopies * kPasses * kDigits; i += kThreads)
    (&counts[0][0][0])[i] = 0;
  __syncthreads();
  uint32_t(&mine)[kPasses][kDigits] = counts[(threadIdx.x >> 5) % kCopies];
  const int64_t stride = int64_t{gridDim.x} * kThreads;
  const int64_t quads = n / 4;
  const uint4* keys4 = reinterpret_cast<const uint4*>(keys);
  auto count = [&](uint32_t k) {
#pragma unroll
    for (int p = 0; p < kPasses; ++p) atomicAdd(&mine[p][(k >> (p * kBits)) & kDigitMask], 1u);
  };
  for (int64_t q = int64_t{blockIdx.x} * kThreads + threadIdx.x; q < quads; q += stride) {
    const uint4 k = keys4[q];
    count(k.x), count(k.y), count(k.z), count(k.w);
  }
  for (int64_t i = quads * 4 + int64_t{blockIdx.x} * kThreads + threadIdx.x; i < n; i += stride)
    count(keys[i]);
  __syncthreads();
  for (int i = threadIdx.x; i < kPasses * kDigits; i += kThreads) {
    uint32_t c = 0;
#pragma unroll
    for (int copy = 0; copy < kCopies; ++copy) c += (&counts[copy][0][0])[i];
    if (c != 0) atomicAdd(&hist[i], c);
  }
}

// One block of kDigits threads per pass: offsets[pass][d] = sum of hist[pass][0..d-1].
__global__ void __launch_bounds__(kDigits)
    digit_offsets_kernel(const uint32_t* __restrict__ hist, uint32_t* __restrict__ offsets) {
  uint32_t total = 0;
  const int i = blockIdx.x * kDigits + threadIdx.x;
  offsets[i] = apps::block_exclusive_sum(hist[i], &total);
}

// The lanes of the warp whose digit equals d (d < 2^kBallots): one ballot per bit of d, as CUB's
// MatchAny does it (measured faster than the hardware's __match_any_sync: 0.156 against 0.195 ms
// per pass of 2^24 keys on an H200). kBits + 1 ballots: keys past the end carry digit kDigits.
template <int kBallots>
__device__ __forceinline__ unsigned lanes_with_digit(uint32_t d) {
  unsigned peers = kFullMask;
#pragma unroll
  for (int b = 0; b < kBallots; ++b) {
    const unsigned set = __ballot_sync(kFullMask, (d >> b) & 1u);
    peers &= (d >> b) & 1u ? set : ~set;
  }
  return peers;
}

template <int kThreads, int kItems, bool kPairs>
struct PassShape {
  static_assert(kThreads >= kDigits && kThreads % 32 == 0, "one digit per thread in the counts");
  static constexpr int kWarps = kThreads / 32;
  static constexpr int kTile = kThreads * kItems;
  static constexpr int kWarpKeys = 32 * kItems;
};

// One pass: sorts by the digit at `shift`. offsets: this pass's digit_offsets_kernel row.
// lookback: tiles x kDigits words, zeroed; counter: zeroed. kWindow: predecessors read at once
// by a look-back step; spin_ns: the sleep before polling an unpublished word again.
template <int kThreads, int kItems, bool kPairs, int kWindow, int kMinBlocks>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    onesweep_pass_kernel(const uint32_t* __restrict__ keys_in, uint32_t* __restrict__ keys_out,
                         const uint32_t* __restrict__ values_in, uint32_t* __restrict__ values_out,
                         int64_t n, int shift, const uint32_t* __restrict__ offsets,
                         uint32_t* lookback, unsigned* counter, unsigned spin_ns) {
  using S = PassShape<kThreads, kItems, kPairs>;
  __shared__ uint32_t staged[S::kTile];  // the tile sorted by digit
  __shared__ uint32_t staged_values[kPairs ? S::kTile : 1];
  __shared__ uint32_t warp_counts[S::kWarps][kDigits];  // then: where warp w's digit d starts
  __shared__ uint32_t write_base[kDigits];  // output index of the digit's run start, minus its
                                            // start in the tile
  __shared__ unsigned tile_shared;
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  if (t == 0) tile_shared = atomicAdd(counter, 1u);
  for (int i = t; i < S::kWarps * kDigits; i += kThreads) warp_counts[i / kDigits][i % kDigits] = 0;
  __syncthreads();
  const int64_t tile = tile_shared;
  const int64_t tile_base = tile * S::kTile;
  const int64_t warp_base = tile_base + int64_t{warp} * S::kWarpKeys;

  // Load; item k of lane l is key warp_base + 32 k + l, so (k, lane) is index order. Count each
  // warp's digits at once (the early counts), so that the tile's counts can be published before
  // the ranking.
  uint32_t key[kItems], value[kPairs ? kItems : 1];
#pragma unroll
  for (int k = 0; k < kItems; ++k) {
    const int64_t i = warp_base + 32 * k + lane;
    key[k] = i < n ? keys_in[i] : 0u;
    if constexpr (kPairs) value[k] = i < n ? values_in[i] : 0u;
  }
#pragma unroll
  for (int k = 0; k < kItems; ++k) {
    if (warp_base + 32 * k + lane < n)
      atomicAdd(&warp_counts[warp][(key[k] >> shift) & kDigitMask], 1u);
  }
  __syncthreads();

  // Count: per digit, the warps' counts scanned in warp order; publish the tile's count of each
  // digit (tile 0's count is already its prefix).
  uint32_t tile_count = 0;
  if (t < kDigits) {
#pragma unroll
    for (int w = 0; w < S::kWarps; ++w) {
      const uint32_t c = warp_counts[w][t];
      warp_counts[w][t] = tile_count;
      tile_count += c;
    }
    store_word(lookback + tile * kDigits + t,
               (tile == 0 ? kFlagPrefix : kFlagAggregate) | tile_count);
  }
  uint32_t all_keys = 0;
  const uint32_t digit_start = apps::block_exclusive_sum(tile_count, &all_keys);
  if (t < kDigits) {
#pragma unroll
    for (int w = 0; w < S::kWarps; ++w) warp_counts[w][t] += digit_start;
  }
  __syncthreads();

  // Rank and stage: lanes with equal digits form a group (__match_any_sync); the group's lowest
  // lane takes the group's slots from the warp's running start of the digit. Stable.
  const unsigned lanes_below = (1u << lane) - 1u;
#pragma unroll
  for (int k = 0; k < kItems; ++k) {
    const bool valid = warp_base + 32 * k + lane < n;
    const uint32_t d = valid ? (key[k] >> shift) & kDigitMask : uint32_t{kDigits};
    const unsigned peers = lanes_with_digit<kBits + 1>(d);  // (8 for full warps: no faster)
    const int leader = __ffs(peers) - 1;
    uint32_t first = 0;
    if (valid && lane == leader) first = atomicAdd(&warp_counts[warp][d], __popc(peers));
    const uint32_t slot = __shfl_sync(kFullMask, first, leader) + __popc(peers & lanes_below);
    if (valid) {
      staged[slot] = key[k];
      if constexpr (kPairs) staged_values[slot] = value[k];
    }
  }

  // Look back for digit t: kWindow predecessors per step, nearest first, adding counts up to the
  // first inclusive prefix; an unpublished word is polled again after spin_ns.
  if (t < kDigits) {
    uint32_t exclusive = 0;
    for (int64_t p = tile - 1; p >= 0;) {
      uint32_t word[kWindow];
#pragma unroll
      for (int i = 0; i < kWindow; ++i)
        word[i] = p - i >= 0 ? load_word(lookback + (p - i) * kDigits + t) : kFlagPrefix;
      int used = 0;
      bool done = false;
#pragma unroll
      for (int i = 0; i < kWindow; ++i) {
        if (done || used < i || (word[i] & kFlagMask) == 0) continue;
        exclusive += word[i] & kCountMask;
        used = i + 1;
        done = (word[i] & kFlagPrefix) != 0;
      }
      if (done) break;
      p -= used;
      if (used < kWindow && spin_ns != 0) __nanosleep(spin_ns);
    }
    if (tile > 0) store_word(lookback + tile * kDigits + t, kFlagPrefix | (exclusive + tile_count));
    write_base[t] = offsets[t] + exclusive - digit_start;
  }
  __syncthreads();

  // Write: thread t takes sorted positions t, t + kThreads, ...
  const int64_t left = n - tile_base;
  const int count = left < S::kTile ? static_cast<int>(left) : S::kTile;
#pragma unroll
  for (int k = 0; k < kItems; ++k) {
    const int j = k * kThreads + t;
    if (j < count) {
      const uint32_t x = staged[j];
      const uint32_t to = write_base[(x >> shift) & kDigitMask] + j;
      keys_out[to] = x;
      if constexpr (kPairs) values_out[to] = staged_values[j];
    }
  }
}
// @end

}  // namespace ws::radix::onesweep
