// Variant 5, diagonal (cuda-samples' transposeDiagonal): the padded transpose, but launch block b
// takes tile (bx, by) = ((b / grid_y + b % grid_y) mod grid_x, b % grid_y): consecutive blocks walk
// a diagonal of tiles, not a row. On GT200-era GPUs the blocks running at once then spread their
// traffic over the DRAM partitions instead of camping on one; modern GPUs hash addresses over the
// partitions, so the order barely matters (the bench shows it).
//   work    rows * cols copies through shared memory, two steps and one barrier
//   memory  as padded: 4 sectors and 1 line per warp access to global memory, no bank conflicts
#include <cuda_runtime.h>

#include "transpose_cuda.cuh"

namespace ws::mem::tcuda {

namespace {

// @variant diagonal
template <int kTile, class Rec>
__global__ void transpose_diagonal_kernel(const float* __restrict__ in, float* __restrict__ out,
                                          TransposeShape s, Rec rec) {
  __shared__ float tile[kTile > 0 ? kTile * (kTile + 1) : kTeachTileWords];
  const int T = kTile > 0 ? kTile : s.tile, stride = T + 1;  // a tile row: T + 1 floats (the pad)
  const int tx = int(threadIdx.x) % T, ty = int(threadIdx.x) / T;
  int bx = 0, by = 0;
  s.diagonal_tile(bx, by);
  // Load the input tile by rows: consecutive lanes read consecutive columns (coalesced).
  rec.begin(kLoadPhase);
  int r = by * T + ty, c = bx * T + tx;
  if (r < s.rows && c < s.cols) {
    const int64_t from = int64_t(r) * s.cols + c;
    tile[ty * stride + tx] = rec.write(kTileArray, ty * stride + tx,
                                       rec.read(kInArray, from, in[from]));  // @diagonal-load
  }
  __syncthreads();
  // Store the output tile by rows (coalesced), reading the shared tile by columns: lane tx
  // reads tile[tx][ty], stride floats after its neighbour.
  rec.begin(kStorePhase);
  r = by * T + tx, c = bx * T + ty;  // out[c][r] = in[r][c]
  if (r < s.rows && c < s.cols) {
    const int64_t to = int64_t(c) * s.rows + r;
    out[to] = rec.write(
        kOutArray, to,
        rec.read(kTileArray, tx * stride + ty, tile[tx * stride + ty]));  // @diagonal-store
  }
}
// @end

constexpr int kDiagonalTile = 32;  // 1024 threads a block, one element each

}  // namespace

void launch_diagonal(const float* in, float* out, int rows, int cols) {
  const TransposeShape s = full_shape(rows, cols, kDiagonalTile, kDiagonalTile, false);
  transpose_diagonal_kernel<kDiagonalTile>
      <<<s.grid_x * s.grid_y, kDiagonalTile * kDiagonalTile>>>(in, out, s, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

TransposeRun teach_diagonal_cuda(const TransposeTeachParams& params, int rows, int cols) {
  TransposeRun run = teach_transpose_cpu_tiled(params, rows, cols);
  TransposeTeachLaunch launch(run);
  transpose_diagonal_kernel<0><<<launch.blocks(), launch.threads()>>>(
      launch.in(), launch.out(), launch.shape(), launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::mem::tcuda
