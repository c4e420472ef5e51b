// The CUDA side of the scan API, one pair of entry points per family of kernels (CUDA builds;
// scan_cuda_none.cpp otherwise throws ws::Error saying the build has no CUDA backend). Called only
// from scan_run.cpp. Every function validates its parameters as the CPU twin does, checks device
// memory before allocating, and throws ws::Error naming a CUDA failure.
//
// Teach: the same trace as the family's CPU twin, event for event (single-pass: every block-local
// step; the chain/look-back steps depend on the real schedule, so only their results and
// invariants are compared). Fast: any n; `in`/`out` are host arrays of n values of p.type (out may
// be null); the data is uploaded once and `repeats` runs after a warm-up are timed with CUDA
// events. Section variants run as the block phase of a hierarchical scan (scan_hierarchy.cuh).
#pragma once

#include <cstdint>
#include <vector>

#include "scan.h"

namespace ws::scan {

// scan_kogge_stone.cu: variants 1, 2, 3.
TeachRun teach_cuda_kogge_stone(const Params& p, const std::vector<double>& values);
FastRun fast_cuda_kogge_stone(const Params& p, const void* in, void* out, int64_t n, int repeats);

// scan_tree.cu: variants 4 (Brent-Kung, both mappings) and 5 (Blelloch).
TeachRun teach_cuda_tree(const Params& p, const std::vector<double>& values);
FastRun fast_cuda_tree(const Params& p, const void* in, void* out, int64_t n, int repeats);

// scan_coarsened.cu: variants 6 (coarsened three-phase) and 7 (hierarchical).
TeachRun teach_cuda_coarsened(const Params& p, const std::vector<double>& values);
FastRun fast_cuda_coarsened(const Params& p, const void* in, void* out, int64_t n, int repeats);

// scan_warp_shuffle.cu: variant 10.
TeachRun teach_cuda_warp_shuffle(const Params& p, const std::vector<double>& values);
FastRun fast_cuda_warp_shuffle(const Params& p, const void* in, void* out, int64_t n, int repeats);

// scan_single_pass.cu: variants 8 (chained) and 9 (decoupled look-back), with the timeline
// recorded by the kernel with %globaltimer.
TeachRun teach_cuda_single_pass(const Params& p, const std::vector<double>& values);
FastRun fast_cuda_single_pass(const Params& p, const void* in, void* out, int64_t n, int repeats);
Timeline timeline_cuda(const Params& p, const void* in, int64_t n);

// scan_cub.cu: CUB DeviceScan on the same data; temporary storage allocated outside the timing.
FastRun fast_cub_scan(BinaryOp op, ValueType type, bool inclusive, const void* in, void* out,
                      int64_t n, int repeats);

}  // namespace ws::scan
