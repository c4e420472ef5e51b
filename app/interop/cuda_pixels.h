// The CUDA side of ValueImage (CUDA builds only): the module's own stream, the values on the
// device, and the two ways pixels reach the texture.
//  - Interop: a GL pixel-unpack buffer (PBO) registered once with CUDA (WriteDiscard; registered
//    again only when the pixel count changes). Each fill maps it on our stream, runs the colormap
//    kernel into it, unmaps it on our stream (CUDA orders GL work after the unmap), then
//    glTexSubImage2D reads it at offset 0. The buffer is never mapped while GL uses it.
//  - Copy fallback, when registration fails (Mesa, remote X, WSL) or is forced: the same kernel
//    writes a device buffer, which is copied to pinned host memory and uploaded from there.
// Needs the GL context that owns the texture to be current for every call, the destructor included.
#pragma once

#include <GL/glew.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>

#include "common/device_buffer.cuh"
#include "render/gl_objects.h"

namespace ws::interop {

class CudaPixels {
 public:
  CudaPixels();  // creates the stream; throws ws::Error without a usable CUDA device
  ~CudaPixels();
  CudaPixels(const CudaPixels&) = delete;
  CudaPixels& operator=(const CudaPixels&) = delete;

  // Copies n host values to the device (once per call; the host array may be reused at return).
  void upload_values(const float* host_values, int64_t n);
  // Colours the uploaded values into `texture` (width x height, cells past n transparent).
  void fill(GLuint texture, int width, int height, float lo, float hi);

  // true: the next fills use the copy fallback; false: interop is tried again at the next fill.
  void force_fallback(bool on);
  bool interop() const { return !forced_ && !failed_; }
  const std::string& notice() const { return notice_; }

 private:
  // Registers a PBO of `bytes` bytes unless one of that size is registered; false (with the
  // notice set) when interop is off or registration fails.
  bool ensure_registered(size_t bytes);
  void unregister();
  void fill_interop(GLuint texture, int width, int height, float lo, float hi);
  void fill_fallback(GLuint texture, int width, int height, float lo, float hi);

  cudaStream_t stream_ = nullptr;
  DeviceBuffer<float> values_;
  int64_t count_ = 0;

  gfx::Buffer pbo_;
  size_t pbo_bytes_ = 0;
  cudaGraphicsResource* resource_ = nullptr;
  bool forced_ = false, failed_ = false;
  std::string notice_;

  DeviceBuffer<uint32_t> device_pixels_;  // fallback only
  std::unique_ptr<uint32_t, void (*)(uint32_t*)> host_pixels_{nullptr, nullptr};
  size_t host_count_ = 0;
};

}  // namespace ws::interop
