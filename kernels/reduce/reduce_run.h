// Backend dispatch for the reduction: the app calls these and never names a backend's functions.
// Which backends are built and the copy bandwidth are common/device_services.h.
#pragma once

#include "../common/backend.h"
#include <string>

#include "../common/trace.h"
#include "reduce.h"

namespace ws::reduce {

TeachRun teach(Backend backend, const Params& p, const std::vector<double>& values);
FastRun fast(Backend backend, const Params& p, const void* data, int64_t n, int repeats);

// The best library on the backend on the same data: CUB DeviceReduce on CUDA, std::reduce (serial
// std::accumulate order) on the CPU.
FastRun fast_library(Backend backend, BinaryOp op, ValueType type, const void* data, int64_t n,
                     int repeats);
const char* library_name(Backend backend);

// A CUDA teach trace (`kernel`, which may be normalised in place) against the CPU twin's: "" when
// they agree. A last-block run is finished on the GPU by whichever block draws the last ticket, so
// that block is renamed to the twin's (grid-1) first, and `note` says so.
std::string compare_with_twin(const Params& params, const Trace& twin, Trace& kernel,
                              std::string* note);

}  // namespace ws::reduce
