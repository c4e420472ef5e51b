// The CUDA side of the scan API (CUDA builds; scan_cuda_none.cpp otherwise throws ws::Error
// saying the build has no CUDA backend). Called only from scan_run.cpp. Every function validates
// its parameters as the CPU twin does, checks device memory before allocating, and throws
// ws::Error naming a CUDA failure.
#pragma once

#include <cstdint>
#include <vector>

#include "scan.h"

namespace ws::scan {

// scan_teach.cu: variants 1-7 and 10 (teach: the same trace as teach_cpu, event for event; fast:
// section variants run as the block phase of a hierarchical scan).
TeachRun teach_cuda_blockwise(const Params& p, const std::vector<double>& values);
FastRun fast_cuda_blockwise(const Params& p, const void* in, void* out, int64_t n, int repeats);

// scan_single_pass.cu: variants 8 and 9. Teach traces equal the CPU's in every block-local step;
// the look-back/chain steps depend on the real schedule (their polls differ run to run), so only
// their results and invariants are compared. The timeline is recorded with %globaltimer.
TeachRun teach_cuda_single_pass(const Params& p, const std::vector<double>& values);
FastRun fast_cuda_single_pass(const Params& p, const void* in, void* out, int64_t n, int repeats);
Timeline timeline_cuda(const Params& p, const void* in, int64_t n);

// scan_cub.cu: CUB DeviceScan on the same data; temporary storage allocated outside the timing.
FastRun fast_cub_scan(BinaryOp op, ValueType type, bool inclusive, const void* in, void* out,
                      int64_t n, int repeats);

}  // namespace ws::scan
