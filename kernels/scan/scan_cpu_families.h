// The CPU twins, one pair of entry points per family (internal to kernels/scan: teach_cpu and
// fast_cpu dispatch here). Teach: the kernel's schedule with barrier semantics, emitting the same
// trace as the CUDA family (scan_model.h does the bookkeeping). Compute: the same schedule without
// a trace, for any n (section variants scan section after section and carry the running total, as
// the hierarchical wrapper does on the GPU); `in` and `out` hold n values of type T.
#pragma once

#include <cstdint>
#include <vector>

#include "scan.h"

namespace ws::scan {

// scan_cpu_kogge_stone.cpp: 1, 2, 3
TeachRun teach_cpu_kogge_stone(const Params& p, const std::vector<double>& values);
void compute_cpu_kogge_stone(const Params& p, const int32_t* in, int32_t* out, int64_t n);
void compute_cpu_kogge_stone(const Params& p, const float* in, float* out, int64_t n);

// scan_cpu_tree.cpp: 4, 5
TeachRun teach_cpu_tree(const Params& p, const std::vector<double>& values);
void compute_cpu_tree(const Params& p, const int32_t* in, int32_t* out, int64_t n);
void compute_cpu_tree(const Params& p, const float* in, float* out, int64_t n);

// scan_cpu_coarsened.cpp: 6, 7
TeachRun teach_cpu_coarsened(const Params& p, const std::vector<double>& values);
void compute_cpu_coarsened(const Params& p, const int32_t* in, int32_t* out, int64_t n);
void compute_cpu_coarsened(const Params& p, const float* in, float* out, int64_t n);

// scan_cpu_warp_shuffle.cpp: 10
TeachRun teach_cpu_warp_shuffle(const Params& p, const std::vector<double>& values);
void compute_cpu_warp_shuffle(const Params& p, const int32_t* in, int32_t* out, int64_t n);
void compute_cpu_warp_shuffle(const Params& p, const float* in, float* out, int64_t n);

// scan_cpu_single_pass.cpp: 8, 9 (and the modelled timeline at any n)
TeachRun teach_cpu_single_pass(const Params& p, const std::vector<double>& values);
void compute_cpu_single_pass(const Params& p, const int32_t* in, int32_t* out, int64_t n);
void compute_cpu_single_pass(const Params& p, const float* in, float* out, int64_t n);
Timeline timeline_cpu(const Params& p, const void* in, int64_t n);

}  // namespace ws::scan
