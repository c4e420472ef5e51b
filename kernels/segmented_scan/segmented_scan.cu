// Segmented scan on CUDA: the teach kernel (a segmented Kogge-Stone in one block, recorded with
// DeviceTrace: the same trace as segmented_cpu.cpp's twin) and fast mode at any n.
//
// teach (shown in the code panel between "@variant teach" and its "@end")
//   segmented_kogge_stone  one element per thread; per stride s a thread whose flag is clear
//                          combines values[t - s] into values[t] and ORs flags[t - s] into its
//                          flag. Work <= n log2 n - (n - 1), steps log2 n, 2 barriers per step.
// fast
//   scan_tiles_kernel      each block scans a tile of 256 x 8 elements: every thread scans its 8
//                          serially, the threads' (value, flag) aggregates are scanned across
//                          the block with the segmented operator (warp shuffles), carried back.
//   scan_aggregates_kernel one block of 1024 threads scans the tile aggregates in order.
//   add_carry_kernel       a tile's elements before its first head get the previous tile's
//                          running value; exclusive results are shifted by one (shift_kernel).
//   Work O(n), 3 or 4 launches.
#include <algorithm>
#include <string>

#include "common/cuda_check.cuh"
#include "common/cuda_timer.cuh"
#include "common/device_buffer.cuh"
#include "common/device_trace.cuh"
#include "common/op_dispatch.h"
#include "common/trace_download.cuh"
#include "segmented_internal.h"

namespace ws::segscan {

namespace {

enum Buf { kInput = 0, kHeads, kOutput, kValues, kFlags };
enum Phase { kLoad = 0, kStride, kStore };

// @variant teach
template <class T, class Rec>
__global__ void segmented_kogge_stone(const T* input, const T* heads, T* output, int n, BinaryOp op,
                                      bool inclusive, Rec rec) {
  extern __shared__ unsigned char shared_bytes[];
  T* values = reinterpret_cast<T*>(shared_bytes);
  T* flags = values + blockDim.x;
  const int t = threadIdx.x;
  const bool valid = t < n;
  rec.begin(kLoad);
  if (valid) {
    const T h = t == 0 ? T(1) : rec.read(kHeads, t, heads[t]);  // position 0 starts a segment
    T v;
    if (inclusive) {
      v = rec.read(kInput, t, input[t]);
    } else {
      v = h != T(0) ? identity_of<T>(op) : rec.read(kInput, t - 1, input[t - 1]);
    }
    values[t] = rec.write(kValues, t, v);  // @load
    flags[t] = rec.write(kFlags, t, h);
  }
  __syncthreads();
  for (int s = 1, level = 0; s < static_cast<int>(blockDim.x); s *= 2, ++level) {
    rec.begin(kStride, level);
    bool combine = false;
    T r = T(0), f = T(0);
    if (valid && t >= s && rec.read(kFlags, t, flags[t]) == T(0)) {
      combine = true;
      const T a = rec.read(kValues, t - s, values[t - s]);
      const T b = rec.read(kValues, t, values[t]);
      r = rec.op(kValues, t, apply_op(op, a, b));  // @seg-step
      f = rec.read(kFlags, t - s, flags[t - s]);
    }
    __syncthreads();
    if (combine) {
      values[t] = rec.write(kValues, t, r);
      flags[t] = rec.write(kFlags, t, f);
    }
    __syncthreads();
  }
  rec.begin(kStore);
  if (valid) output[t] = rec.write(kOutput, t, rec.read(kValues, t, values[t]));  // @store
}

// @end

template <class T>
TeachRun teach_typed(const Params& p, const Segments& s) {
  TeachRun run = teach_cpu(p, s);  // the trace's buffers and steps, and the events to expect
  Trace& trace = run.trace;
  size_t expected = 0;
  for (TraceStep& step : trace.steps) {
    expected += step.events.size();
    step.events.clear();
  }
  const int n = static_cast<int>(s.values.size());
  if (n == 0) return run;
  const int B = teach_block_dim(p, n);
  std::vector<T> input(n), heads(n);
  for (int i = 0; i < n; ++i) {
    input[i] = to_element<T>(s.values[i]);
    heads[i] = T(s.heads[i] ? 1 : 0);
  }
  const size_t capacity = expected + 1024;
  require_device_memory(capacity * sizeof(TraceEvent) + 3 * n * sizeof(T),
                        "segmented scan teach mode");
  DeviceBuffer<TraceEvent> events(capacity);
  DeviceBuffer<unsigned long long> count(1);
  count.fill_zero();
  DeviceBuffer<T> d_input(n), d_heads(n), d_output(n);
  d_input.upload(input);
  d_heads.upload(heads);
  DeviceTrace rec{};
  rec.events = events.data();
  rec.count = count.data();
  rec.capacity = capacity;
  for (int b = kInput; b <= kFlags; ++b) rec.buffers[b] = static_cast<int16_t>(b);
  int levels = 0;
  while ((1 << levels) < B) ++levels;
  rec.phases[kLoad] = 0;
  rec.phases[kStride] = 1;
  rec.phases[kStore] = 1 + levels;
  rec.step = 0;
  segmented_kogge_stone<T><<<1, B, 2 * B * sizeof(T)>>>(d_input.data(), d_heads.data(),
                                                        d_output.data(), n, p.op, p.inclusive, rec);
  WS_CUDA_CHECK_LAUNCH();
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  download_trace_events(events, count, capacity, expected, trace);
  const std::vector<T> result = d_output.download();
  run.result.assign(result.begin(), result.end());
  return run;
}

// ---------------------------------------------------------------------------------------------
// Fast mode: (value, flag) pairs under the segmented operator, which is associative:
// (a, fa) + (b, fb) = (fb ? b : a op b, fa | fb).
constexpr int kItems = 8;
constexpr int kTileThreads = 256;
constexpr int kTile = kTileThreads * kItems;
constexpr int kAggregateThreads = 1024;

template <class T>
struct Seg {
  T v;
  bool f;
};

template <class T>
__device__ Seg<T> combine(BinaryOp op, Seg<T> a, Seg<T> b) {
  return {b.f ? b.v : apply_op(op, a.v, b.v), a.f || b.f};
}

// Exclusive scan of one pair per thread across the block (the identity pair first); *total gets
// the block's aggregate. Every thread calls it.
template <class T, int THREADS>
__device__ Seg<T> block_exclusive_seg(BinaryOp op, Seg<T> x, Seg<T>* total) {
  __shared__ T warp_v[THREADS / 32];
  __shared__ bool warp_f[THREADS / 32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  Seg<T> inc = x;
  for (int d = 1; d < 32; d *= 2) {
    Seg<T> other;
    other.v = __shfl_up_sync(0xffffffffu, inc.v, d);
    other.f = __shfl_up_sync(0xffffffffu, static_cast<int>(inc.f), d) != 0;
    if (lane >= d) inc = combine(op, other, inc);
  }
  if (lane == 31) {
    warp_v[warp] = inc.v;
    warp_f[warp] = inc.f;
  }
  __syncthreads();
  const Seg<T> identity{identity_of<T>(op), false};
  if (warp == 0) {
    Seg<T> w = lane < THREADS / 32 ? Seg<T>{warp_v[lane], warp_f[lane]} : identity;
    for (int d = 1; d < 32; d *= 2) {
      Seg<T> other;
      other.v = __shfl_up_sync(0xffffffffu, w.v, d);
      other.f = __shfl_up_sync(0xffffffffu, static_cast<int>(w.f), d) != 0;
      if (lane >= d) w = combine(op, other, w);
    }
    if (lane < THREADS / 32) {
      warp_v[lane] = w.v;
      warp_f[lane] = w.f;
    }
  }
  __syncthreads();
  const Seg<T> warp_before = warp > 0 ? Seg<T>{warp_v[warp - 1], warp_f[warp - 1]} : identity;
  *total = Seg<T>{warp_v[THREADS / 32 - 1], warp_f[THREADS / 32 - 1]};
  // The exclusive prefix: the warps before, then the lanes before (inc without x).
  Seg<T> lanes_before;
  lanes_before.v = __shfl_up_sync(0xffffffffu, inc.v, 1);
  lanes_before.f = __shfl_up_sync(0xffffffffu, static_cast<int>(inc.f), 1) != 0;
  if (lane == 0) lanes_before = identity;
  __syncthreads();
  return combine(op, warp_before, lanes_before);
}

// Scans kItems * THREADS pairs starting at `base` (thread-major: kItems consecutive per thread),
// after `carry`; writes the inclusive results and returns carry + the tile's aggregate.
template <class T, int THREADS>
__device__ Seg<T> scan_tile(BinaryOp op, const T* values, const uint8_t* heads, T* out,
                            uint8_t* out_heads, int64_t base, int64_t n, Seg<T> carry) {
  const int64_t first = base + static_cast<int64_t>(threadIdx.x) * kItems;
  Seg<T> local[kItems];
  Seg<T> acc{identity_of<T>(op), false};
#pragma unroll
  for (int k = 0; k < kItems; ++k) {
    const int64_t i = first + k;
    const Seg<T> x =
        i < n ? Seg<T>{values[i], heads[i] != 0 || i == 0} : Seg<T>{identity_of<T>(op), false};
    acc = combine(op, acc, x);
    local[k] = acc;
  }
  Seg<T> total;
  const Seg<T> before = combine(op, carry, block_exclusive_seg<T, THREADS>(op, acc, &total));
#pragma unroll
  for (int k = 0; k < kItems; ++k) {
    const int64_t i = first + k;
    if (i < n) {
      const Seg<T> r = combine(op, before, local[k]);
      out[i] = r.v;
      if (out_heads != nullptr) out_heads[i] = r.f;
    }
  }
  return combine(op, carry, total);
}

template <class T>
__global__ void __launch_bounds__(kTileThreads)
    scan_tiles_kernel(BinaryOp op, const T* in, const uint8_t* heads, T* out, int64_t n, T* tile_v,
                      uint8_t* tile_f, int64_t* first_head) {
  __shared__ int64_t first;
  const int64_t base = static_cast<int64_t>(blockIdx.x) * kTile;
  if (threadIdx.x == 0) first = base + kTile;
  __syncthreads();
  for (int k = threadIdx.x; k < kTile; k += kTileThreads) {
    const int64_t i = base + k;
    if (i < n && (heads[i] != 0 || i == 0)) atomicMin(reinterpret_cast<long long*>(&first), i);
  }
  const Seg<T> identity{identity_of<T>(op), false};
  const Seg<T> agg =
      scan_tile<T, kTileThreads>(op, in, heads, out, nullptr, base, n, identity);  // syncs inside
  if (threadIdx.x == 0) {
    tile_v[blockIdx.x] = agg.v;
    tile_f[blockIdx.x] = agg.f;
    first_head[blockIdx.x] = first;
  }
}

template <class T>
__global__ void __launch_bounds__(kAggregateThreads)
    scan_aggregates_kernel(BinaryOp op, T* tile_v, uint8_t* tile_f, int64_t tiles) {
  Seg<T> carry{identity_of<T>(op), false};
  for (int64_t base = 0; base < tiles; base += kItems * kAggregateThreads) {
    carry = scan_tile<T, kAggregateThreads>(op, tile_v, tile_f, tile_v, tile_f, base, tiles, carry);
    __syncthreads();
  }
}

template <class T>
__global__ void add_carry_kernel(BinaryOp op, T* out, int64_t n, const T* tile_inclusive,
                                 const int64_t* first_head) {
  if (blockIdx.x == 0) return;
  const T carry = tile_inclusive[blockIdx.x - 1];
  const int64_t base = static_cast<int64_t>(blockIdx.x) * kTile;
  const int64_t end = min(first_head[blockIdx.x], n);
  for (int64_t i = base + threadIdx.x; i < end; i += blockDim.x)
    out[i] = apply_op(op, carry, out[i]);
}

template <class T>
__global__ void shift_kernel(BinaryOp op, const T* inclusive, const uint8_t* heads, T* out,
                             int64_t n) {
  const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) out[i] = (i == 0 || heads[i] != 0) ? identity_of<T>(op) : inclusive[i - 1];
}

template <class T>
scan::FastRun fast_typed(const Params& p, const T* host_in, const uint8_t* host_heads, T* host_out,
                         int64_t n, int repeats) {
  scan::FastRun run;
  run.n = n;
  if (n == 0) return run;
  const int64_t tiles = (n + kTile - 1) / kTile;
  require_device_memory(static_cast<size_t>(n) * (3 * sizeof(T) + 1) + tiles * 24 + (16 << 20),
                        "segmented scan fast mode");
  DeviceBuffer<T> d_in(n), d_out(n), d_inclusive(p.inclusive ? 0 : n), tile_v(tiles);
  DeviceBuffer<uint8_t> d_heads(n), tile_f(tiles);
  DeviceBuffer<int64_t> first_head(tiles);
  d_in.upload(host_in, n);
  d_heads.upload(host_heads, n);
  T* scanned = p.inclusive ? d_out.data() : d_inclusive.data();
  const unsigned grid = static_cast<unsigned>(tiles);
  run.median_ms = median_ms(
      [&] {
        scan_tiles_kernel<T><<<grid, kTileThreads>>>(p.op, d_in.data(), d_heads.data(), scanned, n,
                                                     tile_v.data(), tile_f.data(),
                                                     first_head.data());
        WS_CUDA_CHECK_LAUNCH();
        if (tiles > 1) {
          scan_aggregates_kernel<T>
              <<<1, kAggregateThreads>>>(p.op, tile_v.data(), tile_f.data(), tiles);
          WS_CUDA_CHECK_LAUNCH();
          add_carry_kernel<T>
              <<<grid, kTileThreads>>>(p.op, scanned, n, tile_v.data(), first_head.data());
          WS_CUDA_CHECK_LAUNCH();
        }
        if (!p.inclusive) {
          shift_kernel<T><<<static_cast<unsigned>((n + 255) / 256), 256>>>(
              p.op, scanned, d_heads.data(), d_out.data(), n);
          WS_CUDA_CHECK_LAUNCH();
        }
      },
      1, std::max(1, repeats));
  if (host_out != nullptr) d_out.download(host_out, n);
  run.gbps = segmented_gbps(n, run.median_ms);
  return run;
}

}  // namespace

TeachRun teach_cuda(const Params& p, const Segments& s) {
  WS_REQUIRE(s.heads.size() == s.values.size(), "segments need one head flag per value");
  validate(p, static_cast<int64_t>(s.values.size()), true);
  return dispatch_type(p.type,
                       [&](auto tag) { return teach_typed<typename decltype(tag)::type>(p, s); });
}

scan::FastRun fast_cuda(const Params& p, const void* in, const uint8_t* heads, void* out, int64_t n,
                        int repeats) {
  validate(p, n, false);
  return dispatch_type(p.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return fast_typed(p, static_cast<const T*>(in), heads, static_cast<T*>(out), n, repeats);
  });
}

}  // namespace ws::segscan
