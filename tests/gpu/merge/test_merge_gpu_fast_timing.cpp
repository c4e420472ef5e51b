// The merge and sort timings run on the device and check their results (the tag rule): the fast
// merge and sort, the libraries, and variants 2-4 / 6-8, at small sizes; bad arguments throw.
#include <gtest/gtest.h>

#include "common/error.h"
#include "gpu_test_support.h"
#include "merge/merge_fast.h"

namespace ws::merge {
namespace {

TEST(FastTimingGpu, MergesRunAndCheckTheirResults) {
  WS_SKIP_WITHOUT_GPU();
  for (const bool pairs : {false, true})
    for (const KeyType key : {KeyType::Int32, KeyType::Float32}) {
      std::vector<MergeTiming> rows;
      for (int v = 2; v <= 5; ++v)
        rows.push_back(time_merge(v, key, pairs, 100000, 70001, MergeGen::Duplicates, 20));
      rows.push_back(time_cub_merge(key, pairs, 100000, 70001, MergeGen::Duplicates, 20));
      rows.push_back(time_thrust_merge(key, pairs, 100000, 70001, MergeGen::Duplicates, 20));
      for (const MergeTiming& t : rows) {
        EXPECT_TRUE(t.available) << t.name << ": " << t.note;
        EXPECT_TRUE(t.checked) << t.name << ": " << t.note;
        EXPECT_GT(t.ms, 0) << t.name;
        EXPECT_EQ(t.bytes, 2 * 170001 * (pairs ? 8 : 4)) << t.name;
      }
    }
}

TEST(FastTimingGpu, SortsRunAndCheckTheirResults) {
  WS_SKIP_WITHOUT_GPU();
  for (const bool pairs : {false, true}) {
    std::vector<SortTiming> rows;
    for (int v = 6; v <= kFastSortVariant; ++v)
      rows.push_back(time_sort(v, KeyType::Int32, pairs, 50001, SortGen::Duplicates, 20));
    rows.push_back(time_cub_merge_sort(KeyType::Int32, pairs, 50001, SortGen::Duplicates, 20));
    rows.push_back(time_cub_radix_sort(KeyType::Int32, pairs, 50001, SortGen::Duplicates, 20));
    rows.push_back(
        time_sort(kFastSortVariant, KeyType::Float32, pairs, 50001, SortGen::Uniform, 20));
    for (const SortTiming& t : rows) {
      EXPECT_TRUE(t.available) << t.name << ": " << t.note;
      EXPECT_TRUE(t.checked) << t.name << ": " << t.note;
      EXPECT_GT(t.gkeys, 0) << t.name;
    }
  }
}

TEST(FastTimingGpu, BadArgumentsThrow) {
  EXPECT_THROW(time_merge(1, KeyType::Int32, false, 10, 10, MergeGen::Uniform, 20), Error);
  EXPECT_THROW(time_merge(5, KeyType::Int32, false, 0, 0, MergeGen::Uniform, 20), Error);
  EXPECT_THROW(time_sort(5, KeyType::Int32, false, 10, SortGen::Uniform, 20), Error);
  EXPECT_THROW(time_cub_radix_sort(KeyType::Int32, false, 0, SortGen::Uniform, 20), Error);
}

}  // namespace
}  // namespace ws::merge
