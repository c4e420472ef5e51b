// Variant 1, naive (PMPP 3.4): one thread per output P[row][col], a dot product of row `row` of
// M and column `col` of N read straight from global memory.
//   work    I J K multiply-adds; 2 I J K global loads (8 bytes per 2 operations: 0.25 OP/B)
//   steps   J multiply-adds deep, no barriers
// Teach mode records each read, the running sum after every multiply-add (a step per TILE_WIDTH
// values of k) and the store; fast mode runs the same body with the recorder compiled away.
#include <cuda_runtime.h>

#include "matmul_cuda.cuh"

namespace ws::mem::mm {

namespace {

// @variant naive
template <class Rec>
__global__ void matmul_naive(const float* __restrict__ M, const float* __restrict__ N,
                             float* __restrict__ P, MatmulShape s, Rec rec) {
  const int row = s.by() * s.block_y + s.ty(), col = s.bx() * s.block_x + s.tx();
  if (row >= s.I || col >= s.K) return;
  float acc = 0.0f;
  for (int k = 0; k < s.J; ++k) {
    rec.begin(kMmSteps, k / s.tile);
    const float m = rec.read(kMmM, int64_t(row) * s.J + k, M[int64_t(row) * s.J + k]);
    const float n = rec.read(kMmN, int64_t(k) * s.K + col, N[int64_t(k) * s.K + col]);
    acc = __fmaf_rn(m, n, acc);  // @naive-compute
    rec.op(kMmP, int64_t(row) * s.K + col, acc);
  }
  rec.begin(kMmStore);
  P[int64_t(row) * s.K + col] = rec.write(kMmP, int64_t(row) * s.K + col, acc);  // @naive-store
}
// @end

}  // namespace

void launch_matmul_naive(const float* M, const float* N, float* P, int I, int J, int K, int tile) {
  MatmulBlocking b;
  b.block_x = b.block_y = b.bm = b.bn = b.bk = tile;
  const MatmulShape s = matmul_shape(b, I, J, K, tile);
  matmul_naive<<<s.blocks(), s.threads()>>>(M, N, P, s, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

MatmulTeachRun teach_cuda_naive(const MatmulTeachParams& p, const FloatMatrix& M,
                                const FloatMatrix& N) {
  MatmulTeachRun run = teach_matmul_cpu_naive(p, M, N);
  MatmulTeachLaunch launch(run);
  const MatmulShape& s = launch.shape();
  matmul_naive<<<s.blocks(), s.threads()>>>(launch.M(), launch.N(), launch.P(), s,
                                            launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::mem::mm
