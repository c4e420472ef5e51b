// The fused box filter's launches 0-2 (FilterMethod::Fused; the walk, launch 3, and the host
// side are sat_filter_fused.cu, which says how they fit together): they prepare where each walk
// starts when its first window is too tall for the walk to sum it itself.
//   0 pad rows       only for widths that are not a multiple of 8: the image copied into rows of
//                    w rounded up to 8 bytes, so that launches 1 and 3 load whole 8- or 16-byte
//                    groups. Large images by warps: lane l loads the aligned 16 bytes l of its
//                    warp's 512-byte span, takes the next lane's by shuffles and funnel-shifts
//                    its 16 bytes out of the 32; small ones by threads: three aligned 4-byte
//                    loads and two funnel shifts per 8 bytes (or bytes). Work: one read and one
//                    write of the image; steps: a thread's rows one after the other.
//   1 strip sums     the rows where the blocks' windows start (and every 128th row) cut the image
//                    into strips: the column sums of every strip, 16 (or 8) columns a thread, 8
//                    rows in flight, packed 16-bit halves flushed every 248 rows. Work: one read
//                    of the image; steps: a strip's rows (at most 128).
//   2 start columns  per column, the strips' sums added down the image: the column sums through
//                    each start row. A block of 32 warps takes 32 columns, each warp a run of the
//                    strips, then the earlier warps' totals. Work: two passes over the strip sums;
//                    steps: strips / 32 + 32.
// Launch 1 lets the walk start at once (a programmatic dependent launch on sm_90): the walk
// waits for the strip sums only where it reads them.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "../common/cuda_check.cuh"
#include "../common/cuda_load.cuh"
#include "sat_filter_fused_parts.cuh"

namespace ws::sat::fused {

namespace {

constexpr int kSumThreads = 128;    // launch 1: 16 (or 8) columns a thread
constexpr int kStartSegments = 32;  // launch 2: warps splitting a column's strips

// ---- Launch 0, for widths that are not a multiple of 8: the image copied into rows of `pitch`
// bytes (w rounded up to 8, zeros past w), so that launches 1 and 3 load whole 8- or 16-byte
// groups (byte by byte, the walk took 1.9 times as long: docs/performance.md). A thread writes
// 8 bytes of each of its rows; grid (column groups of 2048, row groups); `rows` counts every
// channel's rows. kWords (the image 4-byte aligned): the 8 bytes from three aligned 4-byte loads
// and two funnel shifts, else (and at the image's very end) byte by byte.
template <bool kWords>
__global__ void __launch_bounds__(256) pad_rows(const uint8_t* __restrict__ image, int w, int pitch,
                                                int rows, uint8_t* __restrict__ padded) {
  const int x = (int(blockIdx.x) * 256 + int(threadIdx.x)) * 8;
  if (x >= pitch) return;
  const int64_t total = int64_t(rows) * w;
#pragma unroll 4
  for (int row = int(blockIdx.y); row < rows; row += int(gridDim.y)) {  // no 64-bit divisions
    const int64_t first = int64_t(row) * w + x;                         // the first source byte
    uint32_t word[2] = {0, 0};
    if (kWords && first + 12 <= total) {
      const uint32_t* p = reinterpret_cast<const uint32_t*>(image + (first & ~int64_t(3)));
      const uint32_t a = __ldg(p), b = __ldg(p + 1), c = __ldg(p + 2);
      const unsigned shift = unsigned(first & 3) * 8;
      word[0] = __funnelshift_r(a, b, shift), word[1] = __funnelshift_r(b, c, shift);
      const int valid = w - x;  // bytes of this row in the 8 (at least 1)
      if (valid < 8) {
        word[0] &= valid >= 4 ? 0xffffffffu : (1u << (8 * valid)) - 1;
        word[1] &= valid <= 4 ? 0u : (1u << (8 * (valid - 4))) - 1;
      }
    } else {
#pragma unroll
      for (int k = 0; k < 8; ++k)
        if (x + k < w) word[k / 4] |= uint32_t(__ldg(image + first + k)) << (8 * (k % 4));
    }
    *reinterpret_cast<uint2*>(padded + int64_t(row) * pitch + x) = make_uint2(word[0], word[1]);
  }
}

// The same by warps, for large images: a warp copies 512 bytes of each of its rows; grid (spans
// of 4096 bytes: 8 warps, row groups). Lane l loads the 16-byte aligned 16 bytes l of the span's
// 528 (lane 31 also the next 16 when the span is not aligned), gets lane l + 1's by shuffles and
// funnel-shifts its 16 output bytes out of the 32: the byte offset is the same in the whole warp,
// so the word selection does not diverge. One 16-byte load and two 8-byte stores per 16 bytes
// (six 4-byte loads by threads). Bytes outside the image (its first row's aligned start, its
// last row's end) are read one by one.
__device__ __forceinline__ uint4 load_aligned16(const uint8_t* image, const uint8_t* end,
                                                uintptr_t at) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(at);
  if (p >= image && p + 16 <= end) return __ldg(reinterpret_cast<const uint4*>(p));
  uint32_t word[4] = {0, 0, 0, 0};
  for (int k = 0; k < 16; ++k)
    if (p + k >= image && p + k < end) word[k / 4] |= uint32_t(__ldg(p + k)) << (8 * (k % 4));
  return make_uint4(word[0], word[1], word[2], word[3]);
}

// The 16 bytes at byte offset o (0..15) of the 32 in a (low) and n (high).
__device__ __forceinline__ uint4 bytes_at(uint4 a, uint4 n, unsigned o) {
  const unsigned s = (o & 3u) * 8u;
  uint32_t w0, w1, w2, w3, w4;
  switch (o >> 2) {
    case 0:
      w0 = a.x, w1 = a.y, w2 = a.z, w3 = a.w, w4 = n.x;
      break;
    case 1:
      w0 = a.y, w1 = a.z, w2 = a.w, w3 = n.x, w4 = n.y;
      break;
    case 2:
      w0 = a.z, w1 = a.w, w2 = n.x, w3 = n.y, w4 = n.z;
      break;
    default:
      w0 = a.w, w1 = n.x, w2 = n.y, w3 = n.z, w4 = n.w;
  }
  return make_uint4(__funnelshift_r(w0, w1, s), __funnelshift_r(w1, w2, s),
                    __funnelshift_r(w2, w3, s), __funnelshift_r(w3, w4, s));
}

// The first `valid` bytes of q (valid <= 0: none, >= 16: all).
__device__ __forceinline__ uint4 first_bytes(uint4 q, int valid) {
  auto mask = [](int v) { return v >= 4 ? 0xffffffffu : v <= 0 ? 0u : (1u << (8 * v)) - 1u; };
  return make_uint4(q.x & mask(valid), q.y & mask(valid - 4), q.z & mask(valid - 8),
                    q.w & mask(valid - 12));
}

__global__ void __launch_bounds__(256)
    pad_rows_by_warps(const uint8_t* __restrict__ image, int w, int pitch, int rows,
                      uint8_t* __restrict__ padded) {
  constexpr unsigned kFull = 0xffffffffu;
  const int lane = int(threadIdx.x) % 32;
  const int x0 = (int(blockIdx.x) * 8 + int(threadIdx.x) / 32) * 512;
  if (x0 >= pitch) return;       // the whole warp
  const int x = x0 + 16 * lane;  // the lane's 16 output bytes
  const uint8_t* end = image + int64_t(rows) * w;
  for (int row = int(blockIdx.y); row < rows; row += int(gridDim.y)) {
    const uintptr_t first = reinterpret_cast<uintptr_t>(image) + uintptr_t(int64_t(row) * w + x0);
    const uintptr_t base = first & ~uintptr_t(15);
    const unsigned offset = unsigned(first & 15);
    const uint4 a = load_aligned16(image, end, base + 16 * lane);
    uint4 n;
    n.x = __shfl_down_sync(kFull, a.x, 1), n.y = __shfl_down_sync(kFull, a.y, 1);
    n.z = __shfl_down_sync(kFull, a.z, 1), n.w = __shfl_down_sync(kFull, a.w, 1);
    if (lane == 31 && offset != 0) n = load_aligned16(image, end, base + 512);
    const uint4 q = first_bytes(bytes_at(a, n, offset), w - x);
    if (x < pitch) {
      uint2* d = reinterpret_cast<uint2*>(padded + int64_t(row) * pitch + x);
      d[0] = make_uint2(q.x, q.y);
      if (x + 8 < pitch) d[1] = make_uint2(q.z, q.w);
    }
  }
}

// ---- Launch 1: column sums of every strip. Grid (column groups of 16 kSumThreads, strips,
// channels); a thread sums 16 columns (one 16-byte load a row, 8 rows in flight) when w % 16 == 0,
// else 8.
template <int kCols>
__global__ void __launch_bounds__(kSumThreads)
    strip_sums(const uint8_t* __restrict__ image, int w, int h, Starts starts,
               uint32_t* __restrict__ sums) {
  let_the_next_launch_start();
  const int k = int(blockIdx.y), channel = int(blockIdx.z);
  const int x = (int(blockIdx.x) * kSumThreads + int(threadIdx.x)) * kCols;
  if (x >= w) return;
  const int first = k == 0 ? 0 : starts.row[k - 1] + 1, last = starts.row[k];
  const uint8_t* p = image + size_t(channel) * w * h;
  // Packed sums: bytes 0 and 2 of each word in lo (16-bit halves), bytes 1 and 3 in hi; a strip
  // of at most 257 rows cannot carry out of a half, so longer strips flush every 256 rows.
  uint32_t c[kCols] = {};
  uint32_t lo[kCols / 4] = {}, hi[kCols / 4] = {};
  auto flush = [&] {
#pragma unroll
    for (int j = 0; j < kCols / 4; ++j) {
      c[4 * j] += lo[j] & 0xffffu, c[4 * j + 2] += lo[j] >> 16;
      c[4 * j + 1] += hi[j] & 0xffffu, c[4 * j + 3] += hi[j] >> 16;
      lo[j] = hi[j] = 0;
    }
  };
  auto add = [&](const RowWords<kCols>& v) {
#pragma unroll
    for (int j = 0; j < kCols / 4; ++j) {
      lo[j] += v.word[j] & 0x00ff00ffu;
      hi[j] += (v.word[j] >> 8) & 0x00ff00ffu;
    }
  };
  int y = first, since_flush = 0;
  for (; y + 7 <= last; y += 8) {
    RowWords<kCols> v[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) v[i] = load_row<kCols>(p, w, y + i, x);
#pragma unroll
    for (int i = 0; i < 8; ++i) add(v[i]);
    if ((since_flush += 8) >= 248) flush(), since_flush = 0;
  }
  for (; y <= last; ++y) add(load_row<kCols>(p, w, y, x));
  flush();
  uint32_t* out = sums + (size_t(channel) * starts.count + k) * w + x;
#pragma unroll
  for (int q = 0; q < kCols / 4; ++q)
    reinterpret_cast<uint4*>(out)[q] =
        make_uint4(c[4 * q], c[4 * q + 1], c[4 * q + 2], c[4 * q + 3]);
}

// ---- Launch 2: in place, each strip's column sums become the sums over all strips up to it.
// A block takes 32 columns; its 32 warps take 1/32 of the strips each, then add the earlier
// warps' totals. Grid (column groups of 32, channels).
__global__ void __launch_bounds__(kStartSegments * 32)
    start_columns(int w, int strips, uint32_t* __restrict__ sums) {
  __shared__ uint32_t segment_total[kStartSegments][32];
  const int lane = int(threadIdx.x) % 32, segment = int(threadIdx.x) / 32;
  const int x = int(blockIdx.x) * 32 + lane;
  uint32_t* col = sums + size_t(blockIdx.y) * strips * w + x;
  const int per = (strips + kStartSegments - 1) / kStartSegments;
  const int k0 = min(strips, segment * per), k1 = min(strips, k0 + per);
  uint32_t run = 0;
  if (x < w) {
#pragma unroll 8
    for (int k = k0; k < k1; ++k) run += col[size_t(k) * w];
  }
  segment_total[segment][lane] = run;
  __syncthreads();
  run = 0;
  for (int s = 0; s < segment; ++s) run += segment_total[s][lane];
  if (x < w) {
#pragma unroll 8
    for (int k = k0; k < k1; ++k) {
      run += col[size_t(k) * w];
      col[size_t(k) * w] = run;
    }
  }
}

}  // namespace

void launch_pad_rows(const uint8_t* image, int w, int pitch, int plane_rows, uint8_t* padded,
                     bool by_warps, cudaStream_t stream) {
  if (by_warps) {
    // Spans of 4096 bytes (8 warps) in every 4096th row group: 0.040-0.041 ms at 8183 x 8192 on
    // an H200, against 0.043-0.044 with 1024 row groups and 0.050 with 256
    // (bench/dev/sat_pad_sweep.cu).
    const dim3 grid(unsigned((pitch + 4095) / 4096), unsigned(std::min(plane_rows, 4096)));
    pad_rows_by_warps<<<grid, 256, 0, stream>>>(image, w, pitch, plane_rows, padded);
    WS_CUDA_CHECK_LAUNCH();
    return;
  }
  // A block takes a group of columns in every 1024th row (blocks of one row each took 0.055 ms at
  // 8183 x 8192, bound by starting 32768 short blocks).
  const dim3 grid(unsigned((pitch / 8 + 255) / 256), unsigned(std::min(plane_rows, 1024)));
  if (reinterpret_cast<uintptr_t>(image) % 4 == 0)
    pad_rows<true><<<grid, 256, 0, stream>>>(image, w, pitch, plane_rows, padded);
  else
    pad_rows<false><<<grid, 256, 0, stream>>>(image, w, pitch, plane_rows, padded);
  WS_CUDA_CHECK_LAUNCH();
}

void launch_strip_sums(const uint8_t* rows, int pitch, int h, int channels, const Starts& starts,
                       uint32_t* sums, cudaStream_t stream) {
  const int cols = pitch % 16 == 0 ? 16 : 8;
  const dim3 grid(unsigned((pitch + cols * kSumThreads - 1) / (cols * kSumThreads)),
                  unsigned(starts.count), unsigned(channels));
  if (cols == 16)
    strip_sums<16><<<grid, kSumThreads, 0, stream>>>(rows, pitch, h, starts, sums);
  else
    strip_sums<8><<<grid, kSumThreads, 0, stream>>>(rows, pitch, h, starts, sums);
  WS_CUDA_CHECK_LAUNCH();
}

void load_start_kernels() {
  load_kernels_now(strip_sums<16>, strip_sums<8>, start_columns);
}

void launch_start_columns(int pitch, int strips, int channels, uint32_t* sums,
                          cudaStream_t stream) {
  start_columns<<<dim3(unsigned((pitch + 31) / 32), unsigned(channels)), kStartSegments * 32, 0,
                  stream>>>(pitch, strips, sums);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace ws::sat::fused
