#include "interop/cuda_planes.h"

#include <cuda_runtime.h>

#include "common/cuda_check.cuh"
#include "interop/pixel_pack_cuda.h"

namespace ws::interop {

void CudaPlanes::fill_from_host(const uint8_t* host_planes, GLuint texture, int width, int height,
                                int channels) {
  const size_t bytes = size_t(width) * size_t(height) * size_t(channels);
  if (planes_.size() < bytes) {
    // Earlier kernels may still read the old buffer.
    WS_CUDA_CHECK(cudaStreamSynchronize(writer_.stream()));
    planes_ = DeviceBuffer<uint8_t>();
    require_device_memory(bytes, "pixel image (" + std::to_string(width) + " x " +
                                     std::to_string(height) + " x " + std::to_string(channels) +
                                     " bytes)");
    planes_ = DeviceBuffer<uint8_t>(bytes);
  }
  // Ordered after earlier packs on our stream; pageable source memory is staged before return.
  WS_CUDA_CHECK(cudaMemcpyAsync(planes_.data(), host_planes, bytes, cudaMemcpyHostToDevice,
                                writer_.stream()));
  pack(planes_.data(), texture, width, height, channels);
}

void CudaPlanes::fill_from_device(const uint8_t* device_planes, GLuint texture, int width,
                                  int height, int channels) {
  writer_.wait_for_legacy_stream();
  pack(device_planes, texture, width, height, channels);
  writer_.hand_back_to_legacy_stream();
}

void CudaPlanes::pack(const uint8_t* planes, GLuint texture, int width, int height, int channels) {
  writer_.write(
      texture, width, height, [&](const PixelDestination& destination, cudaStream_t stream) {
        if (destination.is_surface()) {
          launch_pack_planes_surface(planes, width, height, channels, destination.surface, stream);
        } else {
          launch_pack_planes(planes, width, height, channels, destination.linear, stream);
        }
      });
}

}  // namespace ws::interop
