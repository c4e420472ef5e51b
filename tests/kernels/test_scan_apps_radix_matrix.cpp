// Radix sort on the CPU backend over the issue's sizes (1..33, 2^k - 1, 2^k, 2^k + 1), several
// seeds and key distributions (the whole 32-bit range, few distinct keys, high bits only, sorted,
// reversed, all equal), against std::stable_sort: the split pass on every bit, LSD sorts of
// 1..32 bits, bucket passes and multi-bit sorts for every radix width 1..8 and several block
// sizes, and the fast mode. Stability is checked on the permutation itself (a key's destination
// against std::stable_sort of the indices by the digit), so equal keys are told apart.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "common/error.h"
#include "radix_sort/radix_sort.h"
#include "scan_section_test_support.h"

namespace ws::radix {
namespace {

enum class Keys { Full, Few, HighBits, Sorted, Reversed, Equal };
constexpr Keys kAllKeys[] = {Keys::Full,   Keys::Few,      Keys::HighBits,
                             Keys::Sorted, Keys::Reversed, Keys::Equal};

const char* keys_name(Keys k) {
  switch (k) {
    case Keys::Full:
      return "full";
    case Keys::Few:
      return "few";
    case Keys::HighBits:
      return "high bits";
    case Keys::Sorted:
      return "sorted";
    case Keys::Reversed:
      return "reversed";
    default:
      return "equal";
  }
}

std::vector<uint32_t> make_keys(Keys kind, size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed * 7919 + 3);
  std::vector<uint32_t> k(n);
  for (uint32_t& x : k) {
    const uint32_t r = static_cast<uint32_t>(rng());
    switch (kind) {
      case Keys::Full:
        x = r;
        break;
      case Keys::Few:
        x = (r % 5) * 0x01010101u;  // five distinct keys, every byte set
        break;
      case Keys::HighBits:
        x = r & 0xF0000000u;
        break;
      case Keys::Equal:
        x = 0xDEADBEEFu;
        break;
      default:
        x = r;
        break;
    }
  }
  if (kind == Keys::Sorted) std::sort(k.begin(), k.end());
  if (kind == Keys::Reversed) std::sort(k.rbegin(), k.rend());
  return k;
}

// The issue's sizes (1..33, 2^k - 1, 2^k, 2^k + 1) as key counts.
std::vector<size_t> issue_sizes(size_t max_n) {
  const std::vector<int64_t> sizes = scan::testing::teach_sizes(static_cast<int64_t>(max_n));
  return {sizes.begin(), sizes.end()};
}

// Where std::stable_sort by `digit` sends each key: destination[i] for key i.
template <class Digit>
std::vector<int32_t> stable_destinations(const std::vector<uint32_t>& keys, Digit digit) {
  std::vector<int32_t> order(keys.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int32_t a, int32_t b) { return digit(keys[a]) < digit(keys[b]); });
  std::vector<int32_t> destination(keys.size());
  for (size_t slot = 0; slot < order.size(); ++slot) destination[order[slot]] = int32_t(slot);
  return destination;
}

std::vector<uint32_t> stable_sorted_by(std::vector<uint32_t> keys, uint32_t mask) {
  std::stable_sort(keys.begin(), keys.end(),
                   [mask](uint32_t a, uint32_t b) { return (a & mask) < (b & mask); });
  return keys;
}

uint32_t low_mask(int bits) {
  return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1u;
}

std::string describe(Keys kind, size_t n, uint64_t seed) {
  return std::string(keys_name(kind)) + " keys n " + std::to_string(n) + " seed " +
         std::to_string(seed);
}

TEST(RadixMatrixCpu, SplitPassOnEveryBitIsAStableOneBitSort) {
  for (Keys kind : kAllKeys)
    for (uint64_t seed : {1u, 2u, 3u})
      for (size_t n : issue_sizes(kTeachMaxKeys)) {
        if (n > 600 && seed != 1) continue;  // the large sizes once
        const std::vector<uint32_t> keys = make_keys(kind, n, seed + n);
        for (int bit : {0, 1, 5, 8, 16, 27, 30, 31}) {
          const std::string context = describe(kind, n, seed) + " bit " + std::to_string(bit);
          const SplitPass s = split_pass(keys, bit);
          const auto bit_of = [bit](uint32_t k) { return (k >> bit) & 1u; };
          ASSERT_EQ(s.d, stable_destinations(keys, bit_of)) << context;
          ASSERT_EQ(s.keys_out, stable_sorted_by(keys, 1u << bit)) << context;
          int32_t falses = 0;
          for (size_t i = 0; i < n; ++i) {
            ASSERT_EQ(s.b[i], static_cast<int32_t>(bit_of(keys[i]))) << context;
            ASSERT_EQ(s.f[i], falses) << context;  // the exclusive scan of e
            falses += s.e[i];
          }
          ASSERT_EQ(s.total_falses, falses) << context;
          ASSERT_EQ(s.total_falses, s.e[n - 1] + s.f[n - 1]) << context;
          ASSERT_EQ(s.keys_in, keys) << context;
        }
      }
}

TEST(RadixMatrixCpu, LsdSortsTheLowBitsStablyPassByPass) {
  for (Keys kind : kAllKeys)
    for (uint64_t seed : {1u, 2u})
      for (size_t n : {size_t{1}, size_t{2}, size_t{17}, size_t{33}, size_t{255}, size_t{256},
                       size_t{257}, size_t{1025}}) {
        const std::vector<uint32_t> keys = make_keys(kind, n, seed * 31 + n);
        for (int bits : {1, 4, 13, 32}) {
          const std::string context = describe(kind, n, seed) + " bits " + std::to_string(bits);
          const LsdSort sort = lsd_sort(keys, bits);
          ASSERT_EQ(static_cast<int>(sort.passes.size()), bits) << context;
          for (int k = 0; k < bits; ++k)
            ASSERT_EQ(sort.passes[k].keys_out, stable_sorted_by(keys, low_mask(k + 1)))
                << context << " pass " << k;
          ASSERT_EQ(sort.sorted, stable_sorted_by(keys, low_mask(bits))) << context;
          if (bits == 32) {
            std::vector<uint32_t> expected = keys;
            std::stable_sort(expected.begin(), expected.end());
            ASSERT_EQ(sort.sorted, expected) << context;
          }
        }
        if (n <= 257) {  // key_bits_needed: the passes these keys need sort them completely
          const int needed = key_bits_needed(keys);
          const uint32_t max = *std::max_element(keys.begin(), keys.end());
          ASSERT_TRUE(needed == 32 || (max >> needed) == 0) << describe(kind, n, seed);
          ASSERT_TRUE(needed == 1 || (max >> (needed - 1)) != 0) << describe(kind, n, seed);
          std::vector<uint32_t> expected = keys;
          std::stable_sort(expected.begin(), expected.end());
          ASSERT_EQ(lsd_sort(keys, needed).sorted, expected) << describe(kind, n, seed);
        }
      }
}

TEST(RadixMatrixCpu, BucketPassesForEveryRadixWidthAndBlockSize) {
  for (Keys kind : {Keys::Full, Keys::Few, Keys::Equal})
    for (uint64_t seed : {1u, 2u})
      for (size_t n : {size_t{1}, size_t{31}, size_t{33}, size_t{257}, size_t{1000}})
        for (int radix_bits = 1; radix_bits <= 8; ++radix_bits)
          for (int block : {1, 3, 32, 100, 1024})
            for (int shift : {0, 5, 24, 31}) {
              const std::vector<uint32_t> keys = make_keys(kind, n, seed + n);
              const std::string context = describe(kind, n, seed) + " radix " +
                                          std::to_string(radix_bits) + " block " +
                                          std::to_string(block) + " shift " + std::to_string(shift);
              const BucketPass p = bucket_pass(keys, shift, radix_bits, block);
              const uint32_t mask = low_mask(radix_bits);
              const auto digit_of = [&](uint32_t k) { return (k >> shift) & mask; };
              ASSERT_EQ(p.destination, stable_destinations(keys, digit_of)) << context;
              ASSERT_EQ(p.keys_out, stable_sorted_by(keys, mask << shift)) << context;
              ASSERT_EQ(p.blocks, static_cast<int>((n + block - 1) / block)) << context;
              ASSERT_EQ(p.buckets, 1 << radix_bits) << context;
              // The table counts each block's keys per digit (digit-major); offsets are its
              // exclusive scan in that order; a key's rank counts its block's earlier keys with
              // the same digit.
              std::vector<int32_t> table(size_t(p.buckets) * p.blocks, 0), seen(p.buckets, 0);
              for (size_t i = 0; i < n; ++i) {
                if (i % block == 0) std::fill(seen.begin(), seen.end(), 0);
                const uint32_t d = digit_of(keys[i]);
                ASSERT_EQ(p.digit[i], static_cast<int32_t>(d)) << context;
                ASSERT_EQ(p.local_rank[i], seen[d]++) << context;
                ++table[d * p.blocks + i / block];
              }
              ASSERT_EQ(p.table, table) << context;
              std::vector<int32_t> offsets(table.size());
              std::exclusive_scan(table.begin(), table.end(), offsets.begin(), 0);
              ASSERT_EQ(p.offsets, offsets) << context;
            }
}

TEST(RadixMatrixCpu, MultiBitSortsMatchStableSort) {
  for (Keys kind : kAllKeys)
    for (uint64_t seed : {1u, 2u})
      for (size_t n : {size_t{1}, size_t{2}, size_t{33}, size_t{64}, size_t{1023}, size_t{4096}})
        for (int radix_bits = 1; radix_bits <= 8; ++radix_bits)
          for (int key_bits : {1, 7, 10, 16, 32}) {
            if (n == 4096 && radix_bits % 3 != 1) continue;  // 1, 4, 7 at the largest size
            const int block = radix_bits % 2 == 0 ? 256 : 100;
            // Keys below 2^key_bits: the sort of the low key_bits is the full sort.
            std::vector<uint32_t> keys = make_keys(kind, n, seed * 3 + n);
            for (uint32_t& k : keys) k &= low_mask(key_bits);
            const std::string context = describe(kind, n, seed) + " radix " +
                                        std::to_string(radix_bits) + " key bits " +
                                        std::to_string(key_bits);
            const MultiBitSort s = multibit_sort(keys, key_bits, radix_bits, block);
            ASSERT_EQ(static_cast<int>(s.passes.size()), (key_bits + radix_bits - 1) / radix_bits)
                << context;
            std::vector<uint32_t> expected = keys;
            std::stable_sort(expected.begin(), expected.end());
            ASSERT_EQ(s.sorted, expected) << context;
            // Each pass is a stable sort on its digit of the previous pass's output.
            std::vector<uint32_t> current = keys;
            for (const BucketPass& p : s.passes) {
              ASSERT_EQ(p.keys_in, current) << context;
              current = stable_sorted_by(current, low_mask(radix_bits) << p.shift);
              ASSERT_EQ(p.keys_out, current) << context << " shift " << p.shift;
            }
          }
}

TEST(RadixMatrixCpu, FastModeMatchesStableSort) {
  std::vector<size_t> sizes = issue_sizes(4097);
  sizes.insert(sizes.end(), {0, 65537, (size_t{1} << 20) + 3});
  for (Keys kind : kAllKeys)
    for (uint64_t seed : {1u, 2u})
      for (size_t n : sizes) {
        if (n > 5000 && (seed != 1 || (kind != Keys::Full && kind != Keys::Few))) continue;
        const std::vector<uint32_t> keys = make_keys(kind, n, seed + n);
        std::vector<uint32_t> out(n, 0u), library(n, 0u);
        sort_fast(Backend::Cpu, keys.data(), out.data(), static_cast<int64_t>(n), 1);
        std::vector<uint32_t> expected = keys;
        std::stable_sort(expected.begin(), expected.end());
        ASSERT_EQ(out, expected) << describe(kind, n, seed);
        sort_library(Backend::Cpu, keys.data(), library.data(), static_cast<int64_t>(n), 1);
        ASSERT_EQ(library, expected) << describe(kind, n, seed);
      }
}

TEST(RadixMatrixCpu, RejectsOutOfRangeParameters) {
  const std::vector<uint32_t> keys = {3, 1, 2};
  for (int bit : {-1, 32}) EXPECT_THROW(split_pass(keys, bit), Error) << bit;
  for (int bits : {0, 33}) {
    EXPECT_THROW(lsd_sort(keys, bits), Error) << bits;
    EXPECT_THROW(multibit_sort(keys, bits, 4, 32), Error) << bits;
  }
  for (int radix_bits : {0, 9}) EXPECT_THROW(bucket_pass(keys, 0, radix_bits, 32), Error);
  for (int block : {0, 1025}) EXPECT_THROW(bucket_pass(keys, 0, 4, block), Error);
  for (int shift : {-1, 32}) EXPECT_THROW(bucket_pass(keys, shift, 4, 32), Error);
  EXPECT_THROW(bucket_pass(std::vector<uint32_t>(kTeachMaxKeys + 1, 1u), 0, 4, 32), Error);
  EXPECT_THROW(sort_fast(Backend::Cpu, keys.data(), nullptr, -1, 1), Error);
}

}  // namespace
}  // namespace ws::radix
