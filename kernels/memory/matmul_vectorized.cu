// Variant 5, vectorized (register tiling + wide loads + double buffering): as variant 4, but
// global loads of M and N are float4s (4 consecutive elements of a row in one instruction; scalar
// loads where a row's length is not a multiple of 4 or the 4 cross the matrix's edge), Mds is
// stored transposed ([k][m]) so a thread's TM values of a column of the M tile are contiguous,
// and there are two copies of Mds and Nds: while the block computes with one, its threads load
// the next phase's tiles into the other, so one barrier a phase is enough.
//   work    I J K multiply-adds; global loads I J K (1/BN + 1/BM) in a quarter of the
//           instructions
//   steps   ceil(J / BK) phases, one barrier each (+ one after the first load)
// Full size: 128 x 128 x 8 tiles, 8 x 8 outputs per thread (256 threads).
#include <cuda_runtime.h>

#include "matmul_config.h"
#include "matmul_cuda.cuh"

namespace ws::mem::mm {

namespace {

// @variant vectorized
// 4 consecutive elements of row `r` from column `c` of a rows x cols matrix A: one float4 when
// the row length is a multiple of 4 (16-byte aligned) and all 4 lie inside, else scalars (0
// outside, the lane's load predicated off).
template <class Rec>
__device__ __forceinline__ void load4(const float* __restrict__ A, int array, int rows, int cols,
                                      int r, int c, float (&v)[4], Rec& rec) {
  const int64_t at = int64_t(r) * cols + c;
  if (cols % 4 == 0 && r < rows && c + 3 < cols) {
    const float4 q = *reinterpret_cast<const float4*>(A + at);  // @vectorized-load
    v[0] = rec.read(array, at, q.x, 0);
    v[1] = rec.read(array, at + 1, q.y, 1);
    v[2] = rec.read(array, at + 2, q.z, 2);
    v[3] = rec.read(array, at + 3, q.w, 3);
    return;
  }
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    v[q] = 0.0f;
    if (r < rows && c + q < cols)
      v[q] = rec.read(array, at + q, A[at + q]);
    else
      rec.skip(array);
  }
}

// The block's share of phase `ph`'s tiles into copy `buf` of Mds (transposed) and Nds.
template <class Rec>
__device__ __forceinline__ void load_tiles(const float* __restrict__ M, const float* __restrict__ N,
                                           float* Mds, float* Nds, const MatmulShape& s, int bm,
                                           int bn, int bk, int threads, int ph, int buf, Rec& rec) {
  const int tid = int(threadIdx.x);
  float v[4];
  for (int g = tid; g < bm * bk / 4; g += threads) {
    const int r = g / (bk / 4), k = (g % (bk / 4)) * 4;
    load4(M, kMmM, s.I, s.J, s.by() * bm + r, ph * bk + k, v, rec);
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const int at = buf * bk * bm + (k + q) * bm + r;
      Mds[at] = rec.write(kMmMds, at, v[q]);
    }
  }
  for (int g = tid; g < bk * bn / 4; g += threads) {
    const int k = g / (bn / 4), c = (g % (bn / 4)) * 4;
    load4(N, kMmN, s.J, s.K, ph * bk + k, s.bx() * bn + c, v, rec);
    const int at = buf * bk * bn + k * bn + c;
    if constexpr (!Rec::kEnabled) {
      *reinterpret_cast<float4*>(Nds + at) = make_float4(v[0], v[1], v[2], v[3]);
    } else {
#pragma unroll
      for (int q = 0; q < 4; ++q) Nds[at + q] = rec.write(kMmNds, at + q, v[q]);
    }
  }
}

template <int BM, int BN, int BK, int TM, int TN, class Rec>  // 0: from s (teach; TM, TN <= 4)
__global__ void matmul_vectorized(const float* __restrict__ M, const float* __restrict__ N,
                                  float* __restrict__ P, MatmulShape s, Rec rec) {
  const int bm = BM > 0 ? BM : s.bm, bn = BN > 0 ? BN : s.bn, bk = BK > 0 ? BK : s.bk;
  const int tm = TM > 0 ? TM : s.tm, tn = TN > 0 ? TN : s.tn;
  constexpr int kMaxTM = TM > 0 ? TM : 4, kMaxTN = TN > 0 ? TN : 4;
  const int threads = (bm / tm) * (bn / tn), tid = int(threadIdx.x);
  const int ty = tid / (bn / tn), tx = tid % (bn / tn);
  float* Mds = matmul_shared();    // 2 x bk x bm, [buf][k][m]
  float* Nds = Mds + 2 * bk * bm;  // 2 x bk x bn, [buf][k][n]
  const int row0 = s.by() * bm + ty * tm, col0 = s.bx() * bn + tx * tn;
  float acc[kMaxTM * kMaxTN];
#pragma unroll
  for (int i = 0; i < kMaxTM * kMaxTN; ++i) acc[i] = 0.0f;
  rec.begin(kMmSteps, 0);
  load_tiles(M, N, Mds, Nds, s, bm, bn, bk, threads, 0, 0, rec);
  __syncthreads();
  for (int ph = 0; ph < s.phases; ++ph) {
    rec.begin(kMmSteps, 1 + ph);
    if (ph + 1 < s.phases)  // the next tiles into the other copy while this one is used
      load_tiles(M, N, Mds, Nds, s, bm, bn, bk, threads, ph + 1, (ph + 1) % 2, rec);
    const float* As = Mds + (ph % 2) * bk * bm;
    const float* Bs = Nds + (ph % 2) * bk * bn;
    if (row0 < s.I && col0 < s.K) {
#pragma unroll
      for (int k = 0; k < (BK > 0 ? BK : bk); ++k) {
        float a[kMaxTM], b[kMaxTN];
#pragma unroll
        for (int i = 0; i < tm; ++i)
          a[i] =
              rec.read(kMmMds, (ph % 2) * bk * bm + k * bm + ty * tm + i, As[k * bm + ty * tm + i]);
#pragma unroll
        for (int j = 0; j < tn; ++j)
          b[j] =
              rec.read(kMmNds, (ph % 2) * bk * bn + k * bn + tx * tn + j, Bs[k * bn + tx * tn + j]);
#pragma unroll
        for (int i = 0; i < tm; ++i)
#pragma unroll
          for (int j = 0; j < tn; ++j) {
            acc[i * tn + j] = __fmaf_rn(a[i], b[j], acc[i * tn + j]);  // @vectorized-compute
            if (Rec::kEnabled && row0 + i < s.I && col0 + j < s.K)
              rec.op(kMmP, int64_t(row0 + i) * s.K + col0 + j, acc[i * tn + j]);
          }
      }
    }
    __syncthreads();
  }
  rec.begin(kMmStore);
  const bool whole_rows = !Rec::kEnabled && tn % 4 == 0 && s.K % 4 == 0 && col0 + tn <= s.K;
#pragma unroll
  for (int i = 0; i < tm; ++i) {
    if (row0 + i >= s.I) continue;
    float* out = P + int64_t(row0 + i) * s.K + col0;
    if (whole_rows) {
#pragma unroll
      for (int j = 0; j < tn; j += 4)
        *reinterpret_cast<float4*>(out + j) =
            make_float4(acc[i * tn + j], acc[i * tn + j + 1], acc[i * tn + j + 2],
                        acc[i * tn + j + 3]);  // @vectorized-store
      continue;
    }
#pragma unroll
    for (int j = 0; j < tn; ++j)
      if (col0 + j < s.K)
        out[j] = rec.write(kMmP, int64_t(row0 + i) * s.K + col0 + j, acc[i * tn + j]);
  }
}
// @end

}  // namespace

void launch_matmul_vectorized(const float* M, const float* N, float* P, int I, int J, int K) {
  MatmulBlocking b;
  b.bm = kVecBM, b.bn = kVecBN, b.bk = kVecBK, b.tm = kVecTM, b.tn = kVecTN;
  b.block_x = kVecBN / kVecTN, b.block_y = kVecBM / kVecTM;
  const MatmulShape s = matmul_shape(b, I, J, K, kVecBK);
  const size_t shared = 2 * size_t(kVecBM * kVecBK + kVecBK * kVecBN) * sizeof(float);
  matmul_vectorized<kVecBM, kVecBN, kVecBK, kVecTM, kVecTN>
      <<<s.blocks(), s.threads(), shared>>>(M, N, P, s, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

MatmulTeachRun teach_cuda_vectorized(const MatmulTeachParams& p, const FloatMatrix& M,
                                     const FloatMatrix& N) {
  MatmulTeachRun run = teach_matmul_cpu_blocked(p, M, N);
  MatmulTeachLaunch launch(run);
  const MatmulShape& s = launch.shape();
  matmul_vectorized<0, 0, 0, 0, 0><<<s.blocks(), s.threads(), launch.shared_bytes(2)>>>(
      launch.M(), launch.N(), launch.P(), s, launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::mem::mm
