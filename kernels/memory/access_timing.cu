// The access patterns at full size, timed (access.h: time_pattern): one thread per element of
// the pattern, 256-thread blocks, f32. Effective bandwidth = the bytes the threads ask for / time.
// Work: one element per thread; one step.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_services.h"
#include "access_shape.h"

namespace ws::mem {

namespace {

constexpr int kTimedBlock = 256;

struct TimedShape {
  int64_t threads = 0;
  int64_t rows = 1;  // column, transpose: elements / width
  int width = 1;
  int stride = 1;
  int offset = 0;
};

// SplitMix64's finaliser: the i-th seeded number on the device.
__device__ uint64_t timed_hash(uint64_t seed, uint64_t i) {
  uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Gather and scatter: uniform over the n elements; local gather: within the element's window.
__global__ void timed_indices(int* idx, int64_t n, uint64_t seed, int window) {
  const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const uint64_t h = timed_hash(seed, uint64_t(i));
  if (window == 0) {
    idx[i] = int(h % uint64_t(n));
    return;
  }
  const int64_t base = i / window * window;
  const int64_t span = window < n - base ? window : n - base;  // the last window may be short
  idx[i] = int(base + int64_t(h % uint64_t(span)));
}

template <int kPattern>
__global__ void timed_access(const float* __restrict__ a, const int* __restrict__ idx,
                             float* __restrict__ out, TimedShape s) {
  const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= s.threads) return;
  if constexpr (kPattern == 1) out[i] = a[i];                                    // row
  if constexpr (kPattern == 2) out[i] = a[(i % s.rows) * s.width + i / s.rows];  // column
  if constexpr (kPattern == 3) out[i] = a[i * s.stride];                         // strided
  if constexpr (kPattern == 4) out[i] = a[i + s.offset];                         // misaligned
  if constexpr (kPattern == 5 || kPattern == 6) out[i] = a[idx[i]];              // gathers
  if constexpr (kPattern == 7) out[idx[i]] = a[i];                               // scatter
  if constexpr (kPattern == 8) out[i] = __fadd_rn(__fadd_rn(a[i], a[i + 1]), a[i + 2]);
  if constexpr (kPattern == 9) out[(i % s.width) * s.rows + i / s.width] = a[i];  // transpose
}

template <int kPattern>
void timed_launch(const float* a, const int* idx, float* out, const TimedShape& s) {
  const int64_t blocks = (s.threads + kTimedBlock - 1) / kTimedBlock;
  timed_access<kPattern><<<static_cast<unsigned>(blocks), kTimedBlock>>>(a, idx, out, s);
  WS_CUDA_CHECK_LAUNCH();
}

void timed_dispatch(Pattern p, const float* a, const int* idx, float* out, const TimedShape& s) {
  switch (p) {
    case Pattern::Row:
      return timed_launch<1>(a, idx, out, s);
    case Pattern::Column:
      return timed_launch<2>(a, idx, out, s);
    case Pattern::Strided:
      return timed_launch<3>(a, idx, out, s);
    case Pattern::Misaligned:
      return timed_launch<4>(a, idx, out, s);
    case Pattern::Gather:
      return timed_launch<5>(a, idx, out, s);
    case Pattern::LocalGather:
      return timed_launch<6>(a, idx, out, s);
    case Pattern::Scatter:
      return timed_launch<7>(a, idx, out, s);
    case Pattern::Stencil:
      return timed_launch<8>(a, idx, out, s);
    default:
      return timed_launch<9>(a, idx, out, s);
  }
}

// Bytes each thread asks for: its reads of a (and idx) and its write.
int64_t timed_bytes_per_thread(Pattern p) {
  if (p == Pattern::Stencil) return 4 * 4;
  if (p == Pattern::Gather || p == Pattern::LocalGather || p == Pattern::Scatter) return 3 * 4;
  return 2 * 4;
}

}  // namespace

PatternTiming time_pattern(const AccessParams& p, int64_t elements, int repeats) {
  AccessParams teach_sized = p;  // the full-size matrix may be wider than a teach run's
  teach_sized.width = p.pattern == Pattern::CornerTurning ? kCornerTile : 1;
  validate(teach_sized);
  WS_REQUIRE(elements >= 4096 && elements <= (int64_t{1} << 30),
             "timing takes 4096..2^30 elements, not " + std::to_string(elements));
  WS_REQUIRE(p.width >= 1 && p.width <= elements,
             "--width " + std::to_string(p.width) + ": timing takes 1.." +
                 std::to_string(elements) + " (the matrix's row)");
  WS_REQUIRE(repeats >= 1, "timing needs at least one repeat, not " + std::to_string(repeats));
  PatternTiming t;
  if (p.pattern == Pattern::CornerTurning) {
    t.note = "corner turning is timed as the transposes (the transpose mode's tiled kernels)";
    return t;
  }
  if (!cuda_device_available()) {
    t.note = cuda_device_description();
    return t;
  }
  TimedShape s;
  s.width = p.width;
  s.rows = elements / p.width;
  s.stride = p.stride;
  s.offset = p.offset;
  switch (p.pattern) {
    case Pattern::Strided:
      s.threads = elements / p.stride;
      break;
    case Pattern::Misaligned:
      s.threads = elements - kMaxOffset;
      break;
    case Pattern::Stencil:
      s.threads = elements - 2;
      break;
    case Pattern::Column:
    case Pattern::Transpose:
      s.threads = s.rows * p.width;
      break;
    default:
      s.threads = elements;
  }
  const bool indexed = p.pattern == Pattern::Gather || p.pattern == Pattern::LocalGather ||
                       p.pattern == Pattern::Scatter;
  require_device_memory(static_cast<size_t>(elements) * 12, "timing an access pattern");
  DeviceBuffer<float> a(static_cast<size_t>(elements)), out(static_cast<size_t>(elements));
  DeviceBuffer<int> idx(indexed ? static_cast<size_t>(elements) : 1);
  WS_CUDA_CHECK(cudaMemset(a.data(), 0, a.bytes()));
  if (indexed) {
    const int window = p.pattern == Pattern::LocalGather ? p.window : 0;
    timed_indices<<<static_cast<unsigned>((elements + 255) / 256), 256>>>(idx.data(), elements,
                                                                          p.seed, window);
    WS_CUDA_CHECK_LAUNCH();
  }
  t.ms = median_ms([&] { timed_dispatch(p.pattern, a.data(), idx.data(), out.data(), s); }, 2,
                   repeats);
  t.useful_bytes = s.threads * timed_bytes_per_thread(p.pattern);
  t.gbps = t.ms > 0 ? double(t.useful_bytes) / (t.ms * 1e6) : 0;
  t.available = true;
  return t;
}

namespace {

BandwidthCurve timed_curve(int64_t elements, int max_x, int repeats, bool by_stride) {
  BandwidthCurve c;
  AccessParams p;
  p.pattern = by_stride ? Pattern::Strided : Pattern::Misaligned;
  for (int x = by_stride ? 1 : 0; x <= max_x; ++x) {
    (by_stride ? p.stride : p.offset) = x;
    const PatternTiming t = time_pattern(p, elements, repeats);
    if (!t.available) {
      c.note = t.note;
      return c;
    }
    c.x.push_back(x);
    c.gbps.push_back(t.gbps);
  }
  c.copy_gbps = copy_bandwidth_gbps_at(Backend::Cuda, std::max<int64_t>(elements * 4, 16 << 20));
  c.available = true;
  return c;
}

}  // namespace

BandwidthCurve bandwidth_vs_stride(int64_t elements, int max_stride, int repeats) {
  WS_REQUIRE(
      max_stride >= 1 && max_stride <= kMaxStride,
      "strides 1.." + std::to_string(kMaxStride) + ", not up to " + std::to_string(max_stride));
  return timed_curve(elements, max_stride, repeats, true);
}

BandwidthCurve bandwidth_vs_offset(int64_t elements, int max_offset, int repeats) {
  WS_REQUIRE(
      max_offset >= 0 && max_offset <= kMaxOffset,
      "offsets 0.." + std::to_string(kMaxOffset) + ", not up to " + std::to_string(max_offset));
  return timed_curve(elements, max_offset, repeats, false);
}

}  // namespace ws::mem
