// matmul-tiled (PMPP 5.4): C (m x n) = A (m x k) B (k x n), row-major, 16 x 16 blocks, each
// loading 16 x 16 tiles of A and B into shared memory per phase. Inputs are small integers, so
// every float sum is exact; the derived tolerance only guards the order of additions.
#include <algorithm>
#include <cmath>

#include "exercise_list.h"
#include "exercise_support.h"

namespace ws::lab {

namespace {

constexpr int kMatmulTile = 16;

// C and the allowed error of each element, in one pass (a full-size check multiplies 1024^3).
void matmul_values(const Size& size, const Inputs& in, std::vector<double>& c,
                   std::vector<double>& tolerance) {
  const int64_t m = size.dims.at(0), k = size.dims.at(1), n = size.dims.at(2);
  const auto& a = input(in, "A").values;
  const auto& b = input(in, "B").values;
  c.assign(static_cast<size_t>(m * n), 0.0);
  tolerance.assign(static_cast<size_t>(m * n), 0.0);
  std::vector<double> abs_sum(static_cast<size_t>(n));
  for (int64_t r = 0; r < m; ++r) {
    double* row = &c[static_cast<size_t>(r * n)];
    std::fill(abs_sum.begin(), abs_sum.end(), 0.0);
    for (int64_t j = 0; j < k; ++j) {  // row r of C += A[r][j] * row j of B: B read by rows
      const double x = a[r * k + j];
      const double* b_row = &b[static_cast<size_t>(j * n)];
      for (int64_t col = 0; col < n; ++col) {
        row[col] += x * b_row[col];
        abs_sum[col] += std::fabs(x * b_row[col]);
      }
    }
    for (int64_t col = 0; col < n; ++col)
      tolerance[r * n + col] = float_sum_tolerance(k, abs_sum[col]);
  }
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
  e.planted_bugs = {"bug_tile_index.cu"};
  e.sizes = {{"teach", {32, 32, 32}, {}, true},  // 2 x 2 blocks, 2 phases each
             {"odd", {40, 36, 50}, {}, true},    // partial tiles in every direction
             {"full", {1024, 1024, 1024}, {64, 64, 64}, false}};
  const auto signature = e.signature;
  e.inputs = [signature](const Size& size, uint64_t seed) {
    const int64_t m = size.dims.at(0), k = size.dims.at(1), n = size.dims.at(2);
    Inputs in = empty_inputs(signature);
    input(in, "A").values = seeded_integers(m * k, seed, 1, -4, 4);
    input(in, "B").values = seeded_integers(k * n, seed, 2, -4, 4);
    set_zeros(in, "C", m * n);
    set_scalar(in, "m", m);
    set_scalar(in, "k", k);
    set_scalar(in, "n", n);
    return in;
  };
  e.block_rule = {"TILE", "", true, false, kMatmulTile, kMatmulTile};
  e.launch = [rule = e.block_rule](const Size& size) {
    Launch launch;
    launch.block_x = block_x(size, rule);
    launch.block_y = block_y(size, rule);
    launch.grid_x = blocks_for(size.dims.at(2), launch.block_x);  // columns of C
    launch.grid_y = blocks_for(size.dims.at(0), launch.block_y);  // rows of C
    return launch;
  };
  set_reference_and_tolerance(e, "C", matmul_values);
  // One pass for both (the standard check would multiply twice).
  e.check = [launch = e.launch, signature](const Size& s, const Inputs& in, const Result& result) {
    if (!result.compiled) return std::vector<Diagnostic>{};
    std::vector<double> c, tolerance;
    matmul_values(s, in, c, tolerance);
    return compare_outputs(in, launch(s), result, expected_for(signature, "C", std::move(c)),
                           expected_for(signature, "C", std::move(tolerance)));
  };
  return e;
}

}  // namespace ws::lab
