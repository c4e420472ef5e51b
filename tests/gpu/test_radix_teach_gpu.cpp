// The traced radix sort on CUDA against its CPU twin: traces event for event and every pass's
// columns, over several key counts, digit widths and block sizes (partial last blocks, blocks of
// one warp and of several), plus a small run for compute-sanitizer.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "common/error.h"
#include "gpu_test_support.h"
#include "radix_sort/radix_sort.h"

namespace ws::radix {
namespace {

std::vector<uint32_t> random_keys(size_t n, uint32_t seed, uint32_t mask) {
  std::mt19937 rng(seed);
  std::vector<uint32_t> k(n);
  for (uint32_t& x : k) x = rng() & mask;
  return k;
}

void expect_gpu_equals_twin(const TeachParams& p, const std::vector<uint32_t>& keys) {
  const std::string where = std::to_string(keys.size()) + " keys, " + std::to_string(p.key_bits) +
                            " key bits, " + std::to_string(p.radix_bits) +
                            "-bit digits, blocks of " + std::to_string(p.block_size);
  const TeachRun cpu = teach(Backend::Cpu, p, keys);
  const TeachRun gpu = teach(Backend::Cuda, p, keys);
  ASSERT_EQ(compare_traces(cpu.trace, gpu.trace), "") << where;
  ASSERT_EQ(gpu.sort.passes.size(), cpu.sort.passes.size()) << where;
  const MultiBitSort ref = multibit_sort(keys, p.key_bits, p.radix_bits, p.block_size);
  for (size_t k = 0; k < ref.passes.size(); ++k) {
    const BucketPass& g = gpu.sort.passes[k];
    const BucketPass& r = ref.passes[k];
    EXPECT_EQ(g.keys_in, r.keys_in) << where << ", pass " << k;
    EXPECT_EQ(g.digit, r.digit) << where << ", pass " << k;
    EXPECT_EQ(g.table, r.table) << where << ", pass " << k;
    EXPECT_EQ(g.offsets, r.offsets) << where << ", pass " << k;
    EXPECT_EQ(g.local_rank, r.local_rank) << where << ", pass " << k;
    EXPECT_EQ(g.destination, r.destination) << where << ", pass " << k;
    EXPECT_EQ(g.keys_out, r.keys_out) << where << ", pass " << k;
  }
  EXPECT_EQ(gpu.sort.sorted, ref.sorted) << where;
}

TEST(RadixTeachGpu, TraceAndColumnsEqualTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  for (int n : {1, 8, 100, 1000, 4096}) {
    for (int radix_bits : {1, 2, 4, 8}) {
      for (int block : {4, 32, 100, 256, 1024}) {
        TeachParams p;
        p.key_bits = 8;
        p.radix_bits = radix_bits;
        p.block_size = block;
        const int64_t blocks = (n + block - 1) / block;
        if ((int64_t{1} << radix_bits) * blocks > kTeachMaxTable) continue;
        expect_gpu_equals_twin(p, random_keys(static_cast<size_t>(n), n + block, 0xFFu));
      }
    }
  }
}

TEST(RadixTeachGpu, FullWidthKeysAndTheDefaultScene) {
  WS_SKIP_WITHOUT_GPU();
  TeachParams p;  // the scene's defaults: 4-bit keys, 2-bit digits, blocks of 4
  expect_gpu_equals_twin(p, {13, 2, 7, 14, 5, 9, 1, 12, 6, 3, 11, 4, 9, 0, 15, 5});
  p.key_bits = 32;
  p.radix_bits = 4;
  p.block_size = 96;  // three warps per block, a partial last block
  expect_gpu_equals_twin(p, random_keys(1000, 3, 0xFFFFFFFFu));
}

TEST(RadixTeachGpu, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  TeachParams p;
  p.key_bits = 6;
  p.radix_bits = 3;
  p.block_size = 48;  // a full and a partial warp per block, a partial last block
  const std::vector<uint32_t> keys = random_keys(300, 7, 0x3Fu);
  EXPECT_EQ(teach(Backend::Cuda, p, keys).sort.sorted, teach(Backend::Cpu, p, keys).sort.sorted);
}

}  // namespace
}  // namespace ws::radix
