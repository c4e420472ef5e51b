// transpose: out (width rows x height columns) = in (height rows x width columns) transposed,
// through a shared 16 x 17 tile (the +1 column keeps a warp's column reads off one bank), 16 x 16
// blocks. A copy: the check is exact.
#include "exercise_list.h"
#include "exercise_support.h"

namespace ws::lab {

Exercise transpose_exercise() {
  constexpr int kTile = 16;
  Exercise e;
  e.id = "transpose";
  e.title = "Matrix transpose";
  e.title_zh = "矩阵转置";
  e.kernel = "transpose";
  e.folder = "lab/transpose";
  e.signature = {{"in", ElemType::F32, true, false},
                 {"out", ElemType::F32, true, true},
                 {"width", ElemType::I32, false, false},
                 {"height", ElemType::I32, false, false}};
  e.sizes = {{"teach", {32, 16}, {}, true},  // not square: swapped width and height show
             {"odd", {50, 37}, {}, true},
             {"full", {2048, 2048}, {128, 128}, false}};
  const auto signature = e.signature;
  e.inputs = [signature](const Size& size, uint64_t seed) {
    const int64_t w = size.dims.at(0), h = size.dims.at(1);
    Inputs in = empty_inputs(signature);
    input(in, "in").values = seeded_integers(w * h, seed, 1, 0, 999);
    set_zeros(in, "out", w * h);
    set_scalar(in, "width", w);
    set_scalar(in, "height", h);
    return in;
  };
  e.block_rule = {"TILE", "", true, false, kTile, kTile};
  e.launch = [rule = e.block_rule](const Size& size) { return image_launch(size, rule); };
  e.reference = [](const Size& size, const Inputs& in) {
    const int64_t w = size.dims.at(0), h = size.dims.at(1);
    const auto& a = input(in, "in").values;
    std::vector<double> out(a.size());
    for (int64_t r = 0; r < h; ++r)
      for (int64_t c = 0; c < w; ++c) out[c * h + r] = a[r * w + c];
    return Expected{{}, out, {}, {}};
  };
  return e;
}

}  // namespace ws::lab
