// Variant 6, fast SGEMM (the project's fastest FP32 matrix multiplication; after siboehm's
// "warptiling" kernel): a block of THREADS threads computes a BM x BN tile of P; each warp a
// WM x WN part of it, split into WMITER x WNITER sub-tiles of (WM / WMITER) x (WN / WNITER); each
// lane a TM x TN block in every sub-tile. Per phase of BK: the tiles of M (stored transposed,
// As[k][m]) and N (Bs[k][n]) come from shared memory into registers with float4 reads; the next
// phase's tiles are already on their way from global memory into registers (prefetch) and land in
// the other of two shared buffers, so one barrier a phase suffices. float4 loads and stores.
//   work    I J K multiply-adds; global loads I J K (1/BN + 1/BM); shared loads per multiply-add
//           (TM + TN) / (TM TN)
//   steps   ceil(J / BK) phases, one barrier each
// Edges: kChecked = false needs I % BM == 0, K % BN == 0, J % BK == 0 (the fast path); the
// checked instantiation loads scalars with bounds (0 outside) and stores only inside P, so every
// size works. k is never split: each output is one fmaf chain in k order from +0 (zero padding
// adds fmaf(0, 0, acc) = acc exactly), bit for bit matmul_float.
// Self-contained (only the CUDA runtime): bench/dev/matmul_tune.cu includes it to sweep
// configurations.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace ws::mem::fast {

template <int BM, int BN, int BK, int WM, int WN, int WNITER, int TM, int TN, int THREADS>
struct FastConfig {
  static constexpr int kBM = BM, kBN = BN, kBK = BK, kWM = WM, kWN = WN, kTM = TM, kTN = TN;
  static constexpr int kThreads = THREADS, kWNIter = WNITER;
  static constexpr int kWarps = THREADS / 32;
  static constexpr int kWMIter = (WM * WN) / (32 * TM * TN * WNITER);
  static constexpr int kWSubM = WM / kWMIter, kWSubN = WN / WNITER;
  static constexpr int kLoadsA = BM * BK / (4 * THREADS);  // float4s of the M tile per thread
  static constexpr int kLoadsB = BK * BN / (4 * THREADS);
  static constexpr int kSharedFloats = 2 * (BM * BK + BK * BN);
  static_assert(THREADS % 32 == 0 && (BM / WM) * (BN / WN) == kWarps, "warps must tile the block");
  static_assert(kWMIter >= 1 && kWMIter * 32 * TM * TN * WNITER == WM * WN, "lanes tile a warp");
  static_assert((kWSubN / TN) * (kWSubM / TM) == 32, "a sub-tile is 32 lanes of TM x TN");
  static_assert(TM % 4 == 0 && TN % 4 == 0 && BK % 4 == 0 && BN % 4 == 0, "float4 access");
  static_assert(kLoadsA >= 1 && kLoadsA * 4 * THREADS == BM * BK, "M tile in whole float4s");
  static_assert(kLoadsB >= 1 && kLoadsB * 4 * THREADS == BK * BN, "N tile in whole float4s");
};

// @variant fast
// Phase `ph`'s tile of M (BM x BK) and N (BK x BN) into registers: float4s on the fast path,
// bounds-checked scalars (0 outside) on the checked one.
template <class C, bool kChecked>
__device__ __forceinline__ void fast_fetch(const float* __restrict__ M, const float* __restrict__ N,
                                           int I, int J, int K, int row0, int col0, int ph,
                                           float4 (&ra)[C::kLoadsA], float4 (&rb)[C::kLoadsB]) {
  const int tid = int(threadIdx.x);
#pragma unroll
  for (int l = 0; l < C::kLoadsA; ++l) {
    const int g = tid + l * C::kThreads, r = g / (C::kBK / 4), k = (g % (C::kBK / 4)) * 4;
    const int gr = row0 + r, gk = ph * C::kBK + k;
    if constexpr (!kChecked) {
      ra[l] = *reinterpret_cast<const float4*>(M + int64_t(gr) * J + gk);  // @fast-load
    } else {
      float v[4];
#pragma unroll
      for (int q = 0; q < 4; ++q) v[q] = gr < I && gk + q < J ? M[int64_t(gr) * J + gk + q] : 0.0f;
      ra[l] = make_float4(v[0], v[1], v[2], v[3]);
    }
  }
#pragma unroll
  for (int l = 0; l < C::kLoadsB; ++l) {
    const int g = tid + l * C::kThreads, k = g / (C::kBN / 4), c = (g % (C::kBN / 4)) * 4;
    const int gk = ph * C::kBK + k, gc = col0 + c;
    if constexpr (!kChecked) {
      rb[l] = *reinterpret_cast<const float4*>(N + int64_t(gk) * K + gc);
    } else {
      float v[4];
#pragma unroll
      for (int q = 0; q < 4; ++q) v[q] = gk < J && gc + q < K ? N[int64_t(gk) * K + gc + q] : 0.0f;
      rb[l] = make_float4(v[0], v[1], v[2], v[3]);
    }
  }
}

// The fetched registers into shared buffer As (transposed, [k][m]) and Bs ([k][n]).
template <class C>
__device__ __forceinline__ void fast_stash(float* As, float* Bs, const float4 (&ra)[C::kLoadsA],
                                           const float4 (&rb)[C::kLoadsB]) {
  const int tid = int(threadIdx.x);
#pragma unroll
  for (int l = 0; l < C::kLoadsA; ++l) {
    const int g = tid + l * C::kThreads, r = g / (C::kBK / 4), k = (g % (C::kBK / 4)) * 4;
    As[(k + 0) * C::kBM + r] = ra[l].x;
    As[(k + 1) * C::kBM + r] = ra[l].y;
    As[(k + 2) * C::kBM + r] = ra[l].z;
    As[(k + 3) * C::kBM + r] = ra[l].w;
  }
#pragma unroll
  for (int l = 0; l < C::kLoadsB; ++l) {
    const int g = tid + l * C::kThreads, k = g / (C::kBN / 4), c = (g % (C::kBN / 4)) * 4;
    *reinterpret_cast<float4*>(Bs + k * C::kBN + c) = rb[l];
  }
}

template <class C, bool kChecked>
__global__ void __launch_bounds__(C::kThreads)
    matmul_fast(const float* __restrict__ M, const float* __restrict__ N, float* __restrict__ P,
                int I, int J, int K) {
  extern __shared__ __align__(16) float fast_smem[];
  float* As = fast_smem;                        // 2 x BK x BM
  float* Bs = fast_smem + 2 * C::kBK * C::kBM;  // 2 x BK x BN
  const int row0 = int(blockIdx.y) * C::kBM, col0 = int(blockIdx.x) * C::kBN;
  const int warp = int(threadIdx.x) / 32, lane = int(threadIdx.x) % 32;
  const int warp_row = warp / (C::kBN / C::kWN), warp_col = warp % (C::kBN / C::kWN);
  const int lane_row = lane / (C::kWSubN / C::kTN), lane_col = lane % (C::kWSubN / C::kTN);
  constexpr int kRows = C::kWMIter * C::kTM, kCols = C::kWNIter * C::kTN;
  float acc[kRows * kCols];
#pragma unroll
  for (int i = 0; i < kRows * kCols; ++i) acc[i] = 0.0f;
  float4 ra[C::kLoadsA], rb[C::kLoadsB];
  const int phases = (J + C::kBK - 1) / C::kBK;
  fast_fetch<C, kChecked>(M, N, I, J, K, row0, col0, 0, ra, rb);
  fast_stash<C>(As, Bs, ra, rb);
  __syncthreads();
  for (int ph = 0; ph < phases; ++ph) {
    const int buf = ph % 2;
    if (ph + 1 < phases) fast_fetch<C, kChecked>(M, N, I, J, K, row0, col0, ph + 1, ra, rb);
    const float* as = As + buf * C::kBK * C::kBM + warp_row * C::kWM + lane_row * C::kTM;
    const float* bs = Bs + buf * C::kBK * C::kBN + warp_col * C::kWN + lane_col * C::kTN;
#pragma unroll
    for (int k = 0; k < C::kBK; ++k) {
      float a[kRows], b[kCols];
#pragma unroll
      for (int wm = 0; wm < C::kWMIter; ++wm)
#pragma unroll
        for (int i = 0; i < C::kTM; i += 4) {
          const float4 v = *reinterpret_cast<const float4*>(as + k * C::kBM + wm * C::kWSubM + i);
          a[wm * C::kTM + i] = v.x, a[wm * C::kTM + i + 1] = v.y;
          a[wm * C::kTM + i + 2] = v.z, a[wm * C::kTM + i + 3] = v.w;
        }
#pragma unroll
      for (int wn = 0; wn < C::kWNIter; ++wn)
#pragma unroll
        for (int j = 0; j < C::kTN; j += 4) {
          const float4 v = *reinterpret_cast<const float4*>(bs + k * C::kBN + wn * C::kWSubN + j);
          b[wn * C::kTN + j] = v.x, b[wn * C::kTN + j + 1] = v.y;
          b[wn * C::kTN + j + 2] = v.z, b[wn * C::kTN + j + 3] = v.w;
        }
#pragma unroll
      for (int i = 0; i < kRows; ++i)
#pragma unroll
        for (int j = 0; j < kCols; ++j)
          acc[i * kCols + j] = __fmaf_rn(a[i], b[j], acc[i * kCols + j]);  // @fast-compute
    }
    if (ph + 1 < phases)
      fast_stash<C>(As + (1 - buf) * C::kBK * C::kBM, Bs + (1 - buf) * C::kBK * C::kBN, ra, rb);
    __syncthreads();
  }
  // Row i of the lane's outputs: sub-tile wm = i / TM, row i % TM; column j likewise.
#pragma unroll
  for (int i = 0; i < kRows; ++i) {
    const int r =
        row0 + warp_row * C::kWM + (i / C::kTM) * C::kWSubM + lane_row * C::kTM + i % C::kTM;
#pragma unroll
    for (int j = 0; j < kCols; j += 4) {
      const int c =
          col0 + warp_col * C::kWN + (j / C::kTN) * C::kWSubN + lane_col * C::kTN + j % C::kTN;
      const float* v = acc + i * kCols + j;
      if constexpr (!kChecked) {
        *reinterpret_cast<float4*>(P + int64_t(r) * K + c) =
            make_float4(v[0], v[1], v[2], v[3]);  // @fast-store
      } else {
#pragma unroll
        for (int q = 0; q < 4; ++q)
          if (r < I && c + q < K) P[int64_t(r) * K + c + q] = v[q];
      }
    }
  }
}
// @end

// Launches configuration C on device pointers (any size: the fast path when the sizes are
// multiples of the tiles, else the checked one). Returns the launch's error.
template <class C>
cudaError_t launch_fast(const float* M, const float* N, float* P, int I, int J, int K,
                        cudaStream_t stream = 0) {
  const bool aligned = I % C::kBM == 0 && K % C::kBN == 0 && J % C::kBK == 0;
  const dim3 grid((K + C::kBN - 1) / C::kBN, (I + C::kBM - 1) / C::kBM);
  const size_t shared = size_t(C::kSharedFloats) * sizeof(float);
  auto kernel = aligned ? matmul_fast<C, false> : matmul_fast<C, true>;
  cudaError_t e =
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared));
  if (e != cudaSuccess) return e;
  kernel<<<grid, C::kThreads, shared, stream>>>(M, N, P, I, J, K);
  return cudaGetLastError();
}

// The default configuration (variant 6): 128 x 128 x 16, 4 warps of 64 x 64, 8 x 4 per lane in
// 4 sub-tiles across.
using FastDefault = FastConfig<128, 128, 16, 64, 64, 4, 8, 4, 128>;

}  // namespace ws::mem::fast
