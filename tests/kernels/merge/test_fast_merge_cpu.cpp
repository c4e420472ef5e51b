// The fast merge's CPU twin (variant 5) against std::merge: keys and the values that travel with
// them (stability: equal keys keep A before B), every size 0..33 a side at small tiles (many
// tiles, many threads a tile), 2^k +- 1 at the default tile, all-equal, floats; and the tile
// partition against the merge's own composition.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "common/error.h"
#include "fast_test_support.h"
#include "merge/merge_fast.h"

namespace ws::merge {
namespace {

using fast_test::Keyed;
using fast_test::random_keys;
using fast_test::reference_merge;

template <class Key>
void expect_fast_merge_cpu(const Keyed<Key>& a, const Keyed<Key>& b, FastConfig config) {
  const Keyed<Key> want = reference_merge(a, b);
  const FastResult<Key> pairs = merge_fast_cpu(a.keys, b.keys, a.values, b.values, config);
  ASSERT_EQ(pairs.keys, want.keys) << a.keys.size() << " + " << b.keys.size();
  ASSERT_EQ(pairs.values, want.values) << a.keys.size() << " + " << b.keys.size();
  const FastResult<Key> keys_only = merge_fast_cpu(a.keys, b.keys, {}, {}, config);
  ASSERT_EQ(keys_only.keys, want.keys);
  ASSERT_TRUE(keys_only.values.empty());
}

TEST(FastMergeCpu, EverySize0To33ASideAtSmallTiles) {
  for (const FastConfig config : {FastConfig{2, 3}, FastConfig{4, 1}, FastConfig{3, 5}})
    for (int m = 0; m <= 33; ++m)
      for (int n = 0; n <= 33; ++n)
        expect_fast_merge_cpu(
            random_keys<int32_t>(size_t(m), 9, uint32_t(m * 40 + n), true),
            random_keys<int32_t>(size_t(n), 9, uint32_t(n * 40 + m + 7), true, 1000), config);
}

TEST(FastMergeCpu, PowersOfTwoPlusMinusOneAtTheDefaultTile) {
  for (const int k : {10, 13, 15})
    for (const int da : {-1, 0, 1})
      for (const int db : {-1, 1}) {
        const size_t m = (size_t(1) << k) + da, n = (size_t(1) << (k - 1)) + db;
        expect_fast_merge_cpu(
            random_keys<int32_t>(m, 1 << 12, uint32_t(k + da), true),
            random_keys<int32_t>(n, 1 << 12, uint32_t(k * 3 + db), true, 1u << 20),
            fast_merge_config());
      }
}

TEST(FastMergeCpu, AllEqualKeysTakeEveryKeyOfAFirst) {
  Keyed<int32_t> a{std::vector<int32_t>(100, 5), {}}, b{std::vector<int32_t>(70, 5), {}};
  for (uint32_t i = 0; i < 100; ++i) a.values.push_back(i);
  for (uint32_t i = 0; i < 70; ++i) b.values.push_back(100 + i);
  const FastResult<int32_t> c = merge_fast_cpu(a.keys, b.keys, a.values, b.values, {4, 3});
  for (uint32_t k = 0; k < 170; ++k) ASSERT_EQ(c.values[k], k);
}

TEST(FastMergeCpu, FloatKeysSignedZerosAndInfinities) {
  const float inf = std::numeric_limits<float>::infinity();
  Keyed<float> a{{-inf, -1.5f, -0.0f, 0.0f, 2.0f, inf}, {0, 1, 2, 3, 4, 5}};
  Keyed<float> b{{-inf, 0.0f, -0.0f, 2.0f, inf}, {10, 11, 12, 13, 14}};
  expect_fast_merge_cpu(a, b, {2, 2});
  expect_fast_merge_cpu(random_keys<float>(1000, 50, 3, true),
                        random_keys<float>(777, 50, 4, true, 5000), {32, 7});
}

TEST(FastMergeCpu, PartitionIsEachTileBoundarysShareOfA) {
  const auto a = random_keys<int32_t>(61, 6, 11, true),
             b = random_keys<int32_t>(45, 6, 12, true, 1000);
  const Keyed<int32_t> c = reference_merge(a, b);  // values < 1000 came from A
  const FastConfig config{2, 4};
  const std::vector<int64_t> corank = merge_fast_partition(a.keys, b.keys, config);
  ASSERT_EQ(corank.size(), size_t((106 + 7) / 8 + 1));
  for (size_t t = 0; t < corank.size(); ++t) {
    const size_t d = std::min<size_t>(t * 8, 106);
    int64_t from_a = 0;
    for (size_t k = 0; k < d; ++k) from_a += c.values[k] < 1000 ? 1 : 0;
    EXPECT_EQ(corank[t], from_a) << "boundary " << t;
  }
  EXPECT_EQ(corank.back(), 61);
}

TEST(FastMergeCpu, BadInputNamesWhatIsWrong) {
  EXPECT_THROW(merge_fast_cpu<int32_t>({3, 1}, {2}), Error);                 // A unsorted
  EXPECT_THROW(merge_fast_cpu<int32_t>({1}, {2, 0}), Error);                 // B unsorted
  EXPECT_THROW(merge_fast_cpu<int32_t>({1, 2}, {3}, {0}, {1}), Error);       // one value short
  EXPECT_THROW(merge_fast_cpu<int32_t>({1, 2}, {3}, {0, 1}, {}), Error);     // B without values
  EXPECT_THROW(merge_fast_cpu<int32_t>({1}, {2}, {}, {}, {0, 4}), Error);    // no threads
  EXPECT_THROW(merge_fast_cpu<int32_t>({1}, {2}, {}, {}, {32, 33}), Error);  // items > 32
  const float nan = std::numeric_limits<float>::quiet_NaN();
  try {
    merge_fast_cpu<float>({1.0f, nan}, {2.0f});
    FAIL() << "NaN accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("NaN"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ws::merge
