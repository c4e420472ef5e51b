// Shared by the SpMV GPU tests: the variants 1..6, a seeded random matrix with an empty row, a
// full row and duplicates, and the summation bound (as tests/kernels/spmv derives it: a row of
// n_r products summed in any order is within (n_r + 2) * eps * sum |a_ij x_j| of the exact sum).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/split_mix.h"
#include "spmv/matrix.h"
#include "spmv/spmv.h"

namespace ws::spmv::gtest_support {

inline const std::vector<SpmvVariant>& gpu_variants() {
  static const std::vector<SpmvVariant> v = {SpmvVariant::Coo, SpmvVariant::Csr,
                                             SpmvVariant::Ell, SpmvVariant::Hybrid,
                                             SpmvVariant::Jds, SpmvVariant::CsrVector};
  return v;
}

inline CsrMatrix gpu_random_matrix(int rows, int cols, uint64_t seed, double density) {
  SplitMix64 rng{seed};
  std::vector<int32_t> r, c;
  std::vector<double> v;
  for (int i = 0; i < rows; ++i) {
    if (i == 1) continue;  // an empty row
    for (int j = 0; j < cols; ++j)
      if (i == rows - 1 || rng.unit() < density)  // the last row full
        r.push_back(i), c.push_back(j), v.push_back(double(rng.unit_float()) * 2 - 1);
  }
  for (int d = 0; d < 3 && !r.empty(); ++d) {  // duplicates, summed
    const size_t k = size_t(rng.next() % r.size());
    r.push_back(r[k]), c.push_back(c[k]), v.push_back(double(rng.unit_float()) * 2 - 1);
  }
  return from_triplets(rows, cols, r, c, v, "random");
}

inline std::vector<double> gpu_random_x(int cols, uint64_t seed) {
  SplitMix64 rng{seed};
  std::vector<double> x(static_cast<size_t>(cols));
  for (double& e : x) e = double(rng.unit_float()) * 2 - 1;
  return x;
}

template <class T, class Y>
::testing::AssertionResult gpu_within_bound(const CsrMatrix& m, const std::vector<double>& x,
                                            const std::vector<Y>& y) {
  const std::vector<double> ref = dense_reference(m, x);
  if (y.size() != ref.size()) return ::testing::AssertionFailure() << "size " << y.size();
  const double eps = double(std::numeric_limits<T>::epsilon());
  for (int32_t r = 0; r < m.rows; ++r) {
    double magnitude = 0;
    for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k)
      magnitude += std::fabs(m.val[size_t(k)] * x[size_t(m.col[size_t(k)])]);
    const double bound = (m.row_length(r) + 2) * eps * magnitude;
    if (!(std::fabs(double(y[size_t(r)]) - ref[size_t(r)]) <= bound))
      return ::testing::AssertionFailure() << "row " << r << ": " << double(y[size_t(r)]) << " vs "
                                           << ref[size_t(r)] << " (bound " << bound << ")";
  }
  return ::testing::AssertionSuccess();
}

}  // namespace ws::spmv::gtest_support
