// Radix sort on the CPU backend: the split pass's columns, LSD sorts, the bucket table's
// invariants and the multi-bit sort, fast mode, all against std::stable_sort.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "common/error.h"
#include "radix_sort/radix_sort.h"
#include "radix_test_support.h"

namespace ws::radix {
namespace {

std::vector<uint32_t> stable_sorted_by(std::vector<uint32_t> keys, uint32_t mask) {
  std::stable_sort(keys.begin(), keys.end(),
                   [mask](uint32_t a, uint32_t b) { return (a & mask) < (b & mask); });
  return keys;
}

bool is_permutation_of_indices(const std::vector<int32_t>& d) {
  std::vector<int32_t> sorted = d;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < sorted.size(); ++i) {
    if (sorted[i] != static_cast<int32_t>(i)) return false;
  }
  return true;
}

TEST(RadixSplit, ColumnsFollowTheDefinition) {
  const std::vector<uint32_t> keys = random_keys(37, 3, 15);
  for (int bit = 0; bit < 4; ++bit) {
    const SplitPass s = split_pass(keys, bit);
    std::vector<int32_t> f(keys.size());
    std::exclusive_scan(s.e.begin(), s.e.end(), f.begin(), 0);
    EXPECT_EQ(s.f, f);
    EXPECT_EQ(s.total_falses, s.e.back() + s.f.back());
    for (size_t i = 0; i < keys.size(); ++i) {
      EXPECT_EQ(s.b[i], static_cast<int32_t>((keys[i] >> bit) & 1u));
      EXPECT_EQ(s.e[i], 1 - s.b[i]);
      EXPECT_EQ(s.t[i], static_cast<int32_t>(i) - s.f[i] + s.total_falses);
      EXPECT_EQ(s.d[i], s.b[i] ? s.t[i] : s.f[i]);
    }
    EXPECT_TRUE(is_permutation_of_indices(s.d));
    // A split is a stable sort on the one bit.
    EXPECT_EQ(s.keys_out, stable_sorted_by(keys, 1u << bit));
  }
}

TEST(RadixSplit, TheLessonsExample) {
  // PMPP 13.3's keys: 4 7 2 6 3 5 1 0, split on bit 0: evens first, in order.
  const SplitPass s = split_pass({4, 7, 2, 6, 3, 5, 1, 0}, 0);
  EXPECT_EQ(s.total_falses, 4);
  EXPECT_EQ(s.keys_out, (std::vector<uint32_t>{4, 2, 6, 0, 7, 3, 5, 1}));
}

TEST(RadixLsd, EveryPassIsAStableSortOnTheLowBits) {
  for (size_t n : {1u, 2u, 31u, 64u, 1000u, 4096u}) {
    const std::vector<uint32_t> keys = random_keys(n, static_cast<uint32_t>(n), 1023);
    const int bits = key_bits_needed(keys);
    const LsdSort sort = lsd_sort(keys, bits);
    ASSERT_EQ(static_cast<int>(sort.passes.size()), bits);
    for (int k = 0; k < bits; ++k) {
      const uint32_t mask = k == 31 ? 0xffffffffu : (2u << k) - 1u;
      ASSERT_EQ(sort.passes[k].keys_out, stable_sorted_by(keys, mask)) << "pass " << k;
    }
    std::vector<uint32_t> expected = keys;
    std::stable_sort(expected.begin(), expected.end());
    EXPECT_EQ(sort.sorted, expected);
  }
}

TEST(RadixLsd, KeyBitsNeeded) {
  EXPECT_EQ(key_bits_needed({0, 0}), 1);
  EXPECT_EQ(key_bits_needed({1}), 1);
  EXPECT_EQ(key_bits_needed({2, 1}), 2);
  EXPECT_EQ(key_bits_needed({255}), 8);
  EXPECT_EQ(key_bits_needed({0x80000000u}), 32);
}

TEST(RadixBucket, TableOffsetsAndDestinations) {
  const std::vector<uint32_t> keys = random_keys(1000, 9, 0xffffffffu);
  for (int radix_bits : {1, 2, 4, 8}) {
    for (int block : {1, 32, 100, 1024}) {
      const BucketPass p = bucket_pass(keys, 4, radix_bits, block);
      ASSERT_EQ(p.blocks, (1000 + block - 1) / block);
      ASSERT_EQ(p.table.size(), static_cast<size_t>(p.buckets) * p.blocks);
      // The table counts each block's keys per digit, digit-major.
      std::vector<int32_t> counts(p.table.size(), 0);
      for (size_t i = 0; i < keys.size(); ++i) {
        const int d = static_cast<int>((keys[i] >> 4) & ((1u << radix_bits) - 1));
        ASSERT_EQ(p.digit[i], d);
        ++counts[static_cast<size_t>(d) * p.blocks + i / block];
      }
      ASSERT_EQ(p.table, counts);
      std::vector<int32_t> offsets(p.table.size());
      std::exclusive_scan(p.table.begin(), p.table.end(), offsets.begin(), 0);
      ASSERT_EQ(p.offsets, offsets);
      ASSERT_TRUE(is_permutation_of_indices(p.destination)) << radix_bits << " " << block;
      const uint32_t mask = ((1u << radix_bits) - 1) << 4;
      ASSERT_EQ(p.keys_out, stable_sorted_by(keys, mask)) << radix_bits << " " << block;
    }
  }
}

TEST(RadixBucket, MultiBitSortMatchesStableSort) {
  const std::vector<uint32_t> keys = random_keys(4096, 21, 0xffffffffu);
  std::vector<uint32_t> expected = keys;
  std::stable_sort(expected.begin(), expected.end());
  for (int radix_bits : {1, 3, 4, 8}) {
    const MultiBitSort s = multibit_sort(keys, 32, radix_bits, 256);
    EXPECT_EQ(static_cast<int>(s.passes.size()), (32 + radix_bits - 1) / radix_bits);
    EXPECT_EQ(s.sorted, expected) << radix_bits;
  }
}

TEST(RadixBucket, RejectsBadParameters) {
  EXPECT_THROW(split_pass({1}, 32), Error);
  EXPECT_THROW(bucket_pass({1}, 0, 9, 32), Error);
  EXPECT_THROW(bucket_pass({1}, 0, 4, 0), Error);
  EXPECT_THROW(lsd_sort({1}, 0), Error);
  EXPECT_THROW(split_pass(std::vector<uint32_t>(kTeachMaxKeys + 1), 0), Error);
}

TEST(RadixFast, OursAndStableSortAgree) {
  for (int64_t n : {0, 1, 1000, 1 << 20}) {
    const std::vector<uint32_t> keys = random_keys(static_cast<size_t>(n), 77, 0xffffffffu);
    const Comparison c = compare_with_library(Backend::Cpu, keys.data(), n, 1);
    EXPECT_TRUE(c.verified) << n;
    std::vector<uint32_t> out(static_cast<size_t>(n));
    sort_fast(Backend::Cpu, keys.data(), out.data(), n, 1);
    std::vector<uint32_t> expected = keys;
    std::stable_sort(expected.begin(), expected.end());
    EXPECT_EQ(out, expected) << n;
    if (n > 0) {
      EXPECT_GT(keys_per_second(c.ours), 0);
    }
  }
}

// Pairs: the values move with their keys, and equal keys keep their values' order (the values are
// the keys' positions, so a stable sort of pairs is a stable sort of the keys' indices).
void expect_stable_pairs(Backend backend, const std::vector<uint32_t>& keys, int repeats) {
  const int64_t n = static_cast<int64_t>(keys.size());
  std::vector<uint32_t> values(keys.size());
  std::iota(values.begin(), values.end(), 0u);
  std::vector<uint32_t> order = values;
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
  std::vector<uint32_t> sorted_keys(keys.size());
  for (size_t i = 0; i < order.size(); ++i) sorted_keys[i] = keys[order[i]];
  std::vector<uint32_t> ko(keys.size()), vo(keys.size()), lk(keys.size()), lv(keys.size());
  sort_pairs_fast(backend, keys.data(), values.data(), ko.data(), vo.data(), n, repeats);
  EXPECT_EQ(ko, sorted_keys) << n << " pairs";
  EXPECT_EQ(vo, order) << n << " pairs";
  sort_pairs_library(backend, keys.data(), values.data(), lk.data(), lv.data(), n, 1);
  EXPECT_EQ(lk, sorted_keys) << n << " pairs, the library";
  EXPECT_EQ(lv, order) << n << " pairs, the library";
}

TEST(RadixFast, PairsMoveWithTheirKeysStably) {
  for (int64_t n : {0, 1, 1000, 1 << 18}) {
    std::vector<uint32_t> keys = random_keys(static_cast<size_t>(n), 5, 0xffffffffu);
    for (size_t i = 0; i < keys.size(); i += 3) keys[i] = 7;  // many equal keys
    expect_stable_pairs(Backend::Cpu, keys, 2);
  }
  EXPECT_STREQ(pairs_library_name(Backend::Cpu), "std::stable_sort (pairs)");
}

}  // namespace
}  // namespace ws::radix
