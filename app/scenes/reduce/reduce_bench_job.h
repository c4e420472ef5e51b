// The reduction's benchmark (bench/reduce_bench.h) as the kit's bench job: `warpscope bench` and
// the fast-mode panel run it and show the same table.
#pragma once

#include "common/binary_op.h"
#include "reduce_bench.h"
#include "scene_kit/bench_report.h"

namespace ws::app {

// What is reduced and on which data: the command line's defaults (a float32 sum of the benchmark's
// own uniform data), or, in fast mode, the scene's operator, type, distribution and seed.
struct ReduceBenchChoice {
  BinaryOp op = BinaryOp::Sum;
  ValueType type = ValueType::Float32;  // --type replaces it
  bench::BenchInput input;
};

// Reads the request (--sizes as log2, default 20,24,28; --type; no --mode or --variant: the
// reduction has neither) and returns the job: every variant and the library at every size, each
// result checked against the host reference; a wrong result is a failure of the report.
BenchJob reduce_bench_job(const BenchRequest& request, const ReduceBenchChoice& choice);

}  // namespace ws::app
