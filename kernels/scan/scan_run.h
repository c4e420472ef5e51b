// Backend dispatch for the scan: the app and the benchmark call these and never name a backend's
// functions.
#pragma once

#include "../common/backend.h"
#include <string>

#include "scan.h"

namespace ws::scan {

TeachRun teach(Backend backend, const Params& p, const std::vector<double>& values);
FastRun fast(Backend backend, const Params& p, const void* in, void* out, int64_t n, int repeats);

// The best library on the backend on the same data: CUB DeviceScan (InclusiveSum / ExclusiveSum
// for the sum, InclusiveScan / ExclusiveScan with the operator otherwise) on CUDA;
// std::inclusive_scan / std::exclusive_scan on the CPU.
FastRun fast_library(Backend backend, BinaryOp op, ValueType type, bool inclusive, const void* in,
                     void* out, int64_t n, int repeats);
const char* library_name(Backend backend);

// A CUDA teach trace against the CPU twin's for the same request: "" when they agree, else the
// first difference (compare_traces). Decoupled look-back's look-back step depends on the GPU's
// schedule (which predecessors had published when a block looked), and with float fractions so
// do the values after it (the order of combination): when only those differ the traces agree,
// and `*schedule_note` (may be null) says what was left out of the comparison.
std::string compare_with_twin(const Params& p, const Trace& twin, const Trace& gpu,
                              std::string* schedule_note = nullptr);

// The block timeline of a single-pass variant (8, 9) at any size: recorded on the GPU with the
// kernel's timestamps, or the CPU twin's modelled schedule. `in` holds n values of p.type.
Timeline record_timeline(Backend backend, const Params& p, const void* in, int64_t n);

}  // namespace ws::scan
