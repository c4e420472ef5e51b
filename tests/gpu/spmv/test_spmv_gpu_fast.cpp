// Variant 7 on the device: spmv_fast equals its host twin bit for bit (EXACT_FLOAT) and the
// long-double reference within the summation-order bound, on poisson:64 (row lanes, G = 1),
// random:3000:16 (float32 row lanes G = 4, float64 merge path 128 x 3), powerlaw:16:8, a matrix
// with a 100000-nonzero row and an all-empty one (merge path), float32 and float64; the plan picks
// the path the host rule picks; the timings (variants 1-7 and cuSPARSE's two algorithms) run and
// pass their own checks.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "common/error.h"
#include "gpu_test_support.h"
#include "spmv/matrix.h"
#include "spmv/spmv.h"
#include "spmv/spmv_fast.h"

namespace ws::spmv {
namespace {

// 1000 x 100000: row 500 holds every column, the others 0..3 nonzeros (integers, so every sum is
// exact in either type and any lost or doubled piece shows).
CsrMatrix long_row_matrix() {
  std::vector<int32_t> r, c;
  std::vector<double> v;
  for (int32_t row = 0; row < 1000; ++row) {
    const int32_t len = row == 500 ? 100000 : row % 4;
    for (int32_t k = 0; k < len; ++k)
      r.push_back(row), c.push_back(row == 500 ? k : (row * 37 + k * 1001) % 100000),
          v.push_back(double((row + k) % 5 - 2));
  }
  return from_triplets(1000, 100000, r, c, v, "long row");
}

bool test_contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<CsrMatrix> test_matrices() {
  return {generate_matrix("poisson:64"), generate_matrix("random:3000:16"),
          generate_matrix("powerlaw:16:8", 3), long_row_matrix(),
          from_triplets(5000, 5000, {}, {}, {}, "all empty")};
}

// The bound of spmv_fast.h for the path the plan picks (row lanes: len additions at most).
int bound_items(const CsrMatrix& a, size_t value_bytes) {
  const FastSpmvConfig config = fast_spmv_choice(a, value_bytes).config;
  return config.row_lanes() ? (1 << 30) : config.items;
}

template <class T>
void expect_twin_and_bound(const CsrMatrix& a) {
  const std::vector<double> x = make_x(XKind::Random, a.cols, 28);
  const std::vector<T> xt(x.begin(), x.end());
  const std::vector<T> gpu = spmv_fast_on_device<T>(a, xt);
  const std::vector<T> twin = spmv_fast_cpu<T>(a, xt);
  ASSERT_EQ(gpu.size(), twin.size()) << a.name;
  int64_t differ = 0;
  for (size_t i = 0; i < gpu.size(); ++i) differ += !(gpu[i] == twin[i]) ? 1 : 0;
  EXPECT_EQ(differ, 0) << a.name << ": rows where the kernel and its twin differ";
  // Against the reference: the bound of spmv_fast.h (products rounded once, len additions, one
  // fold per thread and per tile the row touches).
  const std::vector<double> ref = dense_reference(a, x);
  const double eps = sizeof(T) == 8 ? 0x1.0p-53 : 0x1.0p-24;
  const int items = bound_items(a, sizeof(T));
  for (int32_t r = 0; r < a.rows; ++r) {
    double magnitude = 0;
    for (int32_t k = a.row_ptr[size_t(r)]; k < a.row_ptr[size_t(r) + 1]; ++k)
      magnitude += std::fabs(a.val[size_t(k)] * x[size_t(a.col[size_t(k)])]);
    const int64_t len = a.row_length(r);
    const double bound = double(2 + len + 2 * ((len + 1) / items + 2)) * eps * magnitude;
    ASSERT_LE(std::fabs(double(gpu[size_t(r)]) - ref[size_t(r)]), bound) << a.name << " row " << r;
  }
}

TEST(SpmvFastGpu, EqualsItsTwinAndTheReference) {
  WS_SKIP_WITHOUT_GPU();
  for (const CsrMatrix& a : test_matrices()) {
    expect_twin_and_bound<float>(a);
    expect_twin_and_bound<double>(a);
  }
}

// Small enough for memcheck, racecheck and synccheck: rows crossing threads and tiles (a
// 5000-nonzero row), empty rows, an all-empty matrix.
TEST(SpmvFastGpu, SmallMatricesForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  std::vector<int32_t> r, c;
  std::vector<double> v;
  for (int32_t k = 0; k < 5000; ++k) r.push_back(20), c.push_back(k), v.push_back(double(k % 3));
  for (int32_t row = 30; row < 50; row += 2) r.push_back(row), c.push_back(row), v.push_back(1.0);
  for (const CsrMatrix& a : {generate_matrix("poisson:16"), from_triplets(50, 5000, r, c, v),
                             from_triplets(300, 300, {}, {}, {}, "all empty")}) {
    expect_twin_and_bound<float>(a);
    expect_twin_and_bound<double>(a);
  }
}

// The plan (longest row found on the device) picks what the host rule picks for the same matrix.
TEST(SpmvFastGpu, ThePlanChoosesAsTheHostRule) {
  WS_SKIP_WITHOUT_GPU();
  int row_lanes = 0, merge = 0;
  for (const CsrMatrix& a : test_matrices()) {
    for (const ValueType value : {ValueType::Float32, ValueType::Float64}) {
      const SpmvTiming t = time_spmv(7, value, a, 1);
      const FastSpmvChoice host = fast_spmv_choice(a, value == ValueType::Float64 ? 8 : 4);
      EXPECT_TRUE(test_contains(t.note, host.why)) << a.name << ": " << t.note;
      (host.config.row_lanes() ? row_lanes : merge) += 1;
    }
  }
  EXPECT_EQ(row_lanes, 3);  // poisson: both types; random (16 a row): float32 only
  EXPECT_EQ(merge, 7);
}

void expect_timed_and_checked(const CsrMatrix& a, const SpmvTiming& t, ValueType value) {
  EXPECT_TRUE(t.available) << a.name << " " << t.name << ": " << t.note;
  EXPECT_TRUE(t.checked) << a.name << " " << t.name << ": " << t.note;
  EXPECT_GT(t.ms, 0) << a.name << " " << t.name;
  EXPECT_EQ(t.bytes, spmv_bytes(a.rows, a.cols, a.nnz(), value)) << t.name;
}

// Variant 7 and cuSPARSE on the five test matrices; variants 1-6 on poisson and powerlaw.
TEST(SpmvFastGpu, TimingsRunAndPassTheirChecks) {
  WS_SKIP_WITHOUT_GPU();
  std::string why;
  const bool cusparse = cusparse_available(&why);
  if (!cusparse) {
    EXPECT_FALSE(why.empty()) << "cuSPARSE absent, with a reason";
  }
  const std::vector<CsrMatrix> matrices = test_matrices();
  for (size_t m = 0; m < matrices.size(); ++m) {
    const CsrMatrix& a = matrices[m];
    for (const ValueType value : {ValueType::Float32, ValueType::Float64}) {
      expect_timed_and_checked(a, time_spmv(7, value, a, 20), value);
      for (const CusparseAlg alg : {CusparseAlg::Default, CusparseAlg::CsrAlg2}) {
        const SpmvTiming t = time_cusparse(alg, value, a, 20);
        if (cusparse && a.nnz() > 0) {
          expect_timed_and_checked(a, t, value);
        } else {
          EXPECT_FALSE(t.available) << t.name;  // no library, or nothing to multiply
          EXPECT_FALSE(t.note.empty()) << t.name;
        }
      }
      if (m == 0 || m == 2)
        for (int v = 1; v <= 6; ++v) expect_timed_and_checked(a, time_spmv(v, value, a, 20), value);
    }
  }
}

TEST(SpmvFastGpu, BadTimingArgumentsThrow) {
  EXPECT_THROW(time_spmv(8, ValueType::Float32, generate_matrix("pmpp"), 20), Error);
  EXPECT_THROW(time_spmv(7, ValueType::Int32, generate_matrix("pmpp"), 20), Error);
}

}  // namespace
}  // namespace ws::spmv
