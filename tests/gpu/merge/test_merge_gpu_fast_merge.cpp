// The fast merge (variant 5) on CUDA against std::merge on (key, tag) pairs, written in the test:
// keys and values (stability: equal keys keep A's first) at 0, 1, 17, 4095, 2^20 + 5 and 2^24
// keys a side, uniform / duplicates / all-equal / skewed, int32 and float32; the CPU twin agrees.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "../../kernels/merge/fast_test_support.h"
#include "gpu_test_support.h"
#include "merge/merge_fast.h"

namespace ws::merge {
namespace {

using fast_test::Keyed;

enum class FastMergeShape { Uniform, Duplicates, AllEqual, Skewed };

// n sorted keys with tags from first_tag; skewed: side B (narrow = false) spans a wide range, A
// (narrow = true) a narrow stretch inside it.
template <class Key>
Keyed<Key> fast_merge_side(size_t n, FastMergeShape shape, uint32_t seed, bool narrow,
                           uint32_t first_tag) {
  std::mt19937 rng(seed);
  Keyed<Key> out;
  for (size_t i = 0; i < n; ++i) {
    int64_t v = 0;
    if (shape == FastMergeShape::Uniform) v = int64_t(rng() % 2000000u) - 1000000;
    if (shape == FastMergeShape::Duplicates) v = int64_t(rng() % 5u);
    if (shape == FastMergeShape::AllEqual) v = 7;
    if (shape == FastMergeShape::Skewed)
      v = narrow ? 500 + int64_t(rng() % 20u) : int64_t(rng() % 4000u);
    out.keys.push_back(Key(v));
  }
  std::sort(out.keys.begin(), out.keys.end());
  for (size_t i = 0; i < n; ++i) out.values.push_back(first_tag + uint32_t(i));
  return out;
}

template <class Key>
void expect_fast_merge(size_t m, size_t n, FastMergeShape shape) {
  const Keyed<Key> a = fast_merge_side<Key>(m, shape, uint32_t(m * 3 + 1), true, 0);
  const Keyed<Key> b = fast_merge_side<Key>(n, shape, uint32_t(n * 5 + 2), false, uint32_t(m));
  const Keyed<Key> want = fast_test::reference_merge(a, b);
  const FastResult<Key> pairs = run_merge_fast(a.keys, b.keys, a.values, b.values, Backend::Cuda);
  ASSERT_EQ(pairs.keys, want.keys) << m << " + " << n << " shape " << int(shape);
  ASSERT_EQ(pairs.values, want.values) << m << " + " << n << " shape " << int(shape);
  const FastResult<Key> keys = run_merge_fast<Key>(a.keys, b.keys, {}, {}, Backend::Cuda);
  ASSERT_EQ(keys.keys, want.keys) << m << " + " << n << " keys only";
  ASSERT_TRUE(keys.values.empty());
}

const std::vector<std::pair<size_t, size_t>>& fast_merge_sizes() {
  static const std::vector<std::pair<size_t, size_t>> sizes = {{0, 0},
                                                               {0, 1},
                                                               {1, 0},
                                                               {1, 1},
                                                               {17, 0},
                                                               {0, 17},
                                                               {17, 17},
                                                               {17, 4095},
                                                               {4095, 17},
                                                               {4095, 4095},
                                                               {(1u << 20) + 5, 17},
                                                               {(1u << 20) + 5, (1u << 20) + 5}};
  return sizes;
}

TEST(FastMergeGpu, Int32EveryShapeAgainstStdMerge) {
  WS_SKIP_WITHOUT_GPU();
  for (const FastMergeShape shape : {FastMergeShape::Uniform, FastMergeShape::Duplicates,
                                     FastMergeShape::AllEqual, FastMergeShape::Skewed})
    for (const auto& [m, n] : fast_merge_sizes()) expect_fast_merge<int32_t>(m, n, shape);
}

TEST(FastMergeGpu, Float32EveryShapeAgainstStdMerge) {
  WS_SKIP_WITHOUT_GPU();
  for (const FastMergeShape shape :
       {FastMergeShape::Uniform, FastMergeShape::Duplicates, FastMergeShape::Skewed})
    for (const auto& [m, n] : fast_merge_sizes()) expect_fast_merge<float>(m, n, shape);
}

TEST(FastMergeGpu, TwoTo24KeysASide) {
  WS_SKIP_WITHOUT_GPU();
  expect_fast_merge<int32_t>(size_t(1) << 24, size_t(1) << 24, FastMergeShape::Uniform);
  expect_fast_merge<int32_t>(size_t(1) << 24, (size_t(1) << 20) + 5, FastMergeShape::Skewed);
}

TEST(FastMergeGpu, EqualsTheCpuTwin) {
  WS_SKIP_WITHOUT_GPU();
  const auto a = fast_merge_side<float>(9000, FastMergeShape::Duplicates, 1, true, 0);
  const auto b = fast_merge_side<float>(7001, FastMergeShape::Duplicates, 2, false, 9000);
  const FastResult<float> gpu = run_merge_fast(a.keys, b.keys, a.values, b.values, Backend::Cuda);
  const FastResult<float> cpu = run_merge_fast(a.keys, b.keys, a.values, b.values, Backend::Cpu);
  EXPECT_EQ(gpu.keys, cpu.keys);
  EXPECT_EQ(gpu.values, cpu.values);
}

// Small enough for compute-sanitizer (memcheck, racecheck, synccheck): several tiles of the merge
// and the sort, keys and pairs, a partial last tile.
TEST(FastMergeGpu, MergeAndSortForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  expect_fast_merge<int32_t>(9001, 7000, FastMergeShape::Duplicates);
  const auto in = fast_merge_side<int32_t>(20000, FastMergeShape::Uniform, 3, false, 0);
  Keyed<int32_t> shuffled = in;
  std::shuffle(shuffled.keys.begin(), shuffled.keys.end(), std::mt19937(4));
  const Keyed<int32_t> want = fast_test::reference_sort(shuffled);
  const FastResult<int32_t> got = run_sort_fast(shuffled.keys, shuffled.values, Backend::Cuda);
  EXPECT_EQ(got.keys, want.keys);
  EXPECT_EQ(got.values, want.values);
}

}  // namespace
}  // namespace ws::merge
