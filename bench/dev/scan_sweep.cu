// The scan sweep of issue 30, round two (not part of the build): the staged single-pass scan
// (kernels/scan/scan_single_pass_staged.cuh: the tile in shared memory through the copy engine)
// under tile shapes, look-back sleeps and its policy's switches, beside the fast kernel
// (scan_single _pass_fast.cuh, 128 x 40, 6 blocks an SM: the app's before round two) and CUB's
// InclusiveSum, on the same data, int32 and float32. Every result is checked on the device against
// CUB's. One line per case: median of the repeats, % of a device-to-device copy of the same bytes,
// x CUB, registers and blocks per SM.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -o scan_sweep bench/dev/scan_sweep.cu
//   ./scan_sweep [repeats] [log2 sizes...]      (default 20 repeats, sizes 24 28; -N: N elements)
// The persistent, pipelined kernel of sweeps 4-6 (docs/performance.md: slower, not kept) is in
// the history: bench/dev/scan_sweep_pipelined.cuh at commit c18d5e3.
#include <cub/cub.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "scan/scan_single_pass_fast.cuh"
#include "dev_common.cuh"
#include "scan/scan_single_pass_staged.cuh"

namespace {

int g_reps = 20;
using ws::dev::Dev;
using ws::dev::first_difference;
template <class F>
double median_ms(F&& f) {
  return ws::dev::median_ms(f, g_reps);
}
double g_copy_gbps = 0;

// Small values (int 0..15, float [0, 1)) so that sums stay exact / well conditioned.
__global__ void fill_kernel(uint32_t* p, int64_t n, int as_float) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    uint32_t x = static_cast<uint32_t>(i) * 0x9E3779B9u ^ 7u;
    x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
    if (as_float)
      reinterpret_cast<float*>(p)[i] = (x >> 8) * (1.0f / 16777216.0f);
    else
      p[i] = x & 15u;
  }
}

struct Data {
  int64_t n;
  const void* in;
  void* out;
  const void* ref;
  double cub_ms;
};

template <class T, class Kernel>
void time_case(const char* name, const Data& d, Kernel kernel, int threads, int items,
               unsigned first, unsigned spin, size_t shared = 0) {
  if (shared > 0)
    CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
  const int64_t tile = int64_t{threads} * items, tiles = (d.n + tile - 1) / tile;
  Dev st((tiles + 1) * 8);
  CK(cudaMemset(st.p, 0, (tiles + 1) * 8));
  auto* status = st.as<unsigned long long>();
  auto* counter = reinterpret_cast<unsigned*>(status + tiles);
  static unsigned epoch = 1;
  CK(cudaMemset(d.out, 0, d.n * sizeof(T)));
  const double ms = median_ms([&] {
    kernel<<<static_cast<unsigned>(tiles), threads, shared>>>(static_cast<const T*>(d.in),
                                                              static_cast<T*>(d.out), d.n, status,
                                                              counter, ++epoch, first, spin);
  });
  const int64_t bad =
      first_difference(static_cast<const T*>(d.out), static_cast<const T*>(d.ref), d.n);
  cudaFuncAttributes attr{};
  CK(cudaFuncGetAttributes(&attr, kernel));
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, shared));
  std::printf(
      "%-5s 2^%-2d %-16s %3dx%-2d first=%4u spin=%4u  %.4f ms  %5.1f%% copy  %.3fx CUB  "
      "regs %3d  %2d blocks/SM  %s\n",
      sizeof(T) == 4 && std::is_same_v<T, float> ? "float" : "int32", 63 - __builtin_clzll(d.n),
      name, threads, items, first, spin, ms,
      100.0 * 2.0 * sizeof(T) * d.n / (ms * 1e6) / g_copy_gbps, d.cub_ms / ms, attr.numRegs, per_sm,
      bad < 0 ? "ok" : ("WRONG at " + std::to_string(bad)).c_str());
}

using ws::BinaryOp;

// The staged kernel under one policy: kEvict evict-first loads and stores, kOrder tile = blockIdx.x
// (no tile counter), kEarly the aggregate published before the rows are scanned.
template <class T, int TH, int IT, bool kEvict = true, bool kOrder = true, bool kEarly = true>
void staged(const Data& d, unsigned first, unsigned spin) {
  using P = ws::scan::staged::Policy<TH, IT, kEvict, kOrder, kEarly>;
  const std::string name = std::string("staged") + (kEvict ? "-evict" : "") +
                           (kOrder ? "-order" : "") + (kEarly ? "-early" : "");
  time_case<T>(name.c_str(), d,
               ws::scan::staged::staged_single_pass<T, BinaryOp::Sum, true, true, P>, TH, IT, first,
               spin, P::template shared_bytes<T>());
}

template <class T>
void sweep(int64_t n) {
  Dev in(n * sizeof(T)), out(n * sizeof(T)), ref(n * sizeof(T)), copy(n * sizeof(T));
  fill_kernel<<<1024, 256>>>(in.as<uint32_t>(), n, std::is_same_v<T, float>);
  g_copy_gbps = 0;
  // The copy's median varies by up to 10% between runs in one process: the best of three.
  double copy_ms = 1e30;
  for (int i = 0; i < 3; ++i)
    copy_ms = std::min(copy_ms, median_ms([&] {
                         CK(cudaMemcpyAsync(copy.p, in.p, n * sizeof(T), cudaMemcpyDeviceToDevice));
                       }));
  g_copy_gbps = 2.0 * sizeof(T) * n / (copy_ms * 1e6);
  size_t temp_bytes = 0;
  CK(cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, in.as<T>(), ref.as<T>(), n));
  Dev temp(temp_bytes);
  const double cub_ms = median_ms([&] {
    size_t b = temp_bytes;
    CK(cub::DeviceScan::InclusiveSum(temp.p, b, in.as<T>(), ref.as<T>(), n));
  });
  const Data d{n, in.p, out.p, ref.p, cub_ms};
  std::printf("%-5s 2^%-2d copy %.4f ms %.0f GB/s; CUB InclusiveSum %.4f ms %.1f%% copy\n",
              std::is_same_v<T, float> ? "float" : "int32", 63 - __builtin_clzll(n), copy_ms,
              g_copy_gbps, cub_ms, 100.0 * copy_ms / cub_ms);
  // The app's kernel now.
  time_case<T>("fast (app)", d,
               ws::scan::fast::tuned_single_pass<T, BinaryOp::Sum, true, true, 128, 40, 6>, 128, 40,
               2400, 600);
  // Each step of round two at 256 x 48 (sweeps 1-5 in docs/perf/scan_sweep_h200_2026-11-29_*.txt).
  staged<T, 256, 48, false, false, false>(d, 2400, 600);  // the tile in shared memory
  staged<T, 256, 48, true, false, false>(d, 2400, 600);   // + evict-first
  staged<T, 256, 48, true, true, false>(d, 2400, 600);    // + tile = blockIdx.x
  staged<T, 256, 48, true, false, true>(d, 2400, 600);    // evict-first, early aggregate
  for (unsigned first : {1200u, 2400u, 3600u}) {          // the app's policy: all three
    staged<T, 128, 64>(d, first, 600);
    staged<T, 256, 32>(d, first, 600);
    staged<T, 256, 40>(d, first, 600);
    staged<T, 256, 48>(d, first, 600);
    staged<T, 256, 64>(d, first, 600);
    staged<T, 384, 32>(d, first, 600);
    staged<T, 384, 48>(d, first, 600);
    staged<T, 512, 32>(d, first, 600);
  }
  staged<T, 256, 48>(d, 2400, 300);
  staged<T, 256, 48>(d, 2400, 1200);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::max(1, std::atoi(argv[1]));
  std::vector<int> sizes;
  for (int i = 2; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {24, 28};
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  CK(cudaDriverGetVersion(&driver));
  std::printf("device %s, %d SMs, driver API %d, %d repeats\n", prop.name, prop.multiProcessorCount,
              driver, g_reps);
  for (int s : sizes) {
    const int64_t n = s >= 0 ? int64_t{1} << s : -int64_t(s);  // negative: an exact count
    sweep<int32_t>(n);
    sweep<float>(n);
  }
  return 0;
}
