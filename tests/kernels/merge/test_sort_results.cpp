// Every sort variant's teach run on the CPU against std::stable_sort: keys (int32 and float32)
// and key-value pairs, sizes 0..70 and 2^k +- 1 up to the teach limit, all-equal, sorted,
// reversed and duplicate-heavy inputs, several block shapes. Merge sort must be stable; the
// networks are compared as (key, value) sets in key order (they are not stable).
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "common/error.h"
#include "sort_test_support.h"

namespace ws::merge {
namespace {

using test::KeyShape;

std::vector<int> sort_test_sizes() {
  std::vector<int> sizes;
  for (int n = 0; n <= 70; ++n) sizes.push_back(n);
  for (int n : {127, 128}) sizes.push_back(n);
  return sizes;
}

void expect_sorted_like_std(const SortTeachParams& p, const std::vector<double>& keys,
                            const std::string& what) {
  std::vector<uint32_t> tags;
  for (size_t i = 0; i < keys.size(); ++i) tags.push_back(uint32_t(1000 + i));
  const SortTeachRun run = teach_sort(p, keys, Backend::Cpu, tags);
  const test::Pairs got = test::zip(run.output, run.output_values);
  const test::Pairs expected = test::stable_by_key(test::zip(keys, tags));
  ASSERT_EQ(got.size(), expected.size()) << what;
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_EQ(got[i].first, expected[i].first) << what << " key " << i;
  if (sort_info(p.variant).stable)
    EXPECT_EQ(got, expected) << what << ": equal keys must keep input order";
  else
    EXPECT_EQ(test::by_key_value(got), test::by_key_value(expected)) << what;
}

// Every size 0..70 (and 127, 128) on uniform and duplicate-heavy keys; the ordered shapes
// (all-equal, sorted, reversed) on the sizes around powers of two. Variant 9 runs as 6 (its
// dispatch checked on uniform keys only).
TEST(SortResults, EveryVariantMatchesStdStableSort) {
  const std::vector<int> edge_sizes = {0,  1,  2,  3,  5,  7,  8,   9,  16,
                                       31, 32, 33, 63, 64, 65, 127, 128};
  for (const SortInfo& info : sort_infos())
    for (KeyType type : {KeyType::Int32, KeyType::Float32})
      for (KeyShape shape : test::kKeyShapes) {
        const bool every_size = shape == KeyShape::Uniform || shape == KeyShape::Duplicates;
        if (info.variant == SortVariant::Fast && shape != KeyShape::Uniform) continue;
        for (int n : every_size ? sort_test_sizes() : edge_sizes) {
          SortTeachParams p;
          p.variant = info.variant;
          p.key_type = type;
          const auto keys = test::sort_test_keys(shape, n, 1, type);
          expect_sorted_like_std(p, keys,
                                 std::string(info.id) + " n " + std::to_string(n) + " shape " +
                                     std::to_string(int(shape)));
        }
      }
}

TEST(SortResults, BlockShapesAndOutputsPerThreadDoNotChangeTheResult) {
  for (const SortInfo& info : sort_infos())
    for (int block : {1, 2, 8, 64})
      for (int per_thread : {1, 16})
        for (int n : {1, 2, 3, 17, 33, 65, 100}) {
          SortTeachParams p;
          p.variant = info.variant;
          p.block_dim = block;
          p.per_thread = per_thread;
          const auto keys = test::sort_test_keys(KeyShape::Duplicates, n, 2, KeyType::Int32);
          expect_sorted_like_std(p, keys,
                                 std::string(info.id) + " block " + std::to_string(block) +
                                     " per thread " + std::to_string(per_thread) + " n " +
                                     std::to_string(n));
        }
}

// The padding key (INT32_MAX, +inf) among the real keys: padding never takes a real pair's place.
TEST(SortResults, RealKeysEqualToThePaddingKeepTheirValues) {
  for (SortVariant v : {SortVariant::Bitonic, SortVariant::OddEven}) {
    SortTeachParams p;
    p.variant = v;
    expect_sorted_like_std(p, {2147483647.0, 5, 2147483647.0, -3, 2147483647.0}, "int32 max");
    p.key_type = KeyType::Float32;
    const double inf = std::numeric_limits<double>::infinity();
    expect_sorted_like_std(p, {inf, 1.5, inf, -inf, 0.25}, "float inf");
  }
}

TEST(SortResults, BadRequestsNameTheOption) {
  SortTeachParams p;
  auto message = [&](const std::vector<double>& keys, const std::vector<uint32_t>& values) {
    try {
      teach_sort(p, keys, Backend::Cpu, values);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(message(std::vector<double>(129, 1.0), {}).find("--keys"), std::string::npos);
  EXPECT_NE(message({1, 2}, {1}).find("--values"), std::string::npos);
  EXPECT_NE(message({1.5}, {}).find("not exact in int32"), std::string::npos);
  p.block_dim = 3;
  EXPECT_NE(message({1}, {}).find("--block"), std::string::npos);
  p.block_dim = 4;
  p.variant = SortVariant::MergeSort;
  p.per_thread = 32;
  EXPECT_NE(message({1}, {}).find("--per-thread"), std::string::npos);
  EXPECT_EQ(parse_sort_variant("odd-even"), SortVariant::OddEven);
  EXPECT_EQ(parse_sort_variant("6"), SortVariant::MergeSort);
  EXPECT_THROW(parse_sort_variant("quick"), Error);
}

}  // namespace
}  // namespace ws::merge
