// The sorts' CUDA teach kernels against their CPU twins: the output (keys and values) and the
// trace, event for event, for every variant over sizes, key types, block shapes and inputs.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "common/trace.h"
#include "gpu_test_support.h"
#include "merge/sort.h"

namespace ws::merge {
namespace {

std::vector<double> gpu_sort_keys(int n, uint32_t seed, KeyType type, int distinct) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pick(-distinct, distinct);
  std::vector<double> keys;
  for (int i = 0; i < n; ++i) keys.push_back(pick(rng) + (type == KeyType::Float32 ? 0.25 : 0.0));
  return keys;
}

void expect_cuda_equals_twin(const SortTeachParams& p, const std::vector<double>& keys,
                             const std::string& what) {
  const SortTeachRun cpu = teach_sort(p, keys, Backend::Cpu);
  const SortTeachRun cuda = teach_sort(p, keys, Backend::Cuda);
  EXPECT_EQ(cuda.output, cpu.output) << what;
  EXPECT_EQ(cuda.output_values, cpu.output_values) << what;
  EXPECT_EQ(compare_traces(cuda.trace, cpu.trace), "") << what;
}

TEST(MergeGpuSortTeach, EveryVariantMatchesItsTwin) {
  WS_SKIP_WITHOUT_GPU();
  for (const SortInfo& info : sort_infos())
    for (KeyType type : {KeyType::Int32, KeyType::Float32})
      for (int n : {0, 1, 2, 3, 7, 16, 33, 64, 100, 128})
        for (int block : {1, 4, 32}) {
          SortTeachParams p;
          p.variant = info.variant;
          p.key_type = type;
          p.block_dim = block;
          p.per_thread = block == 4 ? 4 : 1;
          expect_cuda_equals_twin(
              p, gpu_sort_keys(n, uint32_t(n + block), type, n < 40 ? 3 : 1000),
              std::string(info.id) + " n " + std::to_string(n) + " block " + std::to_string(block));
        }
}

TEST(MergeGpuSortTeach, PaddingKeysAmongTheInputForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (SortVariant v : {SortVariant::MergeSort, SortVariant::Bitonic, SortVariant::OddEven}) {
    SortTeachParams p;
    p.variant = v;
    expect_cuda_equals_twin(p, {2147483647.0, 4, -2147483648.0, 2147483647.0, 4}, "int32 limits");
  }
}

}  // namespace
}  // namespace ws::merge
