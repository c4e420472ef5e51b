// Which CUDA device this process would use, in words. CUDA-free: a CPU-only build links
// cuda_device_none.cpp, which reports that no device is available.
#pragma once

#include <cstdint>
#include <string>

namespace ws {

// True when the CUDA runtime finds a usable device (driver present and recent enough).
bool cuda_device_available();

// e.g. "NVIDIA H100 80GB HBM3, compute capability 9.0, 132 SMs, 79.1 GiB, driver 13.0,
// runtime 13.0"; explains why when no device is available.
std::string cuda_device_description();

struct CudaMemoryInfo {
  int64_t free_bytes = 0;
  int64_t total_bytes = 0;
};

// Free and total memory of the current device; zeros without a device.
CudaMemoryInfo cuda_memory_info();

}  // namespace ws
