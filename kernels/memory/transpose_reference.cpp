// The direct transpose on the host (the tests' and the GPU checks' reference), and the fast
// variant's configurations (the sweep's list; transpose_fast.cu compiles exactly these).
#include <string>

#include "../common/error.h"
#include "transpose.h"

namespace ws::mem {

std::vector<float> transpose_reference(const std::vector<float>& in, int rows, int cols) {
  if (rows < 1 || cols < 1 || in.size() != size_t(rows) * size_t(cols))
    throw Error("transpose: a " + std::to_string(rows) + " x " + std::to_string(cols) +
                " matrix needs rows and cols >= 1 and rows * cols values, not " +
                std::to_string(in.size()));
  std::vector<float> out(in.size());
  for (size_t r = 0; r < size_t(rows); ++r)
    for (size_t c = 0; c < size_t(cols); ++c) out[c * size_t(rows) + r] = in[r * size_t(cols) + c];
  return out;
}

std::string FastConfig::name() const {
  if (registers)
    return "registers, 32 x " + std::to_string(tile) + " a warp, " + std::to_string(block_rows) +
           " warps, float4" + (streaming ? ", streaming" : "");
  return "tile " + std::to_string(tile) + ", " + std::to_string(block_rows) + " rows, " +
         (vector == 4 ? "float4" : "float") + (streaming ? ", streaming" : "") +
         (grid_stride ? ", grid-stride" : "");
}

const std::vector<FastConfig>& fast_configs() {
  // [0] is what the fast variant runs. Scalar forms serve every size; float4 forms need rows and
  // cols multiples of 4 (tile 32, 8 rows, float runs otherwise).
  // Fields: tile, block rows, vector, streaming, grid-stride, registers.
  static const std::vector<FastConfig> configs = {
      {32, 8, 4, false, false, false},  {32, 16, 4, false, false, false},
      {32, 32, 4, false, false, false}, {32, 4, 4, false, false, false},
      {64, 8, 4, false, false, false},  {64, 16, 4, false, false, false},
      {32, 8, 4, true, false, false},   {32, 16, 4, true, false, false},
      {64, 16, 4, true, false, false},  {32, 8, 4, false, true, false},
      {32, 16, 4, false, true, false},  {32, 8, 4, true, true, false},
      {32, 8, 4, false, false, true},   {16, 8, 4, false, false, true},
      {32, 8, 4, true, false, true},    {32, 4, 4, false, false, true},
      {32, 8, 1, false, false, false},  {32, 4, 1, false, false, false},
      {32, 16, 1, false, false, false}, {64, 16, 1, false, false, false},
  };
  return configs;
}

}  // namespace ws::mem
