// Kogge-Stone scans on the GPU (PMPP 11.2), one kernel body per variant for teach mode (DeviceTrace
// records every access) and fast mode (NoTrace: the recorder calls compile away).
//
// B = blockDim.x threads scan a section of B elements, one per thread, in shared memory XY.
//   1 kogge-stone         in place: every step reads XY[t - stride] and XY[t] into a temporary, a
//                         barrier, then writes XY[t]; a second barrier ends the step. The race
//                         toggle removes the middle barrier: a thread of one warp can then read a
//                         neighbour warp's XY after it was overwritten (write-after-read race).
//   2 kogge-stone-double  ping-pong: read XY A, write XY B, swap; one barrier per step.
//   3 kogge-stone-excl    variant 1 on the input shifted right by one (thread 0 loads the
//   identity).
// Work: B log2 B - (B - 1) operator applications (n log2 n - (n - 1) for a full section).
// Steps: 1 load + log2 B scan steps + 1 store; barriers 1 + 2 log2 B (1: 1 + log2 B with the
// race; 2: 1 + log2 B).
// Exclusive for 1 and 2: the store shifts by one, out[i + 1] = XY[i], out[0] = the identity.
// Fast mode: the same kernels as the block phase of the hierarchical scan (scan_hierarchy.cuh):
// each block scans its section (exclusive sections for an exclusive scan) and writes its total.
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
enum TraceArray : int { kIn, kOut, kXY, kXYOther, kArrayCount };
enum TracePhase : int { kLoad, kScan, kStore, kPhaseCount };
static_assert(kArrayCount <= DeviceTrace::kMaxBuffers && kPhaseCount <= DeviceTrace::kMaxPhases,
              "the recorder's maps must hold every array and phase");

// What one launch scans: sections of blockDim.x elements of `in`, one per block.
template <class T>
struct Sections {
  const T* in;
  T* out;
  T* block_sums;  // one total per block (fast mode), or null (teach mode)
  int64_t n;
  bool shifted_store;  // exclusive by storing out[i + 1] = XY[i]
  bool race;           // kogge-stone: no barrier between a step's reads and its writes
};

// @helper load-store
// Elements of this block's section (the last section may be partial).
__device__ int section_count(int64_t n, int64_t base) {
  return n - base < blockDim.x ? static_cast<int>(n - base) : static_cast<int>(blockDim.x);
}

// XY[t] = x[t - shift]: shift 1 makes the exclusive scan; the identity pads the section.
template <class T, BinaryOp Op, class Rec>
__device__ void load_element(const T* in, int64_t base, int count, int shift, T* xy, Rec& rec) {
  const int t = threadIdx.x;
  const int source = t - shift;
  rec.begin(kLoad);
  xy[t] = rec.write(kXY, t,
                    source >= 0 && source < count ? rec.read(kIn, base + source, in[base + source])
                                                  : identity_of<T>(Op));  // @load
  __syncthreads();
}

template <class T, BinaryOp Op, class Rec>
__device__ void store_element(const T* xy, int xy_id, const Sections<T>& s, int64_t base, int count,
                              Rec& rec) {
  const int t = threadIdx.x;
  rec.begin(kStore);
  if (s.shifted_store) {
    if (t == 0) s.out[base] = rec.write(kOut, base, identity_of<T>(Op));
    if (t + 1 < count)
      s.out[base + t + 1] = rec.write(kOut, base + t + 1, rec.read(xy_id, t, xy[t]));  // @store
  } else if (t < count) {
    s.out[base + t] = rec.write(kOut, base + t, rec.read(xy_id, t, xy[t]));  // @store
  }
}
// @end

// Fast mode: the block's total for the hierarchical scan (the inclusive value of its last
// element; the shifted load left out x[last], so it is combined here).
template <class T, BinaryOp Op>
__device__ void store_block_total(const T* xy, const Sections<T>& s, int64_t base, int count,
                                  int shift) {
  if (s.block_sums == nullptr || threadIdx.x != 0) return;
  const T last = xy[count - 1];
  s.block_sums[blockIdx.x] = shift ? apply_op<T>(Op, last, s.in[base + count - 1]) : last;
}

// @helper in-place-steps
// temp = XY[t - stride] op XY[t]; barrier; XY[t] = temp; barrier. log2 B steps.
template <class T, BinaryOp Op, class Rec>
__device__ void in_place_steps(T* xy, bool race, Rec& rec) {
  const int t = threadIdx.x;
  for (int stride = 1, level = 0; stride < blockDim.x; stride *= 2, ++level) {
    rec.begin(kScan, level);
    T temp{};
    if (t >= stride) {
      const T left = rec.read(kXY, t - stride, xy[t - stride]);
      const T right = rec.read(kXY, t, xy[t]);
      temp = rec.op(kXY, t, apply_op<T>(Op, left, right));  // @ks-step
    }
    if (!race) __syncthreads();  // every read of the step before any write (the race drops it)
    if (t >= stride) xy[t] = rec.write(kXY, t, temp);
    __syncthreads();
  }
}
// @end

// @variant kogge-stone
template <class T, BinaryOp Op, class Rec>
__global__ void kogge_stone(Sections<T> s, Rec rec) {
  T* xy = dynamic_shared<T>();  // B elements
  const int64_t base = int64_t{blockIdx.x} * blockDim.x;
  const int count = section_count(s.n, base);
  load_element<T, Op>(s.in, base, count, 0, xy, rec);  // @load
  in_place_steps<T, Op>(xy, s.race, rec);              // @ks-step
  store_element<T, Op>(xy, kXY, s, base, count, rec);  // @store
  store_block_total<T, Op>(xy, s, base, count, 0);
}
// @end

// @variant kogge-stone-double
template <class T, BinaryOp Op, class Rec>
__global__ void kogge_stone_double(Sections<T> s, Rec rec) {
  T* src = dynamic_shared<T>();  // XY A: B elements
  T* dst = src + blockDim.x;     // XY B: B elements
  int src_id = kXY, dst_id = kXYOther;
  const int t = threadIdx.x;
  const int64_t base = int64_t{blockIdx.x} * blockDim.x;
  const int count = section_count(s.n, base);
  load_element<T, Op>(s.in, base, count, 0, src, rec);  // @load
  for (int stride = 1, level = 0; stride < blockDim.x; stride *= 2, ++level) {
    rec.begin(kScan, level);
    if (t >= stride) {
      const T left = rec.read(src_id, t - stride, src[t - stride]);
      const T right = rec.read(src_id, t, src[t]);
      dst[t] =
          rec.write(dst_id, t, rec.op(dst_id, t, apply_op<T>(Op, left, right)));  // @ks-double-step
    } else {
      dst[t] = rec.write(dst_id, t, rec.read(src_id, t, src[t]));  // copy what is already final
    }
    __syncthreads();  // nobody writes what another thread reads: one barrier is enough
    T* const swap = src;
    src = dst;
    dst = swap;
    const int swap_id = src_id;
    src_id = dst_id;
    dst_id = swap_id;
  }
  store_element<T, Op>(src, src_id, s, base, count, rec);  // @store
  store_block_total<T, Op>(src, s, base, count, 0);
}
// @end

// @variant kogge-stone-excl
template <class T, BinaryOp Op, class Rec>
__global__ void kogge_stone_exclusive(Sections<T> s, Rec rec) {
  T* xy = dynamic_shared<T>();  // B elements
  const int64_t base = int64_t{blockIdx.x} * blockDim.x;
  const int count = section_count(s.n, base);
  load_element<T, Op>(s.in, base, count, 1, xy, rec);  // @load (XY[t] = x[t - 1], XY[0] = identity)
  in_place_steps<T, Op>(xy, false, rec);               // @ks-step
  store_element<T, Op>(xy, kXY, s, base, count, rec);  // @store
  store_block_total<T, Op>(xy, s, base, count, 1);
}
// @end

// ================================ host side ====================================================

template <class T, class Rec>
using SectionKernel = void (*)(Sections<T>, Rec);

template <class T, BinaryOp Op, class Rec>
SectionKernel<T, Rec> kernel_for(Variant v) {
  switch (v) {
    case Variant::KoggeStone:
      return kogge_stone<T, Op, Rec>;
    case Variant::KoggeStoneDouble:
      return kogge_stone_double<T, Op, Rec>;
    case Variant::KoggeStoneExclusive:
      return kogge_stone_exclusive<T, Op, Rec>;
    default:
      throw Error(std::string("scan_kogge_stone.cu has no kernel for ") + info(v).id);
  }
}

template <class T, class Rec>
SectionKernel<T, Rec> kernel_for(Variant v, BinaryOp op) {
  return dispatch_op(op, [&](auto o) { return kernel_for<T, decltype(o)::value, Rec>(v); });
}

template <class T>
Sections<T> sections_for(const Params& p, const T* in, T* out, T* block_sums, int64_t n) {
  const bool shifted_store = !p.inclusive && p.variant != Variant::KoggeStoneExclusive;
  return Sections<T>{in, out, block_sums, n, shifted_store, p.race};
}

template <class T, class Rec>
void launch(const Params& p, int grid, int block, const Sections<T>& s, const Rec& rec) {
  const size_t buffers = p.variant == Variant::KoggeStoneDouble ? 2 : 1;
  kernel_for<T, Rec>(p.variant, p.op)<<<grid, block, buffers * block * sizeof(T)>>>(s, rec);
  WS_CUDA_CHECK_LAUNCH();
}

int32_t first_step_of_phase(const Trace& trace, const std::string& phase) {
  for (size_t i = 0; i < trace.steps.size(); ++i)
    if (trace.steps[i].phase == phase) return static_cast<int32_t>(i);
  return cuda_support::kAbsentStep;
}

template <class T>
void teach_typed(const Params& p, const std::vector<double>& values, TeachRun& run) {
  const int64_t n = static_cast<int64_t>(values.size());
  const int block = resolve_block_dim(p, n);
  const std::vector<T> host(values.begin(), values.end());
  cuda_support::TeachRecording recording(run.trace, 2 * host.size() * sizeof(T));
  DeviceBuffer<T> input(host.size()), output(host.size());
  input.upload(host);

  DeviceTrace rec = recording.recorder();
  const bool ping_pong = p.variant == Variant::KoggeStoneDouble;
  rec.buffers[kIn] = cuda_support::trace_buffer(run.trace, "input");
  rec.buffers[kOut] = cuda_support::trace_buffer(run.trace, "output");
  rec.buffers[kXY] = cuda_support::trace_buffer(run.trace, ping_pong ? "XY A" : "XY");
  if (ping_pong) rec.buffers[kXYOther] = cuda_support::trace_buffer(run.trace, "XY B");
  rec.phases[kLoad] = first_step_of_phase(run.trace, "load");
  rec.phases[kScan] = first_step_of_phase(run.trace, "scan");
  rec.phases[kStore] = first_step_of_phase(run.trace, "store");

  launch(p, 1, block, sections_for<T>(p, input.data(), output.data(), nullptr, n), rec);
  recording.download(run.trace);
  const std::vector<T> result = output.download();
  run.result.assign(result.begin(), result.end());
}

template <class T>
FastRun fast_typed(const Params& p, const T* in, T* out, int64_t n, int repeats) {
  const int block = resolve_block_dim(p, n);
  return time_hierarchical_scan(
      in, out, n, block, p.op, p.inclusive, block, repeats,
      [&](int, const T* level_in, T* level_out, T* sums, int64_t count, int grid) {
        launch(p, grid, block, sections_for<T>(p, level_in, level_out, sums, count), NoTrace{});
      });
}

}  // namespace

TeachRun teach_cuda_kogge_stone(const Params& p, const std::vector<double>& values) {
  // The CPU twin validates the request and supplies the trace's buffers and steps; the events
  // and the result are then replaced by what the GPU recorded.
  TeachRun run = teach_cpu_kogge_stone(p, values);
  dispatch_type(p.type,
                [&](auto tag) { teach_typed<typename decltype(tag)::type>(p, values, run); });
  return run;
}

FastRun fast_cuda_kogge_stone(const Params& p, const void* in, void* out, int64_t n, int repeats) {
  validate(p, n, false);
  return dispatch_type(p.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return fast_typed(p, static_cast<const T*>(in), static_cast<T*>(out), n, repeats);
  });
}

}  // namespace ws::scan
