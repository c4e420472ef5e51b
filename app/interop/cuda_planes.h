// The CUDA side of PixelImage (CUDA builds only): host planes uploaded to a device buffer, or the
// caller's device planes read in place, packed into the texture by the packing kernels through
// the shared CUDA-GL hand-off (cuda_texture_writer.h: surface interop by default, a registered
// pixel buffer, or the copy fallback through host memory).
// Needs the GL context that owns the texture to be current for every call, the destructor included.
#pragma once

#include <GL/glew.h>

#include <cstdint>
#include <string>

#include "common/device_buffer.cuh"
#include "interop/cuda_texture_writer.h"
#include "interop/value_image.h"

namespace ws::interop {

class CudaPlanes {
 public:
  CudaPlanes() = default;  // the writer throws ws::Error without a usable CUDA device
  CudaPlanes(const CudaPlanes&) = delete;
  CudaPlanes& operator=(const CudaPlanes&) = delete;

  // Copies the `channels` host planes of width * height bytes to the device and packs them into
  // `texture` (the host planes may be reused at return).
  void fill_from_host(const uint8_t* host_planes, GLuint texture, int width, int height,
                      int channels);
  // Packs the caller's device planes into `texture`, after the work queued on the legacy default
  // stream so far; the legacy stream then waits for the packing, and the planes are not read
  // after that.
  void fill_from_device(const uint8_t* device_planes, GLuint texture, int width, int height,
                        int channels);
  // Must be called before `texture` is reallocated (glTexImage2D) or deleted: unregisters it.
  void release_texture() { writer_.release_texture(); }

  void force_fallback(bool on) { writer_.force_fallback(on); }
  void set_method(InteropMethod method) { writer_.set_method(method); }
  bool interop() const { return writer_.interop(); }
  const std::string& notice() const { return writer_.notice(); }

 private:
  void pack(const uint8_t* planes, GLuint texture, int width, int height, int channels);

  // Declared before the writer, so it is freed after the writer has finished its stream's work.
  DeviceBuffer<uint8_t> planes_;
  CudaTextureWriter writer_;
};

}  // namespace ws::interop
