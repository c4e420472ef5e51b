// Variant 3, tiled (cuda-samples' transposeCoalesced; the lecture chapter's tiled transpose): a
// block of T x T threads stages a T x T tile in shared memory. Load: thread (tx, ty) reads
// in[by T + ty][bx T + tx] into tile[ty][tx]; barrier; store: it writes out[bx T + ty][by T + tx]
// from tile[tx][ty]. Both global sides are walked along rows: coalesced.
//   work    rows * cols copies through shared memory, two steps and one barrier
//   memory  every warp access to global memory: 4 sectors, 1 line (T = 32); the tile's column
//           read tile[tx][ty] puts lane tx T words after lane tx - 1: at T = 32 every lane in the
//           same bank, a 32-way conflict (T^2 / 32 ways for T dividing 32)
#include <cuda_runtime.h>

#include "transpose_cuda.cuh"

namespace ws::mem::tcuda {

namespace {

// @variant tiled
template <int kTile, class Rec>
__global__ void transpose_tiled_kernel(const float* __restrict__ in, float* __restrict__ out,
                                       TransposeShape s, Rec rec) {
  __shared__ float tile[kTile > 0 ? kTile * kTile : kTeachTileWords];
  const int T = kTile > 0 ? kTile : s.tile, stride = T;  // a tile row: T floats, no padding
  const int tx = int(threadIdx.x) % T, ty = int(threadIdx.x) / T;
  int bx = 0, by = 0;
  s.row_major_tile(bx, by);
  // Load the input tile by rows: consecutive lanes read consecutive columns (coalesced).
  rec.begin(kLoadPhase);
  int r = by * T + ty, c = bx * T + tx;
  if (r < s.rows && c < s.cols) {
    const int64_t from = int64_t(r) * s.cols + c;
    tile[ty * stride + tx] =
        rec.write(kTileArray, ty * stride + tx, rec.read(kInArray, from, in[from]));  // @tiled-load
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
                  rec.read(kTileArray, tx * stride + ty, tile[tx * stride + ty]));  // @tiled-store
  }
}
// @end

constexpr int kTiledTile = 32;  // 1024 threads a block, one element each

}  // namespace

void launch_tiled(const float* in, float* out, int rows, int cols) {
  const TransposeShape s = full_shape(rows, cols, kTiledTile, kTiledTile, false);
  transpose_tiled_kernel<kTiledTile>
      <<<s.grid_x * s.grid_y, kTiledTile * kTiledTile>>>(in, out, s, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

TransposeRun teach_tiled_cuda(const TransposeTeachParams& params, int rows, int cols) {
  TransposeRun run = teach_transpose_cpu_tiled(params, rows, cols);
  TransposeTeachLaunch launch(run);
  transpose_tiled_kernel<0><<<launch.blocks(), launch.threads()>>>(
      launch.in(), launch.out(), launch.shape(), launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::mem::tcuda
