// Helpers for the SpMV variant tests (test_spmv_*.cpp): the variants teach mode runs, the book's
// example, seeded random matrices with the cases that break kernels (empty rows, a full row,
// duplicate entries), and the error bound a row's sum may carry.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/split_mix.h"
#include "spmv/matrix.h"
#include "spmv/spmv.h"

namespace ws::spmv::ktest {

inline const std::vector<SpmvVariant>& teach_variants() {
  static const std::vector<SpmvVariant> v = {SpmvVariant::Coo, SpmvVariant::Csr,
                                             SpmvVariant::Ell, SpmvVariant::Hybrid,
                                             SpmvVariant::Jds, SpmvVariant::CsrVector};
  return v;
}

inline std::string variant_name(SpmvVariant v) {
  return spmv_info(v).id;
}

// PMPP 4th ed. Fig. 14.1's matrix, by triplets typed here (not by the library's parser).
inline CsrMatrix book_matrix() {
  return from_triplets(4, 4, {0, 0, 1, 1, 1, 2, 2, 3}, {0, 1, 0, 2, 3, 1, 2, 3},
                       {1, 7, 5, 3, 9, 2, 8, 6}, "pmpp");
}

inline SpmvTeachParams teach_params(SpmvVariant v, ValueType type, int block_dim = 32) {
  SpmvTeachParams p;
  p.variant = v;
  p.type = type;
  p.block_dim = block_dim;
  return p;
}

// A rows x cols matrix with about `density` of its entries set (values in [-1, 1) with 24
// significant bits, exact in float), plus: row `empty_row` (if in range) emptied, row `full_row`
// (if in range) every column, and `duplicates` repeated triplets (the library sums them).
inline CsrMatrix random_matrix(int rows, int cols, uint64_t seed, double density,
                               int empty_row = -1, int full_row = -1, int duplicates = 0) {
  SplitMix64 rng{seed};
  std::vector<int32_t> r, c;
  std::vector<double> v;
  auto value = [&] { return double(rng.unit_float()) * 2.0 - 1.0; };
  for (int i = 0; i < rows; ++i) {
    if (i == empty_row) continue;
    for (int j = 0; j < cols; ++j) {
      if (i != full_row && rng.unit() >= density) continue;
      r.push_back(i), c.push_back(j), v.push_back(value());
    }
  }
  for (int d = 0; d < duplicates && !r.empty(); ++d) {
    const size_t k = size_t(rng.next() % r.size());
    if (r[k] == empty_row) continue;
    r.push_back(r[k]), c.push_back(c[k]), v.push_back(value());
  }
  return from_triplets(rows, cols, r, c, v, "random");
}

inline std::vector<double> random_x(int cols, uint64_t seed) {
  SplitMix64 rng{seed};
  std::vector<double> x(static_cast<size_t>(cols));
  for (double& e : x) e = double(rng.unit_float()) * 2.0 - 1.0;
  return x;
}

// How far a row's computed sum may be from the exact one. With u the unit roundoff of T
// (eps / 2): the run rounds each a_ij and x_j to T (one relative error <= u each, none for these
// 24-bit inputs in float32, but the bound does not rely on it), rounds each product (u), and
// adds the n_r products in some order (a sum of n terms in any order, recursive or a tree, puts
// at most n - 1 roundings on each term). So each term carries a relative error of at most
// gamma_{n_r + 2} = (n_r + 2) u / (1 - (n_r + 2) u), and |y_r - exact_r| <= gamma_{n_r + 2} *
// sum_j |a_ij x_j|. The reference is a long-double sum rounded once to double (<= u_double
// |exact_r| more). Taking (n_r + 2) * eps = 2 (n_r + 2) u covers gamma_{n_r + 2} plus the
// reference's error whenever (n_r + 2) u < 1/4, far beyond these sizes. An empty row sums
// nothing: its bound is 0 (y must be exactly 0).
template <class T>
double row_bound(const CsrMatrix& m, const std::vector<double>& x, int32_t row) {
  double magnitude = 0;
  for (int32_t k = m.row_ptr[size_t(row)]; k < m.row_ptr[size_t(row) + 1]; ++k)
    magnitude += std::fabs(m.val[size_t(k)] * x[size_t(m.col[size_t(k)])]);
  const double eps = double(std::numeric_limits<T>::epsilon());
  return (m.row_length(row) + 2) * eps * magnitude;
}

// Every row of y within row_bound of the reference; names the first row that is not.
template <class T, class Y>
::testing::AssertionResult within_bound(const CsrMatrix& m, const std::vector<double>& x,
                                        const std::vector<Y>& y) {
  const std::vector<double> ref = dense_reference(m, x);
  if (y.size() != ref.size())
    return ::testing::AssertionFailure() << y.size() << " rows, expected " << ref.size();
  for (int32_t r = 0; r < m.rows; ++r) {
    const double err = std::fabs(double(y[size_t(r)]) - ref[size_t(r)]);
    if (!(err <= row_bound<T>(m, x, r)))
      return ::testing::AssertionFailure()
             << "row " << r << ": " << double(y[size_t(r)]) << " vs " << ref[size_t(r)]
             << " (bound " << row_bound<T>(m, x, r) << ")";
  }
  return ::testing::AssertionSuccess();
}

// The message of the ws::Error `f` throws ("" and a test failure when none).
template <class F>
std::string variant_error_of(F&& f) {
  try {
    f();
  } catch (const ws::Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ws::Error thrown";
  return "";
}

}  // namespace ws::spmv::ktest
