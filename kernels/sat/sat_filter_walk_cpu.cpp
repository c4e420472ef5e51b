// CPU twin of the fused box filter (sat_filter_fused.cu): per channel, two rows of the summed-area
// table walked down the image, never the whole table. For output row y the bottom walk holds
// S(., min(y + r, h - 1)) and the top walk S(., max(y - r, 0) - 1) (zeros above the image); a
// window's sum is E(x1) - E(x0 - 1) with E = bottom - top, and each walk moves down at most one
// image row per output row, adding that row's prefix. Sums in 64 bits; the pixel rule is
// sat_filter_rule.h's, so the pixels are every other box filter's.
// Work O(w h) whatever r (each image row is added into each walk once); memory O(w).
#include <cstdint>
#include <string>
#include <vector>

#include "../common/error.h"
#include "sat_filter_checks.h"
#include "sat_filter_cpu.h"
#include "sat_filter_rule.h"

namespace ws::sat {

namespace rule = filter_rule;

void filter_box_walk_cpu(const uint8_t* image, int w, int h, const FilterParams& params,
                         uint8_t* out) {
  check_one_radius_filter_args(w, h, 1, params, "the fused filter");
  WS_REQUIRE(image != nullptr && out != nullptr, std::string("filter_box_walk_cpu: null buffer"));
  const int r = rule::useful_radius(params.radius, w, h);
  std::vector<uint64_t> bottom(size_t(w), 0), top(size_t(w), 0), e(size_t(w), 0);
  auto add_row = [&](std::vector<uint64_t>& s, int y) {
    uint64_t prefix = 0;
    const uint8_t* row = image + size_t(y) * w;
    for (int x = 0; x < w; ++x) s[size_t(x)] += prefix += row[x];
  };
  int bottom_row = -1, top_row = -1;  // the image rows the walks have added up to
  for (int y = 0; y < h; ++y) {
    const int want_bottom = y + r > h - 1 ? h - 1 : y + r;
    const int want_top = (y - r < 0 ? 0 : y - r) - 1;
    while (bottom_row < want_bottom) add_row(bottom, ++bottom_row);
    while (top_row < want_top) add_row(top, ++top_row);
    for (int x = 0; x < w; ++x) e[size_t(x)] = bottom[size_t(x)] - top[size_t(x)];
    const int rows = bottom_row - top_row;
    for (int x = 0; x < w; ++x) {
      const int x0 = x - r < 0 ? 0 : x - r, x1 = x + r > w - 1 ? w - 1 : x + r;
      const uint64_t sum = e[size_t(x1)] - (x0 > 0 ? e[size_t(x0 - 1)] : 0);
      out[size_t(y) * w + x] = rule::round_mean(sum, int64_t(x1 - x0 + 1) * rows);
    }
  }
}

}  // namespace ws::sat
