// Every SpMV variant on seeded random matrices of 0..64 rows (an empty row, a full row, duplicate
// entries summed), float32 and float64: y within the summation-order bound of the long-double
// reference (spmv_variant_test_support.h derives it), and the full-size CPU run bit-identical to
// the teach run (both add in the kernel thread's order).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "spmv_variant_test_support.h"

namespace ws::spmv {
namespace {

struct RandomCase {
  int rows, cols;
  double density;
};

const std::vector<RandomCase>& random_cases() {
  static const std::vector<RandomCase> cases = {
      {0, 0, 0.5},   {0, 5, 0.5},   {1, 1, 1.0},   {3, 7, 0.4},   {7, 3, 0.6},
      {31, 31, 0.2}, {32, 40, 0.1}, {33, 17, 0.3}, {64, 64, 0.1}, {64, 8, 0.9}};
  return cases;
}

template <class T>
void check_random_matrices(ValueType type) {
  uint64_t seed = 11;
  for (const RandomCase& c : random_cases()) {
    const int empty = c.rows > 2 ? 1 : -1;
    const int full = c.rows > 3 ? c.rows - 1 : -1;
    const CsrMatrix m = ktest::random_matrix(c.rows, c.cols, ++seed, c.density, empty, full, 5);
    ASSERT_LE(m.nnz(), kSpmvTeachMaxNonzeros);
    const std::vector<double> x = ktest::random_x(c.cols, seed * 7);
    const std::vector<T> xt(x.begin(), x.end());
    for (SpmvVariant v : ktest::teach_variants()) {
      SCOPED_TRACE(ktest::variant_name(v) + " " + std::to_string(c.rows) + "x" +
                   std::to_string(c.cols) + " " + type_name(type));
      const SpmvTeachRun run = teach_spmv(ktest::teach_params(v, type), m, x, Backend::Cpu);
      EXPECT_TRUE(ktest::within_bound<T>(m, x, run.y));
      if (empty >= 0) {
        EXPECT_EQ(run.y[size_t(empty)], 0.0);
      }
      const std::vector<T> full_size = spmv_cpu<T>(v, m, xt);
      EXPECT_EQ(std::vector<double>(full_size.begin(), full_size.end()), run.y);
    }
  }
}

TEST(SpmvVariantsRandom, Float32WithinTheSummationBound) {
  check_random_matrices<float>(ValueType::Float32);
}

TEST(SpmvVariantsRandom, Float64WithinTheSummationBound) {
  check_random_matrices<double>(ValueType::Float64);
}

// The same matrix under every block size a warp can be cut into gives the same y (a thread's
// sum does not depend on its block); csr-vector takes multiples of 32.
TEST(SpmvVariantsRandom, BlockSizeDoesNotChangeTheProduct) {
  const CsrMatrix m = ktest::random_matrix(40, 40, 5, 0.15, 3, 20, 3);
  const std::vector<double> x = ktest::random_x(40, 9);
  for (SpmvVariant v : ktest::teach_variants()) {
    const bool vector = v == SpmvVariant::CsrVector;
    const std::vector<double> y =
        teach_spmv(ktest::teach_params(v, ValueType::Float32, 32), m, x, Backend::Cpu).y;
    for (int block : {1, 5, 64, 256}) {
      if (vector && block % 32 != 0) continue;
      EXPECT_EQ(teach_spmv(ktest::teach_params(v, ValueType::Float32, block), m, x, Backend::Cpu).y,
                y)
          << ktest::variant_name(v) << " block " << block;
    }
  }
}

// Hybrid at every width 0..longest: all COO at 0, all ELL at the longest; y stays in bound.
TEST(SpmvVariantsRandom, HybridAtEveryWidth) {
  const CsrMatrix m = ktest::random_matrix(20, 30, 17, 0.2, 2, 7, 2);
  const std::vector<double> x = ktest::random_x(30, 3);
  int32_t longest = 0;
  for (int32_t r = 0; r < m.rows; ++r) longest = std::max(longest, m.row_length(r));
  for (int32_t width = 0; width <= longest; ++width) {
    SpmvTeachParams p = ktest::teach_params(SpmvVariant::Hybrid, ValueType::Float64);
    p.hybrid_width = width;
    const SpmvTeachRun run = teach_spmv(p, m, x, Backend::Cpu);
    EXPECT_EQ(run.params.hybrid_width, width);
    EXPECT_TRUE(ktest::within_bound<double>(m, x, run.y)) << "width " << width;
    EXPECT_EQ(spmv_cpu<double>(SpmvVariant::Hybrid, m, x, width), run.y) << "width " << width;
  }
}

}  // namespace
}  // namespace ws::spmv
