// What the SpMV scene's threads mode counts in a teach run (kernels/spmv/spmv.h's trace layout),
// step by step and per variant: the lanes busy and finished, the divergent warps, the 32-byte
// sectors each array costs the warps (grouped as kernels/common/counters.h groups them), the
// atomics on y and their longest chain, the ELL padding read, and which thread read which cell.
// Free of drawing, so the tests read the same numbers the figure shows.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/counters.h"
#include "spmv/spmv.h"

namespace ws::app {

// The part an array plays in y = A x: the column indices, the values, x, y, or the rest (row
// pointers, COO's row, JDS's perm and iter_ptr, csr-vector's partial sums).
enum class SpmvArrayRole { Col, Val, X, Y, Other };
SpmvArrayRole spmv_array_role(const std::string& buffer_name);

struct ThreadsStepFacts {
  int64_t busy_lanes = 0;      // threads with events in the step
  int64_t finished_lanes = 0;  // threads of the step's launch with a row but no events in it
  int64_t active_warps = 0, divergent_warps = 0;  // as the counters count them
  int64_t sectors_col = 0, sectors_val = 0, sectors_x = 0, sectors_other = 0;
  int64_t atomics = 0, max_atomic_chain = 0;
  int64_t padding_reads = 0;  // ELL slots holding no nonzero that the step reads
};

// The whole run's numbers, one row of the per-variant comparison.
struct ThreadsSummary {
  spmv::SpmvVariant variant = spmv::SpmvVariant::Csr;
  int64_t steps = 0;
  int64_t sectors = 0;  // every global warp access's sectors (the counters' global_requests)
  int64_t sectors_col = 0, sectors_val = 0, sectors_x = 0;
  double lane_efficiency = 0;  // useful multiply-adds / lanes consumed (the counters' efficiency)
  int64_t divergent_warps = 0, atomics = 0, longest_atomic_chain = 0, padding_reads = 0;
  std::string error;  // the variant could not run this input (then nothing else is set)
};

// A read of one nonzero (or padding slot) of the matrix: where it is and who read it when.
struct CellRead {
  int step = 0;
  int32_t thread = 0;  // within its launch
  spmv::SpmvLaunch launch = spmv::SpmvLaunch::Main;
  int32_t row = -1, col = -1;  // the matrix cell; row -1 for a padding slot
  int32_t slot = 0;            // the index into the value array read
  int val_buffer = 0;          // that array's trace buffer
};

struct ThreadsAnalysis {
  std::vector<ThreadsStepFacts> steps;  // parallel to the trace's steps
  ThreadsSummary summary;
  std::vector<CellRead> reads;  // every value read, in trace order
};

ThreadsAnalysis analyse_threads(const spmv::SpmvTeachRun& run, const Counters& counters);
// Variants 1-6 of the same matrix, x, type and launch, each run on the CPU twin.
std::vector<ThreadsSummary> compare_threads_variants(const spmv::SpmvTeachRun& run);

// The matrix cell (row, col) behind value slot `slot` of `launch` (SpmvThreadWork::slots);
// row -1 for an ELL padding slot.
std::pair<int32_t, int32_t> slot_cell(const spmv::SpmvTeachRun& run, spmv::SpmvLaunch launch,
                                      int32_t slot);
// The thread (within `launch`) that reads value slot `slot` of `launch`, from run.threads;
// -1 for none.
int32_t slot_owner(const spmv::SpmvTeachRun& run, spmv::SpmvLaunch launch, int32_t slot);

}  // namespace ws::app
