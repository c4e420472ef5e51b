// The fast sort's CPU twin against std::stable_sort: keys and values (stability: equal keys keep
// input order), sizes 0..33 at small tiles (block rounds and several global passes), 2^k +- 1 at
// the default tile, all-equal, reversed, floats; and the number of global passes.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "common/error.h"
#include "fast_test_support.h"
#include "merge/merge_fast.h"

namespace ws::merge {
namespace {

using fast_test::Keyed;
using fast_test::random_keys;
using fast_test::reference_sort;

template <class Key>
void expect_fast_sort_cpu(const Keyed<Key>& in, FastConfig config) {
  const Keyed<Key> want = reference_sort(in);
  const FastResult<Key> pairs = sort_fast_cpu(in.keys, in.values, config);
  ASSERT_EQ(pairs.keys, want.keys) << in.keys.size() << " keys";
  ASSERT_EQ(pairs.values, want.values) << in.keys.size() << " keys";
  const FastResult<Key> keys_only = sort_fast_cpu(in.keys, {}, config);
  ASSERT_EQ(keys_only.keys, want.keys);
  ASSERT_TRUE(keys_only.values.empty());
}

TEST(FastSortCpu, EverySize0To33AtSmallTiles) {
  for (const FastConfig config :
       {FastConfig{1, 1}, FastConfig{2, 3}, FastConfig{4, 2}, FastConfig{2, 3, 8}})
    for (int n = 0; n <= 33; ++n)
      for (const int range : {3, 1000})
        expect_fast_sort_cpu(random_keys<int32_t>(size_t(n), range, uint32_t(n * 7 + range), false),
                             config);
}

TEST(FastSortCpu, PowersOfTwoPlusMinusOneAtTheDefaultTile) {
  for (const int k : {10, 12, 13, 15})
    for (const int d : {-1, 0, 1})
      expect_fast_sort_cpu(
          random_keys<int32_t>((size_t(1) << k) + d, 1 << 14, uint32_t(k * 5 + d), false),
          fast_sort_config());
}

TEST(FastSortCpu, AllEqualAndReversedKeepInputOrderOfEqualKeys) {
  Keyed<int32_t> equal{std::vector<int32_t>(300, -4), {}}, reversed;
  for (uint32_t i = 0; i < 300; ++i) equal.values.push_back(i);
  for (int i = 0; i < 300; ++i) reversed.keys.push_back(100 - i / 3), reversed.values.push_back(i);
  expect_fast_sort_cpu(equal, {8, 5});
  expect_fast_sort_cpu(reversed, {8, 5});
  const FastResult<int32_t> same = sort_fast_cpu(equal.keys, equal.values, {8, 5});
  EXPECT_EQ(same.values, equal.values);
}

TEST(FastSortCpu, FloatKeysSignedZerosAndInfinities) {
  const float inf = std::numeric_limits<float>::infinity();
  Keyed<float> in{{0.0f, inf, -0.0f, -inf, 1.25f, -0.0f, 0.0f, -2.5f, inf},
                  {0, 1, 2, 3, 4, 5, 6, 7, 8}};
  expect_fast_sort_cpu(in, {2, 2});
  expect_fast_sort_cpu(random_keys<float>(5000, 300, 9, false), {64, 9});
}

TEST(FastSortCpu, GlobalPassesDoubleTheRunsFromOneTile) {
  const FastConfig config{256, 17};  // T = 4352
  EXPECT_EQ(sort_fast_passes(0, config), 0);
  EXPECT_EQ(sort_fast_passes(4352, config), 0);
  EXPECT_EQ(sort_fast_passes(4353, config), 1);
  EXPECT_EQ(sort_fast_passes(4 * 4352, config), 2);
  EXPECT_EQ(sort_fast_passes(4 * 4352 + 1, config), 3);
  EXPECT_EQ(sort_fast_passes(int64_t(1) << 26, config), 14);  // 15421 runs: 2^13 < 15421 <= 2^14
  // A block sort of 512 threads (tiles of 8704 keys) leaves one pass fewer at 2^26: 7711 runs.
  EXPECT_EQ(sort_fast_passes(int64_t(1) << 26, {256, 17, 512}), 13);
  EXPECT_EQ(sort_fast_passes(8704, {256, 17, 512}), 0);
}

TEST(FastSortCpu, ABiggerBlockSortThanPassTileSortsAlike) {
  for (const int n : {0, 1, 47, 48, 49, 300, 1000})
    expect_fast_sort_cpu(random_keys<int32_t>(size_t(n), 40, uint32_t(n + 3), false), {4, 3, 16});
}

TEST(FastSortCpu, BadInputNamesWhatIsWrong) {
  EXPECT_THROW(sort_fast_cpu<int32_t>({3, 1}, {0}), Error);         // one value short
  EXPECT_THROW(sort_fast_cpu<int32_t>({3, 1}, {}, {3, 2}), Error);  // threads not a power of two
  EXPECT_THROW(sort_fast_cpu<int32_t>({3, 1}, {}, {4, 2, 12}), Error);  // block 3x the passes'
  EXPECT_THROW(sort_fast_cpu<int32_t>({3, 1}, {}, {4, 2, 2}), Error);   // block below the passes'
  EXPECT_THROW(sort_fast_cpu<float>({1.0f, std::numeric_limits<float>::quiet_NaN()}), Error);
}

}  // namespace
}  // namespace ws::merge
