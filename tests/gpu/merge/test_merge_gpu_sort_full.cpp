// The sorts at full size on the device against std::stable_sort: 1, 1000, 2^20 + 7 and 2^22 keys
// with duplicates, int32 and float32, keys alone and key-value pairs. Merge sort must be stable;
// the networks (not stable) are compared after sorting their pairs by (key, value).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "gpu_test_support.h"
#include "merge/sort.h"

namespace ws::merge {
namespace {

template <class Key>
std::vector<Key> full_keys(int64_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> few(0, 999);  // n / 1000 copies of each key: duplicates
  std::vector<Key> keys(static_cast<size_t>(n));
  for (Key& k : keys) k = Key(few(rng)) - Key(500);
  return keys;
}

template <class Key>
void expect_device_sort(SortVariant v, int64_t n, bool with_values) {
  const std::vector<Key> keys = full_keys<Key>(n, uint32_t(n));
  std::vector<uint32_t> values;
  if (with_values) {
    values.resize(keys.size());
    std::iota(values.begin(), values.end(), 0u);
  }
  const SortHostResult<Key> got = sort_on_device(v, keys, values);
  std::vector<std::pair<Key, uint32_t>> expected;  // input order kept by stable_sort
  for (size_t i = 0; i < keys.size(); ++i)
    expected.push_back({keys[i], with_values ? values[i] : 0});
  std::stable_sort(expected.begin(), expected.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  const std::string what = sort_info(v).id + std::string(" n ") + std::to_string(n);
  ASSERT_EQ(got.keys.size(), keys.size()) << what;
  for (size_t i = 0; i < keys.size(); ++i)
    ASSERT_EQ(got.keys[i], expected[i].first) << what << " key " << i;
  if (!with_values) return;
  ASSERT_EQ(got.values.size(), keys.size()) << what;
  std::vector<std::pair<Key, uint32_t>> pairs;
  for (size_t i = 0; i < keys.size(); ++i) pairs.push_back({got.keys[i], got.values[i]});
  if (!sort_info(v).stable) {
    std::sort(pairs.begin(), pairs.end());
    std::sort(expected.begin(), expected.end());
  }
  for (size_t i = 0; i < keys.size(); ++i)
    ASSERT_EQ(pairs[i], expected[i]) << what << " pair " << i;
}

const SortVariant kDeviceSorts[] = {SortVariant::MergeSort, SortVariant::Bitonic,
                                    SortVariant::OddEven};

TEST(MergeGpuSortFull, SmallSizesForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (SortVariant v : kDeviceSorts)
    for (int64_t n : {0, 1, 2, 3, 1000, 1024, 1025, 4097}) {
      expect_device_sort<int32_t>(v, n, false);
      expect_device_sort<float>(v, n, true);
    }
}

TEST(MergeGpuSortFull, LargeInt32AndFloat32KeysAndPairs) {
  WS_SKIP_WITHOUT_GPU();
  for (SortVariant v : kDeviceSorts)
    for (int64_t n : {(int64_t{1} << 20) + 7, int64_t{1} << 22}) {
      expect_device_sort<int32_t>(v, n, false);
      expect_device_sort<int32_t>(v, n, true);
      expect_device_sort<float>(v, n, false);
      expect_device_sort<float>(v, n, true);
    }
}

TEST(MergeGpuSortFull, FastIsNotOneOfTheseEntryPoints) {
  WS_SKIP_WITHOUT_GPU();
  EXPECT_THROW(sort_on_device<int32_t>(SortVariant::Fast, {3, 1, 2}), Error);
}

}  // namespace
}  // namespace ws::merge
