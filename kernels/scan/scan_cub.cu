// The library baseline of the scan benchmark: cub::DeviceScan (InclusiveScan / ExclusiveScan, or
// the tuned InclusiveSum / ExclusiveSum for the sum) on the same data as the variants. Temporary
// storage is sized and allocated before the timing; only the scan itself is timed.
#include <cub/device/device_scan.cuh>

#include <climits>

#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "../common/op_dispatch.h"
#include "scan_cuda.h"

namespace ws::scan {

namespace {

// int32 sum and product wrap like the CPU model (apply_op computes them in uint32).
template <class T>
struct ScanOp {
  BinaryOp op;
  __host__ __device__ T operator()(const T& a, const T& b) const { return apply_op<T>(op, a, b); }
};

template <class T>
cudaError_t cub_scan(BinaryOp op, bool inclusive, void* temp, size_t& temp_bytes, const T* in,
                     T* out, int n) {
  if (op == BinaryOp::Sum) {
    return inclusive ? cub::DeviceScan::InclusiveSum(temp, temp_bytes, in, out, n)
                     : cub::DeviceScan::ExclusiveSum(temp, temp_bytes, in, out, n);
  }
  const ScanOp<T> f{op};
  return inclusive
             ? cub::DeviceScan::InclusiveScan(temp, temp_bytes, in, out, f, n)
             : cub::DeviceScan::ExclusiveScan(temp, temp_bytes, in, out, f, identity_of<T>(op), n);
}

template <class T>
FastRun cub_typed(BinaryOp op, bool inclusive, const T* host_in, T* host_out, int64_t n,
                  int repeats) {
  const int count = static_cast<int>(n);
  size_t temp_bytes = 0;
  WS_CUDA_CHECK(cub_scan<T>(op, inclusive, nullptr, temp_bytes, nullptr, nullptr, count));
  require_device_memory(2 * size_t(n) * sizeof(T) + temp_bytes + (size_t{64} << 20),
                        "a CUB scan of " + std::to_string(n) + " elements");
  DeviceBuffer<T> input(static_cast<size_t>(n)), output(static_cast<size_t>(n));
  DeviceBuffer<unsigned char> temp(std::max<size_t>(temp_bytes, 1));
  input.upload(host_in, size_t(n));
  auto run = [&] {
    size_t bytes = temp_bytes;
    WS_CUDA_CHECK(
        cub_scan<T>(op, inclusive, temp.data(), bytes, input.data(), output.data(), count));
  };
  FastRun result;
  result.n = n;
  result.median_ms = median_ms(run, 2, std::max(1, repeats));
  result.gbps = 8.0 * static_cast<double>(n) / (result.median_ms * 1e6);
  if (host_out != nullptr) output.download(host_out, size_t(n));
  return result;
}

}  // namespace

FastRun fast_cub_scan(BinaryOp op, ValueType type, bool inclusive, const void* in, void* out,
                      int64_t n, int repeats) {
  WS_REQUIRE(n >= 1 && n <= INT_MAX,
             "a CUB scan takes 1 to 2^31 - 1 elements, not " + std::to_string(n));
  WS_REQUIRE(in != nullptr, std::string("a CUB scan needs input data"));
  return dispatch_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return cub_typed(op, inclusive, static_cast<const T*>(in), static_cast<T*>(out), n, repeats);
  });
}

}  // namespace ws::scan
