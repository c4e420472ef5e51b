// vector-add (PMPP 2.5): c[i] = a[i] + b[i], one thread per element, blocks of 64.
#include <cmath>

#include "exercise_list.h"
#include "exercise_support.h"

namespace ws::lab {

Exercise vector_add_exercise() {
  constexpr int kBlock = 64;
  Exercise e;
  e.id = "vector-add";
  e.title = "Vector addition";
  e.title_zh = "向量加法";
  e.kernel = "vector_add";
  e.folder = "lab/vector-add";
  e.signature = {{"a", ElemType::F32, true, false},
                 {"b", ElemType::F32, true, false},
                 {"c", ElemType::F32, true, true},
                 {"n", ElemType::I32, false, false}};
  e.planted_bugs = {"bug_no_guard.cu", "bug_endless.cu"};
  e.sizes = {{"teach", {128}, {}, true},
             {"odd", {1000}, {}, true},  // 16 blocks: threads 1000..1023 must do nothing
             {"full", {1 << 24}, {1 << 14}, false}};
  const auto signature = e.signature;
  e.inputs = [signature](const Size& size, uint64_t seed) {
    const int64_t n = size.dims.at(0);
    Inputs in = empty_inputs(signature);
    input(in, "a").values = seeded_floats(n, seed, 1);
    input(in, "b").values = seeded_floats(n, seed, 2);
    set_zeros(in, "c", n);
    set_scalar(in, "n", n);
    return in;
  };
  e.block_rule = {"BLOCK_DIM", "", false, false, kBlock, 1};
  e.launch = [rule = e.block_rule](const Size& size) { return line_launch(size, rule); };
  e.reference = [](const Size&, const Inputs& in) {
    const auto& a = input(in, "a").values;
    const auto& b = input(in, "b").values;
    std::vector<double> c(a.size());
    for (size_t i = 0; i < c.size(); ++i) c[i] = a[i] + b[i];
    return Expected{{}, {}, c, {}};
  };
  e.tolerance = [](const Size&, const Inputs& in) {  // one float rounding of the sum
    const auto& a = input(in, "a").values;
    const auto& b = input(in, "b").values;
    std::vector<double> tol(a.size());
    for (size_t i = 0; i < tol.size(); ++i)
      tol[i] = float_sum_tolerance(1, std::fabs(a[i]) + std::fabs(b[i]));
    return Expected{{}, {}, tol, {}};
  };
  return e;
}

}  // namespace ws::lab
