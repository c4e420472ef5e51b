// Segmented scan's backends behind segmented_run.cpp: the CPU twin (segmented_cpu.cpp) and CUDA
// (segmented_scan.cu; segmented_cuda_none.cpp in CPU-only builds, which throws ws::Error).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "segmented_scan.h"

namespace ws::segscan {

int teach_block_dim(const Params& p, int64_t n);  // validated: a power of two >= n

TeachRun teach_cpu(const Params& p, const Segments& s);
scan::FastRun fast_cpu(const Params& p, const void* in, const uint8_t* heads, void* out, int64_t n,
                       int repeats);
TeachRun teach_cuda(const Params& p, const Segments& s);
scan::FastRun fast_cuda(const Params& p, const void* in, const uint8_t* heads, void* out, int64_t n,
                        int repeats);

// A value as the element type holds it (int32: rounded to nearest and clamped).
template <class T>
T to_element(double v) {
  if constexpr (std::is_same_v<T, float>) {
    return static_cast<float>(v);
  } else {
    if (std::isnan(v)) return 0;
    const double lo = std::numeric_limits<int32_t>::min(), hi = std::numeric_limits<int32_t>::max();
    return static_cast<int32_t>(std::nearbyint(std::min(hi, std::max(lo, v))));
  }
}

inline double segmented_gbps(int64_t n, double ms) {
  return ms > 0 ? 9.0 * static_cast<double>(n) / (ms * 1e6) : 0.0;
}

}  // namespace ws::segscan
