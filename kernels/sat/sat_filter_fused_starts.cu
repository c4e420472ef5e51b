// The fused box filter's launches 0-2 (FilterMethod::Fused; the walk, launch 3, and the host
// side are sat_filter_fused.cu, which says how they fit together): they prepare where each walk
// starts when its first window is too tall for the walk to sum it itself.
//   0 pad rows       only for widths that are not a multiple of 8: the image copied into rows of
//                    w rounded up to 8 bytes (three aligned 4-byte loads and two funnel shifts per
//                    8 bytes, or bytes), so that launches 1 and 3 load whole 8- or 16-byte
//                    groups. Work: one read and one write of the image; steps: a thread's rows
//                    (every 1024th) one after the other.
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
                     cudaStream_t stream) {
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

void launch_start_columns(int pitch, int strips, int channels, uint32_t* sums,
                          cudaStream_t stream) {
  start_columns<<<dim3(unsigned((pitch + 31) / 32), unsigned(channels)), kStartSegments * 32, 0,
                  stream>>>(pitch, strips, sums);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace ws::sat::fused
