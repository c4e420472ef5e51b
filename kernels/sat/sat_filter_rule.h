// The rule of one filtered pixel, one body for the CPU filters (sat_filter_cpu.cpp) and the CUDA
// kernels (sat_filter.cu), so both give the same bits: the window clamped to the image, the
// depth-of-field radius, the exact window sum from a table, and the rounding of the mean.
//   window   x-r..x+r, y-r..y+r clamped to the image; count = its true pixel count.
//   mean     floor((2 sum + count) / (2 count)) = sum / count rounded half up, 0..255.
//   u32      a table modulo 2^32: four look-ups give the sum modulo 2^32, the true sum while it is
//            below 2^32, i.e. for windows of at most kExactU32Pixels pixels; larger windows are
//            split into parts of at most kSplitEdge x kSplitEdge (at most 4 for images up to
//            8192 x 8192) whose exact sums are added in 64 bits.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "../common/host_device.h"

// Loops with constant bounds unrolled on the device, so small arrays stay in registers.
#if defined(__CUDA_ARCH__)
#define WS_SAT_UNROLL _Pragma("unroll")
#else
#define WS_SAT_UNROLL
#endif

namespace ws::sat::filter_rule {

// 255 * 16,843,009 = 2^32 - 1: any window this small has a sum that fits in 32 bits.
inline constexpr int64_t kExactU32Pixels = 16843009;
// 255 * 4096 * 4096 = 4,278,190,080 < 2^32: a part this size is exact from four look-ups.
inline constexpr int kSplitEdge = 4096;

// The window of a pixel, inclusive bounds clamped to the image.
struct Window {
  int x0, y0, x1, y1;
  WS_HD int64_t count() const { return int64_t(x1 - x0 + 1) * (y1 - y0 + 1); }
};

// A radius never needs to exceed the longer side: a larger one gives the same clamped window.
// Clamping first keeps x + r from overflowing.
WS_HD int useful_radius(int r, int w, int h) {
  const int longest = w > h ? w : h;
  return r < longest ? r : longest;
}

WS_HD Window clamp_window(int x, int y, int r, int w, int h) {
  Window win;
  win.x0 = x - r < 0 ? 0 : x - r;
  win.y0 = y - r < 0 ? 0 : y - r;
  win.x1 = x + r > w - 1 ? w - 1 : x + r;
  win.y1 = y + r > h - 1 ? h - 1 : y + r;
  return win;
}

// dof_radius (sat_info.cpp) with the same float operations (both sides compile without
// contractions), capped at `cap` (the useful radius) before the conversion to int so that huge
// apertures cannot overflow; a NaN depth gives the cap.
WS_HD int dof_radius_capped(float depth, float focus, float aperture, int cap) {
  const float d = depth - focus;
  const float r = aperture * (d < 0 ? -d : d);
  const float f = floorf(r + 0.5f);
  return f < float(cap) ? int(f) : cap;
}

// The four look-ups over x0..x1, y0..y1 in the table's own arithmetic; `load(x, y)` returns 0
// for x < 0 or y < 0. For uint32_t the subtraction wraps modulo 2^32.
template <class T, class Load>
WS_HD T four_lookups(const Load& load, int x0, int y0, int x1, int y1) {
  const T d = load(x1, y1), b = load(x1, y0 - 1), c = load(x0 - 1, y1), a = load(x0 - 1, y0 - 1);
  return T(T(T(d - b) - c) + a);
}

// The exact sum of a u32 table's window: four look-ups when it is small enough, else split at
// kSplitEdge in x and/or y into at most 2 x 2 parts (a side is at most kMaxSide), whose corners
// form a grid of at most 3 x 3 look-ups; each part's four-look-up difference, modulo 2^32, is
// exact, and the parts are added in 64 bits.
template <class Load>
WS_HD uint64_t exact_sum_u32(const Load& load, const Window& win) {
  if (win.count() <= kExactU32Pixels)
    return four_lookups<uint32_t>(load, win.x0, win.y0, win.x1, win.y1);
  static_assert(2 * kSplitEdge >= 8192, "two parts per side cover the largest image");
  const int nx = win.x1 - win.x0 + 1 > kSplitEdge ? 2 : 1;  // parts along x
  const int ny = win.y1 - win.y0 + 1 > kSplitEdge ? 2 : 1;  // parts along y
  // The corner lines: left of / above the window, the split (if any), the last column / row.
  const int cx[3] = {win.x0 - 1, nx == 2 ? win.x0 - 1 + kSplitEdge : win.x1, win.x1};
  const int cy[3] = {win.y0 - 1, ny == 2 ? win.y0 - 1 + kSplitEdge : win.y1, win.y1};
  uint32_t g[3][3];  // g[j][i]: the table at (cx[i], cy[j]); constant bounds keep it in registers
  WS_SAT_UNROLL
  for (int j = 0; j < 3; ++j) {
    WS_SAT_UNROLL
    for (int i = 0; i < 3; ++i) g[j][i] = (i <= nx && j <= ny) ? load(cx[i], cy[j]) : 0u;
  }
  uint64_t sum = 0;
  WS_SAT_UNROLL
  for (int j = 0; j < 2; ++j) {
    WS_SAT_UNROLL
    for (int i = 0; i < 2; ++i)
      if (i < nx && j < ny)
        sum += uint32_t(uint32_t(uint32_t(g[j + 1][i + 1] - g[j][i + 1]) - g[j + 1][i]) + g[j][i]);
  }
  return sum;
}

// sum / count rounded half up: floor((2 sum + count) / (2 count)) = floor(sum / count + 1/2), at
// most 255 for a mean of 8-bit samples. Divisions are slow on both sides (a 64-bit one takes tens
// of cycles on a CPU and a long instruction sequence on a GPU), so each version below takes a
// float estimate, within 1 of the answer (its rounding errors are below 1e-4 for quotients up to
// 256), and corrects it by exact integer comparisons: any reciprocal near the true one gives the
// same, exact, result.

WS_HD float reciprocal_of(int64_t value) {
#if defined(__CUDA_ARCH__)
  return __frcp_rn(float(value));  // one instruction sequence, no IEEE division's slow path
#else
  return 1.0f / float(value);
#endif
}

// A window of at most kExactU32Pixels pixels: its true sum is below 2^32, and with q within 1 of
// the answer, e = sum - q count lies within +-2 count, so 32-bit integers hold every step.
// `reciprocal`: near 1 / count.
WS_HD uint8_t round_mean_small(uint32_t sum, int32_t count, float reciprocal) {
  int q = int(float(sum) * reciprocal + 0.5f);
  const int32_t e = int32_t(sum - uint32_t(q) * uint32_t(count));  // exact: |e| < 2^31
  if (2 * e >= count)
    ++q;  // sum / count + 1/2 >= q + 1
  else if (2 * e < -count)
    --q;  // sum / count + 1/2 < q
  return uint8_t(q);
}

// round_mean_small with one correction instead of two (the GPU box filter's inner loop): the
// estimate is biased down by 0.001, more than its error, so it is the answer or one less, and
// one comparison decides. `half` = (count + 1) / 2: 2 e >= count <=> e >= half for an integer e.
// The same result as round_mean_small for every sum below 2^32 with sum / count <= 255.
WS_HD uint8_t round_mean_small_one_sided(uint32_t sum, uint32_t count, int32_t half,
                                         float reciprocal) {
  uint32_t q = uint32_t(float(sum) * reciprocal + 0.499f);  // floor(sum/count + 1/2) or -1
  if (int32_t(sum - q * count) >= half) ++q;                // |e| < 2 count: exact
  return uint8_t(q);
}

// The same mean as a division by an invariant integer (the GPU box filter's inner pixels, where
// a row's windows share one count): floor((2 sum + count) / (2 count)) = floor((sum + addend) /
// count) with addend = floor(count / 2) (for an odd count, sum + addend + 1/2 never reaches the
// next multiple of count), and that quotient is the high word of (sum + addend) x multiplier,
// shifted right: multiplier = ceil(2^(32 + shift) / count), with 32 + shift the fewest bits that
// make n e < 2^(32 + shift) for every numerator n <= 255 count + count / 2 (e = multiplier x count
// - 2^(32 + shift) < count), so the product's error never reaches the next integer. The multiplier
// fits 32 bits for every count below 2^23 (it is below 512 count); count 1 takes 2^32 - 1 and
// addend 1 (floor((n + 1)(2^32 - 1) / 2^32) = n for n < 2^32). Three instructions on the GPU
// (an add, a multiply-high and a shift) where round_mean_small_one_sided takes seven.
struct MeanDivisor {
  uint32_t multiplier = 0;  // 0: no divisor (count 0, or 2^23 and above): round another way
  uint32_t addend = 0;
  uint32_t shift = 0;
};

WS_HD MeanDivisor mean_divisor(uint64_t count) {
  MeanDivisor d;
  if (count == 0 || count >= (uint64_t(1) << 23)) return d;
  if (count == 1) {
    d.multiplier = 0xffffffffu, d.addend = 1;
    return d;
  }
  const uint64_t largest = 255 * count + count / 2;    // the largest numerator
  const uint64_t error_bound = largest * (count - 1);  // below 2^54
  int bits = 32;
  while ((uint64_t(1) << bits) <= error_bound) ++bits;
  d.multiplier = uint32_t(((uint64_t(1) << bits) + count - 1) / count);
  d.addend = uint32_t(count / 2);
  d.shift = uint32_t(bits - 32);
  return d;
}

// sum / count rounded half up through mean_divisor(count) (multiplier != 0; sum <= 255 count).
WS_HD uint8_t mean_by_divisor(uint32_t sum, const MeanDivisor& d) {
#if defined(__CUDA_ARCH__)
  return uint8_t(__umulhi(sum + d.addend, d.multiplier) >> d.shift);
#else
  return uint8_t(((uint64_t(sum + d.addend) * d.multiplier) >> 32) >> d.shift);
#endif
}

// Any window (sums up to 255 * 8192^2 < 2^35) in 64 bits. `reciprocal`: near 1 / (2 count).
WS_HD uint8_t round_mean_wide(uint64_t sum, int64_t count, float reciprocal) {
  const uint64_t num = 2 * sum + uint64_t(count), den = 2 * uint64_t(count);
  // Signed conversion (num < 2^63): one instruction on x86, unlike an unsigned 64-bit one.
  const float estimate = float(int64_t(num)) * reciprocal;
  int q = estimate < 255.0f ? int(estimate) : 255;
  if (uint64_t(q) * den > num)
    --q;
  else if (q < 255 && uint64_t(q + 1) * den <= num)
    ++q;
  return uint8_t(q);
}

WS_HD uint8_t round_mean(uint64_t sum, int64_t count) {
  if (count <= kExactU32Pixels)
    return round_mean_small(uint32_t(sum), int32_t(count), reciprocal_of(count));
  return round_mean_wide(sum, count, reciprocal_of(2 * count));
}

// The same rule for a float or double table's sum: floor((2 sum + count) / (2 count)) in double,
// clamped to 0..255. Exact at every rounding boundary: 2 sum + count is exact in double there, and
// a quotient that is not an integer lies much further from one than a double's rounding.
WS_HD uint8_t round_mean(double sum, int64_t count) {
  const double q = floor((2.0 * sum + double(count)) / (2.0 * double(count)));
  return uint8_t(q >= 0.0 ? (q > 255.0 ? 255.0 : q) : 0.0);  // a NaN gives 0
}

// The filtered value of one pixel from a table of T (uint32_t, float or double).
template <class T, class Load>
WS_HD uint8_t filtered_from_table(const Load& load, const Window& win) {
  if constexpr (std::is_same_v<T, uint32_t>) {
    return round_mean(exact_sum_u32(load, win), win.count());
  } else {
    return round_mean(double(four_lookups<T>(load, win.x0, win.y0, win.x1, win.y1)), win.count());
  }
}

}  // namespace ws::sat::filter_rule
