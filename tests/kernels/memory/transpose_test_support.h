// What the transpose tests share: every variant, the sizes they sweep, and the expected output of
// a teach run computed directly from its definition (in[i][j] = i * cols + j, so
// out[c][r] = r * cols + c).
#pragma once

#include <vector>

#include "common/error.h"
#include "memory/transpose.h"

namespace ws::mem::ttest {

inline std::vector<TransposeVariant> all_transpose_variants() {
  return {TransposeVariant::NaiveRows, TransposeVariant::NaiveColumns, TransposeVariant::Tiled,
          TransposeVariant::Padded,    TransposeVariant::Diagonal,     TransposeVariant::Fast};
}

// Odd sizes: 1, primes, one short of and one past the tiles, the teach maximum.
inline std::vector<int> odd_sides() {
  return {1, 2, 3, 5, 7, 8, 13, 16, 17, 31, 32, 33, 47, 64};
}

// The transpose of the teach input, element by element: out[c * rows + r] = r * cols + c.
inline std::vector<double> expected_teach_output(int rows, int cols) {
  std::vector<double> out(size_t(rows) * cols);
  for (int c = 0; c < cols; ++c)
    for (int r = 0; r < rows; ++r) out[size_t(c) * rows + r] = double(r) * cols + c;
  return out;
}

inline TransposeTeachParams transpose_params(TransposeVariant v, int tile, int block_rows = 4) {
  TransposeTeachParams p;
  p.variant = v;
  p.tile = tile;
  p.block_rows = block_rows;
  return p;
}

}  // namespace ws::mem::ttest
