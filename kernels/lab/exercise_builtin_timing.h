// The built-in baseline of an exercise for the time comparison (Exercise::builtin_time_ms).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "exercise.h"

namespace ws::lab {

// reduce: CUB DeviceReduce; scan: CUB DeviceScan; histogram: CUB DeviceHistogram::HistogramEven
// with the exercise's 64 bins over [0, 256); on CUDA builds only. Null otherwise.
std::function<double(const Size&, const Inputs&)> builtin_timing(const std::string& id);

// The histogram exercise's baseline: CUB's median time in ms over the inputs' u8 `data` with the
// exercise's bins (64 over [0, 256), bin = value / 4), and CUB's counts into `counts` when given.
// ws::Error on a CPU-only build or without a usable device.
double histogram_builtin_ms(const Inputs& inputs, std::vector<double>* counts);

// "CUB DeviceReduce", "CUB DeviceScan", "CUB DeviceHistogram", or "" where there is no baseline.
const char* builtin_timing_name(const std::string& id);

}  // namespace ws::lab
