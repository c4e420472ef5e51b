// Variant 3, coarsened (PMPP 6.3, Fig 6.13): a block of TILE_WIDTH x TILE_WIDTH threads computes
// TILE_WIDTH rows x COARSE_FACTOR TILE_WIDTH columns of P; each thread COARSE_FACTOR outputs
// TILE_WIDTH columns apart. In a phase the thread loads its Mds element once and reuses it for
// every output, loading a fresh Nds tile per output.
//   work    I J K multiply-adds; global loads I J K (1 + 1/C) / TILE_WIDTH
//   steps   ceil(J / TILE_WIDTH) C sub-phases, two barriers each
#include <cuda_runtime.h>

#include "../common/error.h"
#include "matmul_config.h"
#include "matmul_cuda.cuh"

namespace ws::mem::mm {

namespace {

// @variant coarsened
template <int kTile, int kCoarse, class Rec>  // 0: from s (teach mode; C <= 4)
__global__ void matmul_coarsened(const float* __restrict__ M, const float* __restrict__ N,
                                 float* __restrict__ P, MatmulShape s, Rec rec) {
  const int T = kTile > 0 ? kTile : s.tile;
  const int C = kCoarse > 0 ? kCoarse : s.tn;
  float* Mds = matmul_shared();  // T x T
  float* Nds = Mds + T * T;      // T x T
  const int tx = s.tx(), ty = s.ty();
  const int row = s.by() * T + ty, col0 = s.bx() * T * C + tx;
  float acc[kCoarse > 0 ? kCoarse : 4];
#pragma unroll
  for (int c = 0; c < C; ++c) acc[c] = 0.0f;
  for (int ph = 0; ph < s.phases; ++ph) {
#pragma unroll
    for (int c = 0; c < C; ++c) {
      rec.begin(kMmSteps, 2 * (ph * C + c));
      if (c == 0) {  // the Mds element serves all C outputs of this phase
        const int mk = ph * T + tx;
        float m = 0.0f;
        if (row < s.I && mk < s.J)
          m = rec.read(kMmM, int64_t(row) * s.J + mk, M[int64_t(row) * s.J + mk]);
        else
          rec.skip(kMmM);
        Mds[ty * T + tx] = rec.write(kMmMds, ty * T + tx, m);  // @coarsened-load
      }
      const int col = col0 + c * T, nk = ph * T + ty;
      float n = 0.0f;
      if (nk < s.J && col < s.K)
        n = rec.read(kMmN, int64_t(nk) * s.K + col, N[int64_t(nk) * s.K + col]);
      else
        rec.skip(kMmN);
      Nds[ty * T + tx] = rec.write(kMmNds, ty * T + tx, n);
      __syncthreads();
      rec.begin(kMmSteps, 2 * (ph * C + c) + 1);
      if (row < s.I && col < s.K) {
#pragma unroll
        for (int k = 0; k < T; ++k) {
          const float a = rec.read(kMmMds, ty * T + k, Mds[ty * T + k]);
          const float b = rec.read(kMmNds, k * T + tx, Nds[k * T + tx]);
          acc[c] = __fmaf_rn(a, b, acc[c]);  // @coarsened-compute
          rec.op(kMmP, int64_t(row) * s.K + col, acc[c]);
        }
      }
      __syncthreads();
    }
  }
  rec.begin(kMmStore);
#pragma unroll
  for (int c = 0; c < C; ++c) {
    const int col = col0 + c * T;
    if (row < s.I && col < s.K)
      P[int64_t(row) * s.K + col] =
          rec.write(kMmP, int64_t(row) * s.K + col, acc[c]);  // @coarsened-store
  }
}
// @end

template <int kTile>
void launch_coarsened_with(const float* M, const float* N, float* P, int I, int J, int K) {
  MatmulBlocking b;
  b.block_x = b.block_y = b.bm = b.bk = kTile;
  b.tn = kCoarseFactor;
  b.bn = kTile * kCoarseFactor;
  const MatmulShape s = matmul_shape(b, I, J, K, kTile);
  const size_t shared = 2 * size_t(kTile) * kTile * sizeof(float);
  matmul_coarsened<kTile, kCoarseFactor>
      <<<s.blocks(), s.threads(), shared>>>(M, N, P, s, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace

void launch_matmul_coarsened(const float* M, const float* N, float* P, int I, int J, int K,
                             int tile) {
  if (tile == 8) return launch_coarsened_with<8>(M, N, P, I, J, K);
  if (tile == 16) return launch_coarsened_with<16>(M, N, P, I, J, K);
  if (tile == 32) return launch_coarsened_with<32>(M, N, P, I, J, K);
  throw Error("tile (TILE_WIDTH) must be 8, 16 or 32 at full size, not " + std::to_string(tile));
}

MatmulTeachRun teach_cuda_coarsened(const MatmulTeachParams& p, const FloatMatrix& M,
                                    const FloatMatrix& N) {
  MatmulTeachRun run = teach_matmul_cpu_tiled(p, M, N);
  MatmulTeachLaunch launch(run);
  const MatmulShape& s = launch.shape();
  matmul_coarsened<0, 0><<<s.blocks(), s.threads(), 2 * size_t(s.tile) * s.tile * 4>>>(
      launch.M(), launch.N(), launch.P(), s, launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::mem::mm
