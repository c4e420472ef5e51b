// The scan applications on CUDA against their CPU twins (teach traces event for event, results),
// CUB and the standard library (fast compaction and sorts on large random data).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "compact/compact.h"
#include "gpu_test_support.h"
#include "radix_sort/radix_sort.h"
#include "radix_sort/radix_sort_internal.h"
#include "segmented_scan/segmented_scan.h"

namespace ws {
namespace {

std::vector<double> random_values(int64_t n, uint32_t seed, int lo, int hi) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(lo, hi);
  std::vector<double> v(static_cast<size_t>(n));
  for (double& x : v) x = dist(rng);
  return v;
}

TEST(ScanAppsGpu, CompactionTeachTraceEqualsTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  for (ValueType type : {ValueType::Int32, ValueType::Float32}) {
    for (int64_t n : {1, 7, 64, 100, 1000, 4096}) {
      for (int block : {0, 32, 1024}) {
        compact::Params p;
        p.type = type;
        p.block_dim = block;
        p.predicate = {compact::Predicate::Greater, 3};
        const std::vector<double> values = random_values(n, static_cast<uint32_t>(n), -9, 9);
        const compact::TeachRun cpu = compact::teach(Backend::Cpu, p, values);
        const compact::TeachRun gpu = compact::teach(Backend::Cuda, p, values);
        ASSERT_EQ(compare_traces(cpu.trace, gpu.trace), "") << n << " " << block;
        ASSERT_EQ(gpu.output, cpu.output);
        ASSERT_EQ(gpu.positions, cpu.positions);
        ASSERT_EQ(gpu.kept, cpu.kept);
      }
    }
  }
}

TEST(ScanAppsGpu, SegmentedTeachTraceEqualsTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Product, BinaryOp::Min, BinaryOp::Max}) {
    for (ValueType type : {ValueType::Int32, ValueType::Float32}) {
      for (bool inclusive : {true, false}) {
        for (int64_t n : {1, 9, 32, 100, 1024}) {
          segscan::Segments s;
          std::mt19937 rng(static_cast<uint32_t>(n));
          for (int64_t i = 0; i < n; ++i) {
            s.values.push_back(static_cast<double>(rng() % 9) - 4);
            s.heads.push_back(i == 0 || rng() % 5 == 0);
          }
          segscan::Params p;
          p.op = op;
          p.type = type;
          p.inclusive = inclusive;
          const segscan::TeachRun cpu = segscan::teach(Backend::Cpu, p, s);
          const segscan::TeachRun gpu = segscan::teach(Backend::Cuda, p, s);
          ASSERT_EQ(compare_traces(cpu.trace, gpu.trace), "") << op_name(op) << " " << n;
          ASSERT_EQ(gpu.result, cpu.result);
        }
      }
    }
  }
}

// Small runs of every application kernel (compaction and segmented scan in teach and fast mode,
// both radix sorts) for compute-sanitizer's memcheck, racecheck and synccheck.
TEST(ScanAppsGpu, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  const std::vector<double> values = random_values(300, 7, -9, 9);
  compact::Params cp;
  cp.block_dim = 64;
  cp.predicate = {compact::Predicate::Greater, 0};
  EXPECT_EQ(compact::teach(Backend::Cuda, cp, values).output,
            compact::teach(Backend::Cpu, cp, values).output);
  segscan::Segments s;
  for (size_t i = 0; i < values.size(); ++i) {
    s.values.push_back(values[i]);
    s.heads.push_back(i % 7 == 0);
  }
  segscan::Params sp;
  EXPECT_EQ(segscan::teach(Backend::Cuda, sp, s).result,
            segscan::teach(Backend::Cpu, sp, s).result);
  const int64_t n = 5000;
  std::mt19937 rng(11);
  std::vector<int32_t> ints(n);
  std::vector<uint8_t> heads(n);
  std::vector<uint32_t> keys(n);
  for (int64_t i = 0; i < n; ++i) {
    ints[i] = static_cast<int32_t>(rng() % 19) - 9;
    heads[i] = i == 0 || rng() % 50 == 0;
    keys[i] = rng();
  }
  std::vector<int32_t> kept(n);
  int64_t kept_count = 0;
  compact::fast(Backend::Cuda, cp, ints.data(), kept.data(), n, 1, &kept_count);
  EXPECT_EQ(kept_count, std::count_if(ints.begin(), ints.end(), [](int32_t x) { return x > 0; }));
  std::vector<int32_t> gpu(n), cpu(n);
  segscan::fast(Backend::Cuda, sp, ints.data(), heads.data(), gpu.data(), n, 1);
  segscan::fast(Backend::Cpu, sp, ints.data(), heads.data(), cpu.data(), n, 1);
  EXPECT_EQ(gpu, cpu);
  std::vector<uint32_t> expected = keys;
  std::stable_sort(expected.begin(), expected.end());
  for (int bits : {4, 8}) {
    std::vector<uint32_t> out(n);
    radix::sort_cuda_bits(keys.data(), out.data(), n, 1, bits);
    EXPECT_EQ(out, expected) << bits << "-bit digits";
  }
  std::vector<uint32_t> out(n), indices(n), indices_out(n);
  radix::sort_fast(Backend::Cuda, keys.data(), out.data(), n, 1);  // onesweep
  EXPECT_EQ(out, expected) << "onesweep";
  std::iota(indices.begin(), indices.end(), 0u);
  radix::sort_pairs_fast(Backend::Cuda, keys.data(), indices.data(), out.data(), indices_out.data(),
                         n, 1);
  EXPECT_EQ(out, expected) << "onesweep pairs";
}

TEST(ScanAppsGpu, FastCompactionMatchesCubAndCopyIf) {
  WS_SKIP_WITHOUT_GPU();
  for (int64_t n :
       {int64_t{1}, int64_t{2047}, int64_t{2049}, int64_t{1} << 20, (int64_t{1} << 24) + 3}) {
    std::mt19937 rng(static_cast<uint32_t>(n));
    std::vector<int32_t> ints(static_cast<size_t>(n));
    for (int32_t& x : ints) x = static_cast<int32_t>(rng() % 2001) - 1000;
    compact::Params p;
    p.predicate = {compact::Predicate::Greater, 100};
    const compact::Comparison c =
        compact::compare_with_library(Backend::Cuda, p, ints.data(), n, 2);
    EXPECT_TRUE(c.verified) << n;
    std::vector<int32_t> expected;
    std::copy_if(ints.begin(), ints.end(), std::back_inserter(expected),
                 [](int32_t x) { return x > 100; });
    std::vector<int32_t> out(static_cast<size_t>(n));
    int64_t kept = 0;
    compact::fast(Backend::Cuda, p, ints.data(), out.data(), n, 1, &kept);
    ASSERT_EQ(kept, static_cast<int64_t>(expected.size())) << n;
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), out.begin())) << n;
  }
  std::vector<float> floats(1 << 22);
  std::mt19937 rng(5);
  for (float& x : floats) x = static_cast<float>(rng() % 1000) * 0.5f;
  compact::Params p;
  p.type = ValueType::Float32;
  p.predicate = {compact::Predicate::Even, 0};
  EXPECT_TRUE(compact::compare_with_library(Backend::Cuda, p, floats.data(), 1 << 22, 1).verified);
}

// Sizes around the onesweep keys tile (8192 keys: radix_sort.cu) and large, with a tenth of the
// keys equal; and 3 tiles and a bit of one key only (every tile of every pass one digit).
TEST(ScanAppsGpu, FastRadixSortMatchesCubAndStableSort) {
  WS_SKIP_WITHOUT_GPU();
  for (int64_t n :
       {int64_t{1}, int64_t{1000}, int64_t{4097}, int64_t{8191}, int64_t{8193}, int64_t{16385},
        int64_t{3 * 8192 + 7}, int64_t{1} << 20, (int64_t{1} << 24) + 5}) {
    std::mt19937 rng(static_cast<uint32_t>(n) + 1);
    std::vector<uint32_t> keys(static_cast<size_t>(n));
    for (uint32_t& k : keys) k = rng();
    if (n > 100) std::fill(keys.begin(), keys.begin() + n / 10, 42u);  // duplicates
    if (n == 3 * 8192 + 7) std::fill(keys.begin(), keys.end(), 0x12345678u);
    const radix::Comparison c = radix::compare_with_library(Backend::Cuda, keys.data(), n, 2);
    EXPECT_TRUE(c.verified) << n;
    std::vector<uint32_t> expected = keys;
    std::stable_sort(expected.begin(), expected.end());
    for (int bits : {4, 8}) {
      std::vector<uint32_t> out(static_cast<size_t>(n));
      radix::sort_cuda_bits(keys.data(), out.data(), n, 1, bits);
      EXPECT_EQ(out, expected) << n << " keys, " << bits << "-bit digits";
    }
  }
}

// Onesweep on pairs against the stable order of the keys' indices and against CUB SortPairs, at
// sizes around its tile (9216 pairs: radix_sort.cu) and large, with many equal keys; several
// repeats, so that every run after the first reuses the look-back words and counters.
TEST(ScanAppsGpu, OnesweepPairsMatchStableSortAndCub) {
  WS_SKIP_WITHOUT_GPU();
  for (int64_t n : {int64_t{1}, int64_t{4097}, int64_t{9215}, int64_t{9217}, int64_t{18433},
                    int64_t{1} << 20, (int64_t{1} << 24) + 9}) {
    std::mt19937 rng(static_cast<uint32_t>(n) + 3);
    std::vector<uint32_t> keys(static_cast<size_t>(n)), values(keys.size());
    for (uint32_t& k : keys) k = rng() % 4 == 0 ? 1234u : rng();
    std::iota(values.begin(), values.end(), 0u);
    std::vector<uint32_t> order = values;
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
    std::vector<uint32_t> ko(keys.size()), vo(keys.size()), lk(keys.size()), lv(keys.size());
    radix::sort_pairs_fast(Backend::Cuda, keys.data(), values.data(), ko.data(), vo.data(), n, 3);
    radix::sort_pairs_library(Backend::Cuda, keys.data(), values.data(), lk.data(), lv.data(), n,
                              1);
    EXPECT_EQ(vo, order) << n;
    EXPECT_EQ(lv, order) << n;
    EXPECT_EQ(ko, lk) << n;
  }
}

// Ten runs of the single-pass scan-based kernels in a row on one set of buffers: each run takes a
// new epoch instead of clearing the look-back words; the last run's output must still be right.
TEST(ScanAppsGpu, RepeatedSinglePassRunsStayCorrect) {
  WS_SKIP_WITHOUT_GPU();
  const int64_t n = (int64_t{1} << 22) + 17;
  std::mt19937 rng(9);
  std::vector<int32_t> ints(static_cast<size_t>(n));
  for (int32_t& x : ints) x = static_cast<int32_t>(rng() % 2001) - 1000;
  compact::Params p;
  p.predicate = {compact::Predicate::Greater, 0};
  std::vector<int32_t> out(ints.size()), expected;
  std::copy_if(ints.begin(), ints.end(), std::back_inserter(expected),
               [](int32_t x) { return x > 0; });
  int64_t kept = 0;
  compact::fast(Backend::Cuda, p, ints.data(), out.data(), n, 10, &kept);
  ASSERT_EQ(kept, static_cast<int64_t>(expected.size()));
  EXPECT_TRUE(std::equal(expected.begin(), expected.end(), out.begin()));
}

TEST(ScanAppsGpu, FastSegmentedScanMatchesTheCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (int64_t n :
       {int64_t{1}, int64_t{2048}, int64_t{2049}, int64_t{1} << 20, (int64_t{1} << 23) + 7}) {
    for (int head_every : {3, 5000, 0}) {  // 0: one segment
      std::mt19937 rng(static_cast<uint32_t>(n + head_every));
      std::vector<int32_t> values(static_cast<size_t>(n));
      std::vector<uint8_t> heads(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) {
        values[i] = static_cast<int32_t>(rng() % 9) - 4;
        heads[i] = i == 0 || (head_every > 0 && rng() % head_every == 0);
      }
      for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Max}) {
        for (bool inclusive : {true, false}) {
          segscan::Params p;
          p.op = op;
          p.inclusive = inclusive;
          std::vector<int32_t> cpu(values.size()), gpu(values.size());
          segscan::fast(Backend::Cpu, p, values.data(), heads.data(), cpu.data(), n, 1);
          segscan::fast(Backend::Cuda, p, values.data(), heads.data(), gpu.data(), n, 1);
          ASSERT_EQ(gpu, cpu) << n << " " << head_every << " " << op_name(op) << " " << inclusive;
        }
      }
    }
  }
}

}  // namespace
}  // namespace ws
