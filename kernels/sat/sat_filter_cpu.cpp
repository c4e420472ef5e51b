// The box and depth-of-field filters on the CPU, one channel at a time. Every output pixel is the
// mean of its window x-r..x+r, y-r..y+r clamped to the image, divided by the clamped window's true
// pixel count and rounded half up (sat_filter_rule.h, shared with the CUDA kernels).
//
//   filter_sat_cpu        four look-ups in the summed-area table per pixel: O(1) in r.
//   filter_direct_cpu     sums the clamped window: O(r^2) per pixel (integer sums, one row of
//                         the window at a time so the inner loop runs over consecutive bytes).
//   filter_separable_cpu  a running sum along each row (into 32-bit sums), then a running sum
//                         down each column of those: O(1) per pixel, two passes, one radius.
//
// Why a 32-bit table still gives exact means at any radius: the u32 table holds every prefix sum
// modulo 2^32 (an 8192 x 8192 image of 255s sums to about 1.7e10, far past 2^32 = 4.29e9). The
// four look-ups D - B - C + A, taken modulo 2^32 as well, equal the window's true sum modulo 2^32:
// the wrap-arounds cancel. That is the true sum itself whenever the true sum is below 2^32, which
// is certain when 255 * pixels < 2^32, i.e. for windows of up to 16,843,009 pixels (about
// 4104 x 4104). A bigger window (r >= 2052 on an 8192 x 8192 image) is split into parts of at
// most 4096 x 4096 (255 * 4096^2 < 2^32), at most 4 of them since a side is at most 8192; each
// part's four look-ups are exact, and their sum is added in 64 bits. So the SAT filter equals
// the direct filter at every radius; the float table instead loses low bits as its sums grow.
#include <algorithm>
#include <cstring>
#include <vector>

#include "../common/error.h"
#include "sat_filter_checks.h"
#include "sat_filter_cpu.h"
#include "sat_filter_rule.h"

namespace ws::sat {

namespace rule = filter_rule;

namespace {

// The radius of pixel (x, y): the box radius, or its depth-of-field radius.
struct RadiusOf {
  const FilterParams& params;
  const float* depth;
  int w, h, cap;  // cap: the longest side, the largest radius that matters
  int operator()(int x, int y) const {
    if (!params.depth_of_field) return std::min(params.radius, cap);
    return rule::dof_radius_capped(depth[size_t(y) * w + x], params.focus, params.aperture, cap);
  }
};

template <class T>
void filter_table(const T* table, int w, int h, const RadiusOf& radius_of, uint8_t* out) {
  auto load = [table, w](int x, int y) -> T {
    return x < 0 || y < 0 ? T(0) : table[size_t(y) * w + x];
  };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const rule::Window win = rule::clamp_window(x, y, radius_of(x, y), w, h);
      out[size_t(y) * w + x] = rule::filtered_from_table<T>(load, win);
    }
}

// The box filter on a u32 table, row by row: the same rule as filter_table, with the row
// pointers and the reciprocal of the count (the same across a row's interior) kept between pixels.
void filter_box_u32(const uint32_t* table, int w, int h, int r, uint8_t* out) {
  auto load = [table, w](int x, int y) -> uint32_t {
    return x < 0 || y < 0 ? 0u : table[size_t(y) * w + x];
  };
  for (int y = 0; y < h; ++y) {
    const int y0 = std::max(y - r, 0), y1 = std::min(y + r, h - 1);
    const uint32_t* bottom = table + size_t(y1) * w;
    const uint32_t* top = y0 > 0 ? table + size_t(y0 - 1) * w : nullptr;
    int64_t last_count = -1;
    float reciprocal = 0;
    for (int x = 0; x < w; ++x) {
      const rule::Window win{std::max(x - r, 0), y0, std::min(x + r, w - 1), y1};
      const int64_t count = win.count();
      if (count != last_count) last_count = count, reciprocal = rule::reciprocal_of(count);
      if (count > rule::kExactU32Pixels) {  // too big for 32 bits: summed in parts
        out[size_t(y) * w + x] =
            rule::round_mean_wide(rule::exact_sum_u32(load, win), count, 0.5f * reciprocal);
        continue;
      }
      const uint32_t d = bottom[win.x1], c = win.x0 > 0 ? bottom[win.x0 - 1] : 0u;
      const uint32_t b = top ? top[win.x1] : 0u, a = top && win.x0 > 0 ? top[win.x0 - 1] : 0u;
      out[size_t(y) * w + x] =
          rule::round_mean_small(uint32_t(uint32_t(d - b) - c) + a, int32_t(count), reciprocal);
    }
  }
}

}  // namespace

void filter_sat_cpu(Accum a, const void* table, int w, int h, const FilterParams& params,
                    const float* depth, uint8_t* out) {
  check_filter_args(w, h, 1, params, depth, "the SAT filter");
  WS_REQUIRE(table != nullptr && out != nullptr, std::string("filter_sat_cpu: null buffer"));
  const RadiusOf radius_of{params, depth, w, h, std::max(w, h)};
  switch (a) {
    case Accum::U8U32:
      if (!params.depth_of_field)
        return filter_box_u32(static_cast<const uint32_t*>(table), w, h, radius_of(0, 0), out);
      return filter_table(static_cast<const uint32_t*>(table), w, h, radius_of, out);
    case Accum::F32F32:
      return filter_table(static_cast<const float*>(table), w, h, radius_of, out);
    case Accum::F32F64:
      return filter_table(static_cast<const double*>(table), w, h, radius_of, out);
  }
  throw Error("the SAT filter: unknown accumulation type " + std::to_string(int(a)));
}

void filter_direct_cpu(const uint8_t* image, int w, int h, const FilterParams& params,
                       const float* depth, uint8_t* out) {
  check_filter_args(w, h, 1, params, depth, "the direct filter");
  WS_REQUIRE(image != nullptr && out != nullptr, std::string("filter_direct_cpu: null buffer"));
  const RadiusOf radius_of{params, depth, w, h, std::max(w, h)};
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const rule::Window win = rule::clamp_window(x, y, radius_of(x, y), w, h);
      uint64_t sum = 0;
      for (int yy = win.y0; yy <= win.y1; ++yy) {
        const uint8_t* row = image + size_t(yy) * w;
        uint32_t row_sum = 0;  // at most 8192 * 255
        for (int xx = win.x0; xx <= win.x1; ++xx) row_sum += row[xx];
        sum += row_sum;
      }
      out[size_t(y) * w + x] = rule::round_mean(sum, win.count());
    }
}

void filter_separable_cpu(const uint8_t* image, int w, int h, const FilterParams& params,
                          uint8_t* out) {
  check_one_radius_filter_args(w, h, 1, params, "the separable filter");
  WS_REQUIRE(image != nullptr && out != nullptr, std::string("filter_separable_cpu: null buffer"));
  const int r = rule::useful_radius(params.radius, w, h);

  // Pass 1: the sum of x-r..x+r (clamped) along every row, by a running sum.
  std::vector<uint32_t> rows(size_t(w) * h);
  for (int y = 0; y < h; ++y) {
    const uint8_t* in = image + size_t(y) * w;
    uint32_t* sums = rows.data() + size_t(y) * w;
    uint32_t run = 0;
    for (int x = 0; x <= std::min(r, w - 1); ++x) run += in[x];
    for (int x = 0; x < w; ++x) {
      sums[x] = run;
      if (x + r + 1 < w) run += in[x + r + 1];
      if (x - r >= 0) run -= in[x - r];
    }
  }
  // Pass 2: the sum of those over y-r..y+r (clamped), a running sum per column, row by row.
  std::vector<uint64_t> run(w, 0);
  for (int y = 0; y <= std::min(r, h - 1); ++y)
    for (int x = 0; x < w; ++x) run[x] += rows[size_t(y) * w + x];
  for (int y = 0; y < h; ++y) {
    const int64_t rows_in = std::min(y + r, h - 1) - std::max(y - r, 0) + 1;
    for (int x = 0; x < w; ++x) {
      const int64_t cols_in = std::min(x + r, w - 1) - std::max(x - r, 0) + 1;
      out[size_t(y) * w + x] = rule::round_mean(run[x], rows_in * cols_in);
    }
    if (y + r + 1 < h)
      for (int x = 0; x < w; ++x) run[x] += rows[size_t(y + r + 1) * w + x];
    if (y - r >= 0)
      for (int x = 0; x < w; ++x) run[x] -= rows[size_t(y - r) * w + x];
  }
}

}  // namespace ws::sat
