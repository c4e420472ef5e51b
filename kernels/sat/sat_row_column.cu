// Variant 1, row-column: the summed-area table as the course notes compute it. w x h image,
// n = w h pixels.
//   row phase     thread y scans row y serially: sum += in[y][x], sat[y][x] = sum, x = 0 .. w-1.
//                 At each x the h threads of a warp touch addresses w elements apart: every
//                 thread needs its own memory sector (uncoalesced).
//   column phase  thread x scans column x of the row scans serially, y = 0 .. h-1. At each y the
//                 threads touch neighbouring addresses: one sector serves 8 threads (coalesced).
// Work: 2n reads, 2n writes, h (w - 1) + w (h - 1) adds, the sequential count. Steps: w + h.
// Parallelism: only h threads, then w threads: a 4096 x 4096 image keeps 4096 threads busy.
// Teach mode records every read, add and write (one step per x, then per y); fast mode runs the
// same two kernels with the recorder compiled away.
#include <cuda_runtime.h>

#include "sat_cuda_support.cuh"
#include "sat_launch.h"
#include "sat_teach_cpu.h"

namespace ws::sat {

namespace {

using namespace cuda_support;

enum TraceArray : int { kInArray, kSatArray };
enum TracePhase : int { kRowPhase, kColumnPhase };

// @variant row-column
// Thread y scans row y: neighbouring threads read addresses a row apart.
template <class In, class T, class Rec>
__global__ void row_phase(const In* in, T* sat, int w, int h, Rec rec) {
  const int y = blockIdx.x * blockDim.x + threadIdx.x;
  if (y >= h) return;
  T sum = 0;
  for (int x = 0; x < w; ++x) {
    rec.begin(kRowPhase, x);
    const int64_t i = int64_t{y} * w + x;
    const T v = static_cast<T>(rec.read(kInArray, i, in[i]));
    sum = x == 0 ? v : rec.op(kSatArray, i, static_cast<T>(sum + v));  // @rc-row
    sat[i] = rec.write(kSatArray, i, sum);
  }
}

// Thread x scans column x of the row scans: neighbouring threads, neighbouring addresses.
template <class T, class Rec>
__global__ void column_phase(T* sat, int w, int h, Rec rec) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= w) return;
  T sum = 0;
  for (int y = 0; y < h; ++y) {
    rec.begin(kColumnPhase, y);
    const int64_t i = int64_t{y} * w + x;
    const T v = rec.read(kSatArray, i, sat[i]);
    sum = y == 0 ? v : rec.op(kSatArray, i, static_cast<T>(sum + v));  // @rc-column
    sat[i] = rec.write(kSatArray, i, sum);
  }
}
// @end

// ================================ host side ====================================================

constexpr int kFastBlock = 128;

template <class In, class T, class Rec>
void run_phases(const In* in, T* sat, int w, int h, int row_block, int column_block, const Rec& rec,
                cudaStream_t stream) {
  row_phase<<<(h + row_block - 1) / row_block, row_block, 0, stream>>>(in, sat, w, h, rec);
  WS_CUDA_CHECK_LAUNCH();
  column_phase<<<(w + column_block - 1) / column_block, column_block, 0, stream>>>(sat, w, h, rec);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace

TeachRun teach_cuda_row_column(const TeachParams& params, const Plane& input) {
  // The twin checks the request and gives the trace's buffers and steps; the events and the table
  // are then replaced by what the GPU recorded.
  TeachRun run = teach_cpu_row_column(params, input);
  dispatch_accum(params.accum, [&](auto types) {
    using In = typename decltype(types)::In;
    using T = typename decltype(types)::T;
    Recording recording(run.trace);
    TeachImage<In, T> image(input);
    DynamicBlockTrace rec = recording.recorder();
    rec.buffers[kInArray] = buffer_named(run.trace, "in");
    rec.buffers[kSatArray] = buffer_named(run.trace, "sat");
    rec.phases[kRowPhase] = step_marked(run.trace, "@rc-row");
    rec.phases[kColumnPhase] = step_marked(run.trace, "@rc-column");
    run_phases(image.in.data(), image.sat.data(), input.width, input.height, input.height,
               input.width, rec, 0);
    recording.download(run.trace);
    run.sat = image.table();
  });
  return run;
}

size_t row_column_scratch_bytes(Accum, int, int) {
  return 0;
}

void launch_row_column(Accum a, const void* in, void* out, int w, int h, void*,
                       cudaStream_t stream) {
  check_launch("row-column", in, out, w, h);
  dispatch_accum(a, [&](auto types) {
    using In = typename decltype(types)::In;
    using T = typename decltype(types)::T;
    run_phases(static_cast<const In*>(in), static_cast<T*>(out), w, h, kFastBlock, kFastBlock,
               NoTrace{}, stream);
  });
}

}  // namespace ws::sat
