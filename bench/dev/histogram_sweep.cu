// The histogram sweep of issue 30, round two (not part of the build): variant 8's u8 kernel (256
// values of 8192 x 8192 u8 pixels) against the limits it runs into and against candidate kernels,
// on four inputs (uniform, a Black Marble-like image: 64% black in 64 x 64 blocks, zipf 1.2,
// all-equal), next to CUB's HistogramEven. Every candidate's counts are checked against CUB's.
// One line per case: median of the repeats, % of a device-to-device copy of the same bytes (read +
// written) per second, x CUB, registers and blocks per SM.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -o histogram_sweep bench/dev/histogram_sweep.cu
//   ./histogram_sweep [repeats] [side] [round]  (default 20 repeats, side 8192, round 5; rounds 1
//   to 5: docs/perf/histogram_sweep_h200_2026-11-30_{1..5}.txt, run 6 = round 5 again with the
//   bench's own uniform samples, kind 4, which rounds 1-4 did not have). Round 7: 2^28 f32
//   samples in 256 bins, the app's striped kernel against it pipelined
//   (docs/perf/histogram_sweep_h200_2026-11-30_7.txt).
#include <cub/cub.cuh>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "dev_common.cuh"
#include "histogram/histogram.h"

namespace {

using ws::dev::Dev;
int g_reps = 20;
double g_copy_gbps = 0;

__device__ __forceinline__ uint32_t mix(uint32_t x) {
  x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
  return x;
}

// kind 0 uniform, 1 Black Marble-like, 2 zipf 1.2 (cdf: 256 floats), 3 all-equal, 4 uniform as
// the app's bench makes it (SplitMix64 of the index).
__global__ void fill_kernel(uint8_t* p, int side, int kind, const float* cdf) {
  const int64_t n = int64_t(side) * side;
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    const uint32_t h = mix(static_cast<uint32_t>(i) * 0x9E3779B9u ^ 0x1234567u);
    uint8_t v = h & 0xFF;
    if (kind == 1) {
      const int bx = int(i % side) / 64, by = int(i / side) / 64;
      const bool black = (mix(uint32_t(by * 4096 + bx)) % 1000) < 636;
      v = black ? 0 : uint8_t(40 + (h >> 8) % 120);
    } else if (kind == 2) {
      const float u = (h >> 8) * (1.0f / 16777216.0f);
      int lo = 0, hi = 255;
      while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (cdf[mid] < u)
          lo = mid + 1;
        else
          hi = mid;
      }
      v = uint8_t(lo);
    } else if (kind == 3) {
      v = 7;
    } else if (kind == 4) {  // the app's uniform samples (histogram_synthetic.h, seed 42, stream 0)
      uint64_t z = 42ull * 0x9E3779B97F4A7C15ull + uint64_t(i) * 0xD1B54A32D192ED03ull +
                   0x9E3779B97F4A7C15ull;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      v = uint8_t((z ^ (z >> 31)) >> 56);
    }
    p[i] = v;
  }
}

// ---- The limits: a read of every byte, and the shared atomics alone.
template <int kThreads, int kUnroll>
__global__ void __launch_bounds__(kThreads)
    read_only(const uint4* in, int64_t vectors, uint32_t* sink) {
  const int64_t g = int64_t(blockIdx.x) * kThreads + threadIdx.x, p = int64_t(gridDim.x) * kThreads;
  uint32_t x = 0;
  int64_t j = g;
  for (; j + (kUnroll - 1) * p < vectors; j += kUnroll * p) {
    uint4 q[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) q[u] = __ldcs(in + j + u * p);
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) x ^= q[u].x ^ q[u].y ^ q[u].z ^ q[u].w;
  }
  for (; j < vectors; j += p) {
    const uint4 q = __ldcs(in + j);
    x ^= q.x ^ q.y ^ q.z ^ q.w;
  }
  if (x == 0x12345678u) sink[0] = x;
}

template <int kThreads>
__global__ void __launch_bounds__(kThreads) atomics_only(int64_t vectors, uint32_t* sink) {
  __shared__ uint32_t h[256 * 32];
  for (int j = threadIdx.x; j < 256 * 32; j += kThreads) h[j] = 0;
  __syncthreads();
  const int lane = threadIdx.x & 31;
  const int64_t g = int64_t(blockIdx.x) * kThreads + threadIdx.x, p = int64_t(gridDim.x) * kThreads;
  for (int64_t j = g; j < vectors; j += p) {
    uint32_t w = mix(uint32_t(j));
#pragma unroll
    for (int k = 0; k < 16; ++k) {
      atomicAdd(&h[((w >> ((k & 3) * 8)) & 0xFF) * 32 + lane], 1u);
      if ((k & 3) == 3) w = w * 0x9E3779B9u + 1u;
    }
  }
  __syncthreads();
  if (threadIdx.x < 256) {
    uint32_t s = 0;
    for (int l = 0; l < 32; ++l) s += h[threadIdx.x * 32 + ((l + threadIdx.x) & 31)];
    if (s == 0x12345678u) sink[0] = s;
  }
}

// ---- The app's kernel (histogram_fast_warp.cu, values_u8<512>, kUnrollU8 = 2), copied.
__device__ __forceinline__ void add_word(uint32_t* h, uint32_t w, int lane) {
  const uint32_t v0 = w & 0xFFu;
  if (w == v0 * 0x01010101u) {
    atomicAdd(&h[v0 * 32 + lane], 4u);
    return;
  }
  atomicAdd(&h[v0 * 32 + lane], 1u);
  atomicAdd(&h[((w >> 8) & 0xFFu) * 32 + lane], 1u);
  atomicAdd(&h[((w >> 16) & 0xFFu) * 32 + lane], 1u);
  atomicAdd(&h[(w >> 24) * 32 + lane], 1u);
}
struct U8Run {
  uint32_t value = 0, count = 0;
  __device__ void flush(uint32_t* h, int lane) {
    if (count != 0) atomicAdd(&h[value * 32 + lane], count);
    count = 0;
  }
};
__device__ __forceinline__ bool uniform16(uint4 q) {
  return q.x == q.y && q.x == q.z && q.x == q.w && q.x == (q.x & 0xFFu) * 0x01010101u;
}
__device__ __forceinline__ void add_vector(uint32_t* h, uint4 q, int lane, U8Run& run) {
  if (uniform16(q)) {
    const uint32_t v = q.x & 0xFFu;
    if (v != run.value) {
      run.flush(h, lane);
      run.value = v;
    }
    run.count += 16;
    return;
  }
  add_word(h, q.x, lane);
  add_word(h, q.y, lane);
  add_word(h, q.z, lane);
  add_word(h, q.w, lane);
}

// The merge both striped kernels end with: a value's 32 columns into hist[lut[value]].
template <int kThreads>
__device__ __forceinline__ void merge_striped(const uint32_t* h, const int* lut, uint32_t* hist) {
  for (int v = threadIdx.x; v < 256; v += kThreads) {
    uint32_t sum = 0;
    for (int l = 0; l < 32; ++l) sum += h[v * 32 + ((l + v) & 31)];
    const int k = lut[v];
    if (sum != 0 && k >= 0) atomicAdd(&hist[k], sum);
  }
}

template <int kThreads>
__global__ void __launch_bounds__(kThreads)
    app_u8(const uint8_t* __restrict__ in, int64_t n, const int* __restrict__ lut,
           uint32_t* __restrict__ hist) {
  constexpr int kUnrollU8 = 2;
  __shared__ uint32_t h[256 * 32];
  for (int j = threadIdx.x; j < 256 * 32; j += kThreads) h[j] = 0;
  __syncthreads();
  const int lane = threadIdx.x & 31;
  const int64_t g = int64_t(blockIdx.x) * kThreads + threadIdx.x;
  const int64_t p = int64_t(gridDim.x) * kThreads;
  const uint4* vec = reinterpret_cast<const uint4*>(in);  // aligned here
  const int64_t vectors = n / 16;
  int64_t j = g;
  U8Run run;
  for (; j + (kUnrollU8 - 1) * p < vectors; j += kUnrollU8 * p) {
    uint4 q[kUnrollU8];
#pragma unroll
    for (int u = 0; u < kUnrollU8; ++u) q[u] = __ldg(vec + j + u * p);
#pragma unroll
    for (int u = 0; u < kUnrollU8; ++u) add_vector(h, q[u], lane, run);
  }
  for (; j < vectors; j += p) add_vector(h, __ldg(vec + j), lane, run);
  run.flush(h, lane);
  __syncthreads();
  merge_striped<kThreads>(h, lut, hist);
}

// ---- Candidate A: the striped shared atomics, with the next vectors loaded before the current
// ones are counted (kUnroll in flight while kUnroll are counted), streaming loads, and kWordCheck
// choosing whether a 4-byte word of one value is one add of 4.
template <bool kWordCheck>
__device__ __forceinline__ void add_word_a(uint32_t* h, uint32_t w, int lane) {
  if (kWordCheck) {
    add_word(h, w, lane);
    return;
  }
  atomicAdd(&h[(w & 0xFFu) * 32 + lane], 1u);
  atomicAdd(&h[((w >> 8) & 0xFFu) * 32 + lane], 1u);
  atomicAdd(&h[((w >> 16) & 0xFFu) * 32 + lane], 1u);
  atomicAdd(&h[(w >> 24) * 32 + lane], 1u);
}
template <bool kWordCheck>
__device__ __forceinline__ void add_vector_a(uint32_t* h, uint4 q, int lane, U8Run& run) {
  if (uniform16(q)) {
    const uint32_t v = q.x & 0xFFu;
    if (v != run.value) {
      run.flush(h, lane);
      run.value = v;
    }
    run.count += 16;
    return;
  }
  add_word_a<kWordCheck>(h, q.x, lane);
  add_word_a<kWordCheck>(h, q.y, lane);
  add_word_a<kWordCheck>(h, q.z, lane);
  add_word_a<kWordCheck>(h, q.w, lane);
}

// Fused zeroing: block 0 zeroes the counters and publishes `epoch` in *flag; every block waits for
// it before its merge (long done by then).
__device__ __forceinline__ void zero_and_publish(uint32_t* hist, int bins, uint32_t* flag,
                                                 uint32_t epoch) {
  for (int k = threadIdx.x; k < bins; k += blockDim.x) hist[k] = 0;
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) atomicExch(flag, epoch);
}
__device__ __forceinline__ void wait_published(const uint32_t* flag, uint32_t epoch) {
  if (threadIdx.x == 0) {
    while (*reinterpret_cast<const volatile uint32_t*>(flag) != epoch) __nanosleep(64);
    __threadfence();
  }
}

template <int kThreads, int kUnroll, bool kWordCheck, bool kFused>
__global__ void __launch_bounds__(kThreads)
    pipelined_u8(const uint8_t* __restrict__ in, int64_t n, const int* __restrict__ lut,
                 uint32_t* __restrict__ hist, uint32_t* flag, uint32_t epoch) {
  __shared__ uint32_t h[256 * 32];
  if (kFused && blockIdx.x == 0) zero_and_publish(hist, 256, flag, epoch);
  for (int j = threadIdx.x; j < 256 * 32; j += kThreads) h[j] = 0;
  __syncthreads();
  const int lane = threadIdx.x & 31;
  const int64_t g = int64_t(blockIdx.x) * kThreads + threadIdx.x;
  const int64_t p = int64_t(gridDim.x) * kThreads;
  const uint4* vec = reinterpret_cast<const uint4*>(in);
  const int64_t vectors = n / 16;
  U8Run run;
  int64_t j = g;
  if (j + (kUnroll - 1) * p < vectors) {
    uint4 cur[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) cur[u] = __ldcs(vec + j + u * p);
    for (;;) {
      j += kUnroll * p;
      const bool more = j + (kUnroll - 1) * p < vectors;
      uint4 next[kUnroll];
      if (more) {
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) next[u] = __ldcs(vec + j + u * p);
      }
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) add_vector_a<kWordCheck>(h, cur[u], lane, run);
      if (!more) break;
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) cur[u] = next[u];
    }
  }
  for (; j < vectors; j += p) add_vector_a<kWordCheck>(h, __ldcs(vec + j), lane, run);
  run.flush(h, lane);
  __syncthreads();
  if (kFused) wait_published(flag, epoch);
  __syncthreads();
  merge_striped<kThreads>(h, lut, hist);
}

// ---- Candidate B: no atomics. Every lane of every warp owns 16-bit counters for the 256 values
// (value v in half v & 1 of word (v / 2) * 32 + lane of its warp's 16 KiB: lane l always in bank
// l), updated with a plain load, add and store. A lane counts at most 4095 vectors (65520
// samples) before a 16-bit counter could overflow: not guarded in this sweep (8192 x 8192 gives
// a lane about 100 vectors on an H200); the app's kernel must bound it.
template <int kWarps, int kUnroll, bool kFused>
__global__ void __launch_bounds__(kWarps * 32)
    private16_u8(const uint8_t* __restrict__ in, int64_t n, const int* __restrict__ lut,
                 uint32_t* __restrict__ hist, uint32_t* flag, uint32_t epoch) {
  constexpr int kThreads = kWarps * 32;
  extern __shared__ uint32_t smem[];
  if (kFused && blockIdx.x == 0) zero_and_publish(hist, 256, flag, epoch);
  for (int j = threadIdx.x; j < kWarps * 4096; j += kThreads) smem[j] = 0;
  __syncthreads();
  const int lane = threadIdx.x & 31;
  uint32_t* mine = smem + (threadIdx.x >> 5) * 4096 + lane;
  auto add1 = [&](uint32_t v, uint32_t c) {
    uint32_t* w = mine + ((v >> 1) << 5);
    *w += c << ((v & 1) << 4);
  };
  auto add_vec = [&](uint4 q) {
    if (uniform16(q)) {
      add1(q.x & 0xFFu, 16u);
      return;
    }
    const uint32_t words[4] = {q.x, q.y, q.z, q.w};
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      add1(words[k] & 0xFFu, 1u);
      add1((words[k] >> 8) & 0xFFu, 1u);
      add1((words[k] >> 16) & 0xFFu, 1u);
      add1(words[k] >> 24, 1u);
    }
  };
  const int64_t g = int64_t(blockIdx.x) * kThreads + threadIdx.x;
  const int64_t p = int64_t(gridDim.x) * kThreads;
  const uint4* vec = reinterpret_cast<const uint4*>(in);
  const int64_t vectors = n / 16;
  int64_t j = g;
  if (j + (kUnroll - 1) * p < vectors) {
    uint4 cur[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) cur[u] = __ldcs(vec + j + u * p);
    for (;;) {
      j += kUnroll * p;
      const bool more = j + (kUnroll - 1) * p < vectors;
      uint4 next[kUnroll];
      if (more) {
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) next[u] = __ldcs(vec + j + u * p);
      }
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) add_vec(cur[u]);
      if (!more) break;
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) cur[u] = next[u];
    }
  }
  for (; j < vectors; j += p) add_vec(__ldcs(vec + j));
  __syncthreads();
  if (kFused) wait_published(flag, epoch);
  __syncthreads();
  // The merge: thread t sums value pair t % 128 over the warps t / 128, t / 128 + groups, ...
  // (word (pair * 32 + (l + pair) % 32): 32 consecutive pairs hit 32 banks).
  constexpr int kGroups = kThreads / 128 > 0 ? kThreads / 128 : 1;
  for (int t = threadIdx.x; t < 128 * kGroups; t += kThreads) {
    const int pair = t & 127;
    uint32_t lo = 0, hi = 0;
    for (int w = t >> 7; w < kWarps; w += kGroups) {
      const uint32_t* base = smem + w * 4096 + pair * 32;
#pragma unroll 8
      for (int l = 0; l < 32; ++l) {
        const uint32_t x = base[(l + pair) & 31];
        lo += x & 0xFFFFu, hi += x >> 16;
      }
    }
    const int k0 = lut[2 * pair], k1 = lut[2 * pair + 1];
    if (lo != 0 && k0 >= 0) atomicAdd(&hist[k0], lo);
    if (hi != 0 && k1 >= 0) atomicAdd(&hist[k1], hi);
  }
}

// ---- Round 2: the pipelined kernel with fused zeroing under its options. kMinBlocks: blocks an SM
// must fit (caps registers); kMerge 0 the merge, 1 none (wrong counts: measures the merge), 2 the
// merge's values rotated by block; kLean: a sample's address in two instructions ((v << 7) | lane
// * 4 as a byte offset); kAdd: atomicAdd of a runtime 1 (ATOMS.ADD instead of POPC.INC); kLoad 0
// __ldcs, 1 __ldg, 2 L2 evict-first.
template <int kLoad>
__device__ __forceinline__ uint4 load16(const uint4* p) {
  if (kLoad == 0) return __ldcs(p);
  if (kLoad == 1) return __ldg(p);
  uint64_t policy;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
  uint4 q;
  asm volatile("ld.global.nc.L1::no_allocate.L2::cache_hint.v4.u32 {%0,%1,%2,%3}, [%4], %5;"
               : "=r"(q.x), "=r"(q.y), "=r"(q.z), "=r"(q.w)
               : "l"(p), "l"(policy));
  return q;
}

template <bool kLean, bool kAdd>
__device__ __forceinline__ void add_word_t(uint32_t* h, uint32_t w, uint32_t lane4, uint32_t one) {
  if (kLean) {
    char* base = reinterpret_cast<char*>(h);
    const uint32_t o0 = ((w << 7) & 0x7F80u) | lane4, o1 = ((w >> 1) & 0x7F80u) | lane4;
    const uint32_t o2 = ((w >> 9) & 0x7F80u) | lane4, o3 = ((w >> 17) & 0x7F80u) | lane4;
    atomicAdd(reinterpret_cast<uint32_t*>(base + o0), kAdd ? one : 1u);
    atomicAdd(reinterpret_cast<uint32_t*>(base + o1), kAdd ? one : 1u);
    atomicAdd(reinterpret_cast<uint32_t*>(base + o2), kAdd ? one : 1u);
    atomicAdd(reinterpret_cast<uint32_t*>(base + o3), kAdd ? one : 1u);
    return;
  }
  const int lane = lane4 >> 2;
  atomicAdd(&h[(w & 0xFFu) * 32 + lane], kAdd ? one : 1u);
  atomicAdd(&h[((w >> 8) & 0xFFu) * 32 + lane], kAdd ? one : 1u);
  atomicAdd(&h[((w >> 16) & 0xFFu) * 32 + lane], kAdd ? one : 1u);
  atomicAdd(&h[(w >> 24) * 32 + lane], kAdd ? one : 1u);
}
template <bool kLean, bool kAdd>
__device__ __forceinline__ void add_vector_t(uint32_t* h, uint4 q, uint32_t lane4, U8Run& run,
                                             uint32_t one) {
  if (uniform16(q)) {
    const uint32_t v = q.x & 0xFFu;
    if (v != run.value) {
      run.flush(h, lane4 >> 2);
      run.value = v;
    }
    run.count += 16;
    return;
  }
  add_word_t<kLean, kAdd>(h, q.x, lane4, one);
  add_word_t<kLean, kAdd>(h, q.y, lane4, one);
  add_word_t<kLean, kAdd>(h, q.z, lane4, one);
  add_word_t<kLean, kAdd>(h, q.w, lane4, one);
}

template <int kThreads, int kUnroll, int kMinBlocks, int kMerge, bool kLean, bool kAdd, int kLoad>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    tuned_u8(const uint8_t* __restrict__ in, int64_t n, const int* __restrict__ lut,
             uint32_t* __restrict__ hist, uint32_t* flag, uint32_t epoch, uint32_t one) {
  __shared__ uint32_t h[256 * 32];
  if (blockIdx.x == 0) zero_and_publish(hist, 256, flag, epoch);
  for (int j = threadIdx.x; j < 256 * 32; j += kThreads) h[j] = 0;
  __syncthreads();
  const uint32_t lane4 = (threadIdx.x & 31) * 4;
  const int64_t g = int64_t(blockIdx.x) * kThreads + threadIdx.x;
  const int64_t p = int64_t(gridDim.x) * kThreads;
  const uint4* vec = reinterpret_cast<const uint4*>(in);
  const int64_t vectors = n / 16;
  U8Run run;
  int64_t j = g;
  uint32_t seen = 0;  // kMerge 3: the flag, loaded before the last vectors are counted
  if (j + (kUnroll - 1) * p < vectors) {
    uint4 cur[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) cur[u] = load16<kLoad>(vec + j + u * p);
    for (;;) {
      j += kUnroll * p;
      const bool more = j + (kUnroll - 1) * p < vectors;
      uint4 next[kUnroll];
      if (more) {
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) next[u] = load16<kLoad>(vec + j + u * p);
      } else if (kMerge == 3 && threadIdx.x == 0) {
        asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(seen) : "l"(flag) : "memory");
      }
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) add_vector_t<kLean, kAdd>(h, cur[u], lane4, run, one);
      if (!more) break;
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) cur[u] = next[u];
    }
  }
  for (; j < vectors; j += p) add_vector_t<kLean, kAdd>(h, load16<kLoad>(vec + j), lane4, run, one);
  run.flush(h, lane4 >> 2);
  __syncthreads();
  if (kMerge == 1) return;
  if (kMerge == 3) {
    if (threadIdx.x == 0)
      while (seen != epoch)
        asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(seen) : "l"(flag) : "memory");
    __syncthreads();
    // Four threads a value, 8 columns each (32 threads of a warp: 32 banks), then two shuffles.
    for (int t = threadIdx.x; t < 1024; t += kThreads) {
      const int v = t >> 2, part = t & 3;
      uint32_t sum = 0;
#pragma unroll
      for (int i = 0; i < 8; ++i) sum += h[v * 32 + ((part * 8 + i + v) & 31)];
      sum += __shfl_xor_sync(0xFFFFFFFFu, sum, 1);
      sum += __shfl_xor_sync(0xFFFFFFFFu, sum, 2);
      const int k = lut[v];
      if (part == 0 && sum != 0 && k >= 0) atomicAdd(&hist[k], sum);
    }
    return;
  }
  wait_published(flag, epoch);
  __syncthreads();
  for (int t = threadIdx.x; t < 256; t += kThreads) {
    const int v = kMerge == 2 ? (t + blockIdx.x * 37) & 255 : t;
    uint32_t sum = 0;
    for (int l = 0; l < 32; ++l) sum += h[v * 32 + ((l + v) & 31)];
    const int k = lut[v];
    if (sum != 0 && k >= 0) atomicAdd(&hist[k], sum);
  }
}

// ---- Round 4: the merge and the flag apart, lean addresses, streaming loads. kMerge 0 a thread
// a value, 1 none (wrong counts), 4 four threads a value; kFlag 0 poll at the end (volatile, then
// __threadfence), 1 an acquire load before the last vectors are counted, 2 a relaxed load there
// and an acquire fence at the end, 3 no flag (the counters zeroed by a memset before).
template <int kThreads, int kUnroll, int kMinBlocks, int kMerge, int kFlag>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    final_u8(const uint8_t* __restrict__ in, int64_t n, const int* __restrict__ lut,
             uint32_t* __restrict__ hist, uint32_t* flag, uint32_t epoch) {
  __shared__ uint32_t h[256 * 32];
  if (kFlag != 3 && blockIdx.x == 0) zero_and_publish(hist, 256, flag, epoch);
  for (int j = threadIdx.x; j < 256 * 32; j += kThreads) h[j] = 0;
  __syncthreads();
  const uint32_t lane4 = (threadIdx.x & 31) * 4;
  const int64_t g = int64_t(blockIdx.x) * kThreads + threadIdx.x;
  const int64_t p = int64_t(gridDim.x) * kThreads;
  const uint4* vec = reinterpret_cast<const uint4*>(in);
  const int64_t vectors = n / 16;
  U8Run run;
  int64_t j = g;
  uint32_t seen = 0;
  if (j + (kUnroll - 1) * p < vectors) {
    uint4 cur[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) cur[u] = __ldcs(vec + j + u * p);
    for (;;) {
      j += kUnroll * p;
      const bool more = j + (kUnroll - 1) * p < vectors;
      uint4 next[kUnroll];
      if (more) {
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) next[u] = __ldcs(vec + j + u * p);
      } else if (threadIdx.x == 0) {
        if (kFlag == 1)
          asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(seen) : "l"(flag) : "memory");
        if (kFlag == 2)
          asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(seen) : "l"(flag));
      }
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) add_vector_t<true, false>(h, cur[u], lane4, run, 1u);
      if (!more) break;
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) cur[u] = next[u];
    }
  }
  for (; j < vectors; j += p) add_vector_t<true, false>(h, __ldcs(vec + j), lane4, run, 1u);
  run.flush(h, lane4 >> 2);
  __syncthreads();
  if (kMerge == 1) return;
  if (kFlag == 0) wait_published(flag, epoch);
  if ((kFlag == 1 || kFlag == 2) && threadIdx.x == 0) {
    while (seen != epoch)
      asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(seen) : "l"(flag) : "memory");
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
  }
  __syncthreads();
  if (kMerge == 4 || kMerge == 5) {
    for (int t = threadIdx.x; t < 1024; t += kThreads) {
      const int v = t >> 2, part = t & 3;
      uint32_t sum = 0;
      if (kMerge == 5) {  // two 16-byte loads: words 8t .. 8t + 7, contiguous across the warp
        const uint4 a = reinterpret_cast<const uint4*>(h)[2 * t];
        const uint4 b = reinterpret_cast<const uint4*>(h)[2 * t + 1];
        sum = a.x + a.y + a.z + a.w + b.x + b.y + b.z + b.w;
      } else {
#pragma unroll
        for (int i = 0; i < 8; ++i) sum += h[v * 32 + ((part * 8 + i + v) & 31)];
      }
      sum += __shfl_xor_sync(0xFFFFFFFFu, sum, 1);
      sum += __shfl_xor_sync(0xFFFFFFFFu, sum, 2);
      const int k = lut[v];
      if (part == 0 && sum != 0 && k >= 0) atomicAdd(&hist[k], sum);
    }
    return;
  }
  if (kMerge == 0) {
    for (int v = threadIdx.x; v < 256; v += kThreads) {
      uint32_t sum = 0;
      for (int l = 0; l < 32; ++l) sum += h[v * 32 + ((l + v) & 31)];
      const int k = lut[v];
      if (sum != 0 && k >= 0) atomicAdd(&hist[k], sum);
    }
  }
}

template <int kThreads, int kMinBlocks>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    atomics_only_t(int64_t vectors, uint32_t* sink) {
  __shared__ uint32_t h[256 * 32];
  for (int j = threadIdx.x; j < 256 * 32; j += kThreads) h[j] = 0;
  __syncthreads();
  const int lane = threadIdx.x & 31;
  const int64_t g = int64_t(blockIdx.x) * kThreads + threadIdx.x, p = int64_t(gridDim.x) * kThreads;
  for (int64_t j = g; j < vectors; j += p) {
    uint32_t w = mix(uint32_t(j));
#pragma unroll
    for (int k = 0; k < 16; ++k) {
      atomicAdd(&h[((w >> ((k & 3) * 8)) & 0xFF) * 32 + lane], 1u);
      if ((k & 3) == 3) w = w * 0x9E3779B9u + 1u;
    }
  }
  __syncthreads();
  if (threadIdx.x < 256) {
    uint32_t s = 0;
    for (int l = 0; l < 32; ++l) s += h[threadIdx.x * 32 + ((l + threadIdx.x) & 31)];
    if (s == 0x12345678u) sink[0] = s;
  }
}

// ---- Round 7: f32 samples, 256 bins, the striped layout h[bin][lane] (the app's bins_f32 with
// StripedSink: kUnroll float4 loads, then the bins of each, a run of equal bins one add), and the
// same software pipelined at 1024 threads as the u8 kernel (kPipelined).
using ws::histogram::bin_of;
using ws::histogram::BinSpec;
__device__ __forceinline__ void add_bins4(uint32_t* h, int lane, int k0, int k1, int k2, int k3) {
  if (k0 == k1 && k0 == k2 && k0 == k3) {
    if (k0 >= 0) atomicAdd(&h[k0 * 32 + lane], 4u);
    return;
  }
  int run = k0;
  uint32_t len = 1;
  const int rest[3] = {k1, k2, k3};
#pragma unroll
  for (int r = 0; r < 3; ++r) {
    if (rest[r] == run) {
      ++len;
    } else {
      if (run >= 0) atomicAdd(&h[run * 32 + lane], len);
      run = rest[r], len = 1;
    }
  }
  if (run >= 0) atomicAdd(&h[run * 32 + lane], len);
}
template <int kThreads, int kUnroll, int kMinBlocks, bool kPipelined>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    f32_striped(const float* __restrict__ in, int64_t n, BinSpec b, uint32_t* __restrict__ hist) {
  __shared__ uint32_t h[256 * 32];
  for (int j = threadIdx.x; j < 256 * 32; j += kThreads) h[j] = 0;
  __syncthreads();
  const int lane = threadIdx.x & 31;
  const int64_t g = int64_t(blockIdx.x) * kThreads + threadIdx.x;
  const int64_t p = int64_t(gridDim.x) * kThreads;
  const float4* vec = reinterpret_cast<const float4*>(in);
  const int64_t vectors = n / 4;
  auto count = [&](float4 q) {
    add_bins4(h, lane, bin_of(q.x, b), bin_of(q.y, b), bin_of(q.z, b), bin_of(q.w, b));
  };
  int64_t j = g;
  if (kPipelined) {
    if (j + (kUnroll - 1) * p < vectors) {
      float4 cur[kUnroll];
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) cur[u] = __ldcs(vec + j + u * p);
      for (;;) {
        j += kUnroll * p;
        const bool more = j + (kUnroll - 1) * p < vectors;
        float4 next[kUnroll];
        if (more) {
#pragma unroll
          for (int u = 0; u < kUnroll; ++u) next[u] = __ldcs(vec + j + u * p);
        }
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) count(cur[u]);
        if (!more) break;
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) cur[u] = next[u];
      }
    }
  } else {
    for (; j + (kUnroll - 1) * p < vectors; j += kUnroll * p) {
      float4 q[kUnroll];
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) q[u] = __ldg(vec + j + u * p);
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) count(q[u]);
    }
  }
  for (; j < vectors; j += p) count(__ldcs(vec + j));
  __syncthreads();
  for (int k = threadIdx.x; k < 256; k += kThreads) {
    uint32_t sum = 0;
    for (int l = 0; l < 32; ++l) sum += h[k * 32 + ((l + k) & 31)];
    if (sum != 0) atomicAdd(&hist[k], sum);
  }
}

__global__ void fill_f32(float* p, int64_t n, int kind, const float* cdf) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    const uint32_t h = mix(static_cast<uint32_t>(i) * 0x9E3779B9u ^ 0x7654321u);
    const float u = (h >> 8) * (1.0f / 16777216.0f);
    float v = u * 256.0f;
    if (kind == 2) {
      int lo = 0, hi = 255;
      while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (cdf[mid] < u)
          lo = mid + 1;
        else
          hi = mid;
      }
      v = lo + 0.5f;
    } else if (kind == 3) {
      v = 7.5f;
    }
    p[i] = v;
  }
}

template <int T, int U, int B, bool P>
void f32_case(const char* input, const float* in, int64_t n, uint32_t* hist,
              const std::vector<uint32_t>& ref, double cub_ms) {
  auto k = f32_striped<T, U, B, P>;
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k, T, 0));
  int d = 0, sms = 0;
  CK(cudaGetDevice(&d));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, d));
  const int grid = std::max(1, per_sm) * sms;
  BinSpec b;
  b.count = 256, b.lo = 0, b.hi = 256, b.inv_width = 1.0f;
  const double ms = ws::dev::median_ms(
      [&] {
        CK(cudaMemsetAsync(hist, 0, 256 * 4));
        k<<<grid, T>>>(in, n, b, hist);
      },
      g_reps);
  std::vector<uint32_t> got(256);
  CK(cudaMemcpy(got.data(), hist, 1024, cudaMemcpyDeviceToHost));
  cudaFuncAttributes attr{};
  CK(cudaFuncGetAttributes(&attr, k));
  std::printf(
      "f32 %-9s %s<%4dx%d,min%d>  %.4f ms  %5.1f%% copy  %.3fx CUB  regs %3d  %d blocks/SM  %s\n",
      input, P ? "pipelined" : "app      ", T, U, B, ms, 100.0 * 4.0 * n / (ms * 1e6) / g_copy_gbps,
      cub_ms / ms, attr.numRegs, per_sm, got == ref ? "ok" : "WRONG");
}

// Round 7: 2^28 f32 samples in 256 bins over [0, 256).
void f32_round(int64_t n, const float* cdf) {
  Dev in(n * 4), copy(n * 4), hist(1024);
  double copy_ms = 1e30;
  for (int i = 0; i < 3; ++i)
    copy_ms = std::min(
        copy_ms,
        ws::dev::median_ms(
            [&] { CK(cudaMemcpyAsync(copy.p, in.p, n * 4, cudaMemcpyDeviceToDevice)); }, g_reps));
  g_copy_gbps = 2.0 * 4 * n / (copy_ms * 1e6);
  std::printf("f32 2^%d: copy %.4f ms %.0f GB/s (read + written)\n", 63 - __builtin_clzll(n),
              copy_ms, g_copy_gbps);
  const char* names[4] = {"uniform", "", "zipf1.2", "equal"};
  for (int kind : {0, 2, 3}) {
    fill_f32<<<2048, 256>>>(in.as<float>(), n, kind, cdf);
    CK(cudaDeviceSynchronize());
    size_t temp_bytes = 0;
    CK(cub::DeviceHistogram::HistogramEven(nullptr, temp_bytes, in.as<float>(), hist.as<int>(), 257,
                                           0.0f, 256.0f, n));
    Dev temp(temp_bytes);
    const double cub_ms = ws::dev::median_ms(
        [&] {
          size_t bytes = temp_bytes;
          CK(cub::DeviceHistogram::HistogramEven(temp.p, bytes, in.as<float>(), hist.as<int>(), 257,
                                                 0.0f, 256.0f, n));
        },
        g_reps);
    std::vector<uint32_t> ref(256);
    CK(cudaMemcpy(ref.data(), hist.p, 1024, cudaMemcpyDeviceToHost));
    std::printf("f32 %-9s CUB HistogramEven %.4f ms  %5.1f%% copy\n", names[kind], cub_ms,
                100.0 * 4.0 * n / (cub_ms * 1e6) / g_copy_gbps);
    for (int twice = 0; twice < 2; ++twice) {
      f32_case<512, 4, 1, false>(names[kind], in.as<float>(), n, hist.as<uint32_t>(), ref, cub_ms);
      f32_case<1024, 2, 1, true>(names[kind], in.as<float>(), n, hist.as<uint32_t>(), ref, cub_ms);
      f32_case<1024, 1, 1, true>(names[kind], in.as<float>(), n, hist.as<uint32_t>(), ref, cub_ms);
      f32_case<512, 2, 2, true>(names[kind], in.as<float>(), n, hist.as<uint32_t>(), ref, cub_ms);
      f32_case<512, 4, 2, true>(names[kind], in.as<float>(), n, hist.as<uint32_t>(), ref, cub_ms);
      f32_case<256, 4, 4, true>(names[kind], in.as<float>(), n, hist.as<uint32_t>(), ref, cub_ms);
    }
  }
}

struct Case {
  const uint8_t* in;
  int64_t n;
  const int* lut;
  uint32_t* hist;
  uint32_t* flag;
  const std::vector<uint32_t>* ref;
  double cub_ms;
  const char* input;
};

int sms() {
  int d = 0, c = 0;
  CK(cudaGetDevice(&d));
  CK(cudaDeviceGetAttribute(&c, cudaDevAttrMultiProcessorCount, d));
  return c;
}

void report(const Case& c, const std::string& name, double ms, const void* kernel, int threads,
            size_t shared, bool check) {
  std::string verdict = "-";
  if (check) {
    std::vector<uint32_t> got(256);
    CK(cudaMemcpy(got.data(), c.hist, 256 * 4, cudaMemcpyDeviceToHost));
    verdict = "ok";
    for (int k = 0; k < 256; ++k)
      if (got[k] != (*c.ref)[k]) {
        verdict = "WRONG at bin " + std::to_string(k) + ": " + std::to_string(got[k]) + " vs " +
                  std::to_string((*c.ref)[k]);
        break;
      }
  }
  cudaFuncAttributes attr{};
  CK(cudaFuncGetAttributes(&attr, kernel));
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, shared));
  std::printf("%-10s %-34s %.4f ms  %5.1f%% copy  %.3fx CUB  regs %3d  %2d blocks/SM  %s\n",
              c.input, name.c_str(), ms, 100.0 * c.n / (ms * 1e6) / g_copy_gbps, c.cub_ms / ms,
              attr.numRegs, per_sm, verdict.c_str());
}

template <class Kernel>
int resident(Kernel kernel, int threads, size_t shared) {
  if (shared > 48 * 1024)
    CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, shared));
  return std::max(1, per_sm) * sms();
}

void app_case(const Case& c) {
  auto k = app_u8<512>;
  const int grid = resident(k, 512, 0);
  const double ms = ws::dev::median_ms(
      [&] {
        CK(cudaMemsetAsync(c.hist, 0, 256 * 4));
        k<<<grid, 512>>>(c.in, c.n, c.lut, c.hist);
      },
      g_reps);
  report(c, "app values_u8<512> + memset", ms, reinterpret_cast<const void*>(k), 512, 0, true);
  const double alone =
      ws::dev::median_ms([&] { k<<<grid, 512>>>(c.in, c.n, c.lut, c.hist); }, g_reps);
  report(c, "app values_u8<512> kernel alone", alone, reinterpret_cast<const void*>(k), 512, 0,
         false);
}

template <int T, int U, bool W, bool F>
void pipelined_case(const Case& c) {
  auto k = pipelined_u8<T, U, W, F>;
  const int grid = resident(k, T, 0);
  static uint32_t epoch = 0;
  const double ms = ws::dev::median_ms(
      [&] {
        if (!F) CK(cudaMemsetAsync(c.hist, 0, 256 * 4));
        k<<<grid, T>>>(c.in, c.n, c.lut, c.hist, c.flag, ++epoch);
      },
      g_reps);
  report(c,
         "pipelined<" + std::to_string(T) + "," + std::to_string(U) + (W ? ",word" : "") +
             (F ? ",fused" : ",memset") + ">",
         ms, reinterpret_cast<const void*>(k), T, 0, true);
}

template <int W, int U, bool F>
void private16_case(const Case& c) {
  auto k = private16_u8<W, U, F>;
  const size_t shared = size_t(W) * 4096 * 4;
  const int grid = resident(k, W * 32, shared);
  static uint32_t epoch = 0;
  const double ms = ws::dev::median_ms(
      [&] {
        if (!F) CK(cudaMemsetAsync(c.hist, 0, 256 * 4));
        k<<<grid, W * 32, shared>>>(c.in, c.n, c.lut, c.hist, c.flag, ++epoch);
      },
      g_reps);
  report(c,
         "private16<" + std::to_string(W) + "w," + std::to_string(U) + (F ? ",fused" : ",memset") +
             ">",
         ms, reinterpret_cast<const void*>(k), W * 32, shared, true);
}

template <int T, int U, int B, int M, bool L, bool A, int D>
void tuned_case(const Case& c) {
  auto k = tuned_u8<T, U, B, M, L, A, D>;
  const int grid = resident(k, T, 0);
  static uint32_t epoch = 0;
  const double ms = ws::dev::median_ms(
      [&] { k<<<grid, T>>>(c.in, c.n, c.lut, c.hist, c.flag, ++epoch, 1u); }, g_reps);
  const char* loads[3] = {"ldcs", "ldg", "evict-first"};
  report(c,
         "tuned<" + std::to_string(T) + "x" + std::to_string(U) + ",min" + std::to_string(B) +
             (M == 1   ? ",NO MERGE"
              : M == 2 ? ",rotated"
              : M == 3 ? ",merge4"
                       : "") +
             (L ? ",lean" : "") + (A ? ",add" : "") + "," + loads[D] + ">",
         ms, reinterpret_cast<const void*>(k), T, 0, M != 1);
}

template <int T, int U, int B, int M, int F>
void final_case(const Case& c) {
  auto k = final_u8<T, U, B, M, F>;
  const int grid = resident(k, T, 0);
  static uint32_t epoch = 0;
  const double ms = ws::dev::median_ms(
      [&] {
        if (F == 3) CK(cudaMemsetAsync(c.hist, 0, 256 * 4));
        k<<<grid, T>>>(c.in, c.n, c.lut, c.hist, c.flag, ++epoch);
      },
      g_reps);
  const char* flags[4] = {"poll at end", "early acquire", "early relaxed+fence", "memset"};
  report(c,
         "final<" + std::to_string(T) + "x" + std::to_string(U) + ",min" + std::to_string(B) +
             (M == 1   ? ",NO MERGE"
              : M == 4 ? ",merge4"
              : M == 5 ? ",merge-v4"
                       : ",merge1") +
             "," + flags[F] + ">",
         ms, reinterpret_cast<const void*>(k), T, 0, M != 1);
}

template <int T, int B>
void atomics_case(const Case& c, Dev& sink) {
  auto k = atomics_only_t<T, B>;
  const int grid = resident(k, T, 0);
  const double ms =
      ws::dev::median_ms([&] { k<<<grid, T>>>(c.n / 16, sink.as<uint32_t>()); }, g_reps);
  report(c, "atomics only " + std::to_string(T) + " min" + std::to_string(B), ms,
         reinterpret_cast<const void*>(k), T, 0, false);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::max(1, std::atoi(argv[1]));
  const int side = argc > 2 ? std::atoi(argv[2]) : 8192;
  const int round = argc > 3 ? std::atoi(argv[3]) : 5;
  const int64_t n = int64_t(side) * side;
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  CK(cudaDriverGetVersion(&driver));
  std::printf("%s, %d SMs, driver API %d; %d x %d u8, %d repeats\n", prop.name,
              prop.multiProcessorCount, driver, side, side, g_reps);
  Dev in(n), copy(n), hist(257 * 4), lut(256 * 4), cdf(256 * 4), sink(64);
  uint32_t* flag = hist.as<uint32_t>() + 256;
  CK(cudaMemset(flag, 0, 4));
  {
    std::vector<int> l(256);
    for (int v = 0; v < 256; ++v) l[v] = v;
    CK(cudaMemcpy(lut.p, l.data(), 1024, cudaMemcpyHostToDevice));
    std::vector<float> c(256);
    double total = 0, acc = 0;
    for (int k = 0; k < 256; ++k) total += std::pow(k + 1.0, -1.2);
    for (int k = 0; k < 256; ++k) c[k] = float((acc += std::pow(k + 1.0, -1.2)) / total);
    c[255] = 1.0f;
    CK(cudaMemcpy(cdf.p, c.data(), 1024, cudaMemcpyHostToDevice));
  }
  if (round == 7) {
    f32_round(int64_t{1} << 28, cdf.as<float>());
    return 0;
  }
  double copy_ms = 1e30;
  for (int i = 0; i < 3; ++i)
    copy_ms = std::min(
        copy_ms,
        ws::dev::median_ms([&] { CK(cudaMemcpyAsync(copy.p, in.p, n, cudaMemcpyDeviceToDevice)); },
                           g_reps));
  g_copy_gbps = 2.0 * n / (copy_ms * 1e6);
  std::printf("copy %.4f ms %.0f GB/s (read + written)\n", copy_ms, g_copy_gbps);

  const char* names[5] = {"uniform", "marble", "zipf1.2", "equal", "uniform-app"};
  for (int kind : {0, 4, 1, 2, 3}) {
    if (kind == 4 && round < 5) continue;
    fill_kernel<<<2048, 256>>>(in.as<uint8_t>(), side, kind, cdf.as<float>());
    CK(cudaDeviceSynchronize());
    size_t temp_bytes = 0;
    CK(cub::DeviceHistogram::HistogramEven(nullptr, temp_bytes, in.as<uint8_t>(), hist.as<int>(),
                                           257, 0, 256, n));
    Dev temp(temp_bytes);
    const double cub_ms = ws::dev::median_ms(
        [&] {
          size_t b = temp_bytes;
          CK(cub::DeviceHistogram::HistogramEven(temp.p, b, in.as<uint8_t>(), hist.as<int>(), 257,
                                                 0, 256, n));
        },
        g_reps);
    std::vector<uint32_t> ref(256);
    CK(cudaMemcpy(ref.data(), hist.p, 1024, cudaMemcpyDeviceToHost));
    uint64_t sum = 0;
    for (uint32_t r : ref) sum += r;
    if (sum != uint64_t(n)) std::printf("CUB's counts add up to %llu\n", (unsigned long long)sum);
    const Case c{in.as<uint8_t>(), n,          lut.as<int>(), hist.as<uint32_t>(), flag, &ref,
                 cub_ms,           names[kind]};
    std::printf("%-10s CUB HistogramEven %.4f ms  %5.1f%% copy\n", names[kind], cub_ms,
                100.0 * n / (cub_ms * 1e6) / g_copy_gbps);
    if (kind == 0) {
      for (int u : {1, 2, 4}) {
        const int64_t vectors = n / 16;
        auto run_read = [&](auto k, int threads) {
          const int grid = resident(k, threads, 0);
          const double ms = ws::dev::median_ms(
              [&] { k<<<grid, threads>>>(in.as<uint4>(), vectors, sink.as<uint32_t>()); }, g_reps);
          report(c, "read only 512 x" + std::to_string(u), ms, reinterpret_cast<const void*>(k),
                 threads, 0, false);
        };
        if (u == 1) run_read(read_only<512, 1>, 512);
        if (u == 2) run_read(read_only<512, 2>, 512);
        if (u == 4) run_read(read_only<512, 4>, 512);
      }
      auto ka = atomics_only<512>;
      const int grid = resident(ka, 512, 0);
      const double ams =
          ws::dev::median_ms([&] { ka<<<grid, 512>>>(n / 16, sink.as<uint32_t>()); }, g_reps);
      report(c, "shared atomics only (no loads)", ams, reinterpret_cast<const void*>(ka), 512, 0,
             false);
      const double mems = ws::dev::median_ms([&] { CK(cudaMemsetAsync(hist.p, 0, 1024)); }, g_reps);
      std::printf("%-10s %-34s %.4f ms\n", names[kind], "memset of the 256 counters", mems);
    }
    app_case(c);
    if (round == 1) {
      pipelined_case<512, 2, true, false>(c);
      pipelined_case<512, 2, false, false>(c);
      pipelined_case<512, 4, false, false>(c);
      pipelined_case<256, 4, false, false>(c);
      pipelined_case<1024, 2, false, false>(c);
      pipelined_case<512, 2, true, true>(c);
      pipelined_case<512, 2, false, true>(c);
      private16_case<4, 4, false>(c);
      private16_case<4, 8, false>(c);
      private16_case<6, 4, false>(c);
      private16_case<12, 4, false>(c);
      private16_case<13, 4, false>(c);
      private16_case<4, 4, true>(c);
      private16_case<4, 8, true>(c);
      continue;
    }
    if (round == 2) {
      if (kind == 0) {
        atomics_case<512, 4>(c, sink);
        atomics_case<512, 2>(c, sink);
        atomics_case<1024, 1>(c, sink);
        atomics_case<256, 8>(c, sink);
      }
      tuned_case<512, 2, 2, 0, false, false, 0>(c);
      tuned_case<512, 2, 3, 0, false, false, 0>(c);
      tuned_case<512, 2, 4, 0, false, false, 0>(c);
      tuned_case<768, 2, 1, 0, false, false, 0>(c);
      tuned_case<768, 2, 2, 0, false, false, 0>(c);
      tuned_case<1024, 1, 1, 0, false, false, 0>(c);
      tuned_case<1024, 2, 1, 0, false, false, 0>(c);
      tuned_case<1024, 3, 1, 0, false, false, 0>(c);
      tuned_case<1024, 2, 1, 1, false, false, 0>(c);
      tuned_case<1024, 2, 1, 2, false, false, 0>(c);
      tuned_case<1024, 2, 1, 0, true, false, 0>(c);
      tuned_case<1024, 2, 1, 0, false, true, 0>(c);
      tuned_case<1024, 2, 1, 0, true, true, 0>(c);
      tuned_case<1024, 2, 1, 0, false, false, 1>(c);
      tuned_case<1024, 2, 1, 0, false, false, 2>(c);
      tuned_case<512, 2, 2, 0, true, false, 0>(c);
      tuned_case<512, 2, 2, 2, true, false, 2>(c);
      continue;
    }
    if (round == 3) {
      // Round 3: the merge four threads a value, the flag loaded early.
      tuned_case<1024, 2, 1, 0, true, false, 0>(c);
      tuned_case<1024, 2, 1, 1, true, false, 0>(c);
      tuned_case<1024, 2, 1, 3, true, false, 0>(c);
      tuned_case<1024, 2, 1, 3, true, false, 1>(c);
      tuned_case<1024, 2, 1, 3, true, false, 2>(c);
      tuned_case<1024, 3, 1, 3, true, false, 0>(c);
      tuned_case<768, 2, 1, 3, true, false, 0>(c);
      tuned_case<768, 2, 2, 3, true, false, 0>(c);
      tuned_case<512, 2, 2, 3, true, false, 0>(c);
      tuned_case<1024, 2, 1, 3, true, true, 0>(c);
      continue;
    }
    if (round == 4) {
      // Round 4: merge and flag apart.
      for (int twice = 0; twice < 2; ++twice) {
        final_case<1024, 2, 1, 1, 0>(c);
        final_case<1024, 2, 1, 0, 0>(c);
        final_case<1024, 2, 1, 0, 1>(c);
        final_case<1024, 2, 1, 0, 2>(c);
        final_case<1024, 2, 1, 0, 3>(c);
        final_case<1024, 2, 1, 4, 0>(c);
        final_case<1024, 2, 1, 4, 2>(c);
        final_case<768, 2, 1, 0, 0>(c);
        final_case<768, 2, 1, 4, 2>(c);
        final_case<768, 2, 2, 0, 2>(c);
      }
      continue;
    }
    // Round 5: the merge in 16-byte loads, fused or after a memset, three times in turn.
    for (int thrice = 0; thrice < 3; ++thrice) {
      final_case<1024, 2, 1, 1, 3>(c);
      final_case<1024, 2, 1, 0, 3>(c);
      final_case<1024, 2, 1, 0, 0>(c);
      final_case<1024, 2, 1, 5, 3>(c);
      final_case<1024, 2, 1, 5, 0>(c);
    }
  }
  return 0;
}
