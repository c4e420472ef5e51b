// conv1d (PMPP 7.2): out[i] = sum_{j=0..2R} mask[j] * in[i + j - R] with R = 2 (a 5-weight mask
// passed as an array argument), missing neighbours at the ends count as 0 (ghost cells).
#include <cmath>

#include "exercise_list.h"
#include "exercise_support.h"

namespace ws::lab {

namespace {

constexpr int kConv1dRadius = 2;
constexpr int kConv1dBlock = 64;

// A smoothing mask with one negative weight, so a wrong tap index changes the answer.
const std::vector<double>& conv1d_mask() {
  static const std::vector<double> mask = {0.125, 0.25, 0.5, 0.25, -0.125};
  return mask;
}

// out[i] and the magnitude sum of its terms.
void conv1d_at(const std::vector<double>& x, int64_t i, double& sum, double& abs_sum) {
  const std::vector<double>& m = conv1d_mask();
  sum = abs_sum = 0;
  for (int j = 0; j <= 2 * kConv1dRadius; ++j) {
    const int64_t k = i + j - kConv1dRadius;
    if (k < 0 || k >= static_cast<int64_t>(x.size())) continue;
    sum += m[j] * x[k];
    abs_sum += std::fabs(m[j] * x[k]);
  }
}

}  // namespace

Exercise conv1d_exercise() {
  Exercise e;
  e.id = "conv1d";
  e.title = "1D convolution";
  e.title_zh = "一维卷积";
  e.kernel = "conv1d";
  e.folder = "lab/conv1d";
  e.signature = {{"in", ElemType::F32, true, false},
                 {"mask", ElemType::F32, true, false},
                 {"out", ElemType::F32, true, true},
                 {"n", ElemType::I32, false, false}};
  e.sizes = {
      {"teach", {64}, {}, true}, {"odd", {1000}, {}, true}, {"full", {1 << 22}, {1 << 14}, false}};
  const auto signature = e.signature;
  e.inputs = [signature](const Size& size, uint64_t seed) {
    const int64_t n = size.dims.at(0);
    Inputs in = empty_inputs(signature);
    input(in, "in").values = seeded_floats(n, seed, 1);
    input(in, "mask").values = conv1d_mask();
    set_zeros(in, "out", n);
    set_scalar(in, "n", n);
    return in;
  };
  e.block_rule = {"BLOCK_DIM", "", false, false, kConv1dBlock, 1};
  e.launch = [rule = e.block_rule](const Size& size) { return line_launch(size, rule); };
  set_reference_and_tolerance(
      e, "out",
      [](const Size&, const Inputs& in, std::vector<double>& out, std::vector<double>& tolerance) {
        const auto& x = input(in, "in").values;
        out.assign(x.size(), 0.0);
        tolerance.assign(x.size(), 0.0);
        for (size_t i = 0; i < out.size(); ++i) {
          double abs_sum = 0;
          conv1d_at(x, static_cast<int64_t>(i), out[i], abs_sum);
          tolerance[i] = float_sum_tolerance(2 * kConv1dRadius + 1, abs_sum);
        }
      });
  return e;
}

}  // namespace ws::lab
