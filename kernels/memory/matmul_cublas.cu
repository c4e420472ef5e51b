// The cuBLAS baseline: cublasSgemm in FP32 (math mode CUBLAS_DEFAULT_MATH: no TF32 tensor cores)
// on row-major matrices through the transposed column-major call (P^T = N^T M^T: m = K, n = I,
// k = J, A = N with lda K, B = M with ldb J, C = P with ldc K). warpscope must run without
// cuBLAS, so libcublas is loaded at run time (dlopen: libcublas.so.13, .so.12, .so, also from
// $CUDA_HOME/lib64 and /usr/local/cuda/lib64) and the few declarations it needs are below.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "../common/cuda_device.h"
#include "../common/cuda_library.h"
#include "../common/cuda_timer.cuh"
#include "../common/split_mix.h"
#include "matmul_cuda.cuh"
#include "matmul_launch.h"

namespace ws::mem {

namespace {

using CublasHandle = void*;
constexpr int kCublasOpN = 0;          // CUBLAS_OP_N
constexpr int kCublasDefaultMath = 0;  // CUBLAS_DEFAULT_MATH
using CublasCreate = int (*)(CublasHandle*);
using CublasDestroy = int (*)(CublasHandle);
using CublasSetMathMode = int (*)(CublasHandle, int);
using CublasSgemm = int (*)(CublasHandle, int, int, int, int, int, const float*, const float*, int,
                            const float*, int, const float*, float*, int);

struct CublasLibrary {
  CudaLibrary lib{"cuBLAS",
                  {"libcublas.so.13", "libcublas.so.12", "libcublas.so"},
                  cuda_toolkit_library_dirs()};
  CublasCreate create = lib.symbol<CublasCreate>("cublasCreate_v2");
  CublasDestroy destroy = lib.symbol<CublasDestroy>("cublasDestroy_v2");
  CublasSetMathMode set_math_mode = lib.symbol<CublasSetMathMode>("cublasSetMathMode");
  CublasSgemm sgemm = lib.symbol<CublasSgemm>("cublasSgemm_v2");
  bool usable() const { return create && destroy && set_math_mode && sgemm; }
};

const CublasLibrary& cublas_library() {
  static const CublasLibrary lib;
  return lib;
}

// One cuBLAS handle in FP32 math for the process (never destroyed: no CUDA call after main).
CublasHandle cublas_handle() {
  static CublasHandle handle = [] {
    const CublasLibrary& lib = cublas_library();
    CublasHandle h = nullptr;
    int status = lib.create(&h);
    if (status != 0) throw Error("cublasCreate failed with status " + std::to_string(status));
    status = lib.set_math_mode(h, kCublasDefaultMath);
    if (status != 0) throw Error("cublasSetMathMode failed with status " + std::to_string(status));
    return h;
  }();
  return handle;
}

// Why cuBLAS cannot run here, or "" when it can.
std::string cublas_missing() {
  const CublasLibrary& lib = cublas_library();
  if (!lib.lib.loaded()) return lib.lib.absent_message();
  if (!lib.usable()) return "cuBLAS found (" + lib.lib.path() + ") but it lacks cublasSgemm_v2";
  if (!cuda_device_available()) return "no CUDA device: " + cuda_device_description();
  return "";
}

std::string cublas_note() {
  const char* tf32 = std::getenv("NVIDIA_TF32_OVERRIDE");
  std::string note =
      "loaded " + cublas_library().lib.path() + ", CUBLAS_DEFAULT_MATH (FP32, no TF32)";
  if (tf32 != nullptr && std::string(tf32) == "1")
    note += "; NVIDIA_TF32_OVERRIDE=1 is set: cuBLAS may use TF32, unset it for an FP32 baseline";
  else
    note += "; NVIDIA_TF32_OVERRIDE is not 1";
  return note;
}

void cublas_row_major(const float* M, const float* N, float* P, int I, int J, int K) {
  const float alpha = 1.0f, beta = 0.0f;
  const int status = cublas_library().sgemm(cublas_handle(), kCublasOpN, kCublasOpN, K, I, J,
                                            &alpha, N, K, M, J, &beta, P, K);
  if (status != 0) throw Error("cublasSgemm failed with status " + std::to_string(status));
}

std::vector<float> cublas_random(size_t n, uint64_t seed) {
  std::vector<float> v(n);
  SplitMix64 rng{seed};
  for (float& x : v) x = 2.0f * rng.unit_float() - 1.0f;
  return v;
}

}  // namespace

MatmulTiming time_cublas_sgemm(int I, int J, int K, int repeats) {
  check_matmul_full_size(MatmulVariant::Fast, I, J, K, 16);
  MatmulTiming t;
  t.name = "cuBLAS cublasSgemm (FP32, no TF32)";
  t.note = cublas_missing();
  if (!t.note.empty()) return t;
  require_device_memory((size_t(I) * J + size_t(J) * K + size_t(I) * K) * sizeof(float),
                        "timing cuBLAS on a " + std::to_string(I) + " x " + std::to_string(J) +
                            " x " + std::to_string(K) + " product");
  DeviceBuffer<float> m(size_t(I) * J), n(size_t(J) * K), p(size_t(I) * K);
  m.upload(cublas_random(m.size(), 0x5EED0001ull + uint64_t(I)));
  n.upload(cublas_random(n.size(), 0x5EED0002ull + uint64_t(K)));
  t.ms = median_ms([&] { cublas_row_major(m.data(), n.data(), p.data(), I, J, K); }, 1,
                   std::max(1, repeats));
  t.gflops = t.ms > 0 ? 2.0 * double(I) * J * K / (t.ms * 1e6) : 0.0;
  t.available = true;
  t.note = cublas_note();
  return t;
}

std::vector<float> cublas_sgemm(const FloatMatrix& M, const FloatMatrix& N, std::string& note) {
  note = cublas_missing();
  if (!note.empty()) return {};
  WS_REQUIRE(M.cols == N.rows, std::string("cublas_sgemm: M's columns must equal N's rows"));
  const int I = M.rows, J = M.cols, K = N.cols;
  DeviceBuffer<float> m(M.values.size()), n(N.values.size()), p(size_t(I) * K);
  m.upload(M.values);
  n.upload(N.values);
  cublas_row_major(m.data(), n.data(), p.data(), I, J, K);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  note = cublas_note();
  return p.download();
}

}  // namespace ws::mem
