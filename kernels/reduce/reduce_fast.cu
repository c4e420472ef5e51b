// Fast mode: the uninstrumented kernels of reduce.cu timed with CUDA events, next to the CUB
// baseline (the device's copy bandwidth is common/device_services.cu).
#include <cuda_runtime.h>

#include <cub/device/device_reduce.cuh>

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "../common/op_dispatch.h"
#include "reduce_cuda.h"
#include "reduce_fast.h"

namespace ws::reduce {

namespace {

constexpr int kWarmupRuns = 2;
constexpr size_t kAllocationSlack = 1 << 20;  // alignment and the driver's small allocations

std::string describe_request(ValueType type, int64_t n) {
  return "reducing " + std::to_string(n) + " " + type_name(type) + " values";
}

// Variant 7 needs no more blocks than fit on the device at once: its grid-stride loop covers the
// rest, and a small grid keeps the second pass (or the last block's gather) tiny.
int64_t coarsened_grid_cap(const Params& p, int64_t n) {
  int device = 0, sms = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const int per_sm = detail::fast_blocks_per_sm(p.variant, p.op, p.type, resolve_block_dim(p, n));
  return int64_t{sms} * std::max(1, per_sm);
}

// Times `run` (warm-up, median of `repeats`) and reads the one-element result it leaves.
template <class T, class Run>
FastRun timed_run(Run& run, const DeviceBuffer<T>& result, int64_t n, int repeats) {
  FastRun r;
  r.n = n;
  r.median_ms = median_ms(run, kWarmupRuns, repeats);
  r.gbps = double(n) * sizeof(T) / (r.median_ms * 1e6);
  T value{};
  result.download(&value, 1);
  r.result = static_cast<double>(value);
  return r;
}

template <class T>
FastRun fast_typed(const Params& p, const T* host, int64_t n, int repeats) {
  const int64_t cap = p.variant == Variant::Coarsened ? coarsened_grid_cap(p, n) : 0;
  const std::vector<detail::PassShape> passes = detail::plan_passes(p, n, cap);

  size_t bytes = size_t(n) * sizeof(T) + kAllocationSlack;
  for (const detail::PassShape& s : passes) bytes += size_t(s.grid_dim) * sizeof(T) + 256;
  require_device_memory(bytes, describe_request(p.type, n));

  DeviceBuffer<T> input(static_cast<size_t>(n));
  input.upload(host, size_t(n));
  DeviceBuffer<T> result(1);
  DeviceBuffer<T> identity(1);  // the atomic finish starts every run from it
  const T identity_value = identity_of<T>(p.op);
  identity.upload(&identity_value, 1);
  result.upload(&identity_value, 1);
  DeviceBuffer<unsigned int> retirement(1);
  retirement.fill_zero();  // the last block resets it after every run
  std::vector<DeviceBuffer<T>> partials;
  std::vector<detail::FastPass> launches;
  const void* pass_input = input.data();
  for (const detail::PassShape& s : passes) {
    const bool writes_result = p.finish == Finish::TwoPass && s.last;
    const bool has_partials =
        p.finish == Finish::LastBlock || (p.finish == Finish::TwoPass && !s.last);
    partials.emplace_back(has_partials ? size_t(s.grid_dim) : 0);
    detail::FastPass launch;
    launch.shape = s;
    launch.input = pass_input;
    launch.finish = p.finish;
    launch.partials = writes_result ? result.data() : partials.back().data();
    launch.result = result.data();
    launch.retirement = retirement.data();
    launches.push_back(launch);
    pass_input = partials.back().data();
  }

  auto run = [&] {
    if (p.finish == Finish::Atomic)
      WS_CUDA_CHECK(
          cudaMemcpyAsync(result.data(), identity.data(), sizeof(T), cudaMemcpyDeviceToDevice));
    for (const detail::FastPass& launch : launches)
      detail::launch_fast_pass(p.variant, p.op, p.type, launch);
  };
  return timed_run<T>(run, result, n, repeats);
}

// int32 product wraps like the CPU model (apply_op computes it in uint32).
template <class T>
struct WrappingProduct {
  __host__ __device__ T operator()(const T& a, const T& b) const {
    return apply_op<T>(BinaryOp::Product, a, b);
  }
};

template <class T, class Count>
cudaError_t cub_reduce(BinaryOp op, void* temp, size_t& temp_bytes, const T* in, T* out, Count n) {
  switch (op) {
    case BinaryOp::Sum:
      return cub::DeviceReduce::Sum(temp, temp_bytes, in, out, n);
    case BinaryOp::Min:
      return cub::DeviceReduce::Min(temp, temp_bytes, in, out, n);
    case BinaryOp::Max:
      return cub::DeviceReduce::Max(temp, temp_bytes, in, out, n);
    default:
      return cub::DeviceReduce::Reduce(temp, temp_bytes, in, out, n, WrappingProduct<T>{},
                                       identity_of<T>(BinaryOp::Product));
  }
}

template <class T>
cudaError_t cub_reduce_any_size(BinaryOp op, void* temp, size_t& temp_bytes, const T* in, T* out,
                                int64_t n) {
  // 32-bit offsets whenever they suffice: CUB's tuned path for everything below 2^31 items.
  if (n <= INT_MAX) return cub_reduce(op, temp, temp_bytes, in, out, static_cast<int>(n));
  return cub_reduce(op, temp, temp_bytes, in, out, n);
}

template <class T>
FastRun cub_typed(BinaryOp op, ValueType type, const T* host, int64_t n, int repeats) {
  size_t temp_bytes = 0;
  WS_CUDA_CHECK(cub_reduce_any_size<T>(op, nullptr, temp_bytes, nullptr, nullptr, n));
  require_device_memory(size_t(n) * sizeof(T) + temp_bytes + kAllocationSlack,
                        describe_request(type, n) + " with CUB");
  DeviceBuffer<T> input(static_cast<size_t>(n));
  input.upload(host, size_t(n));
  DeviceBuffer<T> result(1);
  DeviceBuffer<unsigned char> temp(std::max<size_t>(temp_bytes, 1));
  auto run = [&] {
    size_t bytes = temp_bytes;
    WS_CUDA_CHECK(cub_reduce_any_size<T>(op, temp.data(), bytes, input.data(), result.data(), n));
  };
  return timed_run<T>(run, result, n, repeats);
}

void require_valid(const void* host_data, int64_t n, int repeats) {
  WS_REQUIRE(n >= 1, "a reduction needs at least one value, got n = " + std::to_string(n));
  WS_REQUIRE(host_data != nullptr, std::string("no input data"));
  WS_REQUIRE(repeats >= 1, "timing needs at least one repeat, got " + std::to_string(repeats));
}

}  // namespace

FastRun fast_cuda(const Params& p, const void* host_data, int64_t n, int repeats) {
  require_valid(host_data, n, repeats);
  if (is_global_variant(p.variant)) return fast_global_cuda(p, host_data, n, repeats);
  return dispatch_type(p.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return fast_typed<T>(p, static_cast<const T*>(host_data), n, repeats);
  });
}

FastRun fast_cub(BinaryOp op, ValueType type, const void* host_data, int64_t n, int repeats) {
  require_valid(host_data, n, repeats);
  return dispatch_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return cub_typed<T>(op, type, static_cast<const T*>(host_data), n, repeats);
  });
}

}  // namespace ws::reduce
