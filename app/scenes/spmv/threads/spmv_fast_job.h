// Every mode's fast panel and `warpscope bench --scene spmv` (S2): bench/spmv_bench.h's job. The
// command line gets the benchmark's fixed table (every variant, shipped and generated matrices);
// the panel times the scene's variant in the scene's precision on --fast-matrix, the scene's
// matrix or a generated one made on the worker ("gen:poisson:2048": 4M rows, 21M nonzeros),
// beside cuSPARSE's CSR SpMV.
#pragma once

#include <string>

#include "scene_kit/bench_report.h"
#include "scenes/spmv/spmv_settings.h"

namespace ws::app {

BenchJob spmv_scene_bench_job(const BenchRequest& request, const SpmvSettings& s);
// The line above every mode's fast panel: what it times.
std::string spmv_fast_about();

}  // namespace ws::app
