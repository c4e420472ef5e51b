// Warp-shuffle scan (variant 10). One kernel body serves teach mode (DeviceTrace) and fast mode
// (NoTrace); fast mode scans any length as the block phase of the hierarchy (scan_hierarchy.cuh).
//
// One element per thread, B threads (32..1024), W = B / 32 warps.
//   10 warp-shuffle  each warp scans its 32 lanes in registers: five __shfl_up_sync steps
//                    (Kogge-Stone, offsets 1..16, no barrier: lanes exchange registers);
//                    lane 31 of each warp writes the warp's total to shared memory; warp 0
//                    scans the W totals the same way (log2 W shuffle steps); every warp w >= 1
//                    adds the scanned total of warps 0..w-1. Work per block: 129 W (warp
//                    scans) + W log2 W - (W - 1) (totals) + 32 (W - 1) (add back); steps
//                    5 + log2 W shuffles, two barriers.
// Lanes past the input hold the identity and take part in every shuffle (a full mask needs all
// 32 lanes) but perform no operation: no real lane ever reads them, because __shfl_up_sync only
// moves values upwards. A lane whose source lane would lie below lane 0 keeps its own value.
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

constexpr int kWarpSize = 32;
constexpr unsigned kFullMask = 0xffffffffu;

// The arrays and phases a launch records (the host maps them to the model's buffers and steps).
enum TraceArray : int { kIn, kOut, kRegs, kTotals, kTotalRegs, kSums, kArrayCount };
enum TracePhase : int {
  kLoad,
  kWarpScan,
  kWarpTotals,
  kLoadTotals,
  kTotalsScan,
  kStoreTotals,
  kAddBack,
  kStore,
  kPhaseCount
};
static_assert(kArrayCount <= DeviceTrace::kMaxBuffers && kPhaseCount <= DeviceTrace::kMaxPhases,
              "the recorder's maps must hold every array and phase");

// @variant warp-shuffle
// Scans each section of blockDim.x elements of `in` into `out`; the section's total goes to
// block_sums[block] when block_sums is not null.
template <class T, BinaryOp Op, class Rec>
__global__ void scan_warp_shuffle(const T* __restrict__ in, T* __restrict__ out,
                                  T* __restrict__ block_sums, int64_t n, bool inclusive, Rec rec) {
  __shared__ T totals[kWarpSize];  // one per warp
  const int t = threadIdx.x, lane = t % kWarpSize, warp = t / kWarpSize;
  const int warps = blockDim.x / kWarpSize;
  const int64_t base = int64_t{blockIdx.x} * blockDim.x;
  const int64_t block_dim = blockDim.x;
  const int count = static_cast<int>(n - base < block_dim ? n - base : block_dim);
  const int full_warps = count / kWarpSize;  // warps whose lane 31 holds a real total
  const bool mine = t < count;               // this lane holds an input element

  rec.begin(kLoad);
  T v = identity_of<T>(Op);
  if (mine) v = rec.write(kRegs, t, rec.read(kIn, base + t, in[base + t]));  // @load

  // Each warp: after the step with offset k, lane l holds the combination of lanes l-2k+1..l.
  for (int offset = 1, level = 0; offset < kWarpSize; offset *= 2, ++level) {
    rec.begin(kWarpScan, level);
    const T theirs = __shfl_up_sync(kFullMask, v, offset);  // @shuffle
    if (mine && lane >= offset) {  // below `offset` the source lane does not exist: keep v
      rec.read(kRegs, t - offset, theirs);
      rec.read(kRegs, t, v);
      v = rec.write(kRegs, t, rec.op(kRegs, t, apply_op<T>(Op, theirs, v)));
    }
  }

  if (warps > 1) {
    rec.begin(kWarpTotals);
    if (lane == kWarpSize - 1 && mine)
      totals[warp] = rec.write(kTotals, warp, rec.read(kRegs, t, v));  // @warp-total
    __syncthreads();

    if (warp == 0) {  // warp 0 scans the totals in its registers, the same way
      rec.begin(kLoadTotals);
      const bool has_total = lane < full_warps;
      T s = identity_of<T>(Op);
      if (has_total)
        s = rec.write(kTotalRegs, lane, rec.read(kTotals, lane, totals[lane]));  // @totals-load
      for (int offset = 1, level = 0; offset < warps; offset *= 2, ++level) {
        rec.begin(kTotalsScan, level);
        const T theirs = __shfl_up_sync(kFullMask, s, offset);  // @totals-shuffle
        if (has_total && lane >= offset) {
          rec.read(kTotalRegs, lane - offset, theirs);
          rec.read(kTotalRegs, lane, s);
          s = rec.write(kTotalRegs, lane, rec.op(kTotalRegs, lane, apply_op<T>(Op, theirs, s)));
        }
      }
      rec.begin(kStoreTotals);
      if (has_total)
        totals[lane] = rec.write(kTotals, lane, rec.read(kTotalRegs, lane, s));  // @totals-store
    }
    __syncthreads();

    rec.begin(kAddBack);
    if (mine && warp > 0) {
      const T before = rec.read(kTotals, warp - 1, totals[warp - 1]);
      rec.read(kRegs, t, v);
      v = rec.write(kRegs, t, rec.op(kRegs, t, apply_op<T>(Op, before, v)));  // @add-back
    }
  }

  rec.begin(kStore);
  if (!inclusive && t == 0) out[base] = rec.write(kOut, base, identity_of<T>(Op));
  if (mine) {
    rec.read(kRegs, t, v);
    if (inclusive)
      out[base + t] = rec.write(kOut, base + t, v);  // @store
    else if (t + 1 < count)
      out[base + t + 1] = rec.write(kOut, base + t + 1, v);  // shifted: exclusive
    if (t == count - 1 && block_sums != nullptr)
      block_sums[blockIdx.x] = rec.write(kSums, blockIdx.x, v);  // the section's total
  }
}
// @end

template <class T, class Rec>
using SectionKernel = void (*)(const T*, T*, T*, int64_t, bool, Rec);

template <class T, class Rec>
SectionKernel<T, Rec> warp_shuffle_kernel_for(BinaryOp op) {
  return dispatch_op(op, [](auto o) -> SectionKernel<T, Rec> {
    return scan_warp_shuffle<T, decltype(o)::value, Rec>;
  });
}

template <class T, class Rec>
void launch_warp_shuffle(const Params& p, int block_dim, const T* in, T* out, T* block_sums,
                         int64_t n, int grid, const Rec& rec) {
  warp_shuffle_kernel_for<T, Rec>(p.op)<<<grid, block_dim>>>(in, out, block_sums, n, p.inclusive,
                                                             rec);
  WS_CUDA_CHECK_LAUNCH();
}

// ================================ host side ====================================================

DeviceTrace teach_recorder(const Trace& trace, cuda_support::TeachRecording& recording) {
  using cuda_support::trace_step;
  DeviceTrace rec = recording.recorder();
  auto buffer_or_none = [&](const char* name) -> int16_t {
    for (size_t i = 0; i < trace.buffers.size(); ++i)
      if (trace.buffers[i].name == name) return static_cast<int16_t>(i);
    return -1;  // one warp: no totals
  };
  rec.buffers[kIn] = cuda_support::trace_buffer(trace, "input");
  rec.buffers[kOut] = cuda_support::trace_buffer(trace, "output");
  rec.buffers[kRegs] = cuda_support::trace_buffer(trace, "registers");
  rec.buffers[kTotals] = buffer_or_none("warp totals");
  rec.buffers[kTotalRegs] = buffer_or_none("warp 0 registers");
  rec.phases[kLoad] = trace_step(trace, "load");
  rec.phases[kWarpScan] = trace_step(trace, "offset 1");
  rec.phases[kWarpTotals] = trace_step(trace, "warp totals");
  rec.phases[kLoadTotals] = trace_step(trace, "load totals");
  rec.phases[kTotalsScan] = trace_step(trace, "totals offset 1");
  rec.phases[kStoreTotals] = trace_step(trace, "store totals");
  rec.phases[kAddBack] = trace_step(trace, "add back");
  rec.phases[kStore] = trace_step(trace, "store");
  return rec;
}

template <class T>
std::vector<double> teach_typed(const Params& p, const std::vector<double>& values, TeachRun& run) {
  const int64_t n = static_cast<int64_t>(values.size());
  const int block_dim = resolve_block_dim(p, n);
  const std::vector<T> host(values.begin(), values.end());
  cuda_support::TeachRecording recording(run.trace, 2 * sizeof(T) * size_t(n));
  DeviceBuffer<T> input(host.size()), output(host.size());
  input.upload(host);
  launch_warp_shuffle<T>(p, block_dim, input.data(), output.data(), nullptr, n, 1,
                         teach_recorder(run.trace, recording));
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
        launch_warp_shuffle<T>(p, block_dim, level_in, level_out, block_sums, count, grid,
                               NoTrace{});
      });
}

void require_variant(const Params& p) {
  WS_REQUIRE(p.variant == Variant::WarpShuffle,
             std::string("the warp-shuffle family runs variant 10, not ") + info(p.variant).id);
}

}  // namespace

TeachRun teach_cuda_warp_shuffle(const Params& p, const std::vector<double>& values) {
  require_variant(p);
  // The CPU model validates the request and supplies the trace's buffers and steps; the events
  // and the result are then replaced by what the GPU recorded.
  TeachRun run = teach_cpu_warp_shuffle(p, values);
  run.result = dispatch_type(
      p.type, [&](auto tag) { return teach_typed<typename decltype(tag)::type>(p, values, run); });
  return run;
}

FastRun fast_cuda_warp_shuffle(const Params& p, const void* in, void* out, int64_t n, int repeats) {
  require_variant(p);
  validate(p, n, false);
  return dispatch_type(p.type, [&](auto tag) {
    return fast_typed<typename decltype(tag)::type>(p, in, out, n, repeats);
  });
}

}  // namespace ws::scan
