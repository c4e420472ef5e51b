// CPU-only builds: the merge and sort timings check their arguments and say there is no CUDA
// backend (available false).
#include <string>

#include "merge_fast_launch.h"
#include "sort.h"

namespace ws::merge {

namespace {

const char* const kTimingNoCuda =
    "this build has no CUDA backend (configure with WARPSCOPE_CUDA=ON)";

MergeTiming merge_timing_unavailable(std::string name) {
  MergeTiming t;
  t.name = std::move(name);
  t.note = kTimingNoCuda;
  return t;
}

SortTiming sort_timing_unavailable(std::string name, int64_t n) {
  SortTiming t;
  t.name = std::move(name);
  t.keys = n;
  t.note = kTimingNoCuda;
  return t;
}

}  // namespace

MergeTiming time_merge(int variant, KeyType, bool, int64_t n_a, int64_t n_b, MergeGen, int,
                       uint64_t) {
  check_merge_timing(variant, n_a, n_b);
  return merge_timing_unavailable(merge_info(MergeVariant(variant)).title);
}

MergeTiming time_cub_merge(KeyType, bool pairs, int64_t n_a, int64_t n_b, MergeGen, int, uint64_t) {
  check_merge_timing(0, n_a, n_b);
  return merge_timing_unavailable(pairs ? "CUB DeviceMerge::MergePairs"
                                        : "CUB DeviceMerge::MergeKeys");
}

MergeTiming time_thrust_merge(KeyType, bool pairs, int64_t n_a, int64_t n_b, MergeGen, int,
                              uint64_t) {
  check_merge_timing(0, n_a, n_b);
  return merge_timing_unavailable(pairs ? "thrust::merge_by_key" : "thrust::merge");
}

SortTiming time_sort(int variant, KeyType, bool, int64_t n, SortGen, int, uint64_t) {
  check_sort_timing(variant, n);
  return sort_timing_unavailable(sort_info(SortVariant(variant)).title, n);
}

SortTiming time_cub_merge_sort(KeyType, bool pairs, int64_t n, SortGen, int, uint64_t) {
  check_sort_timing(0, n);
  return sort_timing_unavailable(
      pairs ? "CUB DeviceMergeSort::SortPairs" : "CUB DeviceMergeSort::SortKeys", n);
}

SortTiming time_cub_radix_sort(KeyType, bool pairs, int64_t n, SortGen, int, uint64_t) {
  check_sort_timing(0, n);
  return sort_timing_unavailable(
      pairs ? "CUB DeviceRadixSort::SortPairs" : "CUB DeviceRadixSort::SortKeys", n);
}

}  // namespace ws::merge
