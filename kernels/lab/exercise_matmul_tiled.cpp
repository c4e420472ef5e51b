// matmul-tiled (PMPP 5.4): C (m x n) = A (m x k) B (k x n), row-major, 16 x 16 blocks, each
// loading 16 x 16 tiles of A and B into shared memory per phase. Inputs are small integers, so
// every float sum is exact; the derived tolerance only guards the order of additions.
#include <cmath>

#include "exercise_list.h"
#include "exercise_support.h"

namespace ws::lab {

namespace {

constexpr int kMatmulTile = 16;

// C and, when `tolerance`, the allowed error of each element.
std::vector<double> matmul_values(const Size& size, const Inputs& in, bool tolerance) {
  const int64_t m = size.dims.at(0), k = size.dims.at(1), n = size.dims.at(2);
  const auto& a = input(in, "A").values;
  const auto& b = input(in, "B").values;
  std::vector<double> c(static_cast<size_t>(m * n));
  for (int64_t r = 0; r < m; ++r)
    for (int64_t col = 0; col < n; ++col) {
      double sum = 0, abs_sum = 0;
      for (int64_t j = 0; j < k; ++j) {
        const double term = a[r * k + j] * b[j * n + col];
        sum += term;
        abs_sum += std::fabs(term);
      }
      c[r * n + col] = tolerance ? float_sum_tolerance(k, abs_sum) : sum;
    }
  return c;
}

}  // namespace

Exercise matmul_tiled_exercise() {
  Exercise e;
  e.id = "matmul-tiled";
  e.title = "Tiled matrix multiplication";
  e.title_zh = "分块矩阵乘法";
  e.kernel = "matmul_tiled";
  e.folder = "lab/matmul-tiled";
  e.signature = {{"A", ElemType::F32, true, false},  {"B", ElemType::F32, true, false},
                 {"C", ElemType::F32, true, true},   {"m", ElemType::I32, false, false},
                 {"k", ElemType::I32, false, false}, {"n", ElemType::I32, false, false}};
  e.sizes = {{"teach", {32, 32, 32}, {}, true},  // 2 x 2 blocks, 2 phases each
             {"odd", {40, 36, 50}, {}, true},    // partial tiles in every direction
             {"full", {1024, 1024, 1024}, {64, 64, 64}, false}};
  const auto signature = e.signature;
  e.inputs = [signature](const Size& size, uint64_t seed) {
    const int64_t m = size.dims.at(0), k = size.dims.at(1), n = size.dims.at(2);
    Inputs in = empty_inputs(signature);
    input(in, "A").values = seeded_integers(m * k, seed, 1, -4, 4);
    input(in, "B").values = seeded_integers(k * n, seed, 2, -4, 4);
    input(in, "C").values.assign(static_cast<size_t>(m * n), 0.0);
    input(in, "m").values = {static_cast<double>(m)};
    input(in, "k").values = {static_cast<double>(k)};
    input(in, "n").values = {static_cast<double>(n)};
    return in;
  };
  e.launch = [](const Size& size) {
    Launch launch;
    launch.block_x = launch.block_y = kMatmulTile;
    launch.grid_x = blocks_for(size.dims.at(2), kMatmulTile);  // columns of C
    launch.grid_y = blocks_for(size.dims.at(0), kMatmulTile);  // rows of C
    return launch;
  };
  e.reference = [](const Size& s, const Inputs& in) {
    return Expected{{}, {}, matmul_values(s, in, false), {}, {}, {}};
  };
  e.tolerance = [](const Size& s, const Inputs& in) {
    return Expected{{}, {}, matmul_values(s, in, true), {}, {}, {}};
  };
  return e;
}

}  // namespace ws::lab
