// The built-in baseline of an exercise for the time comparison (Exercise::builtin_time_ms).
#pragma once

#include <functional>
#include <string>

#include "exercise.h"

namespace ws::lab {

// reduce: CUB DeviceReduce; scan: CUB DeviceScan; on CUDA builds only. Null otherwise.
std::function<double(const Size&, const Inputs&)> builtin_timing(const std::string& id);

// "CUB DeviceReduce", "CUB DeviceScan", or "" where there is no baseline.
const char* builtin_timing_name(const std::string& id);

}  // namespace ws::lab
