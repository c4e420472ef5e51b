// scan (PMPP 11.2): the Kogge-Stone inclusive scan of each block's B elements (SECTION_SIZE in the
// source, a power of two; default 64) (one element per
// thread, a double-buffered or barrier-pair shared array); out[i] = in[start] + ... + in[i] with
// start = the first element of i's block. The check compares these per-block scans.
// Inputs are small integers: the float sums are exact, the tolerance only guards the order.
#include <cmath>

#include "exercise_list.h"
#include "exercise_support.h"

namespace ws::lab {

namespace {

constexpr int kScanBlock = 64;
const BlockRule kScanRule{"SECTION_SIZE", "", false, true, kScanBlock, 1};

std::vector<double> block_scans(const Size& size, const Inputs& in, bool tolerance) {
  const auto& x = input(in, "in").values;
  const size_t section = static_cast<size_t>(block_x(size, kScanRule));
  std::vector<double> out(x.size());
  double sum = 0, abs_sum = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (i % section == 0) sum = abs_sum = 0;
    sum += x[i];
    abs_sum += std::fabs(x[i]);
    out[i] = tolerance ? float_sum_tolerance(static_cast<int64_t>(i % section) + 1, abs_sum) : sum;
  }
  return out;
}

}  // namespace

Exercise scan_exercise() {
  Exercise e;
  e.id = "scan";
  e.title = "Inclusive scan (Kogge-Stone)";
  e.title_zh = "包含式前缀和（Kogge-Stone）";
  e.kernel = "scan_block";
  e.block_rule = kScanRule;
  e.folder = "lab/scan";
  e.signature = {{"in", ElemType::F32, true, false},
                 {"out", ElemType::F32, true, true},
                 {"n", ElemType::I32, false, false}};
  e.planted_bugs = {"bug_no_sync.cu"};
  e.sizes = {
      {"teach", {128}, {}, true}, {"odd", {1000}, {}, true}, {"full", {1 << 24}, {1 << 14}, false}};
  const auto signature = e.signature;
  e.inputs = [signature](const Size& size, uint64_t seed) {
    const int64_t n = size.dims.at(0);
    Inputs in = empty_inputs(signature);
    input(in, "in").values = seeded_integers(n, seed, 1, 0, 9);
    set_zeros(in, "out", n);
    set_scalar(in, "n", n);
    return in;
  };
  e.launch = [](const Size& size) {
    Launch launch;
    launch.block_x = block_x(size, kScanRule);
    launch.grid_x = blocks_for(size.dims.at(0), launch.block_x);
    return launch;
  };
  e.reference = [](const Size& size, const Inputs& in) {
    return Expected{{}, block_scans(size, in, false), {}};
  };
  e.tolerance = [](const Size& size, const Inputs& in) {
    return Expected{{}, block_scans(size, in, true), {}};
  };
  return e;
}

}  // namespace ws::lab
