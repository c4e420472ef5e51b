// The CUDA device this process uses (device 0 unless CUDA_VISIBLE_DEVICES says otherwise).
#include <cuda_runtime.h>

#include <cstdio>

#include "cuda_check.cuh"
#include "cuda_device.h"

namespace ws {

namespace {

std::string version_text(int version) {  // 12040 -> "12.4"
  return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

}  // namespace

bool cuda_device_available() {
  static const bool available = [] {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
      cudaGetLastError();  // clear it: "no device" is an answer here, not a failure
      return false;
    }
    return count > 0;
  }();
  return available;
}

std::string cuda_device_description() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    cudaGetLastError();
    return std::string("no CUDA device: ") + cudaGetErrorName(status) + " (" +
           cudaGetErrorString(status) + ")";
  }
  if (count == 0) return "no CUDA device found";
  int device = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  WS_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  int driver = 0, runtime = 0;
  WS_CUDA_CHECK(cudaDriverGetVersion(&driver));
  WS_CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
  char memory[32];
  std::snprintf(memory, sizeof(memory), "%.1f GiB",
                static_cast<double>(prop.totalGlobalMem) / (1024.0 * 1024.0 * 1024.0));
  return std::string(prop.name) + ", compute capability " + std::to_string(prop.major) + "." +
         std::to_string(prop.minor) + ", " + std::to_string(prop.multiProcessorCount) + " SMs, " +
         memory + ", driver " + version_text(driver) + ", runtime " + version_text(runtime);
}

CudaMemoryInfo cuda_memory_info() {
  if (!cuda_device_available()) return {};
  size_t free_bytes = 0, total_bytes = 0;
  WS_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  return {static_cast<int64_t>(free_bytes), static_cast<int64_t>(total_bytes)};
}

CudaPeak cuda_fp32_peak() {
  CudaPeak peak;
  if (!cuda_device_available()) return peak;
  int device = 0, clock_khz = 0, major = 0, minor = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  WS_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
  peak.available = true;
  peak.name = prop.name;
  peak.sms = prop.multiProcessorCount;
  peak.fp32_lanes_per_sm = fp32_lanes_per_sm(major, minor);
  peak.clock_ghz = clock_khz * 1e-6;
  peak.fp32_gflops = peak.sms * peak.fp32_lanes_per_sm * 2.0 * peak.clock_ghz;
  return peak;
}

}  // namespace ws
