#include "interop/cuda_pixels.h"

#include <cuda_runtime.h>

#include "common/cuda_check.cuh"
#include "interop/colormap_cuda.h"

namespace ws::interop {

void CudaPixels::upload_values(const float* host_values, int64_t n) {
  const size_t count = static_cast<size_t>(n);
  if (values_.size() < count) {
    // Earlier kernels may still read the old buffer.
    WS_CUDA_CHECK(cudaStreamSynchronize(writer_.stream()));
    values_ = DeviceBuffer<float>();
    require_device_memory(count * sizeof(float), "value image (" + std::to_string(n) + " values)");
    values_ = DeviceBuffer<float>(count);
  }
  // Ordered after earlier fills on our stream; pageable source memory is staged before return.
  WS_CUDA_CHECK(cudaMemcpyAsync(values_.data(), host_values, count * sizeof(float),
                                cudaMemcpyHostToDevice, writer_.stream()));
  external_ = nullptr;
  count_ = n;
}

void CudaPixels::use_device_values(const float* device_values, int64_t n) {
  writer_.wait_for_legacy_stream();
  external_ = device_values;
  count_ = n;
}

void CudaPixels::fill(Colormap map, GLuint texture, int width, int height, float lo, float hi) {
  const float* values = this->values();
  const int64_t n = count_;
  writer_.write(texture, width, height,
                [&](const PixelDestination& destination, cudaStream_t stream) {
                  if (destination.is_surface()) {
                    launch_colormap_surface(map, values, n, width, height, lo, hi,
                                            destination.surface, stream);
                  } else {
                    launch_colormap(map, values, n, int64_t(width) * height, lo, hi,
                                    destination.linear, stream);
                  }
                });
  if (external_ != nullptr) writer_.hand_back_to_legacy_stream();
}

}  // namespace ws::interop
