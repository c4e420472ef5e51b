// Variant 1, naive-rows (cuda-samples' transposeNaive; PMPP 6.1): one thread per element, a
// T x T block of threads over a T x T tile of the input. Thread (tx, ty) copies in[r][c] to
// out[c][r] with r = by T + ty, c = bx T + tx.
//   work    rows * cols copies (a read and a write each), one step
//   memory  a warp's read: 32 neighbours of an input row (4 sectors, 1 line at T = 32); its
//           write: 32 elements of an output column, rows * 4 bytes apart (32 sectors, 32 lines)
#include <cuda_runtime.h>

#include "transpose_cuda.cuh"

namespace ws::mem::tcuda {

namespace {

// @variant naive-rows
template <int kTile, class Rec>
__global__ void transpose_naive_rows_kernel(const float* __restrict__ in, float* __restrict__ out,
                                            TransposeShape s, Rec rec) {
  const int T = kTile > 0 ? kTile : s.tile;
  const int tx = int(threadIdx.x) % T, ty = int(threadIdx.x) / T;
  int bx = 0, by = 0;
  s.row_major_tile(bx, by);
  const int r = by * T + ty, c = bx * T + tx;  // consecutive lanes: consecutive columns
  if (r >= s.rows || c >= s.cols) return;
  rec.begin(kCopyPhase);
  const int64_t from = int64_t(r) * s.cols + c, to = int64_t(c) * s.rows + r;
  out[to] = rec.write(kOutArray, to, rec.read(kInArray, from, in[from]));  // @naive-rows-copy
}
// @end

constexpr int kNaiveRowsTile = 32;  // 1024 threads a block

}  // namespace

void launch_naive_rows(const float* in, float* out, int rows, int cols) {
  const TransposeShape s = full_shape(rows, cols, kNaiveRowsTile, kNaiveRowsTile, false);
  transpose_naive_rows_kernel<kNaiveRowsTile>
      <<<s.grid_x * s.grid_y, kNaiveRowsTile * kNaiveRowsTile>>>(in, out, s, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

TransposeRun teach_naive_rows_cuda(const TransposeTeachParams& params, int rows, int cols) {
  TransposeRun run = teach_transpose_cpu_naive(params, rows, cols);
  TransposeTeachLaunch launch(run);
  transpose_naive_rows_kernel<0><<<launch.blocks(), launch.threads()>>>(
      launch.in(), launch.out(), launch.shape(), launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::mem::tcuda
