// Backend dispatch for the reduction: the app calls these and never names a backend's functions.
#pragma once

#include "../common/backend.h"
#include "reduce.h"

namespace ws::reduce {

bool backend_built(Backend backend);  // false for CUDA in a CPU-only build
TeachRun teach(Backend backend, const Params& p, const std::vector<double>& values);
FastRun fast(Backend backend, const Params& p, const void* data, int64_t n, int repeats);

}  // namespace ws::reduce
