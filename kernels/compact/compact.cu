// Stream compaction on CUDA: the teach kernels (recorded with the DeviceTrace recorder, the same
// trace as compact_cpu.cpp's twin event for event), the fast kernels over our own scan, and CUB
// DeviceSelect::If as the library.
//
// Variants and their complexity (n elements, B threads per block, G = n / B blocks):
// teach (shown in the code panel between "@variant teach" and its "@end")
//   compact_scan_blocks    predicate flags, block-level Kogge-Stone exclusive scan of the flags,
//                          block sums.            work O(n log B), steps 3 + log2 B
//   compact_block_sums     one thread scans the G block sums serially.   work G, steps 1
//   compact_add_back_scatter  positions += block offset; kept elements scattered. work O(n), 2
// fast
//   count_kept_kernel      per 2048-element tile: kept count (a block reduction)
//   DeviceExclusiveScan    the tile counts' exclusive scan (device_scan.cuh)   work O(n / 2048)
//   scatter_kept_kernel    per tile: warp ballots rank the kept elements, a block scan of the
//                          warp counts orders them, each kept element is written once.
//   Work O(n), 3 launches (+ the scan's), reads the input twice.
#include <cub/device/device_select.cuh>

#include <algorithm>
#include <string>

#include "common/cuda_check.cuh"
#include "common/cuda_timer.cuh"
#include "common/device_buffer.cuh"
#include "common/device_trace.cuh"
#include "common/op_dispatch.h"
#include "common/trace_download.cuh"
#include "compact_internal.h"
#include "compact_predicate.h"
#include "device_scan.cuh"

namespace ws::compact {

namespace {

// Kernel buffer names = Trace::buffers indices (compact_cpu.cpp adds them in this order).
enum Buf { kInput = 0, kFlags, kPositions, kOutput, kXY, kBlockSums, kBlockOffsets, kBufCount };
enum Phase { kPredicate = 0, kLoad, kStride, kStore, kScanSums, kAddBack, kScatter, kPhaseCount };
static_assert(kBufCount <= DeviceTrace::kMaxBuffers && kPhaseCount <= DeviceTrace::kMaxPhases,
              "the recorder's tables are too small");

// @variant teach
template <class T, class Rec>
__global__ void compact_scan_blocks(const T* input, T* flags, T* positions, T* block_sums, int n,
                                    Predicate kind, double threshold, Rec rec) {
  extern __shared__ unsigned char shared_bytes[];
  T* XY = reinterpret_cast<T*>(shared_bytes);
  const int t = threadIdx.x, B = blockDim.x;
  const int i = blockIdx.x * B + t;
  const bool valid = i < n;
  rec.begin(kPredicate);
  if (valid) {
    const T x = rec.read(kInput, i, input[i]);
    flags[i] = rec.write(kFlags, i, T(keeps_value(kind, threshold, x) ? 1 : 0));  // @predicate
  }
  __syncthreads();
  rec.begin(kLoad);
  if (valid)
    XY[t] = rec.write(kXY, t, t > 0 ? rec.read(kFlags, i - 1, flags[i - 1]) : T(0));  // @load
  __syncthreads();
  for (int s = 1, level = 0; s < B; s *= 2, ++level) {
    rec.begin(kStride, level);
    const bool active = valid && t >= s;
    T sum = T(0);
    if (active) {
      const T a = rec.read(kXY, t - s, XY[t - s]);
      const T b = rec.read(kXY, t, XY[t]);
      sum = rec.op(kXY, t, T(a + b));  // @ks-step
    }
    __syncthreads();
    if (active) XY[t] = rec.write(kXY, t, sum);
    __syncthreads();
  }
  rec.begin(kStore);
  if (valid) {
    const T v = rec.read(kXY, t, XY[t]);
    positions[i] = rec.write(kPositions, i, v);  // @store
    if (t == B - 1 || i == n - 1) {
      const T f = rec.read(kFlags, i, flags[i]);
      block_sums[blockIdx.x] =
          rec.write(kBlockSums, blockIdx.x, rec.op(kBlockSums, blockIdx.x, T(v + f)));
    }
  }
}

template <class T, class Rec>
__global__ void compact_block_sums(const T* block_sums, T* block_offsets, int blocks, Rec rec) {
  rec.begin(kScanSums);
  T acc = T(0);
  for (int b = 0; b < blocks; ++b) {
    block_offsets[b] = rec.write(kBlockOffsets, b, acc);  // @block-sums
    if (b + 1 < blocks)
      acc = rec.op(kBlockOffsets, b + 1, T(acc + rec.read(kBlockSums, b, block_sums[b])));
  }
}

template <class T, class Rec>
__global__ void compact_add_back_scatter(const T* input, const T* flags, T* positions,
                                         const T* block_offsets, T* output, int n, Rec rec) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool valid = i < n;
  rec.begin(kAddBack);
  if (valid && blockIdx.x > 0) {
    const T pos = rec.read(kPositions, i, positions[i]);
    const T off = rec.read(kBlockOffsets, blockIdx.x, block_offsets[blockIdx.x]);
    positions[i] = rec.write(kPositions, i, rec.op(kPositions, i, T(pos + off)));  // @add-back
  }
  rec.begin(kScatter);
  if (valid && rec.read(kFlags, i, flags[i]) != T(0)) {
    const int pos = static_cast<int>(rec.read(kPositions, i, positions[i]));
    output[pos] = rec.write(kOutput, pos, rec.read(kInput, i, input[i]));  // @scatter
  }
}

// @end

template <class T>
TeachRun teach_typed(const Params& p, const std::vector<double>& values) {
  // The twin gives the trace's buffers and steps and the event count to expect; the GPU's own
  // events replace the twin's.
  TeachRun run = teach_cpu(p, values);
  Trace& trace = run.trace;
  size_t expected = 0;
  for (TraceStep& s : trace.steps) {
    expected += s.events.size();
    s.events.clear();
  }
  const int n = static_cast<int>(values.size());
  if (n == 0) return run;
  const int B = resolve_block_dim(p, n), G = (n + B - 1) / B;
  std::vector<T> input(n);
  for (int i = 0; i < n; ++i) input[i] = static_cast<T>(run.input[i]);

  const size_t capacity = expected + 1024;
  require_device_memory(capacity * sizeof(TraceEvent) + (4 * n + 2 * G) * sizeof(T),
                        "compaction teach mode");
  DeviceBuffer<TraceEvent> events(capacity);
  DeviceBuffer<unsigned long long> count(1);
  count.fill_zero();
  DeviceBuffer<T> d_input(n), d_flags(n), d_positions(n), d_output(n), d_sums(G), d_offsets(G);
  d_input.upload(input);

  DeviceTrace rec{};
  rec.events = events.data();
  rec.count = count.data();
  rec.capacity = capacity;
  for (int b = 0; b < kBufCount; ++b) rec.buffers[b] = static_cast<int16_t>(b);
  int levels = 0;
  while ((1 << levels) < B) ++levels;
  rec.phases[kPredicate] = 0;
  rec.phases[kLoad] = 1;
  rec.phases[kStride] = 2;
  rec.phases[kStore] = 2 + levels;
  rec.phases[kScanSums] = 3 + levels;
  rec.phases[kAddBack] = 4 + levels;
  rec.phases[kScatter] = 5 + levels;
  rec.step = 0;
  const PredicateSpec& pred = p.predicate;
  compact_scan_blocks<T><<<G, B, B * sizeof(T)>>>(d_input.data(), d_flags.data(),
                                                  d_positions.data(), d_sums.data(), n, pred.kind,
                                                  pred.threshold, rec);
  WS_CUDA_CHECK_LAUNCH();
  compact_block_sums<T><<<1, 1>>>(d_sums.data(), d_offsets.data(), G, rec);
  WS_CUDA_CHECK_LAUNCH();
  compact_add_back_scatter<T><<<G, B>>>(d_input.data(), d_flags.data(), d_positions.data(),
                                        d_offsets.data(), d_output.data(), n, rec);
  WS_CUDA_CHECK_LAUNCH();
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  download_trace_events(events, count, capacity, expected, trace);

  const std::vector<T> flags = d_flags.download(), positions = d_positions.download();
  run.flags.assign(flags.begin(), flags.end());
  run.positions.assign(positions.begin(), positions.end());
  run.kept = static_cast<int64_t>(run.positions[n - 1] + run.flags[n - 1]);
  std::vector<T> output(static_cast<size_t>(run.kept));
  d_output.download(output.data(), output.size());
  run.output.assign(output.begin(), output.end());
  return run;
}

// ---------------------------------------------------------------------------------------------
// Fast mode.
constexpr int kFastThreads = 256;
constexpr int kFastItems = 8;
constexpr int kFastTile = kFastThreads * kFastItems;
constexpr int kFastWarps = kFastThreads / 32;

template <class T>
__global__ void __launch_bounds__(kFastThreads)
    count_kept_kernel(const T* __restrict__ in, int64_t n, Predicate kind, double threshold,
                      uint32_t* __restrict__ counts) {
  const int64_t base = static_cast<int64_t>(blockIdx.x) * kFastTile + threadIdx.x;
  uint32_t kept = 0;
#pragma unroll
  for (int k = 0; k < kFastItems; ++k) {
    const int64_t i = base + k * kFastThreads;
    if (i < n && keeps_value(kind, threshold, in[i])) ++kept;
  }
  uint32_t total = 0;
  apps::block_exclusive_sum(kept, &total);
  if (threadIdx.x == 0) counts[blockIdx.x] = total;
}

template <class T>
__global__ void __launch_bounds__(kFastThreads)
    scatter_kept_kernel(const T* __restrict__ in, int64_t n, Predicate kind, double threshold,
                        const uint32_t* __restrict__ tile_offsets, T* __restrict__ out) {
  __shared__ uint32_t run_offsets[kFastItems * kFastWarps];  // (round, warp) in index order
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const unsigned lanes_below = (1u << lane) - 1u;
  const int64_t base = static_cast<int64_t>(blockIdx.x) * kFastTile + threadIdx.x;
  T x[kFastItems];
  uint32_t rank[kFastItems];
  bool keep[kFastItems];
#pragma unroll
  for (int k = 0; k < kFastItems; ++k) {
    const int64_t i = base + k * kFastThreads;
    x[k] = i < n ? in[i] : T(0);
    keep[k] = i < n && keeps_value(kind, threshold, x[k]);
    const unsigned ballot = __ballot_sync(0xffffffffu, keep[k]);
    rank[k] = __popc(ballot & lanes_below);
    if (lane == 0) run_offsets[k * kFastWarps + warp] = __popc(ballot);
  }
  __syncthreads();
  const uint32_t mine = threadIdx.x < kFastItems * kFastWarps ? run_offsets[threadIdx.x] : 0u;
  uint32_t total = 0;
  const uint32_t before = apps::block_exclusive_sum(mine, &total);
  if (threadIdx.x < kFastItems * kFastWarps) run_offsets[threadIdx.x] = before;
  __syncthreads();
  const uint32_t tile_offset = tile_offsets[blockIdx.x];
#pragma unroll
  for (int k = 0; k < kFastItems; ++k) {
    if (keep[k]) out[tile_offset + run_offsets[k * kFastWarps + warp] + rank[k]] = x[k];
  }
}

template <class T>
struct KeepOp {
  Predicate kind;
  double threshold;
  __device__ bool operator()(const T& x) const { return keeps_value(kind, threshold, x); }
};

template <class T>
scan::FastRun fast_typed(const Params& p, const T* host_in, T* host_out, int64_t n, int repeats,
                         int64_t* kept, bool library) {
  scan::FastRun run;
  run.n = n;
  if (n == 0) {
    if (kept != nullptr) *kept = 0;
    return run;
  }
  const int64_t tiles = (n + kFastTile - 1) / kFastTile;
  const PredicateSpec pred = p.predicate;
  require_device_memory(static_cast<size_t>(n) * 2 * sizeof(T) + tiles * 8 + (64 << 20),
                        "compaction fast mode");
  DeviceBuffer<T> d_in(static_cast<size_t>(n)), d_out(static_cast<size_t>(n));
  d_in.upload(host_in, static_cast<size_t>(n));
  int64_t count = 0;
  if (library) {
    DeviceBuffer<int> d_selected(1);
    size_t temp_bytes = 0;
    const KeepOp<T> keep{pred.kind, pred.threshold};
    const int items = static_cast<int>(n);
    WS_CUDA_CHECK(cub::DeviceSelect::If(nullptr, temp_bytes, d_in.data(), d_out.data(),
                                        d_selected.data(), items, keep));
    DeviceBuffer<unsigned char> temp(std::max<size_t>(temp_bytes, 1));
    run.median_ms = median_ms(
        [&] {
          size_t bytes = temp_bytes;
          WS_CUDA_CHECK(cub::DeviceSelect::If(temp.data(), bytes, d_in.data(), d_out.data(),
                                              d_selected.data(), items, keep));
        },
        1, std::max(1, repeats));
    int selected = 0;
    d_selected.download(&selected, 1);
    count = selected;
  } else {
    DeviceBuffer<uint32_t> counts(static_cast<size_t>(tiles)), offsets(static_cast<size_t>(tiles));
    apps::DeviceExclusiveScan scan_counts(tiles);
    const unsigned grid = static_cast<unsigned>(tiles);
    run.median_ms = median_ms(
        [&] {
          count_kept_kernel<T>
              <<<grid, kFastThreads>>>(d_in.data(), n, pred.kind, pred.threshold, counts.data());
          WS_CUDA_CHECK_LAUNCH();
          scan_counts.run(counts.data(), offsets.data());
          scatter_kept_kernel<T><<<grid, kFastThreads>>>(d_in.data(), n, pred.kind, pred.threshold,
                                                         offsets.data(), d_out.data());
          WS_CUDA_CHECK_LAUNCH();
        },
        1, std::max(1, repeats));
    uint32_t last_offset = 0, last_count = 0;
    offsets.download(&last_offset, 1, static_cast<size_t>(tiles - 1));
    counts.download(&last_count, 1, static_cast<size_t>(tiles - 1));
    count = static_cast<int64_t>(last_offset) + last_count;
  }
  if (host_out != nullptr) d_out.download(host_out, static_cast<size_t>(count));
  if (kept != nullptr) *kept = count;
  run.gbps = compaction_gbps(n, count, run.median_ms);
  return run;
}

scan::FastRun fast_dispatch(const Params& p, const void* in, void* out, int64_t n, int repeats,
                            int64_t* kept, bool library) {
  validate(p, n, false);
  WS_REQUIRE(n < (int64_t{1} << 31),
             "compaction fast mode takes fewer than 2^31 elements, not " + std::to_string(n));
  return dispatch_type(p.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return fast_typed(p, static_cast<const T*>(in), static_cast<T*>(out), n, repeats, kept,
                      library);
  });
}

}  // namespace

TeachRun teach_cuda(const Params& p, const std::vector<double>& values) {
  validate(p, static_cast<int64_t>(values.size()), true);
  return dispatch_type(
      p.type, [&](auto tag) { return teach_typed<typename decltype(tag)::type>(p, values); });
}

scan::FastRun fast_cuda(const Params& p, const void* in, void* out, int64_t n, int repeats,
                        int64_t* kept) {
  return fast_dispatch(p, in, out, n, repeats, kept, false);
}

scan::FastRun library_cuda(const Params& p, const void* in, void* out, int64_t n, int repeats,
                           int64_t* kept) {
  return fast_dispatch(p, in, out, n, repeats, kept, true);
}

}  // namespace ws::compact
