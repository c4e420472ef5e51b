// The single-pass compaction kernel as the app ran it on 2026-11-28 (kernels/compact at d25a103),
// kept for bench/dev/compact_sweep.cu as the baseline the new policies are timed against.
// The single-pass compaction of fast mode: one read of the input, one write of the kept elements
// (as CUB's DeviceSelect::If does it). The exclusive scan of the kept flags is the tuned
// single-pass scan of ../scan/scan_single_pass_fast.cuh, fused with the predicate and the
// scatter:
//   - a block takes the next tile of kThreads x kItems elements from an atomic counter; each warp
//     loads its 32 x kItems elements in rows of 32 lanes x 4 (16-byte vector loads);
//   - per row, each lane counts the kept elements among its 4 and the warp scans the lanes'
//     counts with shuffles (rows chained by a running carry); the warps' counts are scanned
//     through shared memory;
//   - warp 0 publishes the tile's kept count and finds the count of every tile before it by
//     decoupled look-back (the scan's status words and warp_look_back);
//   - the kept elements are gathered in order in shared memory, then written with consecutive
//     threads at consecutive output addresses from the tile's offset, 16 bytes per store.
// Work O(n); reads 4 bytes per element and writes 4 per kept one; steps per tile: kItems / 4
// rows x 5 shuffles + kThreads / 32 + the look-back's windows.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "scan/scan_single_pass_fast.cuh"
#include "compact/compact_predicate.h"

namespace ws::compact::baseline {

// status: one word per tile (any contents from earlier launches with other epochs); counter:
// zero before the first launch (the last tile resets it); *kept receives the kept count.
template <class T, int kThreads, int kItems,
          int kMinBlocks = 0>  // 0: the compiler chooses the registers
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    compact_single_pass_kernel(const T* __restrict__ in, T* __restrict__ out, int64_t n,
                               Predicate kind, double threshold, unsigned long long* status,
                               unsigned* counter, unsigned epoch, unsigned first_ns,
                               unsigned spin_ns, uint32_t* kept) {
  static_assert(kItems % 4 == 0 && kThreads % 32 == 0, "tile shape");
  namespace sf = ws::scan::fast;
  using V = typename sf::Vec4<T>::type;
  constexpr int kWarps = kThreads / 32, kRows = kItems / 4, kTile = kThreads * kItems;
  __shared__ T gathered[kTile];
  __shared__ uint32_t warp_counts[kWarps];
  __shared__ uint32_t tile_offset;
  __shared__ int64_t tile_shared;
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const int64_t tiles = (n + kTile - 1) / kTile;
  if (t == 0) {
    const unsigned taken = atomicAdd(counter, 1u);
    if (int64_t{taken} == tiles - 1) *counter = 0;  // every tile handed out: reset for next time
    tile_shared = taken;
  }
  __syncthreads();
  const int64_t tile = tile_shared;
  const int64_t warp_base = tile * kTile + int64_t{warp} * 32 * kItems;
  const bool full = warp_base + 32 * kItems <= n;

  // Load and decide; keep[k] holds lane's 4 decisions of row k as bits.
  T x[kRows][4];
  unsigned keep[kRows];
#pragma unroll
  for (int k = 0; k < kRows; ++k) {
    sf::load_row(in, warp_base, k, lane, n, full, T(0), x[k]);
    const int64_t e = warp_base + (int64_t{k} * 32 + lane) * 4;
    keep[k] = 0;
#pragma unroll
    for (int j = 0; j < 4; ++j)
      if ((full || e + j < n) && keeps_value(kind, threshold, x[k][j])) keep[k] |= 1u << j;
  }
  // Scan the lanes' counts row by row: row_before[k] = the warp's kept elements before lane's 4.
  uint32_t row_before[kRows], carry = 0;
#pragma unroll
  for (int k = 0; k < kRows; ++k) {
    const uint32_t mine = __popc(keep[k]);
    uint32_t inclusive = mine;
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
      const uint32_t y = __shfl_up_sync(sf::kFullMask, inclusive, d);
      if (lane >= d) inclusive += y;
    }
    row_before[k] = carry + inclusive - mine;
    carry += __shfl_sync(sf::kFullMask, inclusive, 31);
  }
  if (lane == 0) warp_counts[warp] = carry;
  __syncthreads();
  uint32_t warp_before = 0, tile_count = 0;
#pragma unroll
  for (int w = 0; w < kWarps; ++w) {
    if (w == warp) warp_before = tile_count;
    tile_count += warp_counts[w];
  }

  // Look-back for the kept elements of every tile before this one.
  if (warp == 0) {
    int32_t before = 0;
    const int32_t count = static_cast<int32_t>(tile_count);
    if (tile == 0) {
      if (lane == 0) sf::store_status(status, sf::pack(sf::kStatusPrefix, count, epoch));
    } else {
      if (lane == 0) sf::store_status(status + tile, sf::pack(sf::kStatusAggregate, count, epoch));
      if (first_ns != 0) __nanosleep(first_ns);
      before = sf::warp_look_back<int32_t, BinaryOp::Sum>(status, tile, lane, epoch, spin_ns);
      if (lane == 0)
        sf::store_status(status + tile, sf::pack(sf::kStatusPrefix, before + count, epoch));
    }
    if (lane == 0) {
      tile_offset = static_cast<uint32_t>(before);
      if (tile == tiles - 1) *kept = static_cast<uint32_t>(before) + tile_count;
    }
  }

  // Gather the kept elements in order in shared memory, then write them out with 16-byte stores:
  // output chunk c covers out[aligned + 4c .. + 3], aligned = the tile's offset rounded down to 4
  // elements; the first and last chunks may hold elements of the neighbouring tiles, which are
  // left to them (scalar stores there). (Measured on an H200: storing each kept element straight
  // from registers was slower, 16-byte stores 1% faster than 4-byte ones.)
#pragma unroll
  for (int k = 0; k < kRows; ++k) {
    uint32_t at = warp_before + row_before[k];
#pragma unroll
    for (int j = 0; j < 4; ++j)
      if (keep[k] & (1u << j)) gathered[at++] = x[k][j];
  }
  __syncthreads();
  const uint32_t skew = tile_offset & 3u, span = skew + tile_count;
  T* aligned = out + (tile_offset - skew);
  for (uint32_t c = t; 4 * c < span; c += kThreads) {
    const int64_t first = int64_t{4} * c - skew;  // gathered index of the chunk's element 0
    if (first >= 0 && first + 4 <= int64_t{tile_count}) {
      V q;
      q.x = gathered[first], q.y = gathered[first + 1], q.z = gathered[first + 2];
      q.w = gathered[first + 3];
      *reinterpret_cast<V*>(aligned + 4 * c) = q;
    } else {
#pragma unroll
      for (int i = 0; i < 4; ++i)
        if (first + i >= 0 && first + i < int64_t{tile_count})
          aligned[4 * c + i] = gathered[first + i];
    }
  }
}

}  // namespace ws::compact::baseline
