// CPU-only build: there is no CUDA backend, so no device is ever available.
#include "cuda_device.h"

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

}  // namespace ws
