// Variant 4, padded (cuda-samples' transposeNoBankConflicts): the tiled transpose with a tile of
// T x (T + 1) floats. Load: thread (tx, ty) reads in[by T + ty][bx T + tx] into tile[ty][tx];
// barrier; store: it writes out[bx T + ty][by T + tx] from tile[tx][ty].
//   work    rows * cols copies through shared memory, two steps and one barrier
//   memory  as tiled, 4 sectors and 1 line per warp access to global memory; the column read
//           tile[tx][ty] now walks T + 1 words: lane tx in bank (tx (T + 1) + ty) mod 32, all
//           different at T = 32: conflict free, for T unused floats a tile row (at T = 8 and 16
//           a warp reads 32 / T columns at once and one pair of them meets: 2-way)
#include <cuda_runtime.h>

#include "transpose_cuda.cuh"

namespace ws::mem::tcuda {

namespace {

// @variant padded
template <int kTile, class Rec>
__global__ void transpose_padded_kernel(const float* __restrict__ in, float* __restrict__ out,
                                        TransposeShape s, Rec rec) {
  __shared__ float tile[kTile > 0 ? kTile * (kTile + 1) : kTeachTileWords];
  const int T = kTile > 0 ? kTile : s.tile, stride = T + 1;  // a tile row: T + 1 floats (the pad)
  const int tx = int(threadIdx.x) % T, ty = int(threadIdx.x) / T;
  int bx = 0, by = 0;
  s.row_major_tile(bx, by);
  // Load the input tile by rows: consecutive lanes read consecutive columns (coalesced).
  rec.begin(kLoadPhase);
  int r = by * T + ty, c = bx * T + tx;
  if (r < s.rows && c < s.cols) {
    const int64_t from = int64_t(r) * s.cols + c;
    tile[ty * stride + tx] = rec.write(kTileArray, ty * stride + tx,
                                       rec.read(kInArray, from, in[from]));  // @padded-load
  }
  __syncthreads();
  // Store the output tile by rows (coalesced), reading the shared tile by columns: lane tx
  // reads tile[tx][ty], stride floats after its neighbour.
  rec.begin(kStorePhase);
  r = by * T + tx, c = bx * T + ty;  // out[c][r] = in[r][c]
  if (r < s.rows && c < s.cols) {
    const int64_t to = int64_t(c) * s.rows + r;
    out[to] =
        rec.write(kOutArray, to,
                  rec.read(kTileArray, tx * stride + ty, tile[tx * stride + ty]));  // @padded-store
  }
}
// @end

constexpr int kPaddedTile = 32;  // 1024 threads a block, one element each

}  // namespace

void launch_padded(const float* in, float* out, int rows, int cols) {
  const TransposeShape s = full_shape(rows, cols, kPaddedTile, kPaddedTile, false);
  transpose_padded_kernel<kPaddedTile>
      <<<s.grid_x * s.grid_y, kPaddedTile * kPaddedTile>>>(in, out, s, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

TransposeRun teach_padded_cuda(const TransposeTeachParams& params, int rows, int cols) {
  TransposeRun run = teach_transpose_cpu_tiled(params, rows, cols);
  TransposeTeachLaunch launch(run);
  transpose_padded_kernel<0><<<launch.blocks(), launch.threads()>>>(
      launch.in(), launch.out(), launch.shape(), launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::mem::tcuda
