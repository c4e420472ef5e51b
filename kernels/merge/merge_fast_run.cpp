// The fast merge and the fast sort on either backend (host vectors), their input checks, and the
// scratch sizes of the device entry points (the same arithmetic as merge_fast.cu's layout).
#include <cmath>
#include <string>

#include "../common/error.h"
#include "merge_fast_launch.h"

namespace ws::merge {

namespace {

size_t align_256(size_t bytes) {
  return (bytes + 255) / 256 * 256;
}

size_t corank_bytes(int64_t total, int64_t tile) {
  return size_t((total + tile - 1) / tile + 1) * sizeof(int64_t);
}

template <class Key>
void check_fast_input(const std::vector<Key>& keys, const std::vector<uint32_t>& values,
                      const char* what) {
  check_no_nan(keys, what);
  if (!values.empty() && values.size() != keys.size())
    throw Error(std::string(what) + ": " + std::to_string(values.size()) + " values for " +
                std::to_string(keys.size()) + " keys (give one value a key, or none)");
}

}  // namespace

void check_no_nan(const std::vector<float>& keys, const char* what) {
  for (size_t i = 0; i < keys.size(); ++i)
    if (std::isnan(keys[i]))
      throw Error(std::string(what) + "[" + std::to_string(i) +
                  "] is NaN: float keys are ordered by <, which has no place for NaN "
                  "(accepted: any other float, infinities included)");
}

void check_fast_config(FastConfig config, bool for_sort) {
  const bool power_of_two = config.threads > 0 && (config.threads & (config.threads - 1)) == 0;
  if (config.threads < 1 || config.threads > 1024 || (for_sort && !power_of_two))
    throw Error(std::string("fast ") + (for_sort ? "sort" : "merge") + ": threads must be " +
                (for_sort ? "a power of two " : "") + "1..1024, not " +
                std::to_string(config.threads));
  const int ratio = config.block_threads > 0 ? config.block_threads / config.threads : 1;
  if (for_sort && (config.block_threads < 0 || config.block_threads > 1024 ||
                   (config.block_threads > 0 &&
                    (config.block_threads % config.threads != 0 || (ratio & (ratio - 1)) != 0))))
    throw Error(
        "fast sort: the block sort's threads must be a power-of-two multiple of the "
        "passes' threads, at most 1024, not " +
        std::to_string(config.block_threads) + " for " + std::to_string(config.threads));
  if (config.items < 1 || config.items > 32)
    throw Error("fast merge/sort: items must be 1..32, not " + std::to_string(config.items));
}

int sort_fast_passes(int64_t n, FastConfig config) {
  int passes = 0;
  const int64_t block_tile = config.block_tile();
  for (int64_t runs = (n + block_tile - 1) / block_tile; runs > 1; runs = (runs + 1) / 2) ++passes;
  return passes;
}

void check_merge_timing(int variant, int64_t n_a, int64_t n_b) {
  if (variant != 0 && (variant < 2 || variant > 5))
    throw Error("merge timings take variants 2..5 (basic, tiled, circular, fast), not " +
                std::to_string(variant));
  if (n_a < 0 || n_b < 0 || n_a > kMaxTimedKeys || n_b > kMaxTimedKeys || n_a + n_b < 1)
    throw Error("merge timings take 0..2^28 keys a side (at least one key), not " +
                std::to_string(n_a) + " and " + std::to_string(n_b));
}

void check_sort_timing(int variant, int64_t n) {
  if (variant != 0 && (variant < 6 || variant > kFastSortVariant))
    throw Error("sort timings take variants 6..9 (merge-sort, bitonic, odd-even, fast), not " +
                std::to_string(variant));
  if (n < 1 || n > kMaxTimedKeys)
    throw Error("sort timings take 1..2^28 keys, not " + std::to_string(n));
}

size_t merge_fast_temp_bytes(int64_t m, int64_t n) {
  return corank_bytes(m + n, fast_merge_config().tile());
}

size_t sort_fast_temp_bytes(int64_t n, bool pairs) {
  if (n <= 1) return 0;
  return align_256(size_t(n) * 4) + (pairs ? align_256(size_t(n) * 4) : 0) +
         corank_bytes(n, fast_sort_config(pairs).tile());
}

template <class Key>
bool check_merge_fast_input(const std::vector<Key>& a, const std::vector<Key>& b,
                            const std::vector<uint32_t>& va, const std::vector<uint32_t>& vb) {
  check_fast_input(a, va, "A");
  check_fast_input(b, vb, "B");
  if (va.empty() != vb.empty() && !a.empty() && !b.empty())
    throw Error("the fast merge: give values for both A and B, or for neither");
  for (const auto* side : {&a, &b})
    for (size_t i = 1; i < side->size(); ++i)
      if ((*side)[i] < (*side)[i - 1])
        throw Error(std::string(side == &a ? "A" : "B") + " must be sorted ascending: element " +
                    std::to_string(i) + " is smaller than element " + std::to_string(i - 1));
  return !va.empty() || !vb.empty();
}

template <class Key>
bool check_sort_fast_input(const std::vector<Key>& keys, const std::vector<uint32_t>& values) {
  check_fast_input(keys, values, "keys");
  return !values.empty();
}

template <class Key>
FastResult<Key> run_merge_fast(const std::vector<Key>& a, const std::vector<Key>& b,
                               const std::vector<uint32_t>& va, const std::vector<uint32_t>& vb,
                               Backend backend) {
  if (backend == Backend::Cpu) return merge_fast_cpu(a, b, va, vb);
  check_merge_fast_input(a, b, va, vb);
  return run_merge_fast_cuda(a, b, va, vb);
}

template <class Key>
FastResult<Key> run_sort_fast(const std::vector<Key>& keys, const std::vector<uint32_t>& values,
                              Backend backend) {
  if (backend == Backend::Cpu) return sort_fast_cpu(keys, values);
  check_sort_fast_input(keys, values);
  return run_sort_fast_cuda(keys, values);
}

#define WS_MERGE_FAST_CHECKS(Key)                                                             \
  template bool check_merge_fast_input<Key>(const std::vector<Key>&, const std::vector<Key>&, \
                                            const std::vector<uint32_t>&,                     \
                                            const std::vector<uint32_t>&);                    \
  template bool check_sort_fast_input<Key>(const std::vector<Key>&, const std::vector<uint32_t>&);
WS_MERGE_FAST_CHECKS(int32_t)
WS_MERGE_FAST_CHECKS(float)
#undef WS_MERGE_FAST_CHECKS

template FastResult<int32_t> run_merge_fast<int32_t>(const std::vector<int32_t>&,
                                                     const std::vector<int32_t>&,
                                                     const std::vector<uint32_t>&,
                                                     const std::vector<uint32_t>&, Backend);
template FastResult<float> run_merge_fast<float>(const std::vector<float>&,
                                                 const std::vector<float>&,
                                                 const std::vector<uint32_t>&,
                                                 const std::vector<uint32_t>&, Backend);
template FastResult<int32_t> run_sort_fast<int32_t>(const std::vector<int32_t>&,
                                                    const std::vector<uint32_t>&, Backend);
template FastResult<float> run_sort_fast<float>(const std::vector<float>&,
                                                const std::vector<uint32_t>&, Backend);

}  // namespace ws::merge
