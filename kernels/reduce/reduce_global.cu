// The reduction in place in GLOBAL memory: no shared memory, every tree level reads and writes
// the input array itself, so each level costs global traffic (the 128-byte requests the books
// count). One kernel per variant, written once for both modes (DeviceTrace / NoTrace).
//    8 simple-global      PMPP Fig. 10.6. Owner thread t (i = 2t) adds input[i + stride] when
//                         t % stride == 0, stride 1, 2, ..., blockDim: scattered owners, and
//                         every warp touches two 128-byte lines per access until stride 32.
//    9 convergent-global  PMPP Fig. 10.9. Thread t (i = t) adds input[i + stride] when
//                         t < stride, stride blockDim, ..., 1: contiguous owners, one line per
//                         warp access, idle warps retire.
//   10 reduce-global      CS344 lesson 3. Each block reduces its blockDim-wide slice in place
//                         (s = blockDim/2, ..., 1, tid < s); thread 0 writes d_out[blockIdx.x]; a
//                         second launch reduces d_out the same way.
// Work: n - 1 operator applications. Steps: log2(2B) levels (8, 9) or log2(B) levels (10) per
// launch, one barrier each, plus the store. The books launch 8 and 9 in ONE block of N/2 threads
// (teach mode does too); fast mode runs the same code with one 2B-element slice per block
// (base = 2 * blockDim * blockIdx, 0 in the book's launch) and reduces the block values again.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/op_dispatch.h"
#include "../common/trace_download.cuh"
#include "reduce_cuda.h"
#include "reduce_global.h"

namespace ws::reduce {

namespace {

// The arrays and phases a launch records (the host maps them to trace buffers and steps).
enum GlobalArray : int { kInPlace, kBlockValues };
enum GlobalPhase : int { kLevels, kStore };

// @helper in-place
// input[i] += input[i + stride], recorded as read, read, op, write; `base` is the block's first
// element in the whole array (the trace numbers elements of the whole array).
template <class T, BinaryOp Op, class Rec>
__device__ void add_in_place(T* input, int64_t base, int64_t i, int64_t j, Rec& rec) {
  const T x = rec.read(kInPlace, base + i, input[i]);
  const T y = rec.read(kInPlace, base + j, input[j]);
  input[i] = rec.write(kInPlace, base + i, rec.op(kInPlace, base + i, apply_op<T>(Op, x, y)));
}

// Thread 0: the block's value, input[0] of its slice, goes to output[blockIdx.x].
template <class T, class Rec>
__device__ void store_block_value(const T* input, int64_t base, T* output, Rec& rec) {
  rec.begin(kStore);
  if (threadIdx.x == 0)
    output[blockIdx.x] = rec.write(kBlockValues, blockIdx.x, rec.read(kInPlace, base, input[0]));
}
// @end

// @variant simple-global
template <class T, BinaryOp Op, class Rec>
__global__ void simple_sum_reduction(T* input, T* output, Rec rec) {
  const int64_t base = 2 * int64_t{blockDim.x} * blockIdx.x;  // the book: one block, base 0
  input += base;
  const unsigned int i = 2 * threadIdx.x;
  for (unsigned int stride = 1, level = 0; stride <= blockDim.x; stride *= 2, ++level) {
    rec.begin(kLevels, level);
    if (threadIdx.x % stride == 0)
      add_in_place<T, Op>(input, base, i, i + stride, rec);  // @tree input[i] += input[i + stride]
    __syncthreads();
  }
  store_block_value(input, base, output, rec);  // @store *output = input[0]
}
// @end

// @variant convergent-global
template <class T, BinaryOp Op, class Rec>
__global__ void convergent_sum_reduction(T* input, T* output, Rec rec) {
  const int64_t base = 2 * int64_t{blockDim.x} * blockIdx.x;  // the book: one block, base 0
  input += base;
  const unsigned int i = threadIdx.x;
  for (unsigned int stride = blockDim.x, level = 0; stride >= 1; stride /= 2, ++level) {
    rec.begin(kLevels, level);
    if (threadIdx.x < stride)
      add_in_place<T, Op>(input, base, i, i + stride, rec);  // @tree input[i] += input[i + stride]
    __syncthreads();
  }
  store_block_value(input, base, output, rec);  // @store *output = input[0]
}
// @end

// @variant reduce-global
template <class T, BinaryOp Op, class Rec>
__global__ void global_reduce_kernel(T* d_in, T* d_out, Rec rec) {
  const int64_t myId = int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const int tid = threadIdx.x;
  const int64_t base = myId - tid;  // this block's slice
  for (unsigned int s = blockDim.x / 2, level = 0; s > 0; s >>= 1, ++level) {
    rec.begin(kLevels, level);
    if (tid < s) add_in_place<T, Op>(d_in + base, base, tid, tid + s, rec);  // @tree
    __syncthreads();  // d_in[myId] += d_in[myId + s] above: every thread waits for the level
  }
  store_block_value(d_in + base, base, d_out, rec);  // @store d_out[blockIdx.x] = d_in[myId]
}
// @end

template <class T, class Rec>
using GlobalKernel = void (*)(T*, T*, Rec);

template <class T, class Rec>
GlobalKernel<T, Rec> global_kernel_for(Variant v, BinaryOp op) {
  return dispatch_op(op, [&](auto o) -> GlobalKernel<T, Rec> {
    constexpr BinaryOp Op = decltype(o)::value;
    if (v == Variant::SimpleGlobal) return simple_sum_reduction<T, Op, Rec>;
    if (v == Variant::ConvergentGlobal) return convergent_sum_reduction<T, Op, Rec>;
    return global_reduce_kernel<T, Op, Rec>;
  });
}

template <class T, class Rec>
void launch_global(Variant v, BinaryOp op, const GlobalPass& pass, T* input, T* output,
                   const Rec& rec) {
  global_kernel_for<T, Rec>(v, op)<<<pass.grid_dim, pass.block_dim>>>(input, output, rec);
  WS_CUDA_CHECK_LAUNCH();
}

// The device arrays of a run: the (padded) input, one block-value array per pass but the last,
// and the result. Padding and block-value arrays hold the identity (op(id, id) = id keeps it).
template <class T>
struct GlobalArrays {
  DeviceBuffer<T> input;
  std::vector<DeviceBuffer<T>> partials;
  DeviceBuffer<T> result{1};

  GlobalArrays(const std::vector<GlobalPass>& passes, const T* host, int64_t n, BinaryOp op)
      : input(size_t(passes.front().n)) {
    std::vector<T> padded(host, host + n);
    padded.resize(size_t(passes.front().n), identity_of<T>(op));
    input.upload(padded);
    for (size_t k = 0; k + 1 < passes.size(); ++k) {
      partials.emplace_back(size_t(passes[k + 1].n));
      partials.back().upload(std::vector<T>(size_t(passes[k + 1].n), identity_of<T>(op)));
    }
  }
  T* in(size_t k) { return k == 0 ? input.data() : partials[k - 1].data(); }
  T* out(size_t k) { return k < partials.size() ? partials[k].data() : result.data(); }
};

size_t global_bytes(const std::vector<GlobalPass>& passes, size_t elem) {
  size_t bytes = 2 * size_t(passes.front().n) * elem + (1 << 20);
  for (const GlobalPass& s : passes) bytes += size_t(s.n) * elem;
  return bytes;
}

int find_global_buffer(const Trace& trace, const std::string& name) {
  for (size_t i = 0; i < trace.buffers.size(); ++i)
    if (trace.buffers[i].name == name) return static_cast<int>(i);
  throw Error("the global-memory reduction trace has no buffer '" + name + "'");
}

template <class T>
double global_teach_typed(const Params& p, const std::vector<double>& values, Trace& trace) {
  const int64_t n = static_cast<int64_t>(values.size());
  std::vector<T> host(values.begin(), values.end());
  const std::vector<GlobalPass> passes = plan_global_passes(p, n, true);
  size_t expected = 0;
  std::vector<int> stores;  // the store step of each pass
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    expected += trace.steps[s].events.size();
    if (trace.steps[s].code_marker == "@store") stores.push_back(static_cast<int>(s));
  }
  WS_REQUIRE(stores.size() == passes.size(), "the GPU plans " + std::to_string(passes.size()) +
                                                 " launches, the CPU model " +
                                                 std::to_string(stores.size()));
  const size_t capacity = 2 * expected + 4096;
  require_device_memory(capacity * sizeof(TraceEvent) + global_bytes(passes, sizeof(T)),
                        "a teach-mode global-memory reduction trace");
  DeviceBuffer<TraceEvent> events(capacity);
  DeviceBuffer<unsigned long long> count(1);
  count.fill_zero();
  GlobalArrays<T> arrays(passes, host.data(), n, p.op);
  for (size_t k = 0; k < passes.size(); ++k) {
    DeviceTrace rec{};
    rec.events = events.data();
    rec.count = count.data();
    rec.capacity = capacity;
    for (int16_t& b : rec.buffers) b = -1;
    for (int32_t& phase : rec.phases) phase = -(1 << 24);
    const auto partials_name = [](size_t pass) {
      return pass == 0 ? std::string("partials") : "partials " + std::to_string(pass + 1);
    };
    rec.buffers[kInPlace] =
        static_cast<int16_t>(find_global_buffer(trace, k == 0 ? "input" : partials_name(k - 1)));
    rec.buffers[kBlockValues] = static_cast<int16_t>(
        find_global_buffer(trace, passes[k].last ? "result" : partials_name(k)));
    rec.phases[kLevels] = k == 0 ? 0 : stores[k - 1] + 1;
    rec.phases[kStore] = stores[k];
    rec.step = rec.phases[kLevels];
    launch_global<T, DeviceTrace>(p.variant, p.op, passes[k], arrays.in(k), arrays.out(k), rec);
  }
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  download_trace_events(events, count, capacity, expected, trace);
  T value{};
  arrays.result.download(&value, 1);
  return static_cast<double>(value);
}

template <class T>
FastRun global_fast_typed(const Params& p, const T* host, int64_t n, int repeats) {
  const std::vector<GlobalPass> passes = plan_global_passes(p, n, false);
  require_device_memory(global_bytes(passes, sizeof(T)),
                        "reducing " + std::to_string(n) + " values in global memory");
  GlobalArrays<T> arrays(passes, host, n, p.op);
  DeviceBuffer<T> pristine(arrays.input.size());  // the input the timed runs overwrite
  WS_CUDA_CHECK(cudaMemcpy(pristine.data(), arrays.input.data(), arrays.input.bytes(),
                           cudaMemcpyDeviceToDevice));
  auto restore = [&] {
    WS_CUDA_CHECK(cudaMemcpyAsync(arrays.input.data(), pristine.data(), pristine.bytes(),
                                  cudaMemcpyDeviceToDevice));
  };
  auto launch = [&] {
    for (size_t k = 0; k < passes.size(); ++k)
      launch_global<T, NoTrace>(p.variant, p.op, passes[k], arrays.in(k), arrays.out(k), NoTrace{});
  };
  for (int w = 0; w < 2; ++w) {  // warm-up
    restore();
    launch();
  }
  CudaEvent start, stop;
  std::vector<double> times;
  for (int r = 0; r < std::max(1, repeats); ++r) {
    restore();  // outside the timed region
    WS_CUDA_CHECK(cudaEventRecord(start.get()));
    launch();
    WS_CUDA_CHECK(cudaEventRecord(stop.get()));
    WS_CUDA_CHECK(cudaEventSynchronize(stop.get()));
    float ms = 0;
    WS_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
    times.push_back(ms);
  }
  FastRun run;
  run.n = n;
  run.median_ms = median(std::move(times));
  run.gbps = double(n) * sizeof(T) / (run.median_ms * 1e6);
  T value{};
  arrays.result.download(&value, 1);
  run.result = static_cast<double>(value);
  return run;
}

}  // namespace

TeachRun teach_global_cuda(const Params& p, const std::vector<double>& values) {
  TeachRun run = teach_global_cpu(p, values);  // validation, buffers and steps
  run.result = dispatch_type(p.type, [&](auto tag) {
    return global_teach_typed<typename decltype(tag)::type>(p, values, run.trace);
  });
  return run;
}

FastRun fast_global_cuda(const Params& p, const void* host_data, int64_t n, int repeats) {
  WS_REQUIRE(n >= 1 && host_data != nullptr, std::string("a reduction needs at least one value"));
  return dispatch_type(p.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return global_fast_typed<T>(p, static_cast<const T*>(host_data), n, repeats);
  });
}

}  // namespace ws::reduce
