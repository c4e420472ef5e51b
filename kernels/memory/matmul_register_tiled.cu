// Variant 4, register-tiled (2D register blocking, PMPP 6.3's coarsening in two dimensions): a
// block computes a BM x BN tile of P with (BM / TM) x (BN / TN) threads, each a TM x TN block of
// outputs. Per phase the threads load the BM x BK tile of M and the BK x BN tile of N into
// shared memory together (element e by thread e mod threads); then, per k, each thread reads TM
// values of Mds and TN of Nds into registers and does TM TN multiply-adds with them.
//   work    I J K multiply-adds; global loads I J K (1/BN + 1/BM); shared loads per multiply-add
//           (TM + TN) / (TM TN)
//   steps   ceil(J / BK) phases, two barriers each
// Full size: 64 x 64 x 8 tiles, 4 x 4 outputs per thread (256 threads).
#include <cuda_runtime.h>

#include "matmul_config.h"
#include "matmul_cuda.cuh"

namespace ws::mem::mm {

namespace {

// @variant register-tiled
template <int BM, int BN, int BK, int TM, int TN, class Rec>  // 0: from s (teach; TM, TN <= 4)
__global__ void matmul_register_tiled(const float* __restrict__ M, const float* __restrict__ N,
                                      float* __restrict__ P, MatmulShape s, Rec rec) {
  const int bm = BM > 0 ? BM : s.bm, bn = BN > 0 ? BN : s.bn, bk = BK > 0 ? BK : s.bk;
  const int tm = TM > 0 ? TM : s.tm, tn = TN > 0 ? TN : s.tn;
  constexpr int kMaxTM = TM > 0 ? TM : 4, kMaxTN = TN > 0 ? TN : 4;
  const int threads = (bm / tm) * (bn / tn), tid = int(threadIdx.x);
  const int ty = tid / (bn / tn), tx = tid % (bn / tn);
  float* Mds = matmul_shared();  // bm x bk, [m][k]
  float* Nds = Mds + bm * bk;    // bk x bn, [k][n]
  const int row0 = s.by() * bm + ty * tm, col0 = s.bx() * bn + tx * tn;
  float acc[kMaxTM * kMaxTN];
#pragma unroll
  for (int i = 0; i < kMaxTM * kMaxTN; ++i) acc[i] = 0.0f;
  for (int ph = 0; ph < s.phases; ++ph) {
    rec.begin(kMmSteps, 2 * ph);
    for (int e = tid; e < bm * bk; e += threads) {
      const int r = e / bk, k = e % bk, gr = s.by() * bm + r, gk = ph * bk + k;
      float v = 0.0f;
      if (gr < s.I && gk < s.J)
        v = rec.read(kMmM, int64_t(gr) * s.J + gk, M[int64_t(gr) * s.J + gk]);
      else
        rec.skip(kMmM);
      Mds[r * bk + k] = rec.write(kMmMds, r * bk + k, v);  // @register-tiled-load
    }
    for (int e = tid; e < bk * bn; e += threads) {
      const int k = e / bn, c = e % bn, gk = ph * bk + k, gc = s.bx() * bn + c;
      float v = 0.0f;
      if (gk < s.J && gc < s.K)
        v = rec.read(kMmN, int64_t(gk) * s.K + gc, N[int64_t(gk) * s.K + gc]);
      else
        rec.skip(kMmN);
      Nds[k * bn + c] = rec.write(kMmNds, k * bn + c, v);
    }
    __syncthreads();
    rec.begin(kMmSteps, 2 * ph + 1);
    if (row0 < s.I && col0 < s.K) {
#pragma unroll
      for (int k = 0; k < (BK > 0 ? BK : bk); ++k) {
        float a[kMaxTM], b[kMaxTN];
#pragma unroll
        for (int i = 0; i < tm; ++i)
          a[i] = rec.read(kMmMds, (ty * tm + i) * bk + k, Mds[(ty * tm + i) * bk + k]);
#pragma unroll
        for (int j = 0; j < tn; ++j)
          b[j] = rec.read(kMmNds, k * bn + tx * tn + j, Nds[k * bn + tx * tn + j]);
#pragma unroll
        for (int i = 0; i < tm; ++i)
#pragma unroll
          for (int j = 0; j < tn; ++j) {
            acc[i * tn + j] = __fmaf_rn(a[i], b[j], acc[i * tn + j]);  // @register-tiled-compute
            if (Rec::kEnabled && row0 + i < s.I && col0 + j < s.K)
              rec.op(kMmP, int64_t(row0 + i) * s.K + col0 + j, acc[i * tn + j]);
          }
      }
    }
    __syncthreads();
  }
  rec.begin(kMmStore);
#pragma unroll
  for (int i = 0; i < tm; ++i)
#pragma unroll
    for (int j = 0; j < tn; ++j)
      if (row0 + i < s.I && col0 + j < s.K)
        P[int64_t(row0 + i) * s.K + col0 + j] = rec.write(
            kMmP, int64_t(row0 + i) * s.K + col0 + j, acc[i * tn + j]);  // @register-tiled-store
}
// @end

}  // namespace

void launch_matmul_register_tiled(const float* M, const float* N, float* P, int I, int J, int K) {
  MatmulBlocking b;
  b.bm = kRegBM, b.bn = kRegBN, b.bk = kRegBK, b.tm = kRegTM, b.tn = kRegTN;
  b.block_x = kRegBN / kRegTN, b.block_y = kRegBM / kRegTM;
  const MatmulShape s = matmul_shape(b, I, J, K, kRegBK);
  const size_t shared = size_t(kRegBM * kRegBK + kRegBK * kRegBN) * sizeof(float);
  matmul_register_tiled<kRegBM, kRegBN, kRegBK, kRegTM, kRegTN>
      <<<s.blocks(), s.threads(), shared>>>(M, N, P, s, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

// Variants 4 and 6 (the fast kernel teaches as this one).
MatmulTeachRun teach_cuda_register_tiled(const MatmulTeachParams& p, const FloatMatrix& M,
                                         const FloatMatrix& N) {
  MatmulTeachRun run = teach_matmul_cpu_blocked(p, M, N);
  MatmulTeachLaunch launch(run);
  const MatmulShape& s = launch.shape();
  matmul_register_tiled<0, 0, 0, 0, 0><<<s.blocks(), s.threads(), launch.shared_bytes(1)>>>(
      launch.M(), launch.N(), launch.P(), s, launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::mem::mm
