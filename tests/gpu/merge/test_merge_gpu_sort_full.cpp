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

const SortVariant kDeviceSorts[] = {SortVariant::MergeSort, SortVariant::Bitonic,
                                    SortVariant::OddEven};

// Every device sort on one input, against one std::stable_sort of it (pairs: tags 0..n-1 as the
// values, so stability is visible).
template <class Key>
void expect_device_sorts(int64_t n, bool with_values) {
  const std::vector<Key> keys = full_keys<Key>(n, uint32_t(n));
  std::vector<uint32_t> values;
  if (with_values) {
    values.resize(keys.size());
    std::iota(values.begin(), values.end(), 0u);
  }
  std::vector<std::pair<Key, uint32_t>> stable;  // input order kept by stable_sort
  for (size_t i = 0; i < keys.size(); ++i) stable.push_back({keys[i], with_values ? values[i] : 0});
  std::stable_sort(stable.begin(), stable.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::pair<Key, uint32_t>> by_key_value = stable;
  std::sort(by_key_value.begin(), by_key_value.end());
  for (SortVariant v : kDeviceSorts) {
    const SortHostResult<Key> got = sort_on_device(v, keys, values);
    const std::string what = sort_info(v).id + std::string(" n ") + std::to_string(n) +
                             (with_values ? " pairs" : " keys");
    ASSERT_EQ(got.keys.size(), keys.size()) << what;
    for (size_t i = 0; i < keys.size(); ++i)
      ASSERT_EQ(got.keys[i], stable[i].first) << what << " key " << i;
    if (!with_values) continue;
    ASSERT_EQ(got.values.size(), keys.size()) << what;
    std::vector<std::pair<Key, uint32_t>> pairs;
    for (size_t i = 0; i < keys.size(); ++i) pairs.push_back({got.keys[i], got.values[i]});
    if (!sort_info(v).stable) std::sort(pairs.begin(), pairs.end());  // not stable: normalize
    const auto& expected = sort_info(v).stable ? stable : by_key_value;
    for (size_t i = 0; i < keys.size(); ++i)
      ASSERT_EQ(pairs[i], expected[i]) << what << " pair " << i;
  }
}

TEST(MergeGpuSortFull, SmallSizesForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (int64_t n : {0, 1, 2, 3, 1000, 1024, 1025, 4097}) {
    expect_device_sorts<int32_t>(n, false);
    expect_device_sorts<float>(n, true);
  }
}

TEST(MergeGpuSortFull, LargeInt32AndFloat32KeysAndPairs) {
  WS_SKIP_WITHOUT_GPU();
  const int64_t odd = (int64_t{1} << 20) + 7, big = int64_t{1} << 22;
  expect_device_sorts<int32_t>(odd, false);
  expect_device_sorts<int32_t>(odd, true);
  expect_device_sorts<float>(odd, false);
  expect_device_sorts<float>(odd, true);
  expect_device_sorts<int32_t>(big, true);
  expect_device_sorts<float>(big, false);
}

TEST(MergeGpuSortFull, FastIsNotOneOfTheseEntryPoints) {
  WS_SKIP_WITHOUT_GPU();
  EXPECT_THROW(sort_on_device<int32_t>(SortVariant::Fast, {3, 1, 2}), Error);
}

}  // namespace
}  // namespace ws::merge
