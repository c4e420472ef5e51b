// The CUDA side of ValueImage (CUDA builds only): the values on the device (uploaded by us, or
// the caller's device array) and the colormap kernels, which write the texture through the
// shared CUDA-GL hand-off (cuda_texture_writer.h: surface interop by default, a registered pixel
// buffer, or the copy fallback through host memory; its header has the paths and their costs).
// Caller's device values: their readiness is taken from the legacy default stream, and the legacy
// stream waits for our colormap in turn, so the caller's next kernels on stream 0 never overwrite
// values we are still reading.
// Needs the GL context that owns the texture to be current for every call, the destructor included.
#pragma once

#include <GL/glew.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>

#include "common/device_buffer.cuh"
#include "interop/colormap.h"
#include "interop/cuda_texture_writer.h"
#include "interop/value_image.h"

namespace ws::interop {

class CudaPixels {
 public:
  CudaPixels() = default;  // the writer throws ws::Error without a usable CUDA device
  CudaPixels(const CudaPixels&) = delete;
  CudaPixels& operator=(const CudaPixels&) = delete;

  // Copies n host values to the device (the host array may be reused at return).
  void upload_values(const float* host_values, int64_t n);
  // Reads the caller's device array from now on (not copied; it must stay valid while fills and
  // recolours use it), ordered after the work queued on the legacy default stream so far.
  void use_device_values(const float* device_values, int64_t n);
  // Colours the values into `texture` (width x height, cells past n transparent).
  void fill(Colormap map, GLuint texture, int width, int height, float lo, float hi);
  // Must be called before `texture` is reallocated (glTexImage2D) or deleted: unregisters it.
  void release_texture() { writer_.release_texture(); }

  // true: the next fills use the copy fallback; false: interop is tried again at the next fill.
  void force_fallback(bool on) { writer_.force_fallback(on); }
  void set_method(InteropMethod method) { writer_.set_method(method); }
  InteropMethod method() const { return writer_.method(); }
  void set_handoff(Handoff handoff) { writer_.set_handoff(handoff); }
  // Handoff::MapFirst: maps `texture` now for the next fill (a no-op for the other hand-offs).
  void prepare(GLuint texture, int width, int height) { writer_.prepare(texture, width, height); }
  void release_prepared() { writer_.release_prepared(); }
  void enable_profile(bool on) { writer_.enable_profile(on); }
  WriteProfile profile() { return writer_.profile(); }
  bool interop() const { return writer_.interop(); }
  const std::string& notice() const { return writer_.notice(); }

 private:
  const float* values() const { return external_ != nullptr ? external_ : values_.data(); }

  // Declared before the writer, so they are freed after it has finished its stream's work.
  DeviceBuffer<float> values_;
  const float* external_ = nullptr;  // the caller's device values, when set
  int64_t count_ = 0;
  CudaTextureWriter writer_;
};

}  // namespace ws::interop
