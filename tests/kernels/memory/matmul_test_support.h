// Inputs the matrix-multiplication tests share: seeded random matrices, the variants, and a
// direct fmaf computation written here (independent of kernels/memory) to check against.
#pragma once

#include <cmath>
#include <cstring>
#include <cstdint>
#include <random>
#include <vector>

#include "common/error.h"
#include "memory/matmul.h"

namespace ws::mem::matmul_test {

// rows x cols values in -1..1 (and a few exact small integers, so some products cancel).
inline FloatMatrix random_matrix(int rows, int cols, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  FloatMatrix m{rows, cols, {}};
  for (int i = 0; i < rows * cols; ++i)
    m.values.push_back(i % 7 == 3 ? float(int(rng() % 5) - 2) : value(rng));
  return m;
}

// P[i][j] = fmaf(M[i][k], N[k][j], p) for k = 0..J-1 from +0, one output at a time.
inline std::vector<float> direct_product(const FloatMatrix& M, const FloatMatrix& N) {
  std::vector<float> P;
  for (int i = 0; i < M.rows; ++i)
    for (int j = 0; j < N.cols; ++j) {
      float p = 0.0f;
      for (int k = 0; k < M.cols; ++k)
        p = std::fmaf(M.values[size_t(i) * M.cols + k], N.values[size_t(k) * N.cols + j], p);
      P.push_back(p);
    }
  return P;
}

inline const std::vector<MatmulVariant>& all_matmul_variants() {
  static const std::vector<MatmulVariant> v = {
      MatmulVariant::Naive,         MatmulVariant::Tiled,      MatmulVariant::Coarsened,
      MatmulVariant::RegisterTiled, MatmulVariant::Vectorized, MatmulVariant::Fast};
  return v;
}

// Teach parameters every variant accepts (vectorized needs a tile of 4 or 8).
inline MatmulTeachParams teach_params(MatmulVariant v, int tile, int coarse = 2, int tt = 2) {
  MatmulTeachParams p;
  p.variant = v;
  p.tile = v == MatmulVariant::Vectorized && tile != 8 ? 4 : tile;
  p.coarse_factor = coarse;
  p.thread_tile = tt;
  if (int(v) >= 4 && p.tile * p.thread_tile > kMatmulTeachMaxSide) p.thread_tile = 1;
  return p;
}

// Bit equality of two float vectors (NaN-free here), as a count of differing elements.
inline int count_bit_differences(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return -1;
  int d = 0;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0) ++d;
  return d;
}

}  // namespace ws::mem::matmul_test
