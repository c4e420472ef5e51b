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
// fast (compact_single_pass.cuh)
//   compact_single_pass_kernel  one launch: per tile of 256 x 20 elements the kept flags'
//                          scan (warp shuffles), the tile's offset by decoupled look-back, the
//                          kept elements gathered in shared memory and written once (16-byte
//                          stores). Its variants (layouts, tile order, pipelined tiles) are
//                          switches of single_pass::Policy, timed by bench/dev/compact_sweep.cu.
//   Work O(n), reads the input once. (Until 2026-11-28: a count kernel, a scan of the tile
//   counts and a scatter kernel, reading the input twice: 0.71-0.75x CUB.)
// The fast kernel and CUB both get the predicate lowered to the element type (compact_keep.h:
// the same decisions as keeps_value, without a conversion to double per element).
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
#include "compact_keep.h"
#include "compact_predicate.h"
#include "compact_single_pass.cuh"

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
// Fast mode: the single-pass kernel of compact_single_pass.cuh. Tile and look-back sleeps measured
// on an H200 (docs/performance.md, "Scan, compaction and radix sort against CUB"); the other
// policies are timed by bench/dev/compact_sweep.cu, which prints each as it is spelled here (its
// Policy<...> and first / spin ns paste into the two lines below).
// 256 x 28 with 4 blocks per SM, loads transposed through shared memory, tiles by block index:
// 0.469 ms at 2^28, 1.29-1.34x CUB from 2^20 to 2^28 + 4096 (H200, 2026-11-29, the sweep's best of
// 43 policies; docs/perf/compact_sweep_h200_2026-11-29.txt).
using single_pass::Layout;
using single_pass::Take;
using FastPolicy =
    single_pass::Policy<256, 28, 4, Layout::Blocked, Take::BlockIndex, false, false, 0>;
constexpr unsigned kFastFirstNs = 1200, kFastSpinNs = 200;

template <class T>
scan::FastRun fast_typed(const Params& p, const T* host_in, T* host_out, int64_t n, int repeats,
                         int64_t* kept, bool library) {
  scan::FastRun run;
  run.n = n;
  if (n == 0) {
    if (kept != nullptr) *kept = 0;
    return run;
  }
  const int64_t tiles = (n + FastPolicy::kTile - 1) / FastPolicy::kTile;
  const PredicateSpec pred = p.predicate;
  const KeepLowered<T> keep = lower_predicate<T>(pred.kind, pred.threshold);
  require_device_memory(static_cast<size_t>(n) * 2 * sizeof(T) + tiles * 8 + (64 << 20),
                        "compaction fast mode");
  DeviceBuffer<T> d_in(static_cast<size_t>(n)), d_out(static_cast<size_t>(n));
  d_in.upload(host_in, static_cast<size_t>(n));
  int64_t count = 0;
  if (library) {
    DeviceBuffer<int> d_selected(1);
    size_t temp_bytes = 0;
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
    // Status words, the tile counter and the kept count, cleared once; a new epoch per launch.
    DeviceBuffer<unsigned long long> scratch(static_cast<size_t>(tiles) + 2);
    WS_CUDA_CHECK(cudaMemset(scratch.data(), 0, scratch.bytes()));
    unsigned* counter = reinterpret_cast<unsigned*>(scratch.data() + tiles);
    uint32_t* kept_count = reinterpret_cast<uint32_t*>(scratch.data() + tiles + 1);
    int64_t grid = 0;
    WS_CUDA_CHECK((single_pass::grid_for<T, FastPolicy, KeepLowered<T>>(n, &grid)));
    unsigned epoch = 0;
    run.median_ms = median_ms(
        [&] {
          const single_pass::LookBack lb{scratch.data(), counter, ++epoch, kFastFirstNs,
                                         kFastSpinNs};
          single_pass::compact_single_pass_kernel<T, FastPolicy>
              <<<static_cast<unsigned>(grid), FastPolicy::kThreads>>>(d_in.data(), d_out.data(), n,
                                                                      keep, lb, kept_count);
          WS_CUDA_CHECK_LAUNCH();
        },
        1, std::max(1, repeats));
    uint32_t kept_total = 0;
    WS_CUDA_CHECK(cudaMemcpy(&kept_total, kept_count, sizeof(kept_total), cudaMemcpyDeviceToHost));
    count = kept_total;
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
