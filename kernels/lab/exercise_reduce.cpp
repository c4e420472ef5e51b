// reduce (PMPP 10.4-10.5): each block of B threads (BLOCK_DIM in the source, a power of two;
// default 64) sums its 2B inputs with the convergent
// shared-memory tree (stride blockDim/2 .. 1, thread t < stride adds s[t + stride] into s[t]) and
// thread 0 writes the block's partial sum to out[blockIdx.x]. The check compares the partials.
// Inputs are small integers: the float sums are exact, the tolerance only guards the order.
#include <algorithm>
#include <cmath>

#include "exercise_list.h"
#include "exercise_support.h"

namespace ws::lab {

namespace {

constexpr int kReduceBlock = 64;
const BlockRule kReduceRule{"BLOCK_DIM", "", false, true, kReduceBlock, 1};

// Inputs per block: two per thread.
int reduce_span(const Size& size) {
  return 2 * block_x(size, kReduceRule);
}

std::vector<double> reduce_partials(const Size& size, const Inputs& in, bool tolerance) {
  const auto& x = input(in, "in").values;
  const int span = reduce_span(size);
  const int blocks = blocks_for(static_cast<int64_t>(x.size()), span);
  std::vector<double> out(static_cast<size_t>(blocks), 0.0);
  for (int b = 0; b < blocks; ++b) {
    double sum = 0, abs_sum = 0;
    const size_t end = std::min(x.size(), static_cast<size_t>(b + 1) * span);
    for (size_t i = static_cast<size_t>(b) * span; i < end; ++i) {
      sum += x[i];
      abs_sum += std::fabs(x[i]);
    }
    out[b] = tolerance ? float_sum_tolerance(span, abs_sum) : sum;
  }
  return out;
}

}  // namespace

Exercise reduce_exercise() {
  Exercise e;
  e.id = "reduce";
  e.title = "Sum reduction";
  e.title_zh = "求和归约";
  e.kernel = "reduce_sum";
  e.block_rule = kReduceRule;
  e.folder = "lab/reduce";
  e.signature = {{"in", ElemType::F32, true, false},
                 {"out", ElemType::F32, true, true},
                 {"n", ElemType::I32, false, false}};
  // odd: 357 = 2 * 128 + 101, so block 2's second loads in[i + 64] pass the end from thread 37
  // on (i = 256 + 37, i + 64 = 357): the "thread 37 of block 2" for a missing guard.
  e.planted_bugs = {"bug_no_guard.cu", "bug_no_sync.cu"};
  e.sizes = {
      {"teach", {256}, {}, true}, {"odd", {357}, {}, true}, {"full", {1 << 24}, {1 << 15}, false}};
  const auto signature = e.signature;
  e.inputs = [signature](const Size& size, uint64_t seed) {
    const int64_t n = size.dims.at(0);
    Inputs in = empty_inputs(signature);
    input(in, "in").values = seeded_integers(n, seed, 1, 0, 9);
    input(in, "out").values.assign(static_cast<size_t>(blocks_for(n, reduce_span(size))), 0.0);
    input(in, "n").values = {static_cast<double>(n)};
    return in;
  };
  e.launch = [](const Size& size) {
    Launch launch;
    launch.block_x = block_x(size, kReduceRule);
    launch.grid_x = blocks_for(size.dims.at(0), reduce_span(size));
    return launch;
  };
  e.reference = [](const Size& size, const Inputs& in) {
    return Expected{{}, reduce_partials(size, in, false), {}};
  };
  e.tolerance = [](const Size& size, const Inputs& in) {
    return Expected{{}, reduce_partials(size, in, true), {}};
  };
  return e;
}

}  // namespace ws::lab
