// The work-efficient tree scans on the GPU, one kernel body per variant for teach mode
// (DeviceTrace records every access) and fast mode (NoTrace: the recorder calls compile away).
//
// B = blockDim.x threads scan a section of S = 2B elements, two per thread, in shared memory XY.
//   4 brent-kung  PMPP 11.4. Up-sweep (reduction tree, strides 1 .. B): the right end of every
//                 pair of subtrees combines the left one into itself. Down-sweep (distribution
//                 tree, strides S/4 .. 1): each right end passes its prefix to the middle of the
//                 next subtree. Two thread-index mappings, the same operations:
//                   contiguous  thread t works on index (t + 1) * 2 * stride - 1: the active
//                               threads are the first ones, whole warps idle together;
//                   divergent   thread t works on its own elements t and t + B when
//                               (index + 1) % (2 * stride) == 0: active lanes scatter over warps.
//                 Work 2S - 2 - log2 S, steps 2 log2 S - 1 (+ load and store).
//                 Exclusive by storing shifted: out[i + 1] = XY[i], out[0] = the identity.
//   5 blelloch    Blelloch 1990. The same up-sweep; the root (the section's total) is set to the
//                 identity; the down-sweep (strides B .. 1) swaps: left gets right, right gets
//                 right op left. Exclusive by construction; inclusive adds x_i when storing.
//                 Work 2(S - 1) (+ S for inclusive), steps 2 log2 S + 1 (+ load and store).
// Barriers: one after the load and after every tree level (and the root).
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
enum TraceArray : int { kIn, kOut, kXY, kArrayCount };
enum TracePhase : int { kLoad, kUpSweep, kRoot, kDownSweep, kStore, kPhaseCount };
static_assert(kArrayCount <= DeviceTrace::kMaxBuffers && kPhaseCount <= DeviceTrace::kMaxPhases,
              "the recorder's maps must hold every array and phase");

// What one launch scans: sections of 2 * blockDim.x elements of `in`, one per block.
template <class T>
struct Sections {
  const T* in;
  T* out;
  T* block_sums;  // one total per block (fast mode), or null (teach mode)
  int64_t n;
  bool shifted_store;  // brent-kung exclusive: out[i + 1] = XY[i]
  bool add_input;      // blelloch inclusive: out[i] = XY[i] op x[i]
  bool divergent;      // brent-kung: Mapping::Divergent
};

// @helper tree-load-store
__device__ int section_count(int64_t n, int64_t base) {
  const int section = 2 * blockDim.x;
  return n - base < section ? static_cast<int>(n - base) : section;
}

// Each thread copies elements t and t + B (a warp reads consecutive addresses); the identity
// pads the section.
template <class T, BinaryOp Op, class Rec>
__device__ void load_pair(const T* in, int64_t base, int count, T* xy, Rec& rec) {
  rec.begin(kLoad);
  for (int j = threadIdx.x; j < 2 * blockDim.x; j += blockDim.x)
    xy[j] = rec.write(
        kXY, j, j < count ? rec.read(kIn, base + j, in[base + j]) : identity_of<T>(Op));  // @load
  __syncthreads();
}

template <class T, BinaryOp Op, class Rec>
__device__ void store_pair(const T* xy, const Sections<T>& s, int64_t base, int count, Rec& rec) {
  const int t = threadIdx.x;
  rec.begin(kStore);
  if (s.shifted_store && t == 0) s.out[base] = rec.write(kOut, base, identity_of<T>(Op));
  for (int j = t; j < 2 * blockDim.x; j += blockDim.x) {
    if (s.shifted_store) {
      if (j + 1 < count)
        s.out[base + j + 1] = rec.write(kOut, base + j + 1, rec.read(kXY, j, xy[j]));  // @store
    } else if (s.add_input && j < count) {
      const T before = rec.read(kXY, j, xy[j]);  // x_0 op .. op x_(j-1)
      const T x = rec.read(kIn, base + j, s.in[base + j]);
      s.out[base + j] = rec.write(
          kOut, base + j, rec.op(kOut, base + j, apply_op<T>(Op, before, x)));  // @inclusive
    } else if (j < count) {
      s.out[base + j] = rec.write(kOut, base + j, rec.read(kXY, j, xy[j]));  // @store
    }
  }
}
// @end

// @helper up-sweep
// xy[right] = xy[left] op xy[right]: one node of a tree.
template <class T, BinaryOp Op, class Rec>
__device__ void combine(T* xy, int left, int right, Rec& rec) {
  const T a = rec.read(kXY, left, xy[left]);
  const T b = rec.read(kXY, right, xy[right]);
  xy[right] = rec.write(kXY, right, rec.op(kXY, right, apply_op<T>(Op, a, b)));
}

// The reduction tree: after the level of stride s, every index i with (i + 1) % 2s == 0 holds
// x_(i-2s+1) op .. op x_i; the last element holds the section's total.
template <class T, BinaryOp Op, class Rec>
__device__ void up_sweep(T* xy, bool divergent, Rec& rec) {
  const int t = threadIdx.x, B = blockDim.x;
  for (int stride = 1, level = 0; stride <= B; stride *= 2, ++level) {
    rec.begin(kUpSweep, level);
    if (divergent) {
      for (int index = t; index < 2 * B; index += B)
        if ((index + 1) % (2 * stride) == 0)
          combine<T, Op>(xy, index - stride, index, rec);  // @up-sweep
    } else {
      const int index = (t + 1) * 2 * stride - 1;
      if (index < 2 * B) combine<T, Op>(xy, index - stride, index, rec);  // @up-sweep
    }
    __syncthreads();
  }
}
// @end

// Fast mode: the block's total for the hierarchical scan.
template <class T>
__device__ void store_block_total(const Sections<T>& s, T total) {
  if (s.block_sums != nullptr && threadIdx.x == 0) s.block_sums[blockIdx.x] = total;
}

// @variant brent-kung
template <class T, BinaryOp Op, class Rec>
__global__ void brent_kung(Sections<T> s, Rec rec) {
  T* xy = dynamic_shared<T>();  // 2B elements
  const int t = threadIdx.x, B = blockDim.x;
  const int64_t base = 2 * int64_t{blockIdx.x} * B;
  const int count = section_count(s.n, base);
  load_pair<T, Op>(s.in, base, count, xy, rec);  // @load
  up_sweep<T, Op>(xy, s.divergent, rec);         // @up-sweep
  // Distribution tree: each right end i passes its prefix to i + stride.
  for (int stride = B / 2, level = 0; stride >= 1; stride /= 2, ++level) {
    rec.begin(kDownSweep, level);
    if (s.divergent) {
      for (int index = t; index < 2 * B; index += B)
        if ((index + 1) % (2 * stride) == 0 && index + stride < 2 * B)
          combine<T, Op>(xy, index, index + stride, rec);  // @down-sweep
    } else {
      const int index = (t + 1) * 2 * stride - 1;
      if (index + stride < 2 * B) combine<T, Op>(xy, index, index + stride, rec);  // @down-sweep
    }
    __syncthreads();
  }
  store_pair<T, Op>(xy, s, base, count, rec);  // @store
  store_block_total(s, xy[count - 1]);
}
// @end

// @variant blelloch
template <class T, BinaryOp Op, class Rec>
__global__ void blelloch(Sections<T> s, Rec rec) {
  T* xy = dynamic_shared<T>();  // 2B elements
  const int t = threadIdx.x, B = blockDim.x;
  const int64_t base = 2 * int64_t{blockIdx.x} * B;
  const int count = section_count(s.n, base);
  load_pair<T, Op>(s.in, base, count, xy, rec);  // @load
  up_sweep<T, Op>(xy, false, rec);               // @up-sweep
  rec.begin(kRoot);
  if (t == 0) {
    store_block_total(s, xy[2 * B - 1]);                            // the section's total
    xy[2 * B - 1] = rec.write(kXY, 2 * B - 1, identity_of<T>(Op));  // @root
  }
  __syncthreads();
  // Down-sweep: the right end holds the prefix before its subtree; the left child gets it, the
  // right child gets it combined with the left subtree's total.
  for (int stride = B, level = 0; stride >= 1; stride /= 2, ++level) {
    rec.begin(kDownSweep, level);
    const int right = (t + 1) * 2 * stride - 1;
    if (right < 2 * B) {
      const int left = right - stride;
      const T subtree = rec.read(kXY, left, xy[left]);
      const T prefix = rec.read(kXY, right, xy[right]);
      xy[left] = rec.write(kXY, left, prefix);
      xy[right] = rec.write(
          kXY, right, rec.op(kXY, right, apply_op<T>(Op, prefix, subtree)));  // @blelloch-down
    }
    __syncthreads();
  }
  store_pair<T, Op>(xy, s, base, count, rec);  // @store
}
// @end

// ================================ host side ====================================================

template <class T, class Rec>
using SectionKernel = void (*)(Sections<T>, Rec);

template <class T, BinaryOp Op, class Rec>
SectionKernel<T, Rec> kernel_for(Variant v) {
  switch (v) {
    case Variant::BrentKung:
      return brent_kung<T, Op, Rec>;
    case Variant::Blelloch:
      return blelloch<T, Op, Rec>;
    default:
      throw Error(std::string("scan_tree.cu has no kernel for ") + info(v).id);
  }
}

template <class T, class Rec>
SectionKernel<T, Rec> kernel_for(Variant v, BinaryOp op) {
  return dispatch_op(op, [&](auto o) { return kernel_for<T, decltype(o)::value, Rec>(v); });
}

template <class T>
Sections<T> sections_for(const Params& p, const T* in, T* out, T* block_sums, int64_t n) {
  const bool blelloch = p.variant == Variant::Blelloch;
  return Sections<T>{in,
                     out,
                     block_sums,
                     n,
                     /*shifted_store=*/!blelloch && !p.inclusive,
                     /*add_input=*/blelloch && p.inclusive,
                     /*divergent=*/!blelloch && p.mapping == Mapping::Divergent};
}

template <class T, class Rec>
void launch(const Params& p, int grid, int block, const Sections<T>& s, const Rec& rec) {
  kernel_for<T, Rec>(p.variant, p.op)<<<grid, block, 2 * block * sizeof(T)>>>(s, rec);
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
  rec.buffers[kIn] = cuda_support::trace_buffer(run.trace, "input");
  rec.buffers[kOut] = cuda_support::trace_buffer(run.trace, "output");
  rec.buffers[kXY] = cuda_support::trace_buffer(run.trace, "XY");
  rec.phases[kLoad] = first_step_of_phase(run.trace, "load");
  rec.phases[kUpSweep] = first_step_of_phase(run.trace, "up-sweep");
  rec.phases[kRoot] = first_step_of_phase(run.trace, "root");
  rec.phases[kDownSweep] = first_step_of_phase(run.trace, "down-sweep");
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
      in, out, n, 2 * int64_t{block}, p.op, p.inclusive, block, repeats,
      [&](int, const T* level_in, T* level_out, T* sums, int64_t count, int grid) {
        launch(p, grid, block, sections_for<T>(p, level_in, level_out, sums, count), NoTrace{});
      });
}

}  // namespace

TeachRun teach_cuda_tree(const Params& p, const std::vector<double>& values) {
  // The CPU twin validates the request and supplies the trace's buffers and steps; the events
  // and the result are then replaced by what the GPU recorded.
  TeachRun run = teach_cpu_tree(p, values);
  dispatch_type(p.type,
                [&](auto tag) { teach_typed<typename decltype(tag)::type>(p, values, run); });
  return run;
}

FastRun fast_cuda_tree(const Params& p, const void* in, void* out, int64_t n, int repeats) {
  validate(p, n, false);
  return dispatch_type(p.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return fast_typed(p, static_cast<const T*>(in), static_cast<T*>(out), n, repeats);
  });
}

}  // namespace ws::scan
