// Backend dispatch for the reduction: the app calls these and never names a backend's functions.
#pragma once

#include "../common/backend.h"
#include "reduce.h"

namespace ws::reduce {

bool backend_built(Backend backend);  // false for CUDA in a CPU-only build
TeachRun teach(Backend backend, const Params& p, const std::vector<double>& values);
FastRun fast(Backend backend, const Params& p, const void* data, int64_t n, int repeats);

// The best library on the backend on the same data: CUB DeviceReduce on CUDA, std::reduce (serial
// std::accumulate order) on the CPU.
FastRun fast_library(Backend backend, BinaryOp op, ValueType type, const void* data, int64_t n,
                     int repeats);
const char* library_name(Backend backend);

// Measured copy bandwidth (bytes read + written per second, GB/s): device-to-device on CUDA,
// memcpy on the CPU. Measured on the first call for each backend, then remembered.
double copy_bandwidth_gbps(Backend backend);
// The same, measured now for a copy of `bytes` bytes (at least 16 MiB): a kernel that moves as
// many bytes compares with this, since small copies do not reach the peak.
double copy_bandwidth_gbps_at(Backend backend, int64_t bytes);

}  // namespace ws::reduce
