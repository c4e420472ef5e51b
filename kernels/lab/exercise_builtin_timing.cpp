// The built-in baselines a student's untraced kernel is timed against (CUDA builds only): CUB
// DeviceReduce for reduce, CUB DeviceScan (inclusive) for scan, both over the whole input (the
// library does the complete job; the exercise's kernel only the per-block part). Median of 10
// launches, as the scenes' fast modes time them. Elsewhere no baseline: null.
#include "exercise_builtin_timing.h"

#include <vector>

#include "../reduce/reduce_run.h"
#include "../scan/scan_run.h"
#include "exercise_support.h"

namespace ws::lab {

#if defined(WARPSCOPE_HAVE_CUDA)
namespace {

constexpr int kBaselineRepeats = 10;

std::vector<float> input_floats(const Inputs& inputs) {
  const std::vector<double>& values = input(inputs, "in").values;
  return std::vector<float>(values.begin(), values.end());
}

}  // namespace
#endif

std::function<double(const Size&, const Inputs&)> builtin_timing(const std::string& id) {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (id == "reduce")
    return [](const Size&, const Inputs& inputs) {
      const std::vector<float> data = input_floats(inputs);
      return reduce::fast_library(Backend::Cuda, BinaryOp::Sum, ValueType::Float32, data.data(),
                                  static_cast<int64_t>(data.size()), kBaselineRepeats)
          .median_ms;
    };
  if (id == "scan")
    return [](const Size&, const Inputs& inputs) {
      const std::vector<float> data = input_floats(inputs);
      return scan::fast_library(Backend::Cuda, BinaryOp::Sum, ValueType::Float32, true, data.data(),
                                nullptr, static_cast<int64_t>(data.size()), kBaselineRepeats)
          .median_ms;
    };
#endif
  (void)id;
  return nullptr;
}

const char* builtin_timing_name(const std::string& id) {
  if (id == "reduce") return "CUB DeviceReduce";
  if (id == "scan") return "CUB DeviceScan";
  return "";
}

}  // namespace ws::lab
