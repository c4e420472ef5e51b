// The tuned single-pass scan behind fast mode of variants 8 and 9 (Merrill & Garland 2016, as
// CUB's DeviceScan does it): one tile of kThreads x kItems elements per block, taken in order
// from an atomic counter.
//   - Each thread loads kItems consecutive elements with 16-byte vector loads and scans them in
//     registers; the warps scan their threads' totals with __shfl_up_sync; the warp totals go
//     through shared memory (kThreads / 32 of them) and every thread combines those before it.
//   - Status: one 64-bit word per tile, the flag (Invalid / Aggregate / Prefix) in the high half
//     and the value in the low half, written with one store: no fence between value and flag.
//   - Decoupled look-back (9): warp 0 publishes the tile's aggregate (A) at once, then reads 32
//     predecessors' words at a time (one per lane), waits while any is Invalid, and combines the
//     window up to the nearest Prefix (found with __ballot_sync); it publishes the tile's
//     inclusive prefix (P). Chained (8): lane 0 waits for the predecessor's P alone.
//   - Stores: every thread writes its kItems results (the tile's exclusive prefix, its thread's
//     exclusive prefix in the tile, its own inclusive scan) with 16-byte vector stores.
// Work O(n); steps per tile: kItems serial + 5 shuffles + kThreads / 32 totals; the look-back
// reads ceil(depth / 32) windows.
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
template <class T>
__device__ __forceinline__ unsigned long long pack(unsigned flag, T value) {
  return (static_cast<unsigned long long>(flag) << 32) | to_bits(value);
}

// Warp 0's look-back for tile `tile` > 0: the combination of every predecessor's values, as seen
// in windows of 32 (lane 0 the nearest). Returned in every lane.
template <class T, BinaryOp kOp>
__device__ T warp_look_back(const unsigned long long* status, int64_t tile, int lane) {
  T exclusive = identity_of<T>(kOp);
  bool have = false;
  for (int64_t nearest = tile - 1;; nearest -= 32) {
    const int64_t pred = nearest - lane;
    unsigned long long word;
    unsigned flag;
    do {
      word = pred >= 0 ? load_status(status + pred) : pack(kStatusPrefix, identity_of<T>(kOp));
      flag = static_cast<unsigned>(word >> 32);
    } while (__any_sync(kFullMask, flag == kStatusInvalid));
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

template <class T, BinaryOp kOp, bool kInclusive, bool kLookback, int kThreads, int kItems>
__global__ void __launch_bounds__(kThreads)
    tuned_single_pass(const T* __restrict__ in, T* __restrict__ out, int64_t n,
                      unsigned long long* status, unsigned* counter) {
  static_assert(kItems % 4 == 0 && kThreads % 32 == 0, "tile shape");
  using V = typename Vec4<T>::type;
  constexpr int kWarps = kThreads / 32;
  __shared__ int64_t tile_shared;
  __shared__ T warp_totals[kWarps];
  __shared__ T tile_prefix;
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const T id = identity_of<T>(kOp);
  if (t == 0) tile_shared = atomicAdd(counter, 1u);
  __syncthreads();
  const int64_t tile = tile_shared;
  const int64_t base = (tile * kThreads + t) * kItems;

  T x[kItems];
  const bool full = base + kItems <= n;
  if (full) {
#pragma unroll
    for (int v = 0; v < kItems / 4; ++v) {
      const V q = reinterpret_cast<const V*>(in + base)[v];
      x[4 * v] = q.x, x[4 * v + 1] = q.y, x[4 * v + 2] = q.z, x[4 * v + 3] = q.w;
    }
  } else {
#pragma unroll
    for (int i = 0; i < kItems; ++i) x[i] = base + i < n ? in[base + i] : id;
  }
#pragma unroll
  for (int i = 1; i < kItems; ++i) x[i] = apply_op<T>(kOp, x[i - 1], x[i]);

  T inclusive = x[kItems - 1];
#pragma unroll
  for (int d = 1; d < 32; d *= 2) {
    const T y = __shfl_up_sync(kFullMask, inclusive, d);
    if (lane >= d) inclusive = apply_op<T>(kOp, y, inclusive);
  }
  const T previous = __shfl_up_sync(kFullMask, inclusive, 1);
  if (lane == 31) warp_totals[warp] = inclusive;
  __syncthreads();
  T warp_prefix = id, aggregate = warp_totals[0];
#pragma unroll
  for (int w = 1; w < kWarps; ++w) {
    if (w == warp) warp_prefix = aggregate;
    aggregate = apply_op<T>(kOp, aggregate, warp_totals[w]);
  }
  const T carry = lane > 0 ? apply_op<T>(kOp, warp_prefix, previous) : warp_prefix;

  if (warp == 0) {
    T exclusive = id;
    if (tile == 0) {
      if (lane == 0) store_status(status, pack(kStatusPrefix, aggregate));
    } else {
      if (kLookback) {
        if (lane == 0) store_status(status + tile, pack(kStatusAggregate, aggregate));
        exclusive = warp_look_back<T, kOp>(status, tile, lane);
      } else {
        unsigned long long word = 0;
        if (lane == 0) {
          do {
            word = load_status(status + tile - 1);
          } while (static_cast<unsigned>(word >> 32) != kStatusPrefix);
        }
        exclusive = from_bits<T>(static_cast<uint32_t>(__shfl_sync(kFullMask, word, 0)));
      }
      if (lane == 0)
        store_status(status + tile, pack(kStatusPrefix, apply_op<T>(kOp, exclusive, aggregate)));
    }
    if (lane == 0) tile_prefix = exclusive;
  }
  __syncthreads();
  const T run = apply_op<T>(kOp, tile_prefix, carry);

  T y[kItems];
#pragma unroll
  for (int i = 0; i < kItems; ++i) {
    if (kInclusive) {
      y[i] = apply_op<T>(kOp, run, x[i]);
    } else {
      y[i] = i == 0 ? run : apply_op<T>(kOp, run, x[i - 1]);
    }
  }
  if (full) {
#pragma unroll
    for (int v = 0; v < kItems / 4; ++v) {
      V q;
      q.x = y[4 * v], q.y = y[4 * v + 1], q.z = y[4 * v + 2], q.w = y[4 * v + 3];
      reinterpret_cast<V*>(out + base)[v] = q;
    }
  } else {
#pragma unroll
    for (int i = 0; i < kItems; ++i)
      if (base + i < n) out[base + i] = y[i];
  }
}

}  // namespace ws::scan::fast
