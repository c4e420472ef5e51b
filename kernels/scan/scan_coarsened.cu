// Coarsened three-phase scan (variant 6, PMPP 11.5) and the hierarchical scan built on it
// (variant 7, PMPP 11.6). One kernel body serves teach mode (DeviceTrace) and fast mode (NoTrace).
//
// B threads per block, c = coarsening, a section of S = B * c elements in shared memory XY;
// thread t owns the subsection [t*c, t*c + c).
//   6 coarsened      load (coalesced: thread t copies t, t + B, ...), each thread scans its
//                    subsection serially (c - 1 ops), Kogge-Stone over the B subsection totals
//                    (log2 B steps, B log2 B - (B - 1) ops), each thread adds its predecessor's
//                    total to its other elements ((B - 1)(c - 1) ops), store.
//                    Work ~ 2n + B log2 B, steps 2c + log2 B (serial loops count c each).
//   7 hierarchical   the coarsened kernel on each level (the input, its block sums, their block
//                    sums... until one block holds them), then one add-back kernel per level
//                    downwards: every element of block b >= 1 combines the scanned sums of the
//                    blocks before it. Work ~ 3n, levels ceil(log_S n); scan_hierarchy.cuh.
// Exclusive: the store shifts by one (out[0] = identity) and the block sums are scanned
// exclusively, so block b adds the scanned sum at b instead of b - 1.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/op_dispatch.h"
#include "scan_cpu_families.h"
#include "scan_cuda.h"
#include "scan_cuda_support.cuh"
#include "scan_hierarchy.cuh"

namespace ws::scan {

namespace {

using cuda_support::dynamic_shared;

// The arrays and phases a launch records (the host maps them to the model's buffers and steps).
enum TraceArray : int { kIn, kOut, kXY, kSums, kArrayCount };
enum TracePhase : int { kLoad, kThreadScan, kSectionScan, kAddBack, kStore, kAddSums, kPhaseCount };
static_assert(kArrayCount <= DeviceTrace::kMaxBuffers && kPhaseCount <= DeviceTrace::kMaxPhases,
              "the recorder's maps must hold every array and phase");

// xy[right] = xy[left] op xy[right]
template <class T, BinaryOp Op, class Rec>
__device__ void combine_in_xy(T* xy, int left, int right, Rec& rec) {
  const T a = rec.read(kXY, left, xy[left]);
  const T x = rec.read(kXY, right, xy[right]);
  xy[right] = rec.write(kXY, right, rec.op(kXY, right, apply_op<T>(Op, a, x)));
}

// @helper coarsened-section-scan
// Scans each section of B * c elements of `in` into `out`; the section's total goes to
// block_sums[block] when block_sums is not null.
template <class T, BinaryOp Op, class Rec>
__global__ void scan_coarsened_section(const T* __restrict__ in, T* __restrict__ out,
                                       T* __restrict__ block_sums, int64_t n, int c, bool inclusive,
                                       Rec rec) {
  T* xy = dynamic_shared<T>();  // B * c elements
  const int t = threadIdx.x, B = blockDim.x;
  const int64_t base = int64_t{blockIdx.x} * B * c;
  const int count = static_cast<int>(n - base < int64_t{B} * c ? n - base : int64_t{B} * c);
  const int first = t * c;  // my subsection: first .. last
  const int last = (first + c < count ? first + c : count) - 1;
  const bool owns = first < count;

  // Phase 0: the block copies its section, each warp reading consecutive elements.
  rec.begin(kLoad);
  for (int j = t; j < count; j += B)
    xy[j] = rec.write(kXY, j, rec.read(kIn, base + j, in[base + j]));  // @load
  __syncthreads();

  // Phase 1: each thread scans its own subsection serially.
  rec.begin(kThreadScan);
  for (int i = first + 1; i <= last; ++i) combine_in_xy<T, Op>(xy, i - 1, i, rec);  // @thread-scan
  __syncthreads();

  // Phase 2: Kogge-Stone over the subsection totals (the last element of each subsection).
  for (int stride = 1, level = 0; stride < B; stride *= 2, ++level) {
    rec.begin(kSectionScan, level);
    const bool active = owns && t >= stride;
    T sum{};
    if (active) {
      const int source = (t - stride) * c + c - 1;
      const T a = rec.read(kXY, source, xy[source]);
      const T x = rec.read(kXY, last, xy[last]);
      sum = rec.op(kXY, last, apply_op<T>(Op, a, x));
    }
    __syncthreads();                                   // every thread has read before any writes
    if (active) xy[last] = rec.write(kXY, last, sum);  // @ks-step
    __syncthreads();
  }

  // Phase 3: every thread but the first adds its predecessor's total to its other elements.
  rec.begin(kAddBack);
  if (owns && t > 0)
    for (int i = first; i < last; ++i) combine_in_xy<T, Op>(xy, first - 1, i, rec);  // @add-back
  __syncthreads();

  rec.begin(kStore);
  if (!inclusive && t == 0) out[base] = rec.write(kOut, base, identity_of<T>(Op));
  for (int j = t; j < count; j += B) {
    const T v = rec.read(kXY, j, xy[j]);
    if (inclusive)
      out[base + j] = rec.write(kOut, base + j, v);  // @store
    else if (j + 1 < count)
      out[base + j + 1] = rec.write(kOut, base + j + 1, v);  // shifted: exclusive
    if (j == count - 1 && block_sums != nullptr)
      block_sums[blockIdx.x] = rec.write(kSums, blockIdx.x, v);  // the section's total
  }
}
// @end

template <class T, class Rec>
using SectionKernel = void (*)(const T*, T*, T*, int64_t, int, bool, Rec);

template <class T, class Rec>
SectionKernel<T, Rec> coarsened_kernel_for(BinaryOp op) {
  return dispatch_op(op, [](auto o) -> SectionKernel<T, Rec> {
    return scan_coarsened_section<T, decltype(o)::value, Rec>;
  });
}

// One launch of the section kernel: grid blocks of B threads over n values.
template <class T, class Rec>
void launch_coarsened(const Params& p, int block_dim, const T* in, T* out, T* block_sums, int64_t n,
                      int grid, const Rec& rec) {
  const SectionKernel<T, Rec> kernel = coarsened_kernel_for<T, Rec>(p.op);
  const size_t shared_bytes = size_t(block_dim) * p.coarsening * sizeof(T);
  cuda_support::allow_dynamic_shared(
      reinterpret_cast<const void*>(kernel), shared_bytes,
      "a coarsened scan section of " + std::to_string(block_dim * p.coarsening) + " elements");
  kernel<<<grid, block_dim, shared_bytes>>>(in, out, block_sums, n, p.coarsening, p.inclusive, rec);
  WS_CUDA_CHECK_LAUNCH();
}

// @variant coarsened
// One block scans the whole input: load, thread scans, Kogge-Stone over the subsection totals,
// add back, store (the steps are in the helper coarsened-section-scan).
template <class T, class Rec>
void run_coarsened(const Params& p, int block_dim, const T* in, T* out, int64_t n, const Rec& rec) {
  launch_coarsened<T>(p, block_dim, in, out, nullptr, n, 1, rec);  // @block-scan
}
// @end

// @variant hierarchical
// Any length: the coarsened kernel scans every section and writes its total to the block sums;
// the sums are scanned the same way (recursively while they do not fit one block); then each
// level below the top adds the scanned sums of the blocks before it (scan_hierarchy.cuh).
template <class T, class LevelRecorder>
void run_hierarchical(const Params& p, int block_dim, ScanHierarchy<T>& hierarchy, const T* in,
                      T* out, LevelRecorder&& recorder_for) {
  const int top = static_cast<int>(hierarchy.level_sizes().size()) - 1;
  hierarchy.run(
      in, out,
      [&](int level, const T* level_in, T* level_out, T* block_sums, int64_t n, int grid) {
        T* sums = level < top ? block_sums : nullptr;  // nobody reads the top level's total
        launch_coarsened<T>(p, block_dim, level_in, level_out, sums, n, grid,
                            recorder_for(level, false));  // @block-scan
      },
      [&](int level, T* data, int64_t n, const T* scanned_sums) {
        launch_add_block_sums<T>(p.op, data, n, hierarchy.section(), block_dim, scanned_sums,
                                 p.inclusive, recorder_for(level, true),
                                 AddBackTrace{kOut, kSums, kAddSums, 0});  // @add-sums
      });
}
// @end

// ================================ host side: teach mode ========================================

std::string level_buffer(const char* base, int level) {
  return level <= 1 ? base : std::string(base) + " " + std::to_string(level);
}

// Maps the recorder's arrays and phases to the model's buffers and steps for one launch.
struct LevelMap {
  const Trace& trace;
  cuda_support::TeachRecording& recording;
  int levels;  // 0: variant 6 (one launch, no level prefix)

  DeviceTrace section_recorder(int level, int block_dim) const {
    using cuda_support::trace_buffer;
    using cuda_support::trace_step;
    DeviceTrace rec = recording.recorder();
    const std::string prefix = levels == 0 ? "" : "level " + std::to_string(level) + ": ";
    rec.buffers[kIn] = level == 0 ? trace_buffer(trace, "input")
                                  : trace_buffer(trace, level_buffer("block sums", level));
    rec.buffers[kOut] = scanned_buffer(level);
    rec.buffers[kXY] =
        trace_buffer(trace, level == 0 ? "XY" : "XY (level " + std::to_string(level) + ")");
    if (levels > 0 && level + 1 < levels)
      rec.buffers[kSums] = trace_buffer(trace, level_buffer("block sums", level + 1));
    rec.phases[kLoad] = trace_step(trace, prefix + "load");
    rec.phases[kThreadScan] = trace_step(trace, prefix + "thread scan");
    rec.phases[kSectionScan] =
        block_dim > 1 ? trace_step(trace, prefix + "stride 1") : cuda_support::kAbsentStep;
    rec.phases[kAddBack] = trace_step(trace, prefix + "add back");
    rec.phases[kStore] = trace_step(trace, prefix + "store");
    return rec;
  }

  DeviceTrace add_back_recorder(int level) const {
    DeviceTrace rec = recording.recorder();
    rec.buffers[kOut] = scanned_buffer(level);
    rec.buffers[kSums] = scanned_buffer(level + 1);
    rec.phases[kAddSums] =
        cuda_support::trace_step(trace, "level " + std::to_string(level) + ": add block sums");
    return rec;
  }

  int16_t scanned_buffer(int level) const {
    return level == 0 ? cuda_support::trace_buffer(trace, "output")
                      : cuda_support::trace_buffer(
                            trace, level_buffer("block sums", level) + " (scanned)");
  }
};

template <class T>
std::vector<double> teach_typed(const Params& p, const std::vector<double>& values, TeachRun& run) {
  const int64_t n = static_cast<int64_t>(values.size());
  const int block_dim = resolve_block_dim(p, n);
  const std::vector<T> host(values.begin(), values.end());
  cuda_support::TeachRecording recording(run.trace, 4 * sizeof(T) * size_t(n));
  DeviceBuffer<T> input(host.size()), output(host.size());
  input.upload(host);

  if (p.variant == Variant::Coarsened) {
    const LevelMap map{run.trace, recording, 0};
    run_coarsened<T>(p, block_dim, input.data(), output.data(), n,
                     map.section_recorder(0, block_dim));
  } else {
    ScanHierarchy<T> hierarchy(n, section_size(p, block_dim));
    WS_REQUIRE(hierarchy.level_sizes() == run.level_sizes,
               std::string("the GPU plans other hierarchy levels than the CPU model"));
    const LevelMap map{run.trace, recording, static_cast<int>(run.level_sizes.size())};
    run_hierarchical<T>(
        p, block_dim, hierarchy, input.data(), output.data(), [&](int level, bool add_back) {
          return add_back ? map.add_back_recorder(level) : map.section_recorder(level, block_dim);
        });
  }
  recording.download(run.trace);
  const std::vector<T> result = output.download();
  return std::vector<double>(result.begin(), result.end());
}

template <class T>
FastRun fast_typed(const Params& p, const void* in, void* out, int64_t n, int repeats) {
  const int block_dim = resolve_block_dim(p, n);
  return time_hierarchical_scan<T>(
      static_cast<const T*>(in), static_cast<T*>(out), n, section_size(p, block_dim), p.op,
      p.inclusive, block_dim, repeats,
      [&](int, const T* level_in, T* level_out, T* block_sums, int64_t count, int grid) {
        launch_coarsened<T>(p, block_dim, level_in, level_out, block_sums, count, grid, NoTrace{});
      });
}

void require_family(const Params& p) {
  WS_REQUIRE(p.variant == Variant::Coarsened || p.variant == Variant::Hierarchical,
             std::string("the coarsened family runs variants 6 and 7, not ") + info(p.variant).id);
}

}  // namespace

TeachRun teach_cuda_coarsened(const Params& p, const std::vector<double>& values) {
  require_family(p);
  // The CPU model validates the request and supplies the trace's buffers and steps; the events
  // and the result are then replaced by what the GPU recorded.
  TeachRun run = teach_cpu_coarsened(p, values);
  run.result = dispatch_type(
      p.type, [&](auto tag) { return teach_typed<typename decltype(tag)::type>(p, values, run); });
  return run;
}

FastRun fast_cuda_coarsened(const Params& p, const void* in, void* out, int64_t n, int repeats) {
  require_family(p);
  validate(p, n, false);
  return dispatch_type(p.type, [&](auto tag) {
    return fast_typed<typename decltype(tag)::type>(p, in, out, n, repeats);
  });
}

}  // namespace ws::scan
