// The CPU twins of the traced convolution kernels (variants 1-5) and what they share: the
// request's checks, the launch geometry, the buffers and steps of the trace (the format is in
// convolution.h and conv_teach_cpu.cpp). A twin runs its kernel's schedule thread by thread and
// records exactly where the CUDA kernel calls its recorder, so both backends emit the same trace.
#pragma once

#include <string>

#include "../common/trace_model.h"
#include "convolution.h"

namespace ws::conv {

// Throws ws::Error for a request teach() cannot run (sizes, tile, radius, outputs per thread).
void check_teach_request(const TeachParams& params, const Plane& input, const Filter& filter);
// The blocks, threads and tiles of a run (TeachGeometry's comments).
TeachGeometry teach_geometry(const TeachParams& params, int width, int height,
                             const Filter& filter);
// Bytes of shared memory one block of the run uses (variants 3-5; 0 otherwise).
int64_t teach_shared_bytes(const TeachGeometry& g);
inline constexpr int64_t kTeachSharedLimit = 48 * 1024;

// Buffer indices of every trace.
inline constexpr int kN = 0, kF = 1, kP = 2, kNs = 3;

// A run with its params, sizes, input, filter, geometry and the trace's type set; a twin then
// makes a TraceModel on run.trace, lays out its buffers and steps, records, and calls finish_run.
TeachRun start_run(const TeachParams& params, const Plane& input, const Filter& filter);
// The steps' indices and the launch's sizes.
struct TeachLayout {
  int load_step = -1;    // tiled variants
  int compute_step = 0;  // + filter row j
  int store_step = 0;
  int threads = 1;  // per block
  int blocks = 1;
};
TeachLayout lay_out(TraceModel& model, const TeachRun& run);
// Sorts the events into steps and copies P's final contents into run.output.
void finish_run(TraceModel& model, TeachRun& run);

// The code markers of each variant's steps (the comments in its .cu file).
struct Markers {
  const char* load;
  const char* compute;
  const char* store;
};
Markers markers(Variant v);

TeachRun teach_cpu_basic(const TeachParams& params, const Plane& input, const Filter& filter);
TeachRun teach_cpu_tiled_input(const TeachParams& params, const Plane& input, const Filter& filter);
TeachRun teach_cpu_tiled_output(const TeachParams& params, const Plane& input,
                                const Filter& filter);
TeachRun teach_cpu_fast(const TeachParams& params, const Plane& input, const Filter& filter);
// The traced CUDA kernels (conv_teach.cu; CUDA builds only, else conv_teach_none.cpp).
TeachRun teach_cuda(const TeachParams& params, const Plane& input, const Filter& filter);

}  // namespace ws::conv
