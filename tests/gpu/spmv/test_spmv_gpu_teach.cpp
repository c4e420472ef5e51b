// The traced CUDA SpMV kernels against their CPU twins: every variant's trace event for event and
// its y, both value types, several block sizes, the book's example, random matrices with empty
// and full rows, and the empty cases. The device's events come back sorted by (step, thread), so
// even coo's and hybrid's atomics compare in thread order; what differs is the order the device
// really applied them, so their y is checked within the summation bound (and exactly where
// every partial sum is an exact integer: the book's example).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "spmv_gpu_test_support.h"

namespace ws::spmv {
namespace {

using gtest_support::gpu_variants;

SpmvTeachParams gpu_teach_params(SpmvVariant v, ValueType type, int block_dim) {
  SpmvTeachParams p;
  p.variant = v, p.type = type, p.block_dim = block_dim;
  return p;
}

void expect_same_spmv_run(const SpmvTeachParams& p, const CsrMatrix& m,
                          const std::vector<double>& x, bool exact_y) {
  const std::string what = std::string(spmv_info(p.variant).id) + " " + type_name(p.type) +
                           " block " + std::to_string(p.block_dim) + " on " +
                           std::to_string(m.rows) + "x" + std::to_string(m.cols) + " nnz " +
                           std::to_string(m.nnz());
  const SpmvTeachRun cpu = teach_spmv(p, m, x, Backend::Cpu);
  const SpmvTeachRun gpu = teach_spmv(p, m, x, Backend::Cuda);
  ASSERT_EQ(compare_traces(gpu.trace, cpu.trace), "") << what;
  if (exact_y || !uses_atomics(p.variant)) {
    EXPECT_EQ(gpu.y, cpu.y) << what;
  } else if (p.type == ValueType::Float64) {
    EXPECT_TRUE(gtest_support::gpu_within_bound<double>(m, x, gpu.y)) << what;
  } else {
    EXPECT_TRUE(gtest_support::gpu_within_bound<float>(m, x, gpu.y)) << what;
  }
  ASSERT_EQ(gpu.steps.size(), cpu.steps.size()) << what;
  for (size_t s = 0; s < cpu.steps.size(); ++s)
    EXPECT_EQ(gpu.steps[s].rows, cpu.steps[s].rows) << what << " step " << s;
  EXPECT_EQ(gpu.atomic_order, cpu.atomic_order) << what;
}

TEST(SpmvGpuTeach, BookExampleMatchesTheTwinExactly) {
  WS_SKIP_WITHOUT_GPU();
  const CsrMatrix book = from_triplets(4, 4, {0, 0, 1, 1, 1, 2, 2, 3}, {0, 1, 0, 2, 3, 1, 2, 3},
                                       {1, 7, 5, 3, 9, 2, 8, 6});
  for (SpmvVariant v : gpu_variants())
    for (ValueType type : {ValueType::Float32, ValueType::Float64})
      for (int block : {32, 64, 4}) {
        if (v == SpmvVariant::CsrVector && block % 32 != 0) continue;
        expect_same_spmv_run(gpu_teach_params(v, type, block), book, {1, 2, 3, 4}, true);
      }
}

TEST(SpmvGpuTeach, RandomMatricesMatchTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  uint64_t seed = 3;
  for (auto [rows, cols, density] : {std::tuple{64, 64, 0.1}, std::tuple{33, 20, 0.3},
                                     std::tuple{5, 64, 0.5}, std::tuple{40, 7, 0.6}}) {
    const CsrMatrix m = gtest_support::gpu_random_matrix(rows, cols, ++seed, density);
    const std::vector<double> x = gtest_support::gpu_random_x(cols, seed);
    for (SpmvVariant v : gpu_variants())
      for (ValueType type : {ValueType::Float32, ValueType::Float64})
        for (int block : {32, 96, 7}) {
          if (v == SpmvVariant::CsrVector && block % 32 != 0) continue;
          expect_same_spmv_run(gpu_teach_params(v, type, block), m, x, false);
        }
  }
}

TEST(SpmvGpuTeach, EmptyMatricesMatchTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  const CsrMatrix no_rows = from_triplets(0, 3, {}, {}, {});
  const CsrMatrix no_nonzeros = from_triplets(5, 5, {}, {}, {});
  for (SpmvVariant v : gpu_variants()) {
    expect_same_spmv_run(gpu_teach_params(v, ValueType::Float32, 32), no_rows, {1, 1, 1}, true);
    expect_same_spmv_run(gpu_teach_params(v, ValueType::Float64, 32), no_nonzeros, {1, 2, 3, 4, 5},
                         true);
  }
}

// A small run of every traced kernel for compute-sanitizer (scripts/device-check.sh).
TEST(SpmvGpuTeach, EveryVariantOnceForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  const CsrMatrix m = gtest_support::gpu_random_matrix(20, 20, 9, 0.2);
  const std::vector<double> x = gtest_support::gpu_random_x(20, 9);
  for (SpmvVariant v : gpu_variants())
    expect_same_spmv_run(gpu_teach_params(v, ValueType::Float32, 32), m, x, false);
}

}  // namespace
}  // namespace ws::spmv
