// The references every variant is checked against: the exact product in double, the fused
// multiply-add chain in k order in float (what every variant gives bit for bit), and the
// rounding bound between them.
#include <cmath>
#include <limits>
#include <string>

#include "../common/error.h"
#include "matmul.h"

namespace ws::mem {

namespace {

void check_matmul_shapes(const FloatMatrix& M, const FloatMatrix& N) {
  WS_REQUIRE(M.rows >= 1 && M.cols >= 1 && N.rows >= 1 && N.cols >= 1,
             "matmul: M is " + std::to_string(M.rows) + " x " + std::to_string(M.cols) +
                 " and N is " + std::to_string(N.rows) + " x " + std::to_string(N.cols) +
                 "; every side must be at least 1");
  WS_REQUIRE(M.cols == N.rows, "matmul: M has " + std::to_string(M.cols) + " columns but N has " +
                                   std::to_string(N.rows) + " rows; P = M N needs them equal (J)");
  WS_REQUIRE(M.values.size() == size_t(M.rows) * size_t(M.cols) &&
                 N.values.size() == size_t(N.rows) * size_t(N.cols),
             std::string("matmul: a matrix's values do not match its rows x cols"));
}

}  // namespace

std::vector<double> matmul_reference(const FloatMatrix& M, const FloatMatrix& N) {
  check_matmul_shapes(M, N);
  const int I = M.rows, J = M.cols, K = N.cols;
  std::vector<double> P(size_t(I) * size_t(K), 0.0);
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < J; ++k) {
      const double m = M.at(i, k);
      for (int j = 0; j < K; ++j) P[size_t(i) * K + j] += m * double(N.at(k, j));
    }
  return P;
}

std::vector<float> matmul_float(const FloatMatrix& M, const FloatMatrix& N) {
  check_matmul_shapes(M, N);
  const int I = M.rows, J = M.cols, K = N.cols;
  std::vector<float> P(size_t(I) * size_t(K), 0.0f);
  // Row by row, k outer: each output still sees its terms in k order from +0.
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < J; ++k) {
      const float m = M.at(i, k);
      float* row = P.data() + size_t(i) * K;
      const float* n = N.values.data() + size_t(k) * K;
      for (int j = 0; j < K; ++j) row[j] = std::fmaf(m, n[j], row[j]);
    }
  return P;
}

std::vector<double> matmul_error_bound(const FloatMatrix& M, const FloatMatrix& N) {
  check_matmul_shapes(M, N);
  const int I = M.rows, J = M.cols, K = N.cols;
  const double eps = std::ldexp(1.0, -24);
  const double tiny = double(std::numeric_limits<float>::min());
  std::vector<double> bound(size_t(I) * size_t(K), 0.0);
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < J; ++k) {
      const double m = std::fabs(double(M.at(i, k)));
      for (int j = 0; j < K; ++j) bound[size_t(i) * K + j] += m * std::fabs(double(N.at(k, j)));
    }
  for (double& b : bound) b = std::max(double(J) * eps * b, tiny);
  return bound;
}

}  // namespace ws::mem
