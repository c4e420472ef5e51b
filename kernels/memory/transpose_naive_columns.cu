// Variant 2, naive-columns (PMPP 6.1: the threads turned round): one thread per element, a
// T x T block of threads over a T x T tile of the OUTPUT. Thread (tx, ty) writes out[c][r] from
// in[r][c] with r = bx T + tx, c = by T + ty.
//   work    rows * cols copies (a read and a write each), one step
//   memory  a warp's read: 32 elements of an input column, cols * 4 bytes apart (32 sectors, 32
//           lines at T = 32); its write: 32 neighbours of an output row (4 sectors, 1 line)
#include <cuda_runtime.h>

#include "transpose_cuda.cuh"

namespace ws::mem::tcuda {

namespace {

// @variant naive-columns
template <int kTile, class Rec>
__global__ void transpose_naive_columns_kernel(const float* __restrict__ in,
                                               float* __restrict__ out, TransposeShape s, Rec rec) {
  const int T = kTile > 0 ? kTile : s.tile;
  const int tx = int(threadIdx.x) % T, ty = int(threadIdx.x) / T;
  int bx = 0, by = 0;
  s.row_major_tile(bx, by);                    // a tile of the output
  const int r = bx * T + tx, c = by * T + ty;  // consecutive lanes: consecutive input rows
  if (r >= s.rows || c >= s.cols) return;
  rec.begin(kCopyPhase);
  const int64_t from = int64_t(r) * s.cols + c, to = int64_t(c) * s.rows + r;
  out[to] = rec.write(kOutArray, to, rec.read(kInArray, from, in[from]));  // @naive-columns-copy
}
// @end

constexpr int kNaiveColumnsTile = 32;

}  // namespace

void launch_naive_columns(const float* in, float* out, int rows, int cols) {
  const TransposeShape s = full_shape(rows, cols, kNaiveColumnsTile, kNaiveColumnsTile, true);
  transpose_naive_columns_kernel<kNaiveColumnsTile>
      <<<s.grid_x * s.grid_y, kNaiveColumnsTile * kNaiveColumnsTile>>>(in, out, s, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

TransposeRun teach_naive_columns_cuda(const TransposeTeachParams& params, int rows, int cols) {
  TransposeRun run = teach_transpose_cpu_naive(params, rows, cols);
  TransposeTeachLaunch launch(run);
  transpose_naive_columns_kernel<0><<<launch.blocks(), launch.threads()>>>(
      launch.in(), launch.out(), launch.shape(), launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::mem::tcuda
