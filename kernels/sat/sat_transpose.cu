// Variant 2, transpose: every global access coalesced. w x h image, n = w h pixels; row-first
// like variant 1, so "sat" holds the row scans halfway.
//   transpose   in -> tmp (h wide, w tall) through a 32 x 33 shared tile per block: thread t
//               loads column t of the tile row by row (a warp reads 32 neighbouring pixels),
//               then writes row t of the transposed tile (a warp writes 32 neighbouring
//               elements). Reading a tile column, tile[t][r], lands on bank (33 t + r) mod 32:
//               32 lanes, 32 banks. Without the padding column all 32 would hit bank r.
//   row phase   thread y scans column y of tmp going down it, which is row y of the image:
//               at each step the threads read neighbouring addresses (coalesced).
//   transpose   tmp -> sat: the row scans, back in image order.
//   column      thread x scans column x of sat (coalesced, as in variant 1).
// Work: 2n adds' worth of scans (h (w - 1) + w (h - 1) adds) plus 2n moves through shared
// memory; steps: w + h + 2 transposes. Extra memory: tmp, n table elements.
// Teach mode records every access (one step per scan position); fast mode runs the same kernels.
#include <cuda_runtime.h>

#include "sat_cuda_support.cuh"
#include "sat_launch.h"
#include "sat_teach_cpu.h"

namespace ws::sat {

namespace {

using namespace cuda_support;

constexpr int TILE = kTransposeTile;  // 32: one warp per tile

enum TraceArray : int { kInArray, kSatArray, kTmpArray, kTileArray };
enum TracePhase : int { kLoadIn, kStoreIn, kRowPhase, kLoadBack, kStoreBack, kColumnPhase };

// @variant transpose
// dst[x][y] = src[y][x] for a src of sw x sh (dst is sh wide). Block b takes tile
// (b % tiles_x, b / tiles_x); 32 threads; load_phase and load_phase + 1 name the two steps.
template <class S, class T, class Rec>
__global__ void transpose(const S* src, T* dst, int sw, int sh, int src_array, int dst_array,
                          int load_phase, Rec rec) {
  __shared__ T tile[TILE][TILE + 1];  // + 1: a column of the tile spans all 32 banks
  const int tiles_x = (sw + TILE - 1) / TILE;
  const int bx = blockIdx.x % tiles_x, by = blockIdx.x / tiles_x, t = threadIdx.x;
  rec.begin(load_phase);
  const int x = bx * TILE + t;
  for (int r = 0; r < TILE; ++r) {  // a warp reads 32 neighbouring elements of row y
    const int y = by * TILE + r;
    if (x < sw && y < sh) {
      const int64_t i = int64_t{y} * sw + x;
      tile[r][t] = rec.write(kTileArray, r * (TILE + 1) + t,
                             static_cast<T>(rec.read(src_array, i, src[i])));  // @tr-load
    }
  }
  __syncthreads();
  rec.begin(load_phase + 1);
  const int yy = by * TILE + t;
  for (int r = 0; r < TILE; ++r) {  // thread t reads column t of the tile: no bank conflicts
    const int xx = bx * TILE + r;
    if (xx < sw && yy < sh) {
      const int64_t j = int64_t{xx} * sh + yy;
      dst[j] = rec.write(dst_array, j,
                         rec.read(kTileArray, t * (TILE + 1) + r, tile[t][r]));  // @tr-store
    }
  }
}

// Thread y scans column y of tmp (h wide, w tall): row y of the image, read coalesced.
template <class T, class Rec>
__global__ void row_phase_on_tmp(T* tmp, int w, int h, Rec rec) {
  const int y = blockIdx.x * blockDim.x + threadIdx.x;
  if (y >= h) return;
  T sum = 0;
  for (int x = 0; x < w; ++x) {
    rec.begin(kRowPhase, x);
    const int64_t i = int64_t{x} * h + y;  // neighbouring threads, neighbouring addresses
    const T v = rec.read(kTmpArray, i, tmp[i]);
    sum = x == 0 ? v : rec.op(kTmpArray, i, static_cast<T>(sum + v));  // @tr-row
    tmp[i] = rec.write(kTmpArray, i, sum);
  }
}

// Thread x scans column x of sat (the row scans): coalesced.
template <class T, class Rec>
__global__ void column_phase(T* sat, int w, int h, Rec rec) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= w) return;
  T sum = 0;
  for (int y = 0; y < h; ++y) {
    rec.begin(kColumnPhase, y);
    const int64_t i = int64_t{y} * w + x;
    const T v = rec.read(kSatArray, i, sat[i]);
    sum = y == 0 ? v : rec.op(kSatArray, i, static_cast<T>(sum + v));  // @tr-column
    sat[i] = rec.write(kSatArray, i, sum);
  }
}
// @end

// ================================ host side ====================================================

template <class In, class T, class Rec>
void run_all(const In* in, T* sat, T* tmp, int w, int h, int row_block, int column_block,
             const Rec& rec, cudaStream_t stream) {
  const int tiles = ((w + TILE - 1) / TILE) * ((h + TILE - 1) / TILE);
  transpose<<<tiles, TILE, 0, stream>>>(in, tmp, w, h, kInArray, kTmpArray, kLoadIn, rec);
  WS_CUDA_CHECK_LAUNCH();
  row_phase_on_tmp<<<(h + row_block - 1) / row_block, row_block, 0, stream>>>(tmp, w, h, rec);
  WS_CUDA_CHECK_LAUNCH();
  transpose<<<tiles, TILE, 0, stream>>>(static_cast<const T*>(tmp), sat, h, w, kTmpArray, kSatArray,
                                        kLoadBack, rec);
  WS_CUDA_CHECK_LAUNCH();
  column_phase<<<(w + column_block - 1) / column_block, column_block, 0, stream>>>(sat, w, h, rec);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace

TeachRun teach_cuda_transpose(const TeachParams& params, const Plane& input) {
  TeachRun run = teach_cpu_transpose(params, input);
  dispatch_accum(params.accum, [&](auto types) {
    using In = typename decltype(types)::In;
    using T = typename decltype(types)::T;
    Recording recording(run.trace);
    TeachImage<In, T> image(input);
    DeviceBuffer<T> tmp(input.values.size());
    DynamicBlockTrace rec = recording.recorder();
    rec.buffers[kInArray] = buffer_named(run.trace, "in");
    rec.buffers[kSatArray] = buffer_named(run.trace, "sat");
    rec.buffers[kTmpArray] = buffer_named(run.trace, "tmp");
    rec.buffers[kTileArray] = buffer_named(run.trace, "tile");
    rec.phases[kLoadIn] = step_marked(run.trace, "@tr-load", 0);
    rec.phases[kStoreIn] = rec.phases[kLoadIn] + 1;
    rec.phases[kRowPhase] = step_marked(run.trace, "@tr-row");
    rec.phases[kLoadBack] = step_marked(run.trace, "@tr-load", 1);
    rec.phases[kStoreBack] = rec.phases[kLoadBack] + 1;
    rec.phases[kColumnPhase] = step_marked(run.trace, "@tr-column");
    run_all(image.in.data(), image.sat.data(), tmp.data(), input.width, input.height, input.height,
            input.width, rec, 0);
    recording.download(run.trace);
    run.sat = image.table();
  });
  return run;
}

size_t transpose_scratch_bytes(Accum a, int w, int h) {
  return size_t(w) * size_t(h) * size_t(output_bytes(a));  // tmp
}

void launch_transpose(Accum a, const void* in, void* out, int w, int h, void* scratch,
                      cudaStream_t stream) {
  check_launch("transpose", in, out, w, h);
  WS_REQUIRE(scratch != nullptr, std::string("transpose: needs scratch for the transposed image"));
  dispatch_accum(a, [&](auto types) {
    using In = typename decltype(types)::In;
    using T = typename decltype(types)::T;
    run_all(static_cast<const In*>(in), static_cast<T*>(out), static_cast<T*>(scratch), w, h, 128,
            128, NoTrace{}, stream);
  });
}

}  // namespace ws::sat
