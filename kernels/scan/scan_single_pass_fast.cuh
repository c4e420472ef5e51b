// The tuned single-pass scan behind fast mode of variants 8 and 9 (Merrill & Garland 2016, as
// CUB's DeviceScan does it): one tile of kThreads x kItems elements per block, taken in order
// from an atomic counter.
//   - Each warp loads its 32 * kItems elements in rows of 32 lanes x 4 (16-byte vector loads, 512
//     contiguous bytes per instruction); per row each lane scans its 4 in registers and the warp
//     scans the lanes' totals with __shfl_up_sync, rows chained by a running carry; the warp
//     totals go through shared memory (kThreads / 32 of them) and every thread combines those
//     before its warp.
//   - Status: one 64-bit word per tile, the flag (Invalid / Aggregate / Prefix) and the launch's
//     epoch in the high half and the value in the low half, written with one store: no fence
//     between value and flag. A word from an earlier launch (another epoch) reads as Invalid, so
//     the status array needs no clearing between launches; the block that takes the last tile
//     resets the tile counter for the next launch.
//   - Decoupled look-back (9): warp 0 publishes the tile's aggregate (A) at once, then reads 32
//     predecessors' words at a time (one per lane; after sleeping first_ns so that they can
//     publish), waits while any is Invalid (sleeping spin_ns between polls, so that waiting warps
//     do not flood the L2 with reads), and combines the window up to the nearest Prefix (found with
//     __ballot_sync); it publishes the tile's inclusive prefix (P). Chained (8): lane 0 waits for
//     the predecessor's P alone.
//   - Stores: the same rows, each element combined with the tile's exclusive prefix, its warp's
//     and its row's, with 16-byte vector stores.
// Work O(n); steps per tile: kItems / 4 rows x (3 serial + 5 shuffles) + kThreads / 32 totals; the
// look-back reads ceil(depth / 32) windows.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "../common/binary_op.h"

namespace ws::scan::fast {

constexpr unsigned kFullMask = 0xffffffffu;
constexpr unsigned kStatusInvalid = 0, kStatusAggregate = 1, kStatusPrefix = 2;

template <class T>
struct Vec4;
template <>
struct Vec4<int32_t> {
  using type = int4;
};
template <>
struct Vec4<float> {
  using type = float4;
};

__device__ __forceinline__ uint32_t to_bits(int32_t v) {
  return static_cast<uint32_t>(v);
}
__device__ __forceinline__ uint32_t to_bits(float v) {
  return __float_as_uint(v);
}
template <class T>
__device__ __forceinline__ T from_bits(uint32_t b);
template <>
__device__ __forceinline__ int32_t from_bits<int32_t>(uint32_t b) {
  return static_cast<int32_t>(b);
}
template <>
__device__ __forceinline__ float from_bits<float>(uint32_t b) {
  return __uint_as_float(b);
}

__device__ __forceinline__ unsigned long long load_status(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_status(unsigned long long* p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
// The high half of a status word: the launch's epoch (30 bits) above the 2-bit flag.
template <class T>
__device__ __forceinline__ unsigned long long pack(unsigned flag, T value, unsigned epoch) {
  return (static_cast<unsigned long long>((epoch << 2) | flag) << 32) | to_bits(value);
}
// The flag of a word, Invalid when the word was written by another launch.
__device__ __forceinline__ unsigned flag_of(unsigned long long word, unsigned epoch) {
  const unsigned high = static_cast<unsigned>(word >> 32);
  return (high >> 2) == (epoch & 0x3fffffffu) ? (high & 3u) : kStatusInvalid;
}

// Lane `lane`'s row k of a warp's chunk that starts at warp_base: elements
// warp_base + (k * 32 + lane) * 4 .. + 3, with one 16-byte load when the warp's whole chunk is in
// range (`full`), else one by one with `fill` past n.
template <class T>
__device__ __forceinline__ void load_row(const T* __restrict__ in, int64_t warp_base, int k,
                                         int lane, int64_t n, bool full, T fill, T (&row)[4]) {
  const int64_t e = warp_base + (int64_t{k} * 32 + lane) * 4;
  if (full) {
    const typename Vec4<T>::type q = *reinterpret_cast<const typename Vec4<T>::type*>(in + e);
    row[0] = q.x, row[1] = q.y, row[2] = q.z, row[3] = q.w;
  } else {
#pragma unroll
    for (int j = 0; j < 4; ++j) row[j] = e + j < n ? in[e + j] : fill;
  }
}

// Warp 0's look-back for tile `tile` > 0: the combination of every predecessor's values, as seen
// in windows of 32 (lane 0 the nearest). Returned in every lane.
template <class T, BinaryOp kOp>
__device__ T warp_look_back(const unsigned long long* status, int64_t tile, int lane,
                            unsigned epoch, unsigned spin_ns) {
  T exclusive = identity_of<T>(kOp);
  bool have = false;
  for (int64_t nearest = tile - 1;; nearest -= 32) {
    const int64_t pred = nearest - lane;
    unsigned long long word;
    unsigned flag;
    for (;;) {
      word =
          pred >= 0 ? load_status(status + pred) : pack(kStatusPrefix, identity_of<T>(kOp), epoch);
      flag = flag_of(word, epoch);
      if (!__any_sync(kFullMask, flag == kStatusInvalid)) break;
      if (spin_ns != 0) __nanosleep(spin_ns);
    }
    const unsigned prefixes = __ballot_sync(kFullMask, flag == kStatusPrefix);
    const int stop = prefixes != 0 ? __ffs(prefixes) - 1 : 31;
    T v = lane <= stop ? from_bits<T>(static_cast<uint32_t>(word)) : identity_of<T>(kOp);
    for (int d = 16; d >= 1; d /= 2) v = apply_op<T>(kOp, v, __shfl_down_sync(kFullMask, v, d));
    const T window = __shfl_sync(kFullMask, v, 0);
    exclusive = have ? apply_op<T>(kOp, window, exclusive) : window;
    have = true;
    if (prefixes != 0) return exclusive;
  }
}

template <class T, BinaryOp kOp, bool kInclusive, bool kLookback, int kThreads, int kItems,
          int kMinBlocks = 0>  // 0: the compiler chooses the registers
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    tuned_single_pass(const T* __restrict__ in, T* __restrict__ out, int64_t n,
                      unsigned long long* status, unsigned* counter, unsigned epoch,
                      unsigned first_ns, unsigned spin_ns) {
  static_assert(kItems % 4 == 0 && kThreads % 32 == 0, "tile shape");
  using V = typename Vec4<T>::type;
  constexpr int kWarps = kThreads / 32;
  __shared__ int64_t tile_shared;
  __shared__ T warp_totals[kWarps];
  __shared__ T tile_prefix;
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const T id = identity_of<T>(kOp);
  if (t == 0) {
    const unsigned taken = atomicAdd(counter, 1u);
    // Every tile has been handed out once the last one is: the counter is free for the next
    // launch on the stream.
    if (int64_t{taken} == (n + int64_t{kThreads} * kItems - 1) / (int64_t{kThreads} * kItems) - 1)
      *counter = 0;
    tile_shared = taken;
  }
  __syncthreads();
  const int64_t tile = tile_shared;
  // Warp-striped vector loads: the warp's chunk of 32 * kItems elements is read as
  // kItems / 4 rows of 32 lanes x 4 elements (every load instruction covers 512 contiguous
  // bytes). Row k of lane l holds elements (k * 32 + l) * 4 .. + 3 of the warp's chunk.
  constexpr int kRows = kItems / 4;
  const int64_t warp_base = tile * kThreads * kItems + int64_t{warp} * 32 * kItems;
  const bool full = warp_base + 32 * kItems <= n;
  T x[kRows][4];
#pragma unroll
  for (int k = 0; k < kRows; ++k) load_row(in, warp_base, k, lane, n, full, id, x[k]);
  // Row by row: each lane scans its 4, the warp scans the lanes' totals (5 shuffles), the rows
  // are chained through `carry` (the warp's running total).
  T row_prefix[kRows];  // the warp-exclusive prefix of lane l's 4 elements in row k
  T carry = id;
#pragma unroll
  for (int k = 0; k < kRows; ++k) {
#pragma unroll
    for (int j = 1; j < 4; ++j) x[k][j] = apply_op<T>(kOp, x[k][j - 1], x[k][j]);
    T inclusive = x[k][3];
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
      const T y = __shfl_up_sync(kFullMask, inclusive, d);
      if (lane >= d) inclusive = apply_op<T>(kOp, y, inclusive);
    }
    const T previous = __shfl_up_sync(kFullMask, inclusive, 1);
    row_prefix[k] = lane > 0 ? apply_op<T>(kOp, carry, previous) : carry;
    carry = apply_op<T>(kOp, carry, __shfl_sync(kFullMask, inclusive, 31));
  }
  if (lane == 0) warp_totals[warp] = carry;
  __syncthreads();
  T warp_prefix = id, aggregate = warp_totals[0];
#pragma unroll
  for (int w = 1; w < kWarps; ++w) {
    if (w == warp) warp_prefix = aggregate;
    aggregate = apply_op<T>(kOp, aggregate, warp_totals[w]);
  }

  if (warp == 0) {
    T exclusive = id;
    if (tile == 0) {
      if (lane == 0) store_status(status, pack(kStatusPrefix, aggregate, epoch));
    } else {
      if (kLookback) {
        if (lane == 0) store_status(status + tile, pack(kStatusAggregate, aggregate, epoch));
        if (first_ns != 0) __nanosleep(first_ns);  // let the predecessors publish first
        exclusive = warp_look_back<T, kOp>(status, tile, lane, epoch, spin_ns);
      } else {
        unsigned long long word = 0;
        if (lane == 0) {
          for (;;) {
            word = load_status(status + tile - 1);
            if (flag_of(word, epoch) == kStatusPrefix) break;
            if (spin_ns != 0) __nanosleep(spin_ns);
          }
        }
        exclusive = from_bits<T>(static_cast<uint32_t>(__shfl_sync(kFullMask, word, 0)));
      }
      if (lane == 0)
        store_status(status + tile,
                     pack(kStatusPrefix, apply_op<T>(kOp, exclusive, aggregate), epoch));
    }
    if (lane == 0) tile_prefix = exclusive;
  }
  __syncthreads();
  const T base = apply_op<T>(kOp, tile_prefix, warp_prefix);
#pragma unroll
  for (int k = 0; k < kRows; ++k) {
    const T run = apply_op<T>(kOp, base, row_prefix[k]);
    T y[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      if (kInclusive) {
        y[j] = apply_op<T>(kOp, run, x[k][j]);
      } else {
        y[j] = j == 0 ? run : apply_op<T>(kOp, run, x[k][j - 1]);
      }
    }
    const int64_t e = warp_base + (int64_t{k} * 32 + lane) * 4;
    if (full) {
      V q;
      q.x = y[0], q.y = y[1], q.z = y[2], q.w = y[3];
      *reinterpret_cast<V*>(out + e) = q;
    } else {
#pragma unroll
      for (int j = 0; j < 4; ++j)
        if (e + j < n) out[e + j] = y[j];
    }
  }
}

}  // namespace ws::scan::fast
