// The CUDA side of the backend services: the device-to-device copy bandwidth.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "cuda_check.cuh"
#include "cuda_timer.cuh"
#include "device_buffer.cuh"
#include "device_services.h"

namespace ws {

double measure_copy_bandwidth_gbps(size_t requested_bytes) {
  constexpr int kWarmupRuns = 2;
  size_t free_bytes = 0, total_bytes = 0;
  WS_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  constexpr size_t kMiB = size_t{1} << 20;
  const size_t bytes = requested_bytes > 0
                           ? requested_bytes
                           : std::min<size_t>(1024 * kMiB, free_bytes / 4) / kMiB * kMiB;
  WS_REQUIRE(bytes >= 16 * kMiB && 2 * bytes <= free_bytes,
             "cannot measure the copy bandwidth with " + std::to_string(bytes) +
                 " bytes (16 MiB at least, twice that free)");
  DeviceBuffer<unsigned char> source(bytes), destination(bytes);
  source.fill_zero();
  auto copy = [&] {
    WS_CUDA_CHECK(
        cudaMemcpyAsync(destination.data(), source.data(), bytes, cudaMemcpyDeviceToDevice));
  };
  const double ms = median_ms(copy, kWarmupRuns, 10);
  return 2.0 * double(bytes) / (ms * 1e6);
}

}  // namespace ws
