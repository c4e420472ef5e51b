// Backend dispatch for the reduction: the app calls these and never names a backend's functions.
// Which backends are built and the copy bandwidth are common/device_services.h.
#pragma once

#include "../common/backend.h"
#include "reduce.h"

namespace ws::reduce {

TeachRun teach(Backend backend, const Params& p, const std::vector<double>& values);
FastRun fast(Backend backend, const Params& p, const void* data, int64_t n, int repeats);

// The best library on the backend on the same data: CUB DeviceReduce on CUDA, std::reduce (serial
// std::accumulate order) on the CPU.
FastRun fast_library(Backend backend, BinaryOp op, ValueType type, const void* data, int64_t n,
                     int repeats);
const char* library_name(Backend backend);

}  // namespace ws::reduce
