// Variant 8, warp-aggregated: the fastest kernel we could make (n samples, B bins). Every block
// keeps its own sub-histogram in shared memory, reads its samples 16 bytes at a time (uint4 /
// float4, grid-stride) and merges into the global counters once at the end: work n shared updates
// + blocks x B merge reads, steps n / p + B / block. The grid is as many blocks as fit on the
// device at once. u8, and f32 up to 256 bins: 1024 threads, one block an SM, each loading its next
// 2 vectors (streaming) before it counts the 2 it has; f32 over more bins: 512 or 1024 threads, 4
// loads in flight a thread, then their counts. The layout depends on the samples and B:
//   u8 samples (any B)  a histogram of the 256 sample VALUES, striped by lane: h[value][lane],
//                       32 KiB. The lanes of one warp instruction never share an address (no
//                       serialization inside a warp, whatever the data) and lane l always hits
//                       bank l (no bank conflicts). The merge sums a value's 32 columns and adds
//                       them to hist[bin_of(value)] (the 256-entry table): bins identical to the
//                       CPU's. 16 bytes of one value are one add of 16, and a thread's run of
//                       such vectors one add when the value changes (flat regions, the Black
//                       Marble's black sky, all-equal). At 8192 x 8192 on an H200 the kernel runs
//                       at the shared atomics' rate (one a sample), which is about the HBM's.
//   f32, B <= 256       the same striped layout over the bins: h[bin][lane].
//   f32, B <= 24576     one u32 copy per block (up to 96 KiB); a thread adds a run of equal bins
//                       among its 4 samples at once, and a warp whose 128 samples share one bin
//                       adds them with one atomic from lane 0 (__all_sync): all-equal data does
//                       not serialize.
//   f32, larger B       two 16-bit counters per 32-bit word (65536 bins: 128 KiB); the add that
//                       takes a counter across 0x4000 subtracts 0x4000 from it and adds 0x4000 to
//                       the global counter; the rest is merged at the end. A counter overflows
//                       only if 49151 more counts land on it between the crossing add and its
//                       subtraction, which the crossing thread issues next: GPUs do not promise
//                       that order, so this is an assumption that holds in practice (the 65536-bin
//                       all-equal test at 2^24 samples exercises it), not a proof.
// The teach trace and the contention model follow the textbook schedule of 8 (__match_any_sync
// groups adding to per-warp sub-histograms); this kernel gives the same counts faster.
#include <algorithm>
#include <map>
#include <mutex>
#include <tuple>

#include "../common/cuda_check.cuh"
#include "histogram_fast.cuh"

namespace ws::histogram {

namespace {

constexpr unsigned kFull = 0xFFFFFFFFu;
constexpr int kStripedBins = 256;
constexpr int kCopyBins = 24576;
constexpr int kUnroll = 4;  // f32: vectors a thread loads before it counts them

// The stride loop both kernels share: counts vec[j + offset], vec[j + offset + p], ... while
// j + (kLoads - 1) * p < limit, kLoads vectors at a time. Pipelined, the next kLoads are loaded
// (streaming: read once) before the current ones are counted, so the loads are in flight while the
// atomics run; otherwise kLoads are loaded, then counted. Returns where it stopped (the caller
// counts the rest one at a time). j and limit are warp-uniform when the caller needs whole warps.
template <int kLoads, bool kPipelined, class V, class Count>
__device__ __forceinline__ int64_t count_in_strides(const V* vec, int64_t offset, int64_t j,
                                                    int64_t p, int64_t limit, Count&& count) {
  if (!kPipelined) {
    for (; j + (kLoads - 1) * p < limit; j += kLoads * p) {
      V q[kLoads];
#pragma unroll
      for (int u = 0; u < kLoads; ++u) q[u] = __ldg(vec + j + offset + u * p);
#pragma unroll
      for (int u = 0; u < kLoads; ++u) count(q[u]);
    }
    return j;
  }
  if (j + (kLoads - 1) * p >= limit) return j;
  V cur[kLoads];
#pragma unroll
  for (int u = 0; u < kLoads; ++u) cur[u] = __ldcs(vec + j + offset + u * p);
  for (;;) {
    j += kLoads * p;
    const bool more = j + (kLoads - 1) * p < limit;
    V next[kLoads];
    if (more) {
#pragma unroll
      for (int u = 0; u < kLoads; ++u) next[u] = __ldcs(vec + j + offset + u * p);
    }
#pragma unroll
    for (int u = 0; u < kLoads; ++u) count(cur[u]);
    if (!more) return j;
#pragma unroll
    for (int u = 0; u < kLoads; ++u) cur[u] = next[u];
  }
}

// ---- u8 samples: the striped histogram of the 256 values.
constexpr int kThreadsU8 = 1024;  // one block an SM (64 registers a thread)
constexpr int kUnrollU8 = 2;      // vectors a thread counts while the next kUnrollU8 arrive

// The four samples of a word, each one shared atomic at byte offset (value * 32 + lane) * 4:
// (w << 7) & 0x7F80 is byte 0's value times 128, and so on (two instructions a sample).
__device__ __forceinline__ void add_word(uint32_t* h, uint32_t w, uint32_t lane4) {
  char* base = reinterpret_cast<char*>(h);
  atomicAdd(reinterpret_cast<uint32_t*>(base + (((w << 7) & 0x7F80u) | lane4)), 1u);
  atomicAdd(reinterpret_cast<uint32_t*>(base + (((w >> 1) & 0x7F80u) | lane4)), 1u);
  atomicAdd(reinterpret_cast<uint32_t*>(base + (((w >> 9) & 0x7F80u) | lane4)), 1u);
  atomicAdd(reinterpret_cast<uint32_t*>(base + (((w >> 17) & 0x7F80u) | lane4)), 1u);
}
// A thread keeps the run of uniform vectors it is reading (value, count) in registers and adds it
// with one atomic when the value changes: a flat region (all-equal data, the Black Marble's black
// sky) costs one shared atomic per run instead of one per 16 bytes, and the warps of a block stop
// queueing on the same 32 addresses.
struct U8Run {
  uint32_t value = 0, count = 0;
  __device__ void flush(uint32_t* h, int lane) {
    if (count != 0) atomicAdd(&h[value * 32 + lane], count);
    count = 0;
  }
};
__device__ __forceinline__ void add_vector(uint32_t* h, uint4 q, int lane, U8Run& run) {
  if (q.x == q.y && q.x == q.z && q.x == q.w && q.x == (q.x & 0xFFu) * 0x01010101u) {
    const uint32_t v = q.x & 0xFFu;
    if (v != run.value) {
      run.flush(h, lane);
      run.value = v;
    }
    run.count += 16;  // at most n / threads: far below 2^32
    return;
  }
  const uint32_t lane4 = uint32_t(lane) * 4;
  add_word(h, q.x, lane4);
  add_word(h, q.y, lane4);
  add_word(h, q.z, lane4);
  add_word(h, q.w, lane4);
}

__global__ void __launch_bounds__(kThreadsU8, 1)
    values_u8(const uint8_t* __restrict__ in, int64_t n, const int* __restrict__ lut,
              uint32_t* __restrict__ hist) {
  __shared__ uint32_t h[256 * 32];
  for (int j = threadIdx.x; j < 256 * 32; j += kThreadsU8) h[j] = 0;
  __syncthreads();
  const int lane = threadIdx.x & 31;
  const int64_t g = int64_t(blockIdx.x) * kThreadsU8 + threadIdx.x;
  const int64_t p = int64_t(gridDim.x) * kThreadsU8;
  const int64_t head = min(n, int64_t((16 - (reinterpret_cast<uintptr_t>(in) & 15)) & 15));
  if (g < head) atomicAdd(&h[in[g] * 32 + lane], 1u);
  const uint4* vec = reinterpret_cast<const uint4*>(in + head);
  const int64_t vectors = (n - head) / 16;
  U8Run run;
  int64_t j = count_in_strides<kUnrollU8, true>(vec, 0, g, p, vectors,
                                                [&](uint4 q) { add_vector(h, q, lane, run); });
  for (; j < vectors; j += p) add_vector(h, __ldcs(vec + j), lane, run);
  run.flush(h, lane);
  for (int64_t i = head + vectors * 16 + g; i < n; i += p) atomicAdd(&h[in[i] * 32 + lane], 1u);
  __syncthreads();
  for (int v = threadIdx.x; v < 256; v += kThreadsU8) {
    uint32_t sum = 0;
    for (int l = 0; l < 32; ++l) sum += h[v * 32 + ((l + v) & 31)];  // bank (l + v) % 32
    const int k = lut[v];
    if (sum != 0 && k >= 0) atomicAdd(&hist[k], sum);
  }
}

// ---- f32 samples: where a block's counts go.
struct StripedSink {  // h[bin][lane]
  uint32_t* h;
  int lane;
  static constexpr bool kWarpUniform = false;  // lanes never collide: nothing to gain
  static constexpr int kMostBins = kStripedBins;
  __device__ static StripedSink make(uint32_t* smem, uint32_t*, int lane) { return {smem, lane}; }
  __host__ __device__ static size_t words(int count) { return size_t(count) * 32; }
  __device__ void add(int k, uint32_t c) const { atomicAdd(&h[k * 32 + lane], c); }
  __device__ uint32_t total(int k) const {
    uint32_t sum = 0;
    for (int l = 0; l < 32; ++l) sum += h[k * 32 + ((l + k) & 31)];
    return sum;
  }
};
struct CopySink {  // h[bin]
  uint32_t* h;
  static constexpr bool kWarpUniform = true;
  static constexpr int kMostBins = kCopyBins;
  __device__ static CopySink make(uint32_t* smem, uint32_t*, int) { return {smem}; }
  __host__ __device__ static size_t words(int count) { return size_t(count); }
  __device__ void add(int k, uint32_t c) const { atomicAdd(&h[k], c); }
  __device__ uint32_t total(int k) const { return h[k]; }
};
struct Packed16Sink {  // bin k in the (k & 1) half of h[k / 2]
  uint32_t* h;
  uint32_t* hist;
  static constexpr bool kWarpUniform = true;
  static constexpr int kMostBins = kMaxBins;
  __device__ static Packed16Sink make(uint32_t* smem, uint32_t* hist, int) { return {smem, hist}; }
  __host__ __device__ static size_t words(int count) { return size_t(count + 1) / 2; }
  __device__ void add(int k, uint32_t c) const {
    const int shift = (k & 1) * 16;
    const uint32_t before = (atomicAdd(&h[k >> 1], c << shift) >> shift) & 0xFFFFu;
    if (before < 0x4000u && before + c >= 0x4000u) {  // this add crossed 0x4000: move it out
      atomicSub(&h[k >> 1], 0x4000u << shift);
      atomicAdd(&hist[k], 0x4000u);
    }
  }
  __device__ uint32_t total(int k) const { return (h[k >> 1] >> ((k & 1) * 16)) & 0xFFFFu; }
};

// The 4 bins of one float4 (-1 outside the range) into the sink: one add per run of equal bins;
// with kWarpUniform, one add by lane 0 when the warp's 128 samples share a bin. `valid`: this lane
// has a vector (every lane of the warp calls this together).
template <class Sink>
__device__ __forceinline__ void add_bins(const Sink& s, int k0, int k1, int k2, int k3, bool valid,
                                         int lane) {
  const bool same = valid && k0 == k1 && k0 == k2 && k0 == k3;
  if (Sink::kWarpUniform) {
    const int k_lane0 = __shfl_sync(kFull, k0, 0);
    if (__all_sync(kFull, same && k0 == k_lane0)) {
      if (lane == 0 && k0 >= 0) s.add(k0, 128u);
      return;
    }
  }
  if (!valid) return;
  if (same) {
    if (k0 >= 0) s.add(k0, 4u);
    return;
  }
  // Runs of equal neighbours: k0 k0 k2 k2 -> two adds of 2, and so on.
  int run = k0;
  uint32_t len = 1;
  const int rest[3] = {k1, k2, k3};
#pragma unroll
  for (int r = 0; r < 3; ++r) {
    if (rest[r] == run) {
      ++len;
    } else {
      if (run >= 0) s.add(run, len);
      run = rest[r], len = 1;
    }
  }
  if (run >= 0) s.add(run, len);
}

// kLoads, kPipelined: count_in_strides.
template <class Sink, int kThreads, int kLoads, bool kPipelined>
__global__ void __launch_bounds__(kThreads)
    bins_f32(const float* __restrict__ in, int64_t n, BinSpec b, uint32_t* __restrict__ hist) {
  extern __shared__ uint32_t smem[];
  const int count = b.count;
  const size_t words = Sink::words(count);
  for (size_t j = threadIdx.x; j < words; j += kThreads) smem[j] = 0;
  __syncthreads();
  const int lane = threadIdx.x & 31;
  const Sink s = Sink::make(smem, hist, lane);
  const int64_t g = int64_t(blockIdx.x) * kThreads + threadIdx.x;
  const int64_t p = int64_t(gridDim.x) * kThreads;
  const int64_t head = min(n, int64_t(((16 - (reinterpret_cast<uintptr_t>(in) & 15)) & 15) / 4));
  if (g < head) {
    const int k = bin_of(in[g], b);
    if (k >= 0) s.add(k, 1u);
  }
  const float4* vec = reinterpret_cast<const float4*>(in + head);
  const int64_t vectors = (n - head) / 4;
  // The warp's lanes loop together (warp-uniform trip counts) for the __all_sync in add_bins.
  int64_t w = g - lane;  // the warp's first thread
  // The last 31 vectors are left to the loop below, which has lanes without a vector.
  w = count_in_strides<kLoads, kPipelined>(vec, lane, w, p, vectors - 31, [&](float4 q) {
    add_bins(s, bin_of(q.x, b), bin_of(q.y, b), bin_of(q.z, b), bin_of(q.w, b), true, lane);
  });
  for (; w < vectors; w += p) {
    const int64_t j = w + lane;
    const bool valid = j < vectors;
    const float4 q = valid ? __ldg(vec + j) : make_float4(0, 0, 0, 0);
    add_bins(s, bin_of(q.x, b), bin_of(q.y, b), bin_of(q.z, b), bin_of(q.w, b), valid, lane);
  }
  for (int64_t i = head + vectors * 4 + g; i < n; i += p) {
    const int k = bin_of(in[i], b);
    if (k >= 0) s.add(k, 1u);
  }
  __syncthreads();
  for (int k = threadIdx.x; k < count; k += kThreads) {
    const uint32_t c = s.total(k);
    if (c != 0) atomicAdd(&hist[k], c);
  }
}

// Blocks of `kernel` that fit on one SM, asked once per (kernel, threads, shared bytes): the
// occupancy query costs microseconds of host time, which a timed launch would include.
int blocks_per_sm(const void* kernel, int threads, size_t shared) {
  static std::mutex mutex;
  static std::map<std::tuple<const void*, int, size_t>, int> known;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto key = std::make_tuple(kernel, threads, shared);
  const auto it = known.find(key);
  if (it != known.end()) return it->second;
  int per_sm = 0;
  WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, shared));
  known[key] = std::max(1, per_sm);
  return known[key];
}

int device_sms() {
  static const int sms = [] {
    int device = 0, count = 0;
    WS_CUDA_CHECK(cudaGetDevice(&device));
    WS_CUDA_CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device));
    return count;
  }();
  return sms;
}

// As many blocks as fit on the device at once, but no more than the samples need (one vector of
// 16 bytes per thread at least).
int resident_grid(const void* kernel, int threads, size_t shared, int64_t n, int bytes_per_sample) {
  const int64_t per_sm = blocks_per_sm(kernel, threads, shared);
  const int64_t needed =
      (n * bytes_per_sample + int64_t(threads) * 16 - 1) / (int64_t(threads) * 16);
  return int(std::max<int64_t>(1, std::min<int64_t>(per_sm * device_sms(), needed)));
}

// The most dynamic shared memory one block may opt in to on this device (227 KiB on an H100,
// about 99 KiB on sm_86 / sm_89, 64 KiB on sm_75).
size_t optin_shared_bytes() {
  static const size_t bytes = [] {
    int device = 0, value = 0;
    WS_CUDA_CHECK(cudaGetDevice(&device));
    WS_CUDA_CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    return size_t(value);
  }();
  return bytes;
}

template <class Sink>
bool fits(int bins) {
  return Sink::words(bins) * sizeof(uint32_t) <= optin_shared_bytes();
}

template <class Sink, int kThreads, int kLoads = kUnroll, bool kPipelined = false>
void launch_f32(const FastArgs& a) {
  const size_t shared = Sink::words(a.bins.count) * sizeof(uint32_t);
  auto kernel = bins_f32<Sink, kThreads, kLoads, kPipelined>;
  // Once per kernel: the most dynamic shared memory any bin count of this layout asks for.
  static const bool sized = [&] {
    const size_t most =
        std::min(Sink::words(Sink::kMostBins) * sizeof(uint32_t), optin_shared_bytes());
    WS_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(most)));
    return true;
  }();
  (void)sized;
  const int grid = resident_grid(reinterpret_cast<const void*>(kernel), kThreads, shared, a.n, 4);
  kernel<<<grid, kThreads, shared>>>(a.f32, a.n, a.bins, a.hist);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace

void launch_warp_aggregated(const FastArgs& a) {
  if (a.n == 0) return;
  if (a.type == SampleType::U8) {
    const int grid = resident_grid(reinterpret_cast<const void*>(values_u8), kThreadsU8, 0, a.n, 1);
    values_u8<<<grid, kThreadsU8>>>(a.u8, a.n, a.lut, a.hist);
    WS_CUDA_CHECK_LAUNCH();
  } else if (a.bins.count <= kStripedBins && fits<StripedSink>(a.bins.count)) {
    launch_f32<StripedSink, 1024, 2, true>(a);  // as the u8 kernel: 1.04x CUB at 2^28, not 0.94x
  } else if (a.bins.count <= kCopyBins && fits<CopySink>(a.bins.count)) {
    launch_f32<CopySink, 512>(a);
  } else if (a.bins.count > kCopyBins && fits<Packed16Sink>(a.bins.count)) {
    launch_f32<Packed16Sink, 1024>(a);
  } else {
    // A GPU with less shared memory per block than this layout needs: the coarsened kernel
    // (variant 6), which walks the bins in windows that fit. Same counts, slower.
    launch_private_shared(Variant::CoarseInterleaved, a);
  }
}

}  // namespace ws::histogram
