// The summed-area-table benchmark behind `warpscope bench --scene sat` and the filter mode's fast
// panel: every variant at each size and type through the engine, checked against the sequential
// table, next to the copy bandwidth and the libraries (CUB by rows and columns, NPP's integral),
// then the box filter through the table and by separable running sums.
#pragma once

#include <optional>

#include "bench_job.h"
#include "sat/sat.h"

namespace ws::bench {

// What the scene chooses: the command line times the benchmark's own types; the GUI's fast mode
// the scene's accumulation type (unless --type names others).
struct SatBenchChoice {
  std::optional<sat::Accum> accum;
};

// Reads the request (--sizes N or WxH, default 1024, 4096, 8192 on CUDA and 1024, 2048 on the
// CPU; --type u8, f32, f32-f64, comma-separated, default u8 and f32; --variant ids or numbers)
// and returns the job: every variant (or --variant's) at each size and type, GB/s and % of copy,
// next to CUB and NPP when installed; then the box filter at r = 4 and 64 on the largest size.
// A table that differs from the sequential one is a failure of the report.
BenchJob sat_bench_job(const BenchRequest& request, const SatBenchChoice& choice);

}  // namespace ws::bench
