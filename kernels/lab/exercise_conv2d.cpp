// conv2d (PMPP 7.2): out[y][x] = sum mask[j][i] * in[y + j - R][x + i - R] with R = 1 (a 3 x 3
// mask passed as an array argument, row-major), zero outside the image; 16 x 16 blocks.
#include <cmath>

#include "exercise_list.h"
#include "exercise_support.h"

namespace ws::lab {

namespace {

constexpr int kConv2dRadius = 1;
constexpr int kConv2dTile = 16;

// A sharpening mask: asymmetric in both directions, so swapped row/column indices are caught.
const std::vector<double>& conv2d_mask() {
  static const std::vector<double> mask = {0, -0.25, 0, -0.5, 2.5, -0.25, 0.125, -0.5, 0};
  return mask;
}

void conv2d_at(const std::vector<double>& img, int w, int h, int x, int y, double& sum,
               double& abs_sum) {
  const std::vector<double>& m = conv2d_mask();
  const int side = 2 * kConv2dRadius + 1;
  sum = abs_sum = 0;
  for (int j = 0; j < side; ++j)
    for (int i = 0; i < side; ++i) {
      const int yy = y + j - kConv2dRadius, xx = x + i - kConv2dRadius;
      if (yy < 0 || yy >= h || xx < 0 || xx >= w) continue;
      const double term = m[j * side + i] * img[static_cast<size_t>(yy) * w + xx];
      sum += term;
      abs_sum += std::fabs(term);
    }
}

}  // namespace

Exercise conv2d_exercise() {
  Exercise e;
  e.id = "conv2d";
  e.title = "2D convolution";
  e.title_zh = "二维卷积";
  e.kernel = "conv2d";
  e.folder = "lab/conv2d";
  e.signature = {{"in", ElemType::F32, true, false},
                 {"mask", ElemType::F32, true, false},
                 {"out", ElemType::F32, true, true},
                 {"width", ElemType::I32, false, false},
                 {"height", ElemType::I32, false, false}};
  e.sizes = {{"teach", {16, 16}, {}, true},
             {"odd", {50, 37}, {}, true},
             {"full", {2048, 2048}, {96, 96}, false}};
  const auto signature = e.signature;
  e.inputs = [signature](const Size& size, uint64_t seed) {
    const int64_t w = size.dims.at(0), h = size.dims.at(1);
    Inputs in = empty_inputs(signature);
    input(in, "in").values = seeded_floats(w * h, seed, 1);
    input(in, "mask").values = conv2d_mask();
    set_zeros(in, "out", w * h);
    set_scalar(in, "width", w);
    set_scalar(in, "height", h);
    return in;
  };
  e.block_rule = {"BLOCK_DIM_X", "BLOCK_DIM_Y", false, false, kConv2dTile, kConv2dTile};
  e.launch = [rule = e.block_rule](const Size& size) { return image_launch(size, rule); };
  set_reference_and_tolerance(
      e, "out",
      [](const Size& size, const Inputs& in, std::vector<double>& out,
         std::vector<double>& tolerance) {
        const int w = static_cast<int>(size.dims.at(0)), h = static_cast<int>(size.dims.at(1));
        const auto& img = input(in, "in").values;
        const int side = 2 * kConv2dRadius + 1;
        out.assign(img.size(), 0.0);
        tolerance.assign(img.size(), 0.0);
        for (int y = 0; y < h; ++y)
          for (int x = 0; x < w; ++x) {
            double sum = 0, abs_sum = 0;
            conv2d_at(img, w, h, x, y, sum, abs_sum);
            out[static_cast<size_t>(y) * w + x] = sum;
            tolerance[static_cast<size_t>(y) * w + x] = float_sum_tolerance(side * side, abs_sum);
          }
      });
  return e;
}

}  // namespace ws::lab
