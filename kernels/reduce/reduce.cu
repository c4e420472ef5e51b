// Parallel reduction on the GPU: one kernel per variant, each written once for both modes.
// Teach mode passes a DeviceTrace recorder and every `rec.` call records what the thread did;
// fast mode passes NoTrace and the same calls compile to nothing.
//
// B = blockDim.x. Each block reduces a contiguous slice (2B inputs; variant 7 loops over the grid).
//   1 interleaved-divergent  PMPP 10.3. Thread t owns s[2t] and adds s[2t+stride] when
//                            t % stride == 0: the owners are scattered, nearly every warp diverges.
//   2 interleaved-strided    Harris reduce1. Thread t works on s[2*stride*t]: the active threads
//                            are contiguous (no divergence) but large strides hit few banks.
//   3 sequential             PMPP 10.4. The stride halves from B and thread t adds s[t+stride]:
//                            contiguous active threads and conflict-free shared accesses.
//   4 first-add-load         PMPP 10.5-10.6. Each thread adds its two inputs while loading, so a
//                            block needs B shared slots and one level less.
//   5 unroll-last-warp       Harris reduce5, for independent thread scheduling: the levels within
//                            one warp's reach run in warp 0 with __syncwarp, no block barrier.
//   6 warp-shuffle           PMPP 10.7 / CUB. Warps reduce in registers with __shfl_down_sync;
//                            only one total per warp goes through shared memory.
//   7 coarsened              PMPP 10.8. A grid-stride loop of 16-byte vector loads accumulates many
//                            inputs per thread serially, then the shuffle block reduction.
// Work: O(n) operator applications for every variant (1-5 also combine identity padding).
// Steps per pass: variants 1-3: 1 load + log2(B)+1 tree levels; 4-5: 1 + log2(B) levels (5 runs
// its last 6 without barriers); 6: 1 + 5 shuffles (+ 7 when B > 32); 7: n / (4 * grid * B)
// loop iterations + the same shuffle steps. Passes (two-pass finish): log_{2B} n, variant 7 fewer.
// Finish: two-pass (blocks write partials, the kernel runs again on them), atomic (thread 0 of
// every block combines into the result), last-block (the block drawing the last ticket finishes).
#include <cuda_runtime.h>

#include <algorithm>
#include <climits>
#include <initializer_list>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/op_dispatch.h"
#include "../common/trace_download.cuh"
#include "reduce_cuda.h"
#include "reduce_fast.h"

namespace ws::reduce {

namespace {

constexpr int kWarpSize = 32;
constexpr unsigned kFullMask = 0xffffffffu;
constexpr int kUnroll = 4;  // variant 7: vectors in flight per thread and loop trip

// The arrays and phases a pass records (the host maps them to trace buffers and steps).
enum TraceArray : int { kInput, kShared, kRegisters, kPartials, kResult, kCounter, kArrayCount };
enum TracePhase : int {
  kLoad,        // load (variant 7: grid-stride iteration `level`)
  kTree,        // tree level `level` in shared memory
  kWarp,        // variant 5: warp level; 6-7: block_reduce steps
  kFinish,      // store / atomic
  kTicket,      // last-block: take a ticket
  kLastGather,  // last-block: gather the partials
  kLastReduce,  // last-block: block_reduce steps
  kLastWrite,   // last-block: write the result
  kPhaseCount
};
static_assert(kArrayCount <= DeviceTrace::kMaxBuffers && kPhaseCount <= DeviceTrace::kMaxPhases,
              "the recorder's maps must hold every array and phase");

// Where a block's combined value goes; see finish_block.
template <class T>
struct BlockOutput {
  Finish finish;
  T* partials;               // one slot per block (two-pass: this pass's output)
  T* result;                 // the final value (atomic, last-block)
  unsigned int* retirement;  // last-block: blocks done so far; the last block resets it to 0
};

template <class T>
struct Vector4;  // four T in one 16-byte load
template <>
struct Vector4<int32_t> {
  using type = int4;
};
template <>
struct Vector4<float> {
  using type = float4;
};

template <class T>
__device__ T* shared_array() {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  return reinterpret_cast<T*>(shared_bytes);
}

__device__ int global_thread() {
  return static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
}

// s[dst] = s[dst] op s[src]: one node of a tree in shared memory.
template <class T, BinaryOp Op, class Rec>
__device__ void combine_in_shared(T* s, int dst, int src, Rec& rec) {
  const T x = rec.read(kShared, dst, s[dst]);
  const T y = rec.read(kShared, src, s[src]);
  s[dst] = rec.write(kShared, dst, rec.op(kShared, dst, apply_op<T>(Op, x, y)));
}

// ---- atomics: int sum/min/max have hardware atomics, float sum too; the rest retry a CAS ----
__device__ int to_bits(int32_t v) {
  return v;
}
__device__ int to_bits(float v) {
  return __float_as_int(v);
}
__device__ void from_bits(int bits, int32_t& v) {
  v = bits;
}
__device__ void from_bits(int bits, float& v) {
  v = __int_as_float(bits);
}

// Reads the word, computes old op value, and swaps it in unless another block changed it first.
template <BinaryOp Op, class T>
__device__ void atomic_combine_cas(T* address, T value) {
  int* word = reinterpret_cast<int*>(address);
  int seen = *word;
  int expected;
  do {
    expected = seen;
    T old_value;
    from_bits(expected, old_value);
    seen = atomicCAS(word, expected, to_bits(apply_op<T>(Op, old_value, value)));
  } while (seen != expected);
}

template <BinaryOp Op>
__device__ void atomic_combine(int32_t* address, int32_t value) {
  if constexpr (Op == BinaryOp::Sum)
    atomicAdd(address, value);  // wraps, like the CPU model's uint32 arithmetic
  else if constexpr (Op == BinaryOp::Min)
    atomicMin(address, value);
  else if constexpr (Op == BinaryOp::Max)
    atomicMax(address, value);
  else
    atomic_combine_cas<Op>(address, value);
}

template <BinaryOp Op>
__device__ void atomic_combine(float* address, float value) {
  if constexpr (Op == BinaryOp::Sum)
    atomicAdd(address, value);
  else
    atomic_combine_cas<Op>(address, value);
}

// @helper block-reduce
// Five shuffle levels: lane 0 ends with its warp's total. A lane whose source lies past the warp
// receives its own value, which is what __shfl_down_sync returns there.
template <class T, BinaryOp Op, class Rec>
__device__ T warp_reduce(T v, int phase, int first_level, Rec& rec) {
  const int lane = threadIdx.x % kWarpSize;
  const int tid = global_thread();
  for (int offset = kWarpSize / 2, level = first_level; offset >= 1; offset /= 2, ++level) {
    rec.begin(phase, level);
    const T theirs = __shfl_down_sync(kFullMask, v, offset);  // @shuffle
    rec.read(kRegisters, lane + offset < kWarpSize ? tid + offset : tid, theirs);
    v = rec.write(kRegisters, tid, rec.op(kRegisters, tid, apply_op<T>(Op, v, theirs)));
  }
  return v;
}

// The block's value ends in thread 0: every warp shuffles, lane 0 of each warp puts its total in
// `totals` (one slot per warp, shared memory), and the first warp shuffles the totals.
template <class T, BinaryOp Op, class Rec>
__device__ T block_reduce(T v, T* totals, int phase, Rec& rec) {
  v = warp_reduce<T, Op>(v, phase, 0, rec);
  const int warps = blockDim.x / kWarpSize;
  if (warps <= 1) return v;
  const int lane = threadIdx.x % kWarpSize;
  const int warp = threadIdx.x / kWarpSize;
  rec.begin(phase, 5);
  if (lane == 0) totals[warp] = rec.write(kShared, warp, v);  // @totals
  __syncthreads();
  if (warp == 0) {
    rec.begin(phase, 6);
    const T total = lane < warps ? rec.read(kShared, lane, totals[lane]) : identity_of<T>(Op);
    v = rec.write(kRegisters, global_thread(), total);  // @final-load
    v = warp_reduce<T, Op>(v, phase, 7, rec);
  }
  return v;
}
// @end

// @helper finish
// Every thread of the block calls this; `value` (the block's result) is valid in thread 0.
template <class T, BinaryOp Op, class Rec>
__device__ void finish_block(T value, T* shared, const BlockOutput<T>& out, Rec& rec) {
  const int t = threadIdx.x;
  rec.begin(kFinish);
  if (out.finish == Finish::Atomic) {
    if (t == 0) atomic_combine<Op>(out.result, rec.atomic(kResult, 0, value));  // @atomic
    return;
  }
  if (t == 0) out.partials[blockIdx.x] = rec.write(kPartials, blockIdx.x, value);  // @store
  if (out.finish == Finish::TwoPass) return;

  // Last block: the block that draws the last ticket knows every other partial is visible.
  __shared__ bool is_last_block;
  rec.begin(kTicket);
  if (t == 0) {
    __threadfence();  // publish this block's partial before taking a ticket
    const unsigned int ticket = atomicAdd(out.retirement, 1u);  // @ticket
    rec.atomic(kCounter, 0, 1);
    __threadfence();  // and see the partials of the blocks that took theirs before
    is_last_block = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (!is_last_block) return;

  rec.begin(kLastGather);
  const int grid = gridDim.x;
  const int tid = global_thread();
  T acc = identity_of<T>(Op);
  for (int j = t; j < grid; j += blockDim.x) {                           // @last-gather
    const T partial = rec.read(kPartials, j, __ldcg(&out.partials[j]));  // L2: other SMs wrote it
    acc = rec.op(kRegisters, tid, apply_op<T>(Op, acc, partial));
  }
  rec.write(kRegisters, tid, acc);
  acc = block_reduce<T, Op>(acc, shared, kLastReduce, rec);
  rec.begin(kLastWrite);
  if (t == 0) {
    *out.result = rec.write(kResult, 0, acc);      // @last-write
    *out.retirement = rec.write(kCounter, 0, 0u);  // ready for the next launch
  }
}
// @end

// @helper shared-memory
// Variants 1-3: each thread copies two inputs into shared memory, blockDim apart so a warp's
// loads are coalesced; past the end of the input the identity pads the tree.
template <class T, BinaryOp Op, class Rec>
__device__ void load_two_per_thread(const T* __restrict__ in, int64_t n, T* s, Rec& rec) {
  const int t = threadIdx.x, B = blockDim.x;
  const int64_t base = 2 * int64_t{blockIdx.x} * B;
  rec.begin(kLoad);
  for (int j = t; j < 2 * B; j += B) {
    const int64_t g = base + j;
    s[j] = rec.write(kShared, j, g < n ? rec.read(kInput, g, in[g]) : identity_of<T>(Op));  // @load
  }
  __syncthreads();
}

// Variants 1-5 end with the block's value in s[0]: thread 0 reads it and the block finishes.
template <class T, BinaryOp Op, class Rec>
__device__ void finish_from_shared(T* s, const BlockOutput<T>& out, Rec& rec) {
  rec.begin(kFinish);
  const T block_value = threadIdx.x == 0 ? rec.read(kShared, 0, s[0]) : identity_of<T>(Op);
  finish_block<T, Op>(block_value, s, out, rec);
}
// @end

// @variant interleaved-divergent
template <class T, BinaryOp Op, class Rec>
__global__ void reduce_interleaved_divergent(const T* __restrict__ in, int64_t n,
                                             BlockOutput<T> out, Rec rec) {
  T* s = shared_array<T>();  // 2B elements
  const int t = threadIdx.x, B = blockDim.x;
  load_two_per_thread<T, Op>(in, n, s, rec);  // @load
  for (int stride = 1, level = 0; stride <= B; stride *= 2, ++level) {
    rec.begin(kTree, level);
    if (t % stride == 0) combine_in_shared<T, Op>(s, 2 * t, 2 * t + stride, rec);  // @tree
    __syncthreads();
  }
  finish_from_shared<T, Op>(s, out, rec);
}
// @end

// @variant interleaved-strided
template <class T, BinaryOp Op, class Rec>
__global__ void reduce_interleaved_strided(const T* __restrict__ in, int64_t n, BlockOutput<T> out,
                                           Rec rec) {
  T* s = shared_array<T>();  // 2B elements
  const int t = threadIdx.x, B = blockDim.x;
  load_two_per_thread<T, Op>(in, n, s, rec);  // @load
  for (int stride = 1, level = 0; stride <= B; stride *= 2, ++level) {
    rec.begin(kTree, level);
    const int index = 2 * stride * t;  // contiguous threads, strided addresses
    if (index < 2 * B) combine_in_shared<T, Op>(s, index, index + stride, rec);  // @tree
    __syncthreads();
  }
  finish_from_shared<T, Op>(s, out, rec);
}
// @end

// @variant sequential
template <class T, BinaryOp Op, class Rec>
__global__ void reduce_sequential(const T* __restrict__ in, int64_t n, BlockOutput<T> out,
                                  Rec rec) {
  T* s = shared_array<T>();  // 2B elements
  const int t = threadIdx.x, B = blockDim.x;
  load_two_per_thread<T, Op>(in, n, s, rec);  // @load
  for (int stride = B, level = 0; stride >= 1; stride /= 2, ++level) {
    rec.begin(kTree, level);
    if (t < stride) combine_in_shared<T, Op>(s, t, t + stride, rec);  // @tree
    __syncthreads();
  }
  finish_from_shared<T, Op>(s, out, rec);
}
// @end

// @variant first-add-load
template <class T, BinaryOp Op, class Rec>
__global__ void reduce_first_add_load(const T* __restrict__ in, int64_t n, BlockOutput<T> out,
                                      Rec rec) {
  T* s = shared_array<T>();  // B elements
  const int t = threadIdx.x, B = blockDim.x;
  const int64_t g = 2 * int64_t{blockIdx.x} * B + t;
  rec.begin(kLoad);
  const T lo = g < n ? rec.read(kInput, g, in[g]) : identity_of<T>(Op);
  const T hi = g + B < n ? rec.read(kInput, g + B, in[g + B]) : identity_of<T>(Op);
  s[t] = rec.write(kShared, t, rec.op(kShared, t, apply_op<T>(Op, lo, hi)));  // @load
  __syncthreads();
  for (int stride = B / 2, level = 0; stride >= 1; stride /= 2, ++level) {
    rec.begin(kTree, level);
    if (t < stride) combine_in_shared<T, Op>(s, t, t + stride, rec);  // @tree
    __syncthreads();
  }
  finish_from_shared<T, Op>(s, out, rec);
}
// @end

// @variant unroll-last-warp
template <class T, BinaryOp Op, class Rec>
__global__ void reduce_unroll_last_warp(const T* __restrict__ in, int64_t n, BlockOutput<T> out,
                                        Rec rec) {
  T* s = shared_array<T>();  // B elements, B >= 64
  const int t = threadIdx.x, B = blockDim.x;
  const int64_t g = 2 * int64_t{blockIdx.x} * B + t;
  rec.begin(kLoad);
  const T lo = g < n ? rec.read(kInput, g, in[g]) : identity_of<T>(Op);
  const T hi = g + B < n ? rec.read(kInput, g + B, in[g + B]) : identity_of<T>(Op);
  s[t] = rec.write(kShared, t, rec.op(kShared, t, apply_op<T>(Op, lo, hi)));  // @load
  __syncthreads();
  for (int stride = B / 2, level = 0; stride > kWarpSize; stride /= 2, ++level) {
    rec.begin(kTree, level);
    if (t < stride) combine_in_shared<T, Op>(s, t, t + stride, rec);  // @tree
    __syncthreads();
  }
  if (t < kWarpSize) {
    // One warp, six levels. Its lanes need not run in lockstep (independent thread scheduling),
    // so each lane keeps its value in a register and __syncwarp separates every read of a
    // neighbour's slot from the write that overwrites it.
    rec.begin(kWarp, 0);
    T v = rec.read(kShared, t, s[t]);
    for (int offset = kWarpSize, level = 0; offset >= 1; offset /= 2, ++level) {
      rec.begin(kWarp, level);
      const T theirs = rec.read(kShared, t + offset, s[t + offset]);  // @warp
      v = rec.op(kShared, t, apply_op<T>(Op, v, theirs));
      __syncwarp();
      s[t] = rec.write(kShared, t, v);
      __syncwarp();
    }
  }
  finish_from_shared<T, Op>(s, out, rec);
}
// @end

// @variant warp-shuffle
template <class T, BinaryOp Op, class Rec>
__global__ void reduce_warp_shuffle(const T* __restrict__ in, int64_t n, BlockOutput<T> out,
                                    Rec rec) {
  T* totals = shared_array<T>();  // one slot per warp
  const int t = threadIdx.x, B = blockDim.x;
  const int tid = global_thread();
  const int64_t g = 2 * int64_t{blockIdx.x} * B + t;
  rec.begin(kLoad);
  const T lo = g < n ? rec.read(kInput, g, in[g]) : identity_of<T>(Op);
  const T hi = g + B < n ? rec.read(kInput, g + B, in[g + B]) : identity_of<T>(Op);
  T v = rec.write(kRegisters, tid, rec.op(kRegisters, tid, apply_op<T>(Op, lo, hi)));  // @load
  v = block_reduce<T, Op>(v, totals, kWarp, rec);
  finish_block<T, Op>(v, totals, out, rec);
}
// @end

// Variant 7's loop body: acc op x.x op x.y op x.z op x.w, left to right; `sweep` numbers the
// grid-stride iterations, one trace step each.
template <class T, BinaryOp Op, class Rec, class Vec>
__device__ T accumulate_vector(T acc, const Vec& x, int64_t i, int sweep, Rec& rec) {
  rec.begin(kLoad, sweep);
  const T parts[4] = {rec.read(kInput, i, x.x, 0), rec.read(kInput, i + 1, x.y, 1),
                      rec.read(kInput, i + 2, x.z, 2), rec.read(kInput, i + 3, x.w, 3)};
  const int tid = global_thread();
#pragma unroll
  for (int e = 0; e < 4; ++e) acc = rec.op(kRegisters, tid, apply_op<T>(Op, acc, parts[e]));
  return rec.write(kRegisters, tid, acc);
}

// The final vector when n % 4 != 0: scalar loads of the 1-3 inputs left.
template <class T, BinaryOp Op, class Rec>
__device__ T accumulate_tail(T acc, const T* in, int64_t i, int64_t n, int sweep, Rec& rec) {
  rec.begin(kLoad, sweep);
  const int count = static_cast<int>(n - i);
  T parts[3] = {acc, acc, acc};
#pragma unroll
  for (int e = 0; e < 3; ++e)
    if (e < count) parts[e] = rec.read(kInput, i + e, in[i + e]);
  const int tid = global_thread();
#pragma unroll
  for (int e = 0; e < 3; ++e)
    if (e < count) acc = rec.op(kRegisters, tid, apply_op<T>(Op, acc, parts[e]));
  return rec.write(kRegisters, tid, acc);
}

// @variant coarsened
template <class T, BinaryOp Op, class Rec>
__global__ void reduce_coarsened(const T* __restrict__ in, int64_t n, BlockOutput<T> out, Rec rec) {
  using Vec = typename Vector4<T>::type;
  T* totals = shared_array<T>();                               // one slot per warp
  const int64_t stride = 4 * int64_t{gridDim.x} * blockDim.x;  // inputs per sweep of the grid
  int64_t i = 4 * int64_t{global_thread()};                    // this thread's first vector
  int sweep = 0;
  T acc = identity_of<T>(Op);
  // kUnroll whole vectors per trip: independent 16-byte loads, all in flight at once.
  for (; i + (kUnroll - 1) * stride + 3 < n; i += kUnroll * stride) {
    Vec x[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      x[u] = *reinterpret_cast<const Vec*>(in + i + u * stride);  // @gridstride
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      acc = accumulate_vector<T, Op>(acc, x[u], i + u * stride, sweep++, rec);
  }
  for (; i < n; i += stride, ++sweep) {  // the last few vectors; the final one may be partial
    if (i + 3 < n)
      acc = accumulate_vector<T, Op>(acc, *reinterpret_cast<const Vec*>(in + i), i, sweep, rec);
    else
      acc = accumulate_tail<T, Op>(acc, in, i, n, sweep, rec);
  }
  acc = block_reduce<T, Op>(acc, totals, kWarp, rec);
  finish_block<T, Op>(acc, totals, out, rec);
}
// @end

// ================================ host side: launches ==========================================

template <class T, class Rec>
using ReduceKernel = void (*)(const T*, int64_t, BlockOutput<T>, Rec);

template <class T, BinaryOp Op, class Rec>
ReduceKernel<T, Rec> kernel_for(Variant v) {
  switch (v) {
    case Variant::InterleavedDivergent:
      return reduce_interleaved_divergent<T, Op, Rec>;
    case Variant::InterleavedStrided:
      return reduce_interleaved_strided<T, Op, Rec>;
    case Variant::Sequential:
      return reduce_sequential<T, Op, Rec>;
    case Variant::FirstAddDuringLoad:
      return reduce_first_add_load<T, Op, Rec>;
    case Variant::UnrollLastWarp:
      return reduce_unroll_last_warp<T, Op, Rec>;
    case Variant::WarpShuffle:
      return reduce_warp_shuffle<T, Op, Rec>;
    case Variant::Coarsened:
      return reduce_coarsened<T, Op, Rec>;
    default:  // variants 8-10: reduce_global.cu
      break;
  }
  throw Error("unknown reduction variant " + std::to_string(static_cast<int>(v)));
}

template <class T, class Rec>
ReduceKernel<T, Rec> kernel_for(Variant v, BinaryOp op) {
  return dispatch_op(op, [&](auto o) { return kernel_for<T, decltype(o)::value, Rec>(v); });
}

// Dynamic shared memory of a block: the tree array, or one slot per warp (which the last-block
// finish also uses for its warp totals).
size_t shared_elements(Variant v, int block_dim) {
  switch (v) {
    case Variant::InterleavedDivergent:
    case Variant::InterleavedStrided:
    case Variant::Sequential:
      return 2 * size_t(block_dim);
    case Variant::FirstAddDuringLoad:
    case Variant::UnrollLastWarp:
      return size_t(block_dim);
    default:
      return size_t(std::max(1, block_dim / kWarpSize));
  }
}

template <class T, class Rec>
void launch_pass(Variant v, BinaryOp op, const detail::PassShape& shape, const T* input,
                 const BlockOutput<T>& out, const Rec& rec) {
  const ReduceKernel<T, Rec> kernel = kernel_for<T, Rec>(v, op);
  const size_t shared_bytes = shared_elements(v, shape.block_dim) * sizeof(T);
  kernel<<<shape.grid_dim, shape.block_dim, shared_bytes>>>(input, shape.n, out, rec);
  WS_CUDA_CHECK_LAUNCH();
}

// ================================ host side: teach mode ========================================

int find_buffer(const Trace& trace, const std::string& name) {
  for (size_t i = 0; i < trace.buffers.size(); ++i)
    if (trace.buffers[i].name == name) return static_cast<int>(i);
  throw Error("the reduction trace has no buffer '" + name + "'");
}

std::string pass_name(const char* base, size_t pass) {
  return pass == 0 ? base : std::string(base) + " " + std::to_string(pass + 1);
}

// [first, last) step indices of each pass: a two-pass run ends every pass with its store step.
std::vector<std::pair<int, int>> pass_step_ranges(const Trace& trace, Finish finish) {
  const int steps = static_cast<int>(trace.steps.size());
  if (finish != Finish::TwoPass) return {{0, steps}};
  std::vector<std::pair<int, int>> ranges;
  int first = 0;
  for (int s = 0; s < steps; ++s) {
    if (trace.steps[s].code_marker == "@store") {
      ranges.push_back({first, s + 1});
      first = s + 1;
    }
  }
  return ranges;
}

// The first step of each phase within one pass, found by the code markers of the CPU model.
// A phase the pass does not have gets a step far out of range, so a stray event is reported.
void map_phases(const Trace& trace, std::pair<int, int> range, DeviceTrace& rec) {
  constexpr int kAbsent = -(1 << 24);
  for (int& phase : rec.phases) phase = kAbsent;
  auto first_with = [&](std::initializer_list<const char*> markers, int from) {
    for (int s = from; s < range.second; ++s)
      for (const char* m : markers)
        if (trace.steps[s].code_marker == m) return s;
    return kAbsent;
  };
  rec.phases[kLoad] = first_with({"@load", "@gridstride"}, range.first);
  rec.phases[kTree] = first_with({"@tree"}, range.first);
  int finish = range.second;
  for (int s = range.first; s < range.second; ++s)
    if (trace.steps[s].phase == "finish") {
      finish = s;
      break;
    }
  const int warp = first_with({"@warp", "@shuffle"}, range.first);
  rec.phases[kWarp] = warp >= 0 && warp < finish ? warp : kAbsent;
  rec.phases[kFinish] = finish < range.second ? finish : kAbsent;
  rec.phases[kTicket] = first_with({"@ticket"}, range.first);
  const int gather = first_with({"@last-gather"}, range.first);
  rec.phases[kLastGather] = gather;
  rec.phases[kLastReduce] = gather >= 0 ? gather + 1 : kAbsent;
  rec.phases[kLastWrite] = first_with({"@last-write"}, range.first);
}

template <class T>
double teach_typed(const Params& p, const std::vector<double>& values, Trace& trace) {
  const int64_t n = static_cast<int64_t>(values.size());
  std::vector<T> host(values.size());
  for (size_t i = 0; i < values.size(); ++i) host[i] = static_cast<T>(values[i]);

  const std::vector<detail::PassShape> passes = detail::plan_passes(p, n, 0);
  const std::vector<std::pair<int, int>> ranges = pass_step_ranges(trace, p.finish);
  WS_REQUIRE(ranges.size() == passes.size(), "the GPU plans " + std::to_string(passes.size()) +
                                                 " passes, the CPU model " +
                                                 std::to_string(ranges.size()));

  // The model's event count is exact for a correct kernel; the slack turns a kernel that records
  // too much into a clear error instead of an overflow.
  size_t expected = 0;
  for (const TraceStep& s : trace.steps) expected += s.events.size();
  const size_t capacity = 2 * expected + 4096;
  require_device_memory(capacity * sizeof(TraceEvent) + (n + 64) * sizeof(T) + (1 << 20),
                        "a teach-mode reduction trace");
  DeviceBuffer<TraceEvent> events(capacity);
  DeviceBuffer<unsigned long long> count(1);
  count.fill_zero();
  DeviceBuffer<T> input(host.size());
  input.upload(host);
  DeviceBuffer<T> result(1);
  const T identity = identity_of<T>(p.op);
  result.upload(&identity, 1);  // the atomic finish combines into it
  DeviceBuffer<unsigned int> retirement(1);
  retirement.fill_zero();

  std::vector<DeviceBuffer<T>> partials;  // one array per pass, alive until the end
  const T* pass_input = input.data();
  std::string input_name = "input";
  for (size_t k = 0; k < passes.size(); ++k) {
    const detail::PassShape& shape = passes[k];
    const auto range = ranges[k];
    for (int s = range.first; s < range.second; ++s)
      WS_REQUIRE(
          trace.steps[s].grid_dim == shape.grid_dim && trace.steps[s].block_dim == shape.block_dim,
          "launch shape of pass " + std::to_string(k + 1) + " differs from the CPU model");

    // Partials: two-pass (except its last pass, which writes the result) and last-block.
    const bool two_pass_result = p.finish == Finish::TwoPass && shape.last;
    const bool has_partials =
        p.finish == Finish::LastBlock || (p.finish == Finish::TwoPass && !shape.last);
    DeviceBuffer<T> pass_partials(has_partials ? size_t(shape.grid_dim) : 0);
    const std::string partials_name = p.finish == Finish::LastBlock ? "partials"
                                      : two_pass_result             ? "result"
                                                                    : pass_name("partials", k);

    DeviceTrace rec{};
    rec.events = events.data();
    rec.count = count.data();
    rec.capacity = capacity;
    for (int16_t& b : rec.buffers) b = -1;
    rec.buffers[kInput] = static_cast<int16_t>(find_buffer(trace, input_name));
    rec.buffers[kShared] = static_cast<int16_t>(find_buffer(trace, pass_name("shared", k)));
    rec.buffers[kRegisters] = static_cast<int16_t>(find_buffer(trace, pass_name("registers", k)));
    rec.buffers[kResult] = static_cast<int16_t>(find_buffer(trace, "result"));
    if (p.finish != Finish::Atomic)
      rec.buffers[kPartials] = static_cast<int16_t>(find_buffer(trace, partials_name));
    if (p.finish == Finish::LastBlock)
      rec.buffers[kCounter] = static_cast<int16_t>(find_buffer(trace, "retirement counter"));
    map_phases(trace, range, rec);
    rec.step = rec.phases[kLoad];

    const BlockOutput<T> out{p.finish, two_pass_result ? result.data() : pass_partials.data(),
                             result.data(), retirement.data()};
    launch_pass<T, DeviceTrace>(p.variant, p.op, shape, pass_input, out, rec);
    pass_input = pass_partials.data();
    input_name = partials_name;
    partials.push_back(std::move(pass_partials));
  }
  WS_CUDA_CHECK(cudaDeviceSynchronize());

  download_trace_events(events, count, capacity, expected, trace);
  T value{};
  result.download(&value, 1);
  return static_cast<double>(value);
}

}  // namespace

// ================================ host side: API ===============================================

namespace detail {

std::vector<PassShape> plan_passes(const Params& p, int64_t n, int64_t grid_cap) {
  WS_REQUIRE(n >= 1, std::string("a reduction needs at least one value"));
  std::vector<PassShape> passes;
  const int first_block_dim = resolve_block_dim(p, n);
  int64_t count = n;
  for (int pass = 0;; ++pass) {
    PassShape s;
    s.block_dim =
        pass == 0 ? first_block_dim : std::min(first_block_dim, resolve_block_dim(p, count));
    int64_t grid = grid_dim_for(p, s.block_dim, count);
    if (grid_cap > 0) grid = std::min(grid, grid_cap);
    WS_REQUIRE(grid <= INT_MAX, std::to_string(count) + " values need " + std::to_string(grid) +
                                    " blocks, more than a launch allows");
    s.grid_dim = static_cast<int>(grid);
    s.n = count;
    s.last = p.finish != Finish::TwoPass || grid == 1;
    passes.push_back(s);
    if (s.last) break;
    count = grid;
  }
  return passes;
}

void launch_fast_pass(Variant v, BinaryOp op, ValueType type, const FastPass& pass) {
  dispatch_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const BlockOutput<T> out{pass.finish, static_cast<T*>(pass.partials),
                             static_cast<T*>(pass.result), pass.retirement};
    launch_pass<T, NoTrace>(v, op, pass.shape, static_cast<const T*>(pass.input), out, NoTrace{});
  });
}

int fast_blocks_per_sm(Variant v, BinaryOp op, ValueType type, int block_dim) {
  int blocks = 0;
  dispatch_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &blocks, kernel_for<T, NoTrace>(v, op), block_dim,
        shared_elements(v, block_dim) * sizeof(T)));
  });
  return blocks;
}

}  // namespace detail

TeachRun teach_cuda(const Params& p, const std::vector<double>& values) {
  if (is_global_variant(p.variant)) return teach_global_cuda(p, values);
  // The CPU model validates the request and supplies the trace's buffers and steps; the events
  // and the result are then replaced by what the GPU recorded.
  TeachRun run = teach_cpu(p, values);
  run.result = dispatch_type(p.type, [&](auto tag) {
    return teach_typed<typename decltype(tag)::type>(p, values, run.trace);
  });
  return run;
}

}  // namespace ws::reduce
