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

// The device's peak FP32 rate from its SM count and clock: SMs x FP32 lanes per SM (from the
// compute capability) x 2 (a fused multiply-add is two operations) x the boost clock. The
// roofline's flat roof; `available` false without a device (a CPU-only build: nothing assumed
// here, the caller says what it assumes).
struct CudaPeak {
  bool available = false;
  std::string name;  // the device's name
  int sms = 0;
  int fp32_lanes_per_sm = 0;
  double clock_ghz = 0;
  double fp32_gflops = 0;  // GFLOP/s (1e9)
};
CudaPeak cuda_fp32_peak();
// FP32 lanes per SM of compute capability major.minor: 192 on 3.x, 64 on 6.0, 7.x and 8.0
// (P100, V100, A100), 128 on the others (5.x, 6.1+, 8.6, 8.9, 9.0 H100/H200, 10.x, 12.x).
inline int fp32_lanes_per_sm(int major, int minor) {
  if (major == 3) return 192;
  if (major == 7 || (major == 6 && minor == 0) || (major == 8 && minor == 0)) return 64;
  return 128;
}

}  // namespace ws
