// The built-in baselines a student's untraced kernel is timed against (CUDA builds only): CUB
// DeviceReduce for reduce, CUB DeviceScan (inclusive) for scan, both over the whole input (the
// library does the complete job; the exercise's kernel only the per-block part), and CUB
// DeviceHistogram::HistogramEven for histogram: the same u8 input and the exercise's own 64 bins
// (integer levels 0, 4, ..., 256: bin = value / 4), the histogram scene's library timing (only
// CUB's call is timed; the copy to the device and its temporary storage are not). Median of 10
// launches, as the scenes' fast modes time them. Elsewhere no baseline: null.
#include "exercise_builtin_timing.h"

#include <memory>
#include <vector>

#include "../common/error.h"
#include "../histogram/histogram.h"
#include "../reduce/reduce_run.h"
#include "../scan/scan_run.h"
#include "exercise_support.h"

namespace ws::lab {

#if defined(WARPSCOPE_HAVE_CUDA)
namespace {

constexpr int kBaselineRepeats = 10;
constexpr int kHistogramBins = 64;  // the histogram exercise's bins over [0, 256)

std::vector<float> input_floats(const Inputs& inputs) {
  const std::vector<double>& values = input(inputs, "in").values;
  return std::vector<float>(values.begin(), values.end());
}

}  // namespace
#endif

double histogram_builtin_ms(const Inputs& inputs, std::vector<double>* counts) {
#if defined(WARPSCOPE_HAVE_CUDA)
  histogram::Samples samples;
  samples.type = histogram::SampleType::U8;
  const std::vector<double>& data = input(inputs, "data").values;
  samples.u8.assign(data.begin(), data.end());
  const std::unique_ptr<histogram::Engine> engine = histogram::Engine::create(Backend::Cuda);
  engine->set_samples(samples);
  const histogram::LibraryTiming timing =
      engine->time_library(histogram::make_bins(kHistogramBins, 0, 256), kBaselineRepeats);
  WS_REQUIRE(timing.available, "the histogram baseline did not run: " + timing.note);
  if (counts) counts->assign(timing.counts.begin(), timing.counts.end());
  return timing.ms;
#else
  (void)inputs;
  (void)counts;
  throw Error("the histogram baseline (CUB DeviceHistogram) needs a CUDA build");
#endif
}

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
  if (id == "histogram")
    return [](const Size&, const Inputs& inputs) { return histogram_builtin_ms(inputs, nullptr); };
#endif
  (void)id;
  return nullptr;
}

const char* builtin_timing_name(const std::string& id) {
  if (id == "reduce") return "CUB DeviceReduce";
  if (id == "scan") return "CUB DeviceScan";
  if (id == "histogram") return "CUB DeviceHistogram";
  return "";
}

}  // namespace ws::lab
