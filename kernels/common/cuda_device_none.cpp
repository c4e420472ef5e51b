// CPU-only build: there is no CUDA backend, so no device is ever available (and nothing on one
// can be measured).
#include "cuda_device.h"
#include "device_services.h"
#include "error.h"

namespace ws {

bool cuda_device_available() {
  return false;
}

std::string cuda_device_description() {
  return "no CUDA device: this build has no CUDA backend (CPU reference only)";
}

CudaMemoryInfo cuda_memory_info() {
  return {};
}

CudaPeak cuda_fp32_peak() {
  return {};
}

double measure_copy_bandwidth_gbps(size_t) {
  throw Error("this warpscope was built without CUDA: use the CPU backend");
}

}  // namespace ws
