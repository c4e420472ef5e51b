// What the matrix-multiplication kernels share on the device: the launch shape every kernel reads
// its coordinates from (1D blocks and grid, numbered as the trace numbers threads), the trace's
// buffer and phase names, and the host side of a teach run.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/error.h"
#include "../common/trace_recording.cuh"
#include "matmul_teach_cpu.h"

namespace ws::mem::mm {

// The recorder's names for the trace's buffers (matmul_teach_cpu.h: kMatM ...) and phases: every
// step of the run is "kMmSteps + level" (matmul_load_step / matmul_compute_step), the store is
// kMmStore.
enum MatmulArray : int { kMmM, kMmN, kMmP, kMmMds, kMmNds };
enum MatmulPhase : int { kMmSteps, kMmStore };

// A launch: grid_x * grid_y blocks of block_x * block_y threads, both 1D (blockIdx.x =
// by grid_x + bx, threadIdx.x = ty block_x + tx). A block computes bm x bn outputs, tm x tn per
// thread (coarsened: tn outputs `tile` columns apart), k in phases of bk.
struct MatmulShape {
  int I = 0, J = 0, K = 0;
  int grid_x = 1, grid_y = 1, block_x = 1, block_y = 1;
  int bm = 1, bn = 1, bk = 1, tm = 1, tn = 1;
  int tile = 1;    // TILE_WIDTH (naive: the k chunk of a teach step)
  int phases = 1;  // ceil(J / bk)
  __device__ int tx() const { return int(threadIdx.x) % block_x; }
  __device__ int ty() const { return int(threadIdx.x) / block_x; }
  __device__ int bx() const { return int(blockIdx.x) % grid_x; }
  __device__ int by() const { return int(blockIdx.x) / grid_x; }
  int blocks() const { return grid_x * grid_y; }
  int threads() const { return block_x * block_y; }
};

inline MatmulShape matmul_shape(const MatmulBlocking& b, int I, int J, int K, int tile) {
  MatmulShape s;
  s.I = I, s.J = J, s.K = K;
  s.block_x = b.block_x, s.block_y = b.block_y;
  s.bm = b.bm, s.bn = b.bn, s.bk = b.bk, s.tm = b.tm, s.tn = b.tn;
  s.tile = tile;
  s.grid_x = (K + b.bn - 1) / b.bn, s.grid_y = (I + b.bm - 1) / b.bm;
  s.phases = (J + b.bk - 1) / b.bk;
  return s;
}

// The block's dynamic shared memory as floats (16-byte aligned: float4 stores).
__device__ __forceinline__ float* matmul_shared() {
  extern __shared__ __align__(16) float matmul_smem[];
  return matmul_smem;
}

// Full-size launches (device pointers, row-major; `tile` for variants 1-3).
void launch_matmul_naive(const float* M, const float* N, float* P, int I, int J, int K, int tile);
void launch_matmul_tiled(const float* M, const float* N, float* P, int I, int J, int K, int tile);
void launch_matmul_coarsened(const float* M, const float* N, float* P, int I, int J, int K,
                             int tile);
void launch_matmul_register_tiled(const float* M, const float* N, float* P, int I, int J, int K);
void launch_matmul_vectorized(const float* M, const float* N, float* P, int I, int J, int K);
void launch_matmul_fast(const float* M, const float* N, float* P, int I, int J, int K);
void launch_matmul(MatmulVariant v, const float* M, const float* N, float* P, int I, int J, int K,
                   int tile);

// The traced kernels of a teach run (the twin's run with the GPU's events and P).
MatmulTeachRun teach_cuda_naive(const MatmulTeachParams& p, const FloatMatrix& M,
                                const FloatMatrix& N);
MatmulTeachRun teach_cuda_tiled(const MatmulTeachParams& p, const FloatMatrix& M,
                                const FloatMatrix& N);
MatmulTeachRun teach_cuda_coarsened(const MatmulTeachParams& p, const FloatMatrix& M,
                                    const FloatMatrix& N);
MatmulTeachRun teach_cuda_register_tiled(const MatmulTeachParams& p, const FloatMatrix& M,
                                         const FloatMatrix& N);
MatmulTeachRun teach_cuda_vectorized(const MatmulTeachParams& p, const FloatMatrix& M,
                                     const FloatMatrix& N);

// ---- Host side of a teach run: the twin's run, M and N on the device, a recorder mapped onto
// the twin's buffers and steps; after the kernel, the GPU's events and P.
class MatmulTeachLaunch {
 public:
  explicit MatmulTeachLaunch(MatmulTeachRun& run)
      : run_(run),
        recording_(run.trace,
                   (run.M.values.size() + run.N.values.size() + size_t(run.I) * run.K) * 4,
                   "a teach-mode matmul trace") {
    m_ = DeviceBuffer<float>(run.M.values.size());
    m_.upload(run.M.values);
    n_ = DeviceBuffer<float>(run.N.values.size());
    n_.upload(run.N.values);
    p_ = DeviceBuffer<float>(size_t(run.I) * run.K);
    p_.fill_zero();
    rec_ = recording_.recorder();
    rec_.buffers[kMmM] = kMatM;
    rec_.buffers[kMmN] = kMatN;
    rec_.buffers[kMmP] = kMatP;
    const bool tiles = run.trace.buffers.size() > size_t(kMatNds);
    rec_.buffers[kMmMds] = int16_t(tiles ? kMatMds : -1);
    rec_.buffers[kMmNds] = int16_t(tiles ? kMatNds : -1);
    rec_.phases[kMmSteps] = 0;
    rec_.phases[kMmStore] = matmul_store_step(run);
    shape_ = matmul_shape(matmul_teach_blocking(run.params), run.I, run.J, run.K, run.params.tile);
  }
  const float* M() const { return m_.data(); }
  const float* N() const { return n_.data(); }
  float* P() { return p_.data(); }
  const DeviceTrace& recorder() const { return rec_; }
  const MatmulShape& shape() const { return shape_; }
  // Mds and Nds (`copies` of each: 2 when double-buffered).
  size_t shared_bytes(int copies) const {
    return size_t(copies) * (size_t(shape_.bm) * shape_.bk + size_t(shape_.bk) * shape_.bn) * 4;
  }

  void finish() {
    WS_CUDA_CHECK_LAUNCH();
    recording_.download(run_.trace);
    const std::vector<float> out = p_.download();
    run_.output.assign(out.begin(), out.end());
  }

 private:
  MatmulTeachRun& run_;
  TraceRecording<DeviceTrace> recording_;
  DeviceBuffer<float> m_, n_, p_;
  DeviceTrace rec_;
  MatmulShape shape_;
};

}  // namespace ws::mem::mm
