// Variant 3, block-scan: every line scanned by a block with the scan scene's Kogge-Stone scan in
// shared memory (PMPP 11.2): log-depth steps instead of a serial loop. w x h image.
//   row phase     a block per row, a thread per element: load the row into XY (a warp reads 32
//                 neighbouring pixels: coalesced), Kogge-Stone (stride 1, 2, 4, ...: thread
//                 t >= s reads XY[t - s] and XY[t], a barrier, writes XY[t], a barrier), store
//                 the scanned row into sat.
//   column phase  a block per column of sat, the same scan. The column is loaded and stored with
//                 addresses w elements apart: strided, uncoalesced, as the counters show. This
//                 variant keeps it so: variant 2 shows the cure (a transpose through shared
//                 memory), variant 4 avoids the second pass altogether.
// Work per line of L elements: L log2 L - (L - 1) adds (Kogge-Stone is not work-efficient);
// steps per phase: 1 load + ceil(log2 L) strides + 1 store.
// Fast mode: the same kernel with blocks of up to 256 threads; a longer line is scanned in
// chunks of the block's size, each chunk adding the running total of the chunks before it.
#include <cuda_runtime.h>

#include <algorithm>

#include "sat_cuda_support.cuh"
#include "sat_launch.h"
#include "sat_teach_cpu.h"

namespace ws::sat {

namespace {

using namespace cuda_support;

enum TraceArray : int { kInArray, kSatArray, kXYRows, kXYColumns };
enum TracePhase : int { kRowLoad, kRowScan, kRowStore, kColumnLoad, kColumnScan, kColumnStore };

// @variant block-scan
// Block `line` scans row `line` (columns = false) or column `line` of an image w wide and h
// tall: src -> XY -> dst. `phase` is kRowLoad or kColumnLoad (the scan and store phases follow).
template <class S, class T, class Rec>
__global__ void scan_lines(const S* src, T* dst, int w, int h, bool columns, int src_array,
                           int xy_array, int phase, Rec rec) {
  T* XY = dynamic_shared<T>();  // blockDim.x elements
  const int line = blockIdx.x, t = threadIdx.x, B = blockDim.x;
  const int L = columns ? h : w;
  T carry = 0;  // the chunks before this one (lines longer than the block)
  for (int c0 = 0; c0 < L; c0 += B) {
    const int i = c0 + t;
    // rows: neighbouring threads, neighbouring pixels; columns: pixels w apart (strided)
    const int64_t a = columns ? int64_t{i} * w + line : int64_t{line} * w + i;
    rec.begin(phase);
    XY[t] = i < L ? rec.write(xy_array, t, static_cast<T>(rec.read(src_array, a, src[a])))
                  : T(0);  // @bs-load
    __syncthreads();
    for (int stride = 1, level = 0; stride < B; stride *= 2, ++level) {
      rec.begin(phase + 1, level);
      T sum = 0;
      if (t >= stride) {
        const T left = rec.read(xy_array, t - stride, XY[t - stride]);
        const T mine = rec.read(xy_array, t, XY[t]);
        sum = rec.op(xy_array, t, static_cast<T>(left + mine));  // @bs-scan
      }
      __syncthreads();  // every read before any write
      if (t >= stride) XY[t] = rec.write(xy_array, t, sum);
      __syncthreads();
    }
    rec.begin(phase + 2);
    if (i < L) {
      T v = rec.read(xy_array, t, XY[t]);
      if (c0 > 0) v = rec.op(kSatArray, a, static_cast<T>(carry + v));
      dst[a] = rec.write(kSatArray, a, v);  // @bs-store
    }
    carry = static_cast<T>(carry + XY[B - 1]);
    __syncthreads();  // XY is reloaded by the next chunk
  }
}
// @end

// ================================ host side ====================================================

int fast_block(int length) {
  return std::min(256, (length + 31) / 32 * 32);
}

template <class In, class T, class Rec>
void run_both(const In* in, T* sat, int w, int h, int row_block, int column_block, const Rec& rec,
              cudaStream_t stream) {
  scan_lines<<<h, row_block, size_t(row_block) * sizeof(T), stream>>>(
      in, sat, w, h, false, kInArray, kXYRows, kRowLoad, rec);
  WS_CUDA_CHECK_LAUNCH();
  scan_lines<<<w, column_block, size_t(column_block) * sizeof(T), stream>>>(
      static_cast<const T*>(sat), sat, w, h, true, kSatArray, kXYColumns, kColumnLoad, rec);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace

TeachRun teach_cuda_block_scan(const TeachParams& params, const Plane& input) {
  TeachRun run = teach_cpu_block_scan(params, input);
  dispatch_accum(params.accum, [&](auto types) {
    using In = typename decltype(types)::In;
    using T = typename decltype(types)::T;
    Recording recording(run.trace);
    TeachImage<In, T> image(input);
    DynamicBlockTrace rec = recording.recorder();
    rec.buffers[kInArray] = buffer_named(run.trace, "in");
    rec.buffers[kSatArray] = buffer_named(run.trace, "sat");
    rec.buffers[kXYRows] = buffer_named(run.trace, "XY rows");
    rec.buffers[kXYColumns] = buffer_named(run.trace, "XY columns");
    // Each phase: its load step, its strides, its store step, in that order.
    const int32_t row_load = step_marked(run.trace, "@bs-load", 0);
    const int32_t column_load = step_marked(run.trace, "@bs-load", 1);
    rec.phases[kRowLoad] = row_load;
    rec.phases[kRowScan] = row_load + 1;
    rec.phases[kRowStore] = step_marked(run.trace, "@bs-store", 0);
    rec.phases[kColumnLoad] = column_load;
    rec.phases[kColumnScan] = column_load + 1;
    rec.phases[kColumnStore] = step_marked(run.trace, "@bs-store", 1);
    // One thread per element: a block as long as the line.
    run_both(image.in.data(), image.sat.data(), input.width, input.height, input.width,
             input.height, rec, 0);
    recording.download(run.trace);
    run.sat = image.table();
  });
  return run;
}

size_t block_scan_scratch_bytes(Accum, int, int) {
  return 0;
}

void launch_block_scan(Accum a, const void* in, void* out, int w, int h, void*,
                       cudaStream_t stream) {
  check_launch("block-scan", in, out, w, h);
  dispatch_accum(a, [&](auto types) {
    using In = typename decltype(types)::In;
    using T = typename decltype(types)::T;
    run_both(static_cast<const In*>(in), static_cast<T*>(out), w, h, fast_block(w), fast_block(h),
             NoTrace{}, stream);
  });
}

}  // namespace ws::sat
