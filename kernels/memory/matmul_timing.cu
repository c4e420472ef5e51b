// The CUDA side of the matrix multiplication's API: full-size runs (run_matmul on Backend::Cuda),
// the variants' timings on seeded random matrices (CUDA events, a warm-up, the median), and the
// teach-mode dispatch to the traced kernels.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../common/cuda_device.h"
#include "../common/cuda_timer.cuh"
#include "../common/split_mix.h"
#include "matmul_cuda.cuh"
#include "matmul_launch.h"

namespace ws::mem {

namespace mm {

void launch_matmul(MatmulVariant v, const float* M, const float* N, float* P, int I, int J, int K,
                   int tile) {
  switch (v) {
    case MatmulVariant::Naive:
      return launch_matmul_naive(M, N, P, I, J, K, tile);
    case MatmulVariant::Tiled:
      return launch_matmul_tiled(M, N, P, I, J, K, tile);
    case MatmulVariant::Coarsened:
      return launch_matmul_coarsened(M, N, P, I, J, K, tile);
    case MatmulVariant::RegisterTiled:
      return launch_matmul_register_tiled(M, N, P, I, J, K);
    case MatmulVariant::Vectorized:
      return launch_matmul_vectorized(M, N, P, I, J, K);
    case MatmulVariant::Fast:
      return launch_matmul_fast(M, N, P, I, J, K);
  }
  throw Error("unknown matmul variant " + std::to_string(int(v)));
}

}  // namespace mm

namespace {

void require_matmul_device(const std::string& what) {
  if (!cuda_device_available())
    throw Error(what + " needs a CUDA device: " + cuda_device_description());
}

// Seeded random values in -1..1 (the timings' matrices).
std::vector<float> matmul_random_values(size_t n, uint64_t seed) {
  std::vector<float> v(n);
  SplitMix64 rng{seed};
  for (float& x : v) x = 2.0f * rng.unit_float() - 1.0f;
  return v;
}

}  // namespace

std::vector<float> run_matmul_cuda(MatmulVariant v, const FloatMatrix& M, const FloatMatrix& N,
                                   int tile) {
  require_matmul_device("matmul on cuda");
  const int I = M.rows, J = M.cols, K = N.cols;
  require_device_memory((M.values.size() + N.values.size() + size_t(I) * K) * sizeof(float),
                        "a " + std::to_string(I) + " x " + std::to_string(J) + " x " +
                            std::to_string(K) + " matrix product");
  DeviceBuffer<float> m(M.values.size()), n(N.values.size()), p(size_t(I) * K);
  m.upload(M.values);
  n.upload(N.values);
  mm::launch_matmul(v, m.data(), n.data(), p.data(), I, J, K, tile);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  return p.download();
}

MatmulTiming time_matmul(MatmulVariant v, int I, int J, int K, int tile, int repeats) {
  check_matmul_full_size(v, I, J, K, tile);
  MatmulTiming t;
  t.name = matmul_info(v).title;
  if (!cuda_device_available()) {
    t.note = "no CUDA device: " + cuda_device_description();
    return t;
  }
  require_device_memory((size_t(I) * J + size_t(J) * K + size_t(I) * K) * sizeof(float),
                        "timing a " + std::to_string(I) + " x " + std::to_string(J) + " x " +
                            std::to_string(K) + " matrix product");
  DeviceBuffer<float> m(size_t(I) * J), n(size_t(J) * K), p(size_t(I) * K);
  m.upload(matmul_random_values(m.size(), 0x5EED0001ull + uint64_t(I)));
  n.upload(matmul_random_values(n.size(), 0x5EED0002ull + uint64_t(K)));
  t.ms = median_ms([&] { mm::launch_matmul(v, m.data(), n.data(), p.data(), I, J, K, tile); }, 1,
                   std::max(1, repeats));
  t.gflops = t.ms > 0 ? 2.0 * double(I) * J * K / (t.ms * 1e6) : 0.0;
  t.available = true;
  if (int(v) <= 3) t.note = "TILE_WIDTH " + std::to_string(tile);
  return t;
}

MatmulTeachRun teach_matmul_cuda(const MatmulTeachParams& p, const FloatMatrix& M,
                                 const FloatMatrix& N) {
  require_matmul_device("matmul teach mode on cuda");
  switch (p.variant) {
    case MatmulVariant::Naive:
      return mm::teach_cuda_naive(p, M, N);
    case MatmulVariant::Tiled:
      return mm::teach_cuda_tiled(p, M, N);
    case MatmulVariant::Coarsened:
      return mm::teach_cuda_coarsened(p, M, N);
    case MatmulVariant::Vectorized:
      return mm::teach_cuda_vectorized(p, M, N);
    default:  // register-tiled; fast teaches as register-tiled
      return mm::teach_cuda_register_tiled(p, M, N);
  }
}

}  // namespace ws::mem
