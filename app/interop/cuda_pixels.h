// The CUDA side of ValueImage (CUDA builds only): the module's own stream, the values on the
// device (uploaded by us, or the caller's device array), and the three ways pixels reach the
// texture:
//  - Surface interop (the default): the texture itself is registered once with CUDA
//    (SurfaceLoadStore | WriteDiscard; registered again only when it is reallocated). Each fill
//    maps it on our stream, the colormap kernel writes it through a surface object (cached while
//    the mapped array stays the same), and unmaps it: one map/unmap pair, no GL copy.
//  - Pixel-buffer interop: a GL pixel-unpack buffer (PBO) registered once; each fill maps it,
//    the kernel writes it, it is unmapped, then glTexSubImage2D copies it into the texture.
//  - Copy fallback, when registration fails (Mesa, remote X, WSL) or is forced: the same kernel
//    writes a device buffer, which is copied to pinned host memory and uploaded from there.
// CUDA orders GL work issued after an unmap behind the kernel, and a map behind earlier GL work,
// so no fill waits for the GPU except the fallback (it needs the pixels on the host).
// Caller's device values: their readiness is taken from the legacy default stream (an event
// recorded there, waited on by our stream), and the legacy stream waits for our colormap in turn,
// so the caller's next kernels on stream 0 never overwrite values we are still reading.
// Cost (interop_bench, H200, driver 580.159.04): ~20 us of CPU per fill (map 5, launch 8, unmap
// 5); on the GPU each hand-off between the GL and CUDA contexts has latency (kernel done ~150 us
// after the map, GL waits ~300 us after the unmap), so a lone fill + fence takes ~0.5 ms at any
// size, while the pixel buffer adds a GL copy (1.8 ms at 4096^2) and the fallback a host round
// trip (25 ms at 4096^2).
// Needs the GL context that owns the texture to be current for every call, the destructor included.
#pragma once

#include <GL/glew.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>

#include "common/device_buffer.cuh"
#include "interop/colormap.h"
#include "interop/value_image.h"
#include "render/gl_objects.h"

namespace ws::interop {

class CudaPixels {
 public:
  CudaPixels();  // creates the stream and events; throws ws::Error without a usable CUDA device
  ~CudaPixels();
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
  void release_texture();

  // true: the next fills use the copy fallback; false: interop is tried again at the next fill.
  void force_fallback(bool on);
  void set_method(InteropMethod method);
  InteropMethod method() const { return method_; }
  bool interop() const { return !forced_ && !failed_; }
  const std::string& notice() const { return notice_; }

 private:
  const float* values() const { return external_ != nullptr ? external_ : values_.data(); }
  // Registers the resource the current method needs unless it is registered already; false (with
  // the notice set) when interop is off or registration fails.
  bool ensure_registered(GLuint texture, int width, int height);
  bool registration_failed(cudaError_t status);
  void unregister();
  void fill_surface(Colormap map, int width, int height, float lo, float hi);
  void fill_pixel_buffer(Colormap map, GLuint texture, int width, int height, float lo, float hi);
  void fill_fallback(Colormap map, GLuint texture, int width, int height, float lo, float hi);
  void hand_back_to_caller();  // the legacy stream waits for our colormap (caller's values)

  cudaStream_t stream_ = nullptr;
  cudaEvent_t caller_ready_ = nullptr, colormap_done_ = nullptr;
  DeviceBuffer<float> values_;
  const float* external_ = nullptr;  // the caller's device values, when set
  int64_t count_ = 0;

  InteropMethod method_ = InteropMethod::Surface;
  cudaGraphicsResource* resource_ = nullptr;
  GLuint registered_texture_ = 0;  // surface method
  int registered_width_ = 0, registered_height_ = 0;
  cudaArray_t surface_array_ = nullptr;
  cudaSurfaceObject_t surface_ = 0;
  gfx::Buffer pbo_;  // pixel-buffer method
  size_t pbo_bytes_ = 0;
  bool forced_ = false, failed_ = false;
  std::string notice_;

  DeviceBuffer<uint32_t> device_pixels_;  // fallback only
  std::unique_ptr<uint32_t, void (*)(uint32_t*)> host_pixels_{nullptr, nullptr};
  size_t host_count_ = 0;
};

}  // namespace ws::interop
