// What the tuning programs in bench/dev share (not part of the build): CK, a CUDA call that fails
// names itself and ends the process; Dev, a device buffer; median_ms, three warm-up runs, then the
// median of `reps` runs each timed between two events (`after_each` runs after every finished
// run: the compaction sweep's watchdog beats there); first_difference, where two device arrays
// first differ (floats within 1e-4 relative), checked on the device; fill_temperatures, a
// seeded field for the stencil sweeps; fill_random_bytes, the SAT sweeps' images; read_all4, the
// read-only limit; copy_gbps, the copy bandwidth they compare with.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

#ifndef CK
#define CK(x)                                                                              \
  do {                                                                                     \
    cudaError_t e_ = (x);                                                                  \
    if (e_ != cudaSuccess) {                                                               \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)
#endif

namespace ws::dev {

template <class F, class After>
double median_ms(F&& f, int reps, After&& after_each) {
  for (int i = 0; i < 3; ++i) f();
  CK(cudaDeviceSynchronize());
  after_each();
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    CK(cudaEventRecord(a));
    f();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    after_each();
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CK(cudaGetLastError());
  std::sort(t.begin(), t.end());
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  return t[t.size() / 2];
}
template <class F>
double median_ms(F&& f, int reps) {
  return median_ms(f, reps, [] {});
}

struct Dev {
  void* p = nullptr;
  explicit Dev(size_t bytes) { CK(cudaMalloc(&p, std::max<size_t>(bytes, 16))); }
  ~Dev() { cudaFree(p); }
  Dev(const Dev&) = delete;
  Dev& operator=(const Dev&) = delete;
  template <class T>
  T* as() const {
    return static_cast<T*>(p);
  }
};

template <class T>
__global__ void compare_kernel(const T* a, const T* b, int64_t n, unsigned long long* first_bad) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    bool ok;
    if constexpr (std::is_same_v<T, float>)
      ok = fabsf(a[i] - b[i]) <= 1e-4f * fmaxf(1.0f, fabsf(b[i]));
    else
      ok = a[i] == b[i];
    if (!ok) atomicMin(first_bad, static_cast<unsigned long long>(i));
  }
}
// A field of temperatures 0 .. 100 from a hash of each index and `seed` (the stencil sweeps).
__global__ void fill_temperatures(float* p, int64_t n, uint32_t seed) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x) {
    uint32_t h = uint32_t(i) * 2654435761u ^ seed;
    h ^= h >> 15, h *= 0x2c1b3c6du, h ^= h >> 12;
    p[i] = float(h & 0xffff) / 655.36f;
  }
}

// n random bytes from a hash of each index (splitmix64; the SAT sweeps' images).
__global__ void fill_random_bytes(uint8_t* p, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    uint64_t z = (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    p[i] = uint8_t(z >> 56);
  }
}

// Reads n 16-byte vectors, four in flight a thread (grid-stride), and folds them so the loads
// stay: the read-only limit of a sweep. Streaming: __ldcs (evict-first) instead of __ldg.
template <bool Streaming>
__global__ void read_all4(const uint4* p, size_t n, unsigned* sink) {
  const auto load = [](const uint4* q) { return Streaming ? __ldcs(q) : __ldg(q); };
  unsigned acc = 0;
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  for (; i + 3 * stride < n; i += 4 * stride) {
    uint4 v[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) v[k] = load(p + i + k * stride);
#pragma unroll
    for (int k = 0; k < 4; ++k) acc ^= v[k].x ^ v[k].y ^ v[k].z ^ v[k].w;
  }
  for (; i < n; i += stride) {
    const uint4 v = load(p + i);
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x12345678u) *sink = acc;
}

// The device-to-device copy of 1 GiB, bytes read + written per second (the "% of copy"
// reference), printed as a line of `width` name columns.
inline double copy_gbps(int reps, int width) {
  const size_t bytes = size_t(1) << 30;
  Dev a(bytes), b(bytes);
  CK(cudaMemset(a.p, 1, bytes));
  const double ms =
      median_ms([&] { CK(cudaMemcpyAsync(b.p, a.p, bytes, cudaMemcpyDeviceToDevice)); }, reps);
  const double gbps = 2.0 * bytes / ms / 1e6;
  std::printf("%-*s %8.4f ms  %7.0f GB/s\n", width, "copy 1 GiB device to device", ms, gbps);
  return gbps;
}

// The first index where a and b (n elements on the device) differ, -1 when none does.
template <class T>
int64_t first_difference(const T* a, const T* b, int64_t n) {
  Dev flag(8);
  const unsigned long long none = ~0ull;
  CK(cudaMemcpy(flag.p, &none, 8, cudaMemcpyHostToDevice));
  if (n > 0) compare_kernel<T><<<1024, 256>>>(a, b, n, flag.as<unsigned long long>());
  unsigned long long r = 0;
  CK(cudaMemcpy(&r, flag.p, 8, cudaMemcpyDeviceToHost));
  return r == none ? -1 : static_cast<int64_t>(r);
}

// A flag read with acquire and written with release at GPU scope (the look-backs' flags).
__device__ __forceinline__ unsigned ld_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void st_release(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// One case of a single-pass SAT sweep: its time, its share of copy (5 bytes a pixel: one read of
// the u8 image, one write of the u32 table) and whether its table equalled the reference after
// the first run (bad1) and the last (bad2); timing-only cases compute no valid table.
inline void print_sat_case(const char* name, double ms, int64_t pixels, double copy_gbps,
                           bool timing_only, int64_t bad1, int64_t bad2) {
  std::printf("%-52s %8.4f ms  %6.1f%% copy%s\n", name, ms,
              100.0 * 5.0 * double(pixels) / ms / 1e6 / copy_gbps,
              timing_only            ? "  (timing only)"
              : bad1 < 0 && bad2 < 0 ? "  ok"
                                     : "  WRONG");
  if (!timing_only && (bad1 >= 0 || bad2 >= 0))
    std::printf("    first difference at %lld (first run), %lld (last run)\n", (long long)bad1,
                (long long)bad2);
}

}  // namespace ws::dev
