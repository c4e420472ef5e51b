// Compaction's backends behind compact_run.cpp: the CPU twin (compact_cpu.cpp) and the CUDA
// kernels (compact.cu; compact_cuda_none.cpp in CPU-only builds, which throws ws::Error).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "compact.h"

namespace ws::compact {

TeachRun teach_cpu(const Params& p, const std::vector<double>& values);
scan::FastRun fast_cpu(const Params& p, const void* in, void* out, int64_t n, int repeats,
                       int64_t* kept);
scan::FastRun library_cpu(const Params& p, const void* in, void* out, int64_t n, int repeats,
                          int64_t* kept);

TeachRun teach_cuda(const Params& p, const std::vector<double>& values);
scan::FastRun fast_cuda(const Params& p, const void* in, void* out, int64_t n, int repeats,
                        int64_t* kept);
scan::FastRun library_cuda(const Params& p, const void* in, void* out, int64_t n, int repeats,
                           int64_t* kept);

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

// gbps for compaction: 4 bytes read per input, 4 written per kept element.
inline double compaction_gbps(int64_t n, int64_t kept, double ms) {
  return ms > 0 ? 4.0 * static_cast<double>(n + kept) / (ms * 1e6) : 0.0;
}

}  // namespace ws::compact
