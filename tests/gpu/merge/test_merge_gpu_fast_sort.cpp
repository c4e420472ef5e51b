// The fast sort on CUDA against std::stable_sort on (key, tag) pairs, written in the test: keys
// and values (stability: equal keys keep input order) at 0, 1, 17, 4095, 2^20 + 5 and 2^24 keys,
// uniform / duplicates / all-equal / sorted / reversed, int32 and float32; the CPU twin agrees.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "../../kernels/merge/fast_test_support.h"
#include "common/error.h"
#include "gpu_test_support.h"
#include "merge/merge_fast.h"

namespace ws::merge {
namespace {

using fast_test::Keyed;

enum class FastSortOrder { Uniform, Duplicates, AllEqual, Sorted, Reversed };

template <class Key>
Keyed<Key> fast_sort_input(size_t n, FastSortOrder order, uint32_t seed) {
  std::mt19937 rng(seed);
  Keyed<Key> out;
  for (size_t i = 0; i < n; ++i) {
    int64_t v = int64_t(rng() % 2000000u) - 1000000;
    if (order == FastSortOrder::Duplicates) v = int64_t(rng() % 7u) - 3;
    if (order == FastSortOrder::AllEqual) v = -2;
    out.keys.push_back(Key(v));
    out.values.push_back(uint32_t(i));
  }
  if (order == FastSortOrder::Sorted) std::sort(out.keys.begin(), out.keys.end());
  if (order == FastSortOrder::Reversed) std::sort(out.keys.rbegin(), out.keys.rend());
  return out;
}

template <class Key>
void expect_fast_sort(const Keyed<Key>& in, const char* what) {
  const Keyed<Key> want = fast_test::reference_sort(in);
  const FastResult<Key> pairs = run_sort_fast(in.keys, in.values, Backend::Cuda);
  ASSERT_EQ(pairs.keys, want.keys) << in.keys.size() << " keys, " << what;
  ASSERT_EQ(pairs.values, want.values) << in.keys.size() << " keys, " << what;
  const FastResult<Key> keys = run_sort_fast<Key>(in.keys, {}, Backend::Cuda);
  ASSERT_EQ(keys.keys, want.keys) << in.keys.size() << " keys only, " << what;
}

TEST(FastSortGpu, EveryOrderAndSizeAgainstStdStableSort) {
  WS_SKIP_WITHOUT_GPU();
  for (const size_t n :
       {size_t(0), size_t(1), size_t(17), size_t(4095), size_t(4353), (size_t(1) << 20) + 5})
    for (const FastSortOrder order :
         {FastSortOrder::Uniform, FastSortOrder::Duplicates, FastSortOrder::AllEqual,
          FastSortOrder::Sorted, FastSortOrder::Reversed}) {
      expect_fast_sort(fast_sort_input<int32_t>(n, order, uint32_t(n + int(order))), "int32");
      if (order != FastSortOrder::AllEqual && n <= 4353)
        expect_fast_sort(fast_sort_input<float>(n, order, uint32_t(n * 3 + int(order))), "float");
    }
}

TEST(FastSortGpu, TwoTo24Keys) {
  WS_SKIP_WITHOUT_GPU();
  expect_fast_sort(fast_sort_input<int32_t>(size_t(1) << 24, FastSortOrder::Uniform, 24), "int32");
  expect_fast_sort(fast_sort_input<float>((size_t(1) << 20) + 5, FastSortOrder::Duplicates, 20),
                   "float");
}

TEST(FastSortGpu, FloatSignedZerosAndInfinities) {
  WS_SKIP_WITHOUT_GPU();
  const float inf = std::numeric_limits<float>::infinity();
  Keyed<float> in;
  for (uint32_t i = 0; i < 10000; ++i) {
    const float pick[] = {0.0f, -0.0f, inf, -inf, 1.5f, -1.5f};
    in.keys.push_back(pick[(i * 7919u) % 6u]);
    in.values.push_back(i);
  }
  expect_fast_sort(in, "signed zeros and infinities");
}

TEST(FastSortGpu, EqualsTheCpuTwin) {
  WS_SKIP_WITHOUT_GPU();
  const auto in = fast_sort_input<int32_t>(50000, FastSortOrder::Duplicates, 5);
  const FastResult<int32_t> gpu = run_sort_fast(in.keys, in.values, Backend::Cuda);
  const FastResult<int32_t> cpu = run_sort_fast(in.keys, in.values, Backend::Cpu);
  EXPECT_EQ(gpu.keys, cpu.keys);
  EXPECT_EQ(gpu.values, cpu.values);
}

TEST(FastSortGpu, NanKeysAreRejected) {
  WS_SKIP_WITHOUT_GPU();
  EXPECT_THROW(
      run_sort_fast<float>({1.0f, std::numeric_limits<float>::quiet_NaN()}, {}, Backend::Cuda),
      Error);
}

}  // namespace
}  // namespace ws::merge
