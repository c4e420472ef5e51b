// histogram (PMPP 9.4-9.5): 64 bins of u8 values (bin = value / 4), blocks of 128; the solution
// privatizes the bins in shared memory and merges them with one atomic per bin per block.
// Integer counts: the check is exact.
#include "exercise_list.h"
#include "exercise_support.h"

#include "../common/split_mix.h"

namespace ws::lab {

Exercise histogram_exercise() {
  constexpr int kBlock = 128;
  constexpr int kBins = 64;
  Exercise e;
  e.id = "histogram";
  e.title = "Histogram";
  e.title_zh = "直方图";
  e.kernel = "histogram";
  e.folder = "lab/histogram";
  e.signature = {{"data", ElemType::U8, true, false},
                 {"bins", ElemType::U32, true, true},
                 {"n", ElemType::I32, false, false}};
  e.sizes = {
      {"teach", {256}, {}, true}, {"odd", {1000}, {}, true}, {"full", {1 << 24}, {1 << 14}, false}};
  const auto signature = e.signature;
  e.inputs = [signature](const Size& size, uint64_t seed) {
    const int64_t n = size.dims.at(0);
    Inputs in = empty_inputs(signature);
    // Half the values near 100 (a peak: atomics on few bins contend), half uniform.
    SplitMix64 rng{seed * 0x9E37ull + 7};
    std::vector<double> data(static_cast<size_t>(n));
    for (double& v : data)
      v = (rng.next() & 1) ? static_cast<double>(96 + rng.next() % 16)
                           : static_cast<double>(rng.next() % 256);
    input(in, "data").values = data;
    set_zeros(in, "bins", kBins);
    set_scalar(in, "n", n);
    return in;
  };
  e.block_rule = {"BLOCK_DIM", "", false, false, kBlock, 1};
  e.launch = [rule = e.block_rule](const Size& size) { return line_launch(size, rule); };
  e.reference = [](const Size&, const Inputs& in) {
    std::vector<double> bins(kBins, 0.0);
    for (double v : input(in, "data").values) bins[static_cast<size_t>(v) / 4] += 1;
    return Expected{{}, bins, {}};
  };
  return e;
}

}  // namespace ws::lab
