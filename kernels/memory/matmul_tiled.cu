// Variant 2, tiled (PMPP 5.3-5.5): a block of TILE_WIDTH x TILE_WIDTH threads computes the same
// square of P; in phase p every thread loads one element of M and one of N into the shared tiles
// Mds and Nds, the block waits at a barrier, each thread does TILE_WIDTH multiply-adds from
// shared memory, and waits again before the next phase overwrites the tiles. Elements outside M
// or N are loaded as 0 (5.5's checks), so any size works.
//   work    I J K multiply-adds; global loads 2 I J K / TILE_WIDTH (0.25 TILE_WIDTH OP/B)
//   steps   ceil(J / TILE_WIDTH) phases, two barriers each
#include <cuda_runtime.h>

#include "matmul_cuda.cuh"

namespace ws::mem::mm {

namespace {

// @variant tiled
template <int kTile, class Rec>  // kTile 0: TILE_WIDTH from s.tile (teach mode)
__global__ void matmul_tiled(const float* __restrict__ M, const float* __restrict__ N,
                             float* __restrict__ P, MatmulShape s, Rec rec) {
  const int T = kTile > 0 ? kTile : s.tile;
  float* Mds = matmul_shared();  // T x T
  float* Nds = Mds + T * T;      // T x T
  const int tx = s.tx(), ty = s.ty();
  const int row = s.by() * T + ty, col = s.bx() * T + tx;
  float acc = 0.0f;
  for (int ph = 0; ph < s.phases; ++ph) {
    rec.begin(kMmSteps, 2 * ph);
    const int mk = ph * T + tx, nk = ph * T + ty;
    float m = 0.0f, n = 0.0f;
    if (row < s.I && mk < s.J)
      m = rec.read(kMmM, int64_t(row) * s.J + mk, M[int64_t(row) * s.J + mk]);
    else
      rec.skip(kMmM);
    Mds[ty * T + tx] = rec.write(kMmMds, ty * T + tx, m);  // @tiled-load
    if (nk < s.J && col < s.K)
      n = rec.read(kMmN, int64_t(nk) * s.K + col, N[int64_t(nk) * s.K + col]);
    else
      rec.skip(kMmN);
    Nds[ty * T + tx] = rec.write(kMmNds, ty * T + tx, n);
    __syncthreads();
    rec.begin(kMmSteps, 2 * ph + 1);
    if (row < s.I && col < s.K) {
#pragma unroll
      for (int k = 0; k < T; ++k) {
        const float a = rec.read(kMmMds, ty * T + k, Mds[ty * T + k]);
        const float b = rec.read(kMmNds, k * T + tx, Nds[k * T + tx]);
        acc = __fmaf_rn(a, b, acc);  // @tiled-compute
        rec.op(kMmP, int64_t(row) * s.K + col, acc);
      }
    }
    __syncthreads();
  }
  rec.begin(kMmStore);
  if (row < s.I && col < s.K)
    P[int64_t(row) * s.K + col] = rec.write(kMmP, int64_t(row) * s.K + col, acc);  // @tiled-store
}
// @end

template <int kTile>
void launch_tiled_with(const float* M, const float* N, float* P, int I, int J, int K) {
  MatmulBlocking b;
  b.block_x = b.block_y = b.bm = b.bn = b.bk = kTile;
  const MatmulShape s = matmul_shape(b, I, J, K, kTile);
  const size_t shared = 2 * size_t(kTile) * kTile * sizeof(float);
  matmul_tiled<kTile><<<s.blocks(), s.threads(), shared>>>(M, N, P, s, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace

void launch_matmul_tiled(const float* M, const float* N, float* P, int I, int J, int K, int tile) {
  if (tile == 8) return launch_tiled_with<8>(M, N, P, I, J, K);
  if (tile == 16) return launch_tiled_with<16>(M, N, P, I, J, K);
  if (tile == 32) return launch_tiled_with<32>(M, N, P, I, J, K);
  throw Error("tile (TILE_WIDTH) must be 8, 16 or 32 at full size, not " + std::to_string(tile));
}

MatmulTeachRun teach_cuda_tiled(const MatmulTeachParams& p, const FloatMatrix& M,
                                const FloatMatrix& N) {
  MatmulTeachRun run = teach_matmul_cpu_tiled(p, M, N);
  MatmulTeachLaunch launch(run);
  const MatmulShape& s = launch.shape();
  matmul_tiled<0><<<s.blocks(), s.threads(), launch.shared_bytes(1)>>>(
      launch.M(), launch.N(), launch.P(), s, launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::mem::mm
