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
// The GPU's multi-bit LSD sort of PMPP 13.4-13.5 with 4- or 8-bit digits (sort_cuda runs the
// onesweep sort instead).
scan::FastRun sort_cuda_bits(const uint32_t* in, uint32_t* out, int64_t n, int repeats,
                             int radix_bits);
// Key-value pairs: ours (LSD on the CPU, onesweep on CUDA) and the library's.
scan::FastRun sort_pairs_cpu(const uint32_t* keys, const uint32_t* values, uint32_t* keys_out,
                             uint32_t* values_out, int64_t n, int repeats);
scan::FastRun library_pairs_cpu(const uint32_t* keys, const uint32_t* values, uint32_t* keys_out,
                                uint32_t* values_out, int64_t n, int repeats);
scan::FastRun sort_pairs_cuda(const uint32_t* keys, const uint32_t* values, uint32_t* keys_out,
                              uint32_t* values_out, int64_t n, int repeats);
scan::FastRun library_pairs_cuda(const uint32_t* keys, const uint32_t* values, uint32_t* keys_out,
                                 uint32_t* values_out, int64_t n, int repeats);

inline double sort_gbps(int64_t n, double ms) {
  return ms > 0 ? 8.0 * static_cast<double>(n) / (ms * 1e6) : 0.0;
}
inline double sort_pairs_gbps(int64_t n, double ms) {  // a key and a value read and written
  return 2 * sort_gbps(n, ms);
}

}  // namespace ws::radix
