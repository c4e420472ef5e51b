// Radix sort's backend dispatch and the comparison with the library.
#include <algorithm>
#include <vector>

#include "radix_sort_internal.h"

namespace ws::radix {

scan::FastRun sort_fast(Backend backend, const uint32_t* in, uint32_t* out, int64_t n,
                        int repeats) {
  return backend == Backend::Cpu ? sort_cpu(in, out, n, repeats) : sort_cuda(in, out, n, repeats);
}

scan::FastRun sort_library(Backend backend, const uint32_t* in, uint32_t* out, int64_t n,
                           int repeats) {
  return backend == Backend::Cpu ? library_cpu(in, out, n, repeats)
                                 : library_cuda(in, out, n, repeats);
}

const char* library_name(Backend backend) {
  return backend == Backend::Cuda ? "CUB DeviceRadixSort::SortKeys" : "std::stable_sort";
}

scan::FastRun sort_pairs_fast(Backend backend, const uint32_t* keys, const uint32_t* values,
                              uint32_t* keys_out, uint32_t* values_out, int64_t n, int repeats) {
  return backend == Backend::Cpu ? sort_pairs_cpu(keys, values, keys_out, values_out, n, repeats)
                                 : sort_pairs_cuda(keys, values, keys_out, values_out, n, repeats);
}

scan::FastRun sort_pairs_library(Backend backend, const uint32_t* keys, const uint32_t* values,
                                 uint32_t* keys_out, uint32_t* values_out, int64_t n, int repeats) {
  return backend == Backend::Cpu
             ? library_pairs_cpu(keys, values, keys_out, values_out, n, repeats)
             : library_pairs_cuda(keys, values, keys_out, values_out, n, repeats);
}

const char* pairs_library_name(Backend backend) {
  return backend == Backend::Cuda ? "CUB DeviceRadixSort::SortPairs" : "std::stable_sort (pairs)";
}

double keys_per_second(const scan::FastRun& run) {
  return run.median_ms > 0 ? static_cast<double>(run.n) / (run.median_ms * 1e-3) : 0.0;
}

Comparison compare_with_library(Backend backend, const uint32_t* in, int64_t n, int repeats) {
  std::vector<uint32_t> ours(static_cast<size_t>(n)), theirs(static_cast<size_t>(n));
  Comparison c;
  c.ours = sort_fast(backend, in, ours.data(), n, repeats);
  c.library = sort_library(backend, in, theirs.data(), n, repeats);
  c.verified = ours == theirs;
  return c;
}

}  // namespace ws::radix
