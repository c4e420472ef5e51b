// The tuning harness for the fast SGEMM (variant 6 of kernels/memory/matmul.h; issue 26; not part
// of the build, no project libraries): times candidate configurations of the warp-tiled kernel
// in kernels/memory/matmul_fast.cuh against cuBLAS SGEMM (FP32, CUBLAS_DEFAULT_MATH: no TF32) on
// the same row-major matrices, and checks every result on the device against a naive fmaf chain
// in k order: the fast kernel must equal it bit for bit ("bits" counts differing elements; any
// non-zero count is a wrong kernel). The output is poisoned (NaN) before each candidate.
// One line per configuration and size: config, ms (median), GFLOP/s, x cuBLAS, % of peak, bits.
//   nvcc -O3 -arch=sm_90 -std=c++17 -fmad=false -Xptxas -v bench/dev/matmul_tune.cu -lcublas \
//        -o matmul_tune                  (-Xptxas -v prints registers and spills per config)
//   NVIDIA_TF32_OVERRIDE=0 ./matmul_tune [repeats [size ...]]   (default 20; 1024 4096 and the
//                                          odd 1000 x 1000 x 1000, which takes the checked path)
// Configurations: name "BMxBNxBK wWMxWN i<WNITER> t<TM>x<TN> n<THREADS>"; add a line to
// run_all() to try another (FastConfig's static_asserts reject a shape that does not tile).
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../../kernels/memory/matmul_fast.cuh"

#include "dev_common.cuh"  // CK

namespace {

using ws::mem::fast::FastConfig;
using ws::mem::fast::launch_fast;

int g_reps = 20;
double g_peak_gflops = 0;

__global__ void fill_random(float* p, size_t n, uint64_t seed) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    uint64_t z = seed + i * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    p[i] = float(z >> 40) * 0x1.0p-23f - 1.0f;  // -1..1
  }
}

__global__ void fill_value(float* p, size_t n, float v) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    p[i] = v;
}

// The reference every configuration must equal bit for bit: fmaf in k order from +0.
__global__ void reference(const float* M, const float* N, float* P, int I, int J, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x,
            row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= I || col >= K) return;
  float acc = 0.0f;
  for (int k = 0; k < J; ++k)
    acc = __fmaf_rn(M[int64_t(row) * J + k], N[int64_t(k) * K + col], acc);
  P[int64_t(row) * K + col] = acc;
}

__global__ void count_differences(const float* a, const float* b, size_t n,
                                  unsigned long long* count) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    if (__float_as_uint(a[i]) != __float_as_uint(b[i])) atomicAdd(count, 1ull);
}

struct Problem {
  int I, J, K;
  float *M, *N, *P, *ref;
  unsigned long long* count;
  double cublas_ms;
};

template <class Work>
double median_ms(Work&& work) {
  work();
  CK(cudaDeviceSynchronize());
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  std::vector<double> t;
  for (int r = 0; r < g_reps; ++r) {
    CK(cudaEventRecord(a));
    work();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

void report(const char* name, const Problem& p, double ms, long long bits) {
  const double gflops = 2.0 * p.I * double(p.J) * p.K / (ms * 1e6);
  std::printf("%-34s %5dx%5dx%5d %9.3f ms %9.0f GFLOP/s %6.3fx cuBLAS %5.1f%% peak  bits %lld\n",
              name, p.I, p.J, p.K, ms, gflops, p.cublas_ms / ms, 100.0 * gflops / g_peak_gflops,
              bits);
}

template <class C>
void run_config(const char* name, Problem& p) {
  const size_t n = size_t(p.I) * p.K;
  fill_value<<<1024, 256>>>(p.P, n, NAN);
  CK(launch_fast<C>(p.M, p.N, p.P, p.I, p.J, p.K));
  CK(cudaDeviceSynchronize());
  CK(cudaMemset(p.count, 0, sizeof(unsigned long long)));
  count_differences<<<1024, 256>>>(p.P, p.ref, n, p.count);
  unsigned long long bits = 0;
  CK(cudaMemcpy(&bits, p.count, sizeof(bits), cudaMemcpyDeviceToHost));
  const double ms = median_ms([&] { CK(launch_fast<C>(p.M, p.N, p.P, p.I, p.J, p.K)); });
  report(name, p, ms, (long long)bits);
}

void run_all(Problem& p) {
  // clang-format off
  run_config<FastConfig<128, 128, 16, 64, 64, 4, 8, 4, 128>>("128x128x16 w64x64 i4 t8x4 n128", p);
  run_config<FastConfig<128, 128,  8, 64, 64, 4, 8, 4, 128>>("128x128x8 w64x64 i4 t8x4 n128", p);
  run_config<FastConfig<128, 128, 32, 64, 64, 4, 8, 4, 128>>("128x128x32 w64x64 i4 t8x4 n128", p);
  run_config<FastConfig<128, 128, 16, 64, 64, 2, 8, 8, 128>>("128x128x16 w64x64 i2 t8x8 n128", p);
  run_config<FastConfig<128, 128, 16, 64, 32, 2, 8, 4, 256>>("128x128x16 w64x32 i2 t8x4 n256", p);
  run_config<FastConfig<128, 128,  8, 64, 32, 2, 8, 4, 256>>("128x128x8 w64x32 i2 t8x4 n256", p);
  run_config<FastConfig<128,  64, 16, 64, 32, 2, 8, 4, 128>>("128x64x16 w64x32 i2 t8x4 n128 *", p);
  run_config<FastConfig< 64, 128, 16, 32, 64, 4, 4, 4, 128>>("64x128x16 w32x64 i4 t4x4 n128", p);
  run_config<FastConfig<128, 256, 16, 64, 64, 4, 8, 4, 256>>("128x256x16 w64x64 i4 t8x4 n256 *", p);
  run_config<FastConfig<256, 128, 16, 128, 32, 2, 8, 4, 256>>("256x128x16 w128x32 i2 t8x4 n256", p);
  run_config<FastConfig< 64,  64, 16, 32, 32, 2, 4, 4, 128>>("64x64x16 w32x32 i2 t4x4 n128", p);
  run_config<FastConfig<128, 256,  8, 64, 64, 4, 8, 4, 256>>("128x256x8 w64x64 i4 t8x4 n256", p);
  run_config<FastConfig<128, 256, 16, 64, 64, 2, 8, 8, 256>>("128x256x16 w64x64 i2 t8x8 n256", p);
  run_config<FastConfig<256, 128,  8, 128, 32, 2, 8, 4, 256>>("256x128x8 w128x32 i2 t8x4 n256", p);
  run_config<FastConfig<256, 128, 16, 64, 64, 4, 8, 4, 256>>("256x128x16 w64x64 i4 t8x4 n256", p);
  run_config<FastConfig<128,  64,  8, 64, 32, 2, 8, 4, 128>>("128x64x8 w64x32 i2 t8x4 n128", p);
  run_config<FastConfig< 64, 128,  8, 32, 64, 4, 4, 4, 128>>("64x128x8 w32x64 i4 t4x4 n128", p);
  run_config<FastConfig<128,  64, 16, 32, 64, 4, 4, 4, 128>>("128x64x16 w32x64 i4 t4x4 n128", p);
  // clang-format on
}

void run_size(cublasHandle_t handle, int I, int J, int K) {
  Problem p{I, J, K, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  CK(cudaMalloc(&p.M, size_t(I) * J * 4));
  CK(cudaMalloc(&p.N, size_t(J) * K * 4));
  CK(cudaMalloc(&p.P, size_t(I) * K * 4));
  CK(cudaMalloc(&p.ref, size_t(I) * K * 4));
  CK(cudaMalloc(&p.count, sizeof(unsigned long long)));
  fill_random<<<1024, 256>>>(p.M, size_t(I) * J, 1);
  fill_random<<<1024, 256>>>(p.N, size_t(J) * K, 2);
  reference<<<dim3((K + 15) / 16, (I + 15) / 16), dim3(16, 16)>>>(p.M, p.N, p.ref, I, J, K);
  CK(cudaDeviceSynchronize());
  const float alpha = 1.0f, beta = 0.0f;
  p.cublas_ms = median_ms([&] {
    if (cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, K, I, J, &alpha, p.N, K, p.M, J, &beta, p.P,
                    K) != CUBLAS_STATUS_SUCCESS) {
      std::printf("cublasSgemm failed\n");
      std::exit(1);
    }
  });
  report("cuBLAS SGEMM (FP32, no TF32)", p, p.cublas_ms, -1);
  run_all(p);
  CK(cudaFree(p.M));
  CK(cudaFree(p.N));
  CK(cudaFree(p.P));
  CK(cudaFree(p.ref));
  CK(cudaFree(p.count));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::max(1, std::atoi(argv[1]));
  std::vector<int> sizes;
  for (int i = 2; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {1024, 4096, 1000};
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  int clock_khz = 0;
  CK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  g_peak_gflops = prop.multiProcessorCount * 128.0 * 2.0 * clock_khz * 1e-6;
  const char* tf32 = std::getenv("NVIDIA_TF32_OVERRIDE");
  std::printf(
      "%s, %d SMs, %.2f GHz: FP32 peak %.0f GFLOP/s; median of %d; NVIDIA_TF32_OVERRIDE=%s\n",
      prop.name, prop.multiProcessorCount, clock_khz * 1e-6, g_peak_gflops, g_reps,
      tf32 ? tf32 : "(unset)");
  std::printf(
      "'*' marks variant 6's two tiles (matmul_config.h picks by size); bits: elements differing "
      "from the fmaf chain "
      "(must be 0; -1: not checked)\n");
  cublasHandle_t handle;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) {
    std::printf("cublasCreate failed\n");
    return 1;
  }
  cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH);
  for (int n : sizes) {
    if (n < 1) continue;
    run_size(handle, n, n, n);
  }
  cublasDestroy(handle);
  return 0;
}
