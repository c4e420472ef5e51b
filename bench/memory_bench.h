// The global-memory benchmark behind `warpscope bench --scene memory` and the scene's fast panel:
// every transpose variant at 4096^2 and 8192^2 f32 (ms, GB/s, % of the copy kernel's bandwidth,
// cudaMemcpy and the copy kernel beside them); every matmul variant at 1024^3 and 4096^3 (ms,
// GFLOP/s in the G/s column, x cuBLAS SGEMM with TF32 off, % of peak FP32 in the JSON); the
// access patterns' effective bandwidth at 2^26 floats, against stride 1..64 and offset 0..32.
// Each transpose and matmul variant is checked on a small odd-sized case before it is timed.
// The kernels are CUDA's: the CPU backend is refused with a message.
#pragma once

#include <string>

#include "bench_job.h"

namespace ws::bench {

// The parts: "transpose", "matmul", "access". `part` names one of them to run it alone (the
// scene passes its mode in fast mode); anything else ("" included) runs every part, or those
// --set part=a,b names.
// Reads --sizes (N: transposes N x N, matmuls N^3; defaults 4096, 8192 and 1024, 4096), --type
// (f32 only), --variant (ids or numbers of any part's variants: a part with none named is
// skipped), --set part=..., tile=8|16|32 (matmul variants 1-3, default 16; comma-separated),
// max_stride=1..64 (default 64), elements=log2 (access, default 26).
BenchJob memory_bench_job(const BenchRequest& request, const std::string& part);

}  // namespace ws::bench
