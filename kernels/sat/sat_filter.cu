// The box and depth-of-field filters on the GPU, every channel in one launch (grid z = channel).
// Each pixel follows sat_filter_rule.h, the body the CPU filters run too, so the pixels are the
// same bit for bit. n = w h pixels per channel, r the radius.
//
//   filter_sat_kernel        one thread per 4 neighbouring pixels of a row: four look-ups in the
//                            table per pixel through the read-only cache (warps read 128
//                            consecutive entries per corner), one 32-bit store of the 4 pixels
//                            when w is a multiple of 4. Work O(1) per pixel whatever r: 4 look-ups,
//                            16 for a u32 window too large for 32 bits (split into parts of at
//                            most 4096 x 4096). Reads the table about twice, writes n bytes.
//   filter_box_u32_eight_kernel  the u32 box filter when w is a multiple of 8: 8 pixels a
//                            thread, row differences bottom - top shuffled once, a one-sided
//                            rounding (one comparison). H100, 8192 x 8192: 0.136-0.144 ms for
//                            r = 1..100 (the 4-pixel kernel: 0.171-0.197), 0.20 ms at r = 1000;
//                            radii near the image's size clamp every window and take the
//                            general rule (0.35 ms at r = 2052, 0.54 at r = 8192).
//                            2026-11-24, same H100: 0.135 ms at r = 1 and 16, 0.142 at 100,
//                            0.204 at 1000; with the register-tiled table before it 0.297 ms
//                            (r = 16). It reads the 256 MiB table from DRAM once (ncu: 268 MB;
//                            the second reading of each row hits the L2) and writes 64 MiB:
//                            near the traffic of a copy, so table + filter stay near 0.3 ms
//                            unless the filter is fused into the table's last launch.
//   filter_direct_kernel     one thread per pixel sums its clamped window, one row of it at a
//                            time (neighbouring threads read neighbouring bytes). Work O(r^2) per
//                            pixel: the cost the SAT removes.
//   separable_rows_kernel    one thread per row walks it with a running sum of 2r+1 samples into
//                            32-bit sums (neighbouring threads read addresses a row apart).
//   separable_columns_kernel one thread per column walks the row sums downwards with a running
//                            sum and writes the rounded mean (coalesced). Work O(1) per pixel in
//                            two passes, but steps w and h: only one thread per line.
// Depth of field (SAT and direct only): pixel (x, y) takes the radius dof_radius(depth(x, y)).
#include <cuda_runtime.h>

#include <cstdint>
#include <mutex>
#include <string>
#include <type_traits>

#include "../common/cuda_check.cuh"
#include "../common/cuda_load.cuh"
#include "sat_filter_checks.h"
#include "sat_filter_rule.h"
#include "sat_launch.h"

namespace ws::sat {

namespace rule = filter_rule;

namespace {

constexpr int kPixelsPerThread = 4;  // filter_sat_kernel: 4 pixels of a row, one 32-bit store
constexpr int kBlockX = 32, kBlockY = 8;
constexpr int kLineThreads = 128;  // the separable passes: threads per block, one line each

// Table reads through the read-only data cache; 0 left of or above the image.
template <class T>
struct TableLoad {
  const T* __restrict__ table;
  int w;
  __device__ T operator()(int x, int y) const {
    return x < 0 || y < 0 ? T(0) : __ldg(table + size_t(y) * w + x);
  }
};

// The radius of pixel (x, y) (depth of field) or the box radius, capped at `cap`, the longest side.
template <bool kDof>
__device__ int radius_at(const FilterParams& p, int cap, const float* __restrict__ depth,
                         size_t index) {
  if constexpr (kDof)
    return rule::dof_radius_capped(__ldg(depth + index), p.focus, p.aperture, cap);
  else
    return p.radius < cap ? p.radius : cap;
}

template <class T, bool kDof>
__global__ void filter_sat_kernel(const T* __restrict__ tables, int w, int h, FilterParams p,
                                  int cap, const float* __restrict__ depth,
                                  uint8_t* __restrict__ out) {
  const size_t plane = size_t(w) * h;
  const int x0 = (blockIdx.x * blockDim.x + threadIdx.x) * kPixelsPerThread;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x0 >= w || y >= h) return;
  const TableLoad<T> load{tables + blockIdx.z * plane, w};
  uint8_t v[kPixelsPerThread] = {};
#pragma unroll
  for (int k = 0; k < kPixelsPerThread; ++k) {
    const int x = x0 + k;
    if (x >= w) break;
    const int r = radius_at<kDof>(p, cap, depth, size_t(y) * w + x);
    v[k] = rule::filtered_from_table<T>(load, rule::clamp_window(x, y, r, w, h));
  }
  uint8_t* o = out + blockIdx.z * plane + size_t(y) * w + x0;
  if (w % kPixelsPerThread == 0) {  // rows start 4-aligned and x0 + 3 < w: one 32-bit store
    *reinterpret_cast<uchar4*>(o) = make_uchar4(v[0], v[1], v[2], v[3]);
  } else {
    for (int k = 0; k < kPixelsPerThread && x0 + k < w; ++k) o[k] = v[k];
  }
}

// Four consecutive entries of a table row from `start`, whose misalignment start % 4 is kMis
// (the same for every thread of a launch), as aligned 16-byte loads. The row must start 16-byte
// aligned (w a multiple of 4) and start + 3 must lie in the row. load_four: one load, or two
// when misaligned. load_four_warp (every lane of the warp, neighbouring lanes 4 entries apart):
// one load, the rest from the next lane by a shuffle; the last lane loads its own.
template <int kMis>
__device__ void load_four(const uint32_t* __restrict__ row, int start, uint32_t (&v)[4]) {
  const uint4* at = reinterpret_cast<const uint4*>(row + (start - kMis));
  const uint4 lo = __ldg(at);
  const uint4 hi = kMis == 0 ? lo : __ldg(at + 1);
  const uint32_t both[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w};
#pragma unroll
  for (int k = 0; k < 4; ++k) v[k] = both[k + kMis];
}

// A warp's lanes hold consecutive runs of kN entries; lane l's run, shifted by kMis, ends with
// the first kMis entries of lane l + 1's: taken by shuffles into vals[kN .. kN + kMis), the last
// lane of the warp taking them from `mine` (its own extra load).
template <int kMis, int kN, int kSize>
__device__ __forceinline__ void take_from_next_lane(uint32_t (&vals)[kSize], const uint32_t* mine,
                                                    bool last_lane) {
  static_assert(kN + kMis <= kSize, "room for the entries taken from the next lane");
#pragma unroll
  for (int k = 0; k < kMis; ++k) {
    const uint32_t next = __shfl_down_sync(0xffffffffu, vals[k], 1);
    vals[kN + k] = last_lane ? mine[k] : next;
  }
}

template <int kMis>
__device__ void load_four_warp(const uint32_t* __restrict__ row, int start, uint32_t (&v)[4]) {
  const uint4* at = reinterpret_cast<const uint4*>(row + (start - kMis));
  const uint4 lo = __ldg(at);
  uint32_t both[8] = {lo.x, lo.y, lo.z, lo.w, 0, 0, 0, 0};
  if constexpr (kMis > 0) {
    const bool last_lane = (threadIdx.x & 31) == 31;
    const uint4 own = last_lane ? __ldg(at + 1) : make_uint4(0, 0, 0, 0);
    const uint32_t mine[4] = {own.x, own.y, own.z, own.w};
    take_from_next_lane<kMis, 4>(both, mine, last_lane);
  }
#pragma unroll
  for (int k = 0; k < 4; ++k) v[k] = both[k + kMis];
}

// The box filter on a u32 table when w is a multiple of 4, kMis = r % 4 (the right corners
// x + r are misaligned by kMis, the left ones x - r - 1 by 3 - kMis). A thread's 4 pixels whose
// windows lie inside the image's columns and fit 32 bits share their rows and count: they read
// their corners as 16-byte vectors, through shuffles when the whole warp is such (nearly every
// warp of a big image), and round with one reciprocal. Other pixels take the general rule.
template <int kMis>
__global__ void filter_box_u32_kernel(const uint32_t* __restrict__ tables, int w, int h, int r,
                                      uint8_t* __restrict__ out) {
  const size_t plane = size_t(w) * h;
  const int x = (blockIdx.x * blockDim.x + threadIdx.x) * kPixelsPerThread;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;  // the same across a warp (32 x 8 blocks)
  const bool active = x < w && y < h;
  const uint32_t* table = tables + blockIdx.z * plane;
  const int y0 = y - r < 0 ? 0 : y - r, y1 = y + r > h - 1 ? h - 1 : y + r;
  const int64_t count = int64_t(y1 - y0 + 1) * (2 * r + 1);
  const bool inside =
      active && x - r - 1 >= 0 && x + 3 + r <= w - 1 && count <= rule::kExactU32Pixels;
  uint32_t d[4], c[4], b[4] = {}, a[4] = {};
  const uint32_t* bottom = table + size_t(y1) * w;
  const uint32_t* top = table + size_t(y0 > 0 ? y0 - 1 : 0) * w;  // read only when y0 > 0
  if (__all_sync(0xffffffffu, inside)) {
    load_four_warp<kMis>(bottom, x + r, d);
    load_four_warp<3 - kMis>(bottom, x - r - 1, c);
    if (y0 > 0) {  // the same across the warp
      load_four_warp<kMis>(top, x + r, b);
      load_four_warp<3 - kMis>(top, x - r - 1, a);
    }
  } else if (inside) {
    load_four<kMis>(bottom, x + r, d);
    load_four<3 - kMis>(bottom, x - r - 1, c);
    if (y0 > 0) {
      load_four<kMis>(top, x + r, b);
      load_four<3 - kMis>(top, x - r - 1, a);
    }
  }
  if (!active) return;
  uint8_t v[kPixelsPerThread];
  if (inside) {
    const float reciprocal = rule::reciprocal_of(count);
#pragma unroll
    for (int k = 0; k < kPixelsPerThread; ++k)  // the rule's four look-ups, modulo 2^32
      v[k] = rule::round_mean_small(uint32_t(uint32_t(d[k] - b[k]) - c[k]) + a[k], int32_t(count),
                                    reciprocal);
  } else {
    const TableLoad<uint32_t> load{table, w};
#pragma unroll
    for (int k = 0; k < kPixelsPerThread; ++k)
      v[k] = rule::filtered_from_table<uint32_t>(load, rule::clamp_window(x + k, y, r, w, h));
  }
  *reinterpret_cast<uchar4*>(out + blockIdx.z * plane + size_t(y) * w + x) =
      make_uchar4(v[0], v[1], v[2], v[3]);
}

// Eight consecutive entries from `start` (start % 4 == kMis for every thread) of the row
// difference bottom - top (top: the table row above the window, absent when the window starts at
// row 0), for a whole warp whose lanes are 8 entries apart: two aligned 16-byte loads per row,
// the kMis differences past them taken from the next lane by shuffles (lane 31 loads its own).
template <int kMis>
__device__ void band_eight(const uint32_t* __restrict__ bottom, const uint32_t* __restrict__ top,
                           bool has_top, int start, uint32_t (&v)[8]) {
  const uint4* b = reinterpret_cast<const uint4*>(bottom + (start - kMis));
  const uint4* t = reinterpret_cast<const uint4*>(top + (start - kMis));
  uint32_t all[12];
#pragma unroll
  for (int j = 0; j < 2; ++j) {
    const uint4 q = __ldg(b + j);
    const uint4 p = has_top ? __ldg(t + j) : make_uint4(0, 0, 0, 0);
    all[4 * j] = q.x - p.x, all[4 * j + 1] = q.y - p.y;
    all[4 * j + 2] = q.z - p.z, all[4 * j + 3] = q.w - p.w;
  }
  if constexpr (kMis > 0) {
    const bool last_lane = (threadIdx.x & 31) == 31;
    uint4 q = make_uint4(0, 0, 0, 0), p = make_uint4(0, 0, 0, 0);
    if (last_lane) {
      q = __ldg(b + 2);
      if (has_top) p = __ldg(t + 2);
    }
    const uint32_t mine[4] = {q.x - p.x, q.y - p.y, q.z - p.z, q.w - p.w};
    take_from_next_lane<kMis, 8>(all, mine, last_lane);
  }
#pragma unroll
  for (int k = 0; k < 8; ++k) v[k] = all[k + kMis];
}

// The box filter on a u32 table when w is a multiple of 8, kMis = r % 4, 8 pixels a thread, one
// 8-byte store. Warps whose 32 x 8 pixels all have windows inside the image's columns that fit
// 32 bits (nearly all of a big image) share the rows and the count: per row band two 16-byte
// loads a corner pair, the differences bottom - top shuffled (3 shuffles a thread), then per
// pixel one subtraction and the one-sided rounding with one reciprocal. Other warps (the
// borders) take the general rule pixel by pixel.
template <int kMis>
__global__ void __launch_bounds__(kBlockX* kBlockY)
    filter_box_u32_eight_kernel(const uint32_t* __restrict__ tables, int w, int h, int r,
                                uint8_t* __restrict__ out) {
  constexpr int kPixels = 8;
  const size_t plane = size_t(w) * h;
  const int x = (blockIdx.x * blockDim.x + threadIdx.x) * kPixels;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;  // the same across a warp (32 x 8 blocks)
  const bool active = x < w && y < h;
  const uint32_t* table = tables + blockIdx.z * plane;
  const int y0 = y - r < 0 ? 0 : y - r, y1 = y + r > h - 1 ? h - 1 : y + r;
  const int64_t count = int64_t(y1 - y0 + 1) * (2 * r + 1);
  const bool inside =
      active && x - r - 1 >= 0 && x + kPixels - 1 + r <= w - 1 && count <= rule::kExactU32Pixels;
  uint8_t v[kPixels];
  if (__all_sync(0xffffffffu, inside)) {
    const uint32_t* bottom = table + size_t(y1) * w;
    const uint32_t* top = table + size_t(y0 > 0 ? y0 - 1 : 0) * w;  // read only when y0 > 0
    uint32_t right[kPixels], left[kPixels];
    band_eight<kMis>(bottom, top, y0 > 0, x + r, right);
    band_eight<3 - kMis>(bottom, top, y0 > 0, x - r - 1, left);
    const uint32_t c = uint32_t(count);
    const int32_t half = int32_t((c + 1) / 2);
    const float reciprocal = rule::reciprocal_of(count);
#pragma unroll
    for (int k = 0; k < kPixels; ++k)
      v[k] = rule::round_mean_small_one_sided(right[k] - left[k], c, half, reciprocal);
  } else {
    if (!active) return;
    const TableLoad<uint32_t> load{table, w};
#pragma unroll
    for (int k = 0; k < kPixels; ++k)
      v[k] = rule::filtered_from_table<uint32_t>(load, rule::clamp_window(x + k, y, r, w, h));
  }
  const uint2 packed = make_uint2(
      uint32_t(v[0]) | uint32_t(v[1]) << 8 | uint32_t(v[2]) << 16 | uint32_t(v[3]) << 24,
      uint32_t(v[4]) | uint32_t(v[5]) << 8 | uint32_t(v[6]) << 16 | uint32_t(v[7]) << 24);
  *reinterpret_cast<uint2*>(out + blockIdx.z * plane + size_t(y) * w + x) = packed;
}

template <bool kDof>
__global__ void filter_direct_kernel(const uint8_t* __restrict__ images, int w, int h,
                                     FilterParams p, int cap, const float* __restrict__ depth,
                                     uint8_t* __restrict__ out) {
  const size_t plane = size_t(w) * h;
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const uint8_t* image = images + blockIdx.z * plane;
  const rule::Window win =
      rule::clamp_window(x, y, radius_at<kDof>(p, cap, depth, size_t(y) * w + x), w, h);
  uint64_t sum = 0;
  for (int yy = win.y0; yy <= win.y1; ++yy) {
    const uint8_t* row = image + size_t(yy) * w;
    uint32_t row_sum = 0;  // at most 8192 * 255
    for (int xx = win.x0; xx <= win.x1; ++xx) row_sum += __ldg(row + xx);
    sum += row_sum;
  }
  out[blockIdx.z * plane + size_t(y) * w + x] = rule::round_mean(sum, win.count());
}

__global__ void separable_rows_kernel(const uint8_t* __restrict__ image, int w, int h, int r,
                                      uint32_t* __restrict__ rows) {
  const int y = blockIdx.x * blockDim.x + threadIdx.x;
  if (y >= h) return;
  const uint8_t* in = image + size_t(y) * w;
  uint32_t* sums = rows + size_t(y) * w;
  uint32_t run = 0;
  for (int x = 0; x <= r && x < w; ++x) run += in[x];
  for (int x = 0; x < w; ++x) {
    sums[x] = run;
    if (x + r + 1 < w) run += in[x + r + 1];
    if (x - r >= 0) run -= in[x - r];
  }
}

__global__ void separable_columns_kernel(const uint32_t* __restrict__ rows, int w, int h, int r,
                                         uint8_t* __restrict__ out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= w) return;
  const int64_t cols_in = (x + r < w - 1 ? x + r : w - 1) - (x - r > 0 ? x - r : 0) + 1;
  uint64_t run = 0;
  for (int y = 0; y <= r && y < h; ++y) run += rows[size_t(y) * w + x];
  for (int y = 0; y < h; ++y) {
    const int64_t rows_in = (y + r < h - 1 ? y + r : h - 1) - (y - r > 0 ? y - r : 0) + 1;
    out[size_t(y) * w + x] = rule::round_mean(run, rows_in * cols_in);
    if (y + r + 1 < h) run += rows[size_t(y + r + 1) * w + x];
    if (y - r >= 0) run -= rows[size_t(y - r) * w + x];
  }
}

// Calls f with r % 4 as a compile-time constant: the box kernels are instantiated per alignment
// of their right corners.
template <class F>
void with_misalignment(int r, F&& f) {
  switch (r % 4) {
    case 0:
      return f(std::integral_constant<int, 0>{});
    case 1:
      return f(std::integral_constant<int, 1>{});
    case 2:
      return f(std::integral_constant<int, 2>{});
    default:
      return f(std::integral_constant<int, 3>{});
  }
}

template <class T>
void launch_sat_typed(const void* table, int w, int h, int channels, const FilterParams& params,
                      const float* depth, uint8_t* out, cudaStream_t stream) {
  const int cap = w > h ? w : h;  // the largest radius that matters
  const dim3 block(kBlockX, kBlockY);
  const int pixels_per_block_row = kBlockX * kPixelsPerThread;
  const dim3 grid((w + pixels_per_block_row - 1) / pixels_per_block_row,
                  (h + kBlockY - 1) / kBlockY, channels);
  const T* t = static_cast<const T*>(table);
  if constexpr (std::is_same_v<T, uint32_t>) {
    // r mod 4 picks the instance: all eight loaded at the first launch (cuda_load.cuh), so that
    // a live radius edit does not time a load.
    static std::once_flag loaded;
    std::call_once(loaded, [] {
      load_kernels_now(filter_box_u32_eight_kernel<0>, filter_box_u32_eight_kernel<1>,
                       filter_box_u32_eight_kernel<2>, filter_box_u32_eight_kernel<3>,
                       filter_box_u32_kernel<0>, filter_box_u32_kernel<1>, filter_box_u32_kernel<2>,
                       filter_box_u32_kernel<3>);
    });
    const bool aligned8 =
        reinterpret_cast<uintptr_t>(out) % 8 == 0 && reinterpret_cast<uintptr_t>(table) % 16 == 0;
    if (!params.depth_of_field && w % 8 == 0 && aligned8) {
      const int r = params.radius < cap ? params.radius : cap;
      const dim3 grid8((w + kBlockX * 8 - 1) / (kBlockX * 8), (h + kBlockY - 1) / kBlockY,
                       channels);
      with_misalignment(r, [&](auto mis) {
        filter_box_u32_eight_kernel<mis><<<grid8, block, 0, stream>>>(t, w, h, r, out);
      });
      WS_CUDA_CHECK_LAUNCH();
      return;
    }
    if (!params.depth_of_field && w % kPixelsPerThread == 0) {
      const int r = params.radius < cap ? params.radius : cap;
      with_misalignment(r, [&](auto mis) {
        filter_box_u32_kernel<mis><<<grid, block, 0, stream>>>(t, w, h, r, out);
      });
      WS_CUDA_CHECK_LAUNCH();
      return;
    }
  }
  if (params.depth_of_field)
    filter_sat_kernel<T, true><<<grid, block, 0, stream>>>(t, w, h, params, cap, depth, out);
  else
    filter_sat_kernel<T, false><<<grid, block, 0, stream>>>(t, w, h, params, cap, nullptr, out);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace

void launch_filter_sat(Accum a, const void* table, int w, int h, int channels,
                       const FilterParams& params, const float* depth, uint8_t* out,
                       cudaStream_t stream) {
  check_filter_args(w, h, channels, params, depth, "the SAT filter");
  WS_REQUIRE(table != nullptr && out != nullptr, std::string("launch_filter_sat: null buffer"));
  switch (a) {
    case Accum::U8U32:
      return launch_sat_typed<uint32_t>(table, w, h, channels, params, depth, out, stream);
    case Accum::F32F32:
      return launch_sat_typed<float>(table, w, h, channels, params, depth, out, stream);
    case Accum::F32F64:
      return launch_sat_typed<double>(table, w, h, channels, params, depth, out, stream);
  }
  throw Error("the SAT filter: unknown accumulation type " + std::to_string(int(a)));
}

void launch_filter_direct(const uint8_t* image, int w, int h, int channels,
                          const FilterParams& params, const float* depth, uint8_t* out,
                          cudaStream_t stream) {
  check_filter_args(w, h, channels, params, depth, "the direct filter");
  WS_REQUIRE(image != nullptr && out != nullptr, std::string("launch_filter_direct: null buffer"));
  const int cap = w > h ? w : h;  // the largest radius that matters
  const dim3 block(kBlockX, kBlockY);
  const dim3 grid((w + kBlockX - 1) / kBlockX, (h + kBlockY - 1) / kBlockY, channels);
  if (params.depth_of_field)
    filter_direct_kernel<true><<<grid, block, 0, stream>>>(image, w, h, params, cap, depth, out);
  else
    filter_direct_kernel<false><<<grid, block, 0, stream>>>(image, w, h, params, cap, nullptr, out);
  WS_CUDA_CHECK_LAUNCH();
}

size_t separable_scratch_bytes(int w, int h) {
  return w > 0 && h > 0 ? size_t(w) * size_t(h) * sizeof(uint32_t) : 0;
}

void launch_filter_separable(const uint8_t* image, int w, int h, int channels,
                             const FilterParams& params, void* scratch, uint8_t* out,
                             cudaStream_t stream) {
  check_one_radius_filter_args(w, h, channels, params, "the separable filter");
  WS_REQUIRE(image != nullptr && out != nullptr && scratch != nullptr,
             std::string("launch_filter_separable: null buffer"));
  const int r = rule::useful_radius(params.radius, w, h);
  const size_t plane = size_t(w) * h;
  uint32_t* rows = static_cast<uint32_t*>(scratch);
  // One channel at a time through the one scratch plane; the stream keeps them in order.
  for (int c = 0; c < channels; ++c) {
    separable_rows_kernel<<<(h + kLineThreads - 1) / kLineThreads, kLineThreads, 0, stream>>>(
        image + c * plane, w, h, r, rows);
    WS_CUDA_CHECK_LAUNCH();
    separable_columns_kernel<<<(w + kLineThreads - 1) / kLineThreads, kLineThreads, 0, stream>>>(
        rows, w, h, r, out + c * plane);
    WS_CUDA_CHECK_LAUNCH();
  }
}

}  // namespace ws::sat
