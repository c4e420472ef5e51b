// The segmented scan at full size (`warpscope bench --scene scan --mode segmented`, the scan
// scene's fast-mode panel): random values with a segment head every 1 to 64 elements, each result
// checked against the serial per-segment loop of the CPU backend. There is no library baseline.
#pragma once

#include "bench_job.h"
#include "segmented_scan/segmented_scan.h"

namespace ws::bench {

// Reads the request (--sizes as log2, default 2^20 and 2^24 on CUDA, 2^16 and 2^20 on the CPU;
// --type replaces the type of `params`; no --variant) and returns the job: the segmented scan
// `params` asks for (operator, type, inclusive or exclusive) at every size. Its JSON rows: name,
// n, median_ms, elements_per_s, gbps, verified, note.
BenchJob segmented_bench_job(const BenchRequest& request, const segscan::Params& params);

}  // namespace ws::bench
