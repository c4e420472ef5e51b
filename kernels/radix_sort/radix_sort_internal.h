// Radix sort's fast-mode backends behind radix_sort_run.cpp: the CPU (radix_sort_cpu.cpp) and
// CUDA (radix_sort.cu; radix_sort_cuda_none.cpp in CPU-only builds, which throws ws::Error).
#pragma once

#include <cstdint>

#include "radix_sort.h"

namespace ws::radix {

scan::FastRun sort_cpu(const uint32_t* in, uint32_t* out, int64_t n, int repeats);
scan::FastRun library_cpu(const uint32_t* in, uint32_t* out, int64_t n, int repeats);
scan::FastRun sort_cuda(const uint32_t* in, uint32_t* out, int64_t n, int repeats);
scan::FastRun library_cuda(const uint32_t* in, uint32_t* out, int64_t n, int repeats);
// The GPU sort with 4- or 8-bit digits (sort_cuda uses kDefaultGpuRadixBits).
scan::FastRun sort_cuda_bits(const uint32_t* in, uint32_t* out, int64_t n, int repeats,
                             int radix_bits);
constexpr int kDefaultGpuRadixBits = 4;  // measured faster from 2^24 keys up (H100)

inline double sort_gbps(int64_t n, double ms) {
  return ms > 0 ? 8.0 * static_cast<double>(n) / (ms * 1e6) : 0.0;
}

}  // namespace ws::radix
