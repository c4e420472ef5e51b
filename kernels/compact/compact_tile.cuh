// Block-level building blocks of the single-pass compaction (compact_single_pass.cuh): one warp's
// chunk of 32 x kItems elements in registers, in one of two layouts, its kept flags and their
// prefix counts, the gather of a tile's kept elements in shared memory and their 16-byte stores.
//   Rows     lane l holds rows of 4: x[4k + j] is element (32k + l) * 4 + j of the warp's chunk
//            (every load covers 512 contiguous bytes); the kept counts are scanned row by row
//            (5 shuffles per row, rows chained by a carry).
//   Blocked  lane l holds kItems consecutive elements, l * kItems + i: loaded as Rows, then
//            transposed through the warp's part of shared memory (16-byte stores and loads,
//            free of bank conflicts when kItems / 4 is odd); the kept flags are one bit mask per
//            lane, counted with one popc, and scanned with one warp scan (5 shuffles) per chunk.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "../scan/scan_single_pass_fast.cuh"

namespace ws::compact::single_pass {

enum class Layout { Rows, Blocked };

namespace sf = ws::scan::fast;

// Lane's part of the warp's chunk at warp_base, in the Rows layout; elements past n read as 0
// (their flags are cleared by the caller's bound check). kStreaming: the loads are marked
// evict-first (ld.global.cs), as data read once.
template <bool kStreaming, class T, int kItems>
__device__ __forceinline__ void load_rows(const T* __restrict__ in, int64_t warp_base, int lane,
                                          int64_t n, bool full, T (&x)[kItems]) {
  using V = typename sf::Vec4<T>::type;
#pragma unroll
  for (int k = 0; k < kItems / 4; ++k) {
    const int64_t e = warp_base + (int64_t{k} * 32 + lane) * 4;
    if (full) {
      const V* p = reinterpret_cast<const V*>(in + e);
      const V q = kStreaming ? __ldcs(p) : *p;
      x[4 * k] = q.x, x[4 * k + 1] = q.y, x[4 * k + 2] = q.z, x[4 * k + 3] = q.w;
    } else {
#pragma unroll
      for (int j = 0; j < 4; ++j) x[4 * k + j] = e + j < n ? in[e + j] : T(0);
    }
  }
}

// Rows -> Blocked through `scratch` (the warp's own 32 * kItems elements of shared memory).
template <class T, int kItems>
__device__ __forceinline__ void rows_to_blocked(T* scratch, int lane, T (&x)[kItems]) {
  using V = typename sf::Vec4<T>::type;
  constexpr int kRows = kItems / 4;
  V* s = reinterpret_cast<V*>(scratch);
#pragma unroll
  for (int k = 0; k < kRows; ++k)
    s[k * 32 + lane] = V{x[4 * k], x[4 * k + 1], x[4 * k + 2], x[4 * k + 3]};
  __syncwarp();
#pragma unroll
  for (int r = 0; r < kRows; ++r) {
    const V q = s[lane * kRows + r];
    x[4 * r] = q.x, x[4 * r + 1] = q.y, x[4 * r + 2] = q.z, x[4 * r + 3] = q.w;
  }
}

// The element index (within the warp's chunk) of lane's x[i].
template <Layout kLayout, int kItems>
__device__ __forceinline__ int chunk_index(int lane, int i) {
  return kLayout == Layout::Rows ? (i / 4 * 32 + lane) * 4 + i % 4 : lane * kItems + i;
}

// Kept flags of lane's elements (bit i for x[i]; kItems <= 32) and the warp's prefix counts:
// before[i] for Rows is the count of the warp's kept elements before row i / 4 of this lane
// (only entries 4k are set); for Blocked before[0] alone, the count before lane's elements.
// Returns the warp's kept count (in every lane).
template <Layout kLayout, class T, int kItems, class Keep>
__device__ __forceinline__ uint32_t flag_and_scan(const T (&x)[kItems], const Keep& keep,
                                                  int64_t warp_base, int64_t n, bool full, int lane,
                                                  uint32_t& mask, uint32_t (&before)[kItems / 4]) {
  static_assert(kItems <= 32, "one bit per element");
  mask = 0;
#pragma unroll
  for (int i = 0; i < kItems; ++i) {
    const bool in_range = full || warp_base + chunk_index<kLayout, kItems>(lane, i) < n;
    if (in_range && keep(x[i])) mask |= 1u << i;
  }
  if constexpr (kLayout == Layout::Rows) {
    uint32_t carry = 0;
#pragma unroll
    for (int k = 0; k < kItems / 4; ++k) {
      const uint32_t mine = __popc((mask >> (4 * k)) & 15u);
      uint32_t inclusive = mine;
#pragma unroll
      for (int d = 1; d < 32; d *= 2) {
        const uint32_t y = __shfl_up_sync(sf::kFullMask, inclusive, d);
        if (lane >= d) inclusive += y;
      }
      before[k] = carry + inclusive - mine;
      carry += __shfl_sync(sf::kFullMask, inclusive, 31);
    }
    return carry;
  } else {
    const uint32_t mine = __popc(mask);
    uint32_t inclusive = mine;
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
      const uint32_t y = __shfl_up_sync(sf::kFullMask, inclusive, d);
      if (lane >= d) inclusive += y;
    }
    before[0] = inclusive - mine;
    return __shfl_sync(sf::kFullMask, inclusive, 31);
  }
}

// Lane's kept elements into gathered[], in input order, from the warp's offset in the tile.
template <Layout kLayout, class T, int kItems>
__device__ __forceinline__ void gather(T* gathered, uint32_t warp_before, const T (&x)[kItems],
                                       uint32_t mask, const uint32_t (&before)[kItems / 4]) {
  if constexpr (kLayout == Layout::Rows) {
#pragma unroll
    for (int k = 0; k < kItems / 4; ++k) {
      uint32_t at = warp_before + before[k];
#pragma unroll
      for (int j = 0; j < 4; ++j)
        if (mask & (1u << (4 * k + j))) gathered[at++] = x[4 * k + j];
    }
  } else {
    uint32_t at = warp_before + before[0];
#pragma unroll
    for (int i = 0; i < kItems; ++i)
      if (mask & (1u << i)) gathered[at++] = x[i];
  }
}

// The tile's `count` gathered elements to out[offset ..]: output chunk c covers
// out[aligned + 4c .. + 3], aligned = offset rounded down to 4 elements; the first and last
// chunks may hold elements of the neighbouring tiles, which are left to them (scalar stores).
// kStreaming: the 16-byte stores are marked evict-first (st.global.cs).
template <bool kStreaming, class T, int kThreads>
__device__ __forceinline__ void store_gathered(const T* gathered, T* __restrict__ out,
                                               uint32_t offset, uint32_t count, int t) {
  using V = typename sf::Vec4<T>::type;
  const uint32_t skew = offset & 3u, span = skew + count;
  T* aligned = out + (offset - skew);
  for (uint32_t c = t; 4 * c < span; c += kThreads) {
    const int first = static_cast<int>(4 * c) - static_cast<int>(skew);  // gathered index
    if (first >= 0 && first + 4 <= static_cast<int>(count)) {
      const V q{gathered[first], gathered[first + 1], gathered[first + 2], gathered[first + 3]};
      V* p = reinterpret_cast<V*>(aligned + 4 * c);
      if (kStreaming)
        __stcs(p, q);
      else
        *p = q;
    } else {
#pragma unroll
      for (int i = 0; i < 4; ++i)
        if (first + i >= 0 && first + i < static_cast<int>(count))
          aligned[4 * c + i] = gathered[first + i];
    }
  }
}

}  // namespace ws::compact::single_pass
