// The CUDA-GL hand-off shared by ValueImage (cuda_pixels.h) and PixelImage (cuda_planes.h), CUDA
// builds only: a kernel of the caller's writes packed RGBA8 pixels (0xAABBGGRR, row 0 first) and
// this class gets them into a GL RGBA8 texture, in one of three ways:
//  - Surface interop (the default): the texture itself is registered once with CUDA
//    (SurfaceLoadStore | WriteDiscard; registered again only when it is reallocated). Each write
//    maps it on our stream, the kernel writes it through a surface object (cached while the
//    mapped array stays the same), and unmaps it: one map/unmap pair, no GL copy.
//  - Pixel-buffer interop: a GL pixel-unpack buffer (PBO) registered once; each write maps it,
//    the kernel writes it, it is unmapped, then glTexSubImage2D copies it into the texture.
//  - Copy fallback, when registration fails (Mesa, remote X, WSL) or is forced: the same kernel
//    writes a device buffer, which is copied to pinned host memory and uploaded from there.
// CUDA orders GL work issued after an unmap behind the kernel, and a map behind earlier GL work,
// so no write waits for the GPU except the fallback (it needs the pixels on the host).
// Callers' device data: wait_for_legacy_stream() makes our stream wait for the work queued on the
// legacy default stream (where the caller computed it), and hand_back_to_legacy_stream() makes the
// legacy stream wait for our kernels in turn, so the caller's next stream-0 work never overwrites
// data we are still reading.
// Cost (interop_bench, H200, driver 580.159.04): ~20 us of CPU per write (map 5, launch 8, unmap
// 5); on the GPU each hand-off between the GL and CUDA contexts has latency (kernel done ~150 us
// after the map, GL waits ~300 us after the unmap), so a lone write + fence takes ~0.5 ms at any
// size, while the pixel buffer adds a GL copy (1.8 ms at 4096^2) and the fallback a host round
// trip (25 ms at 4096^2).
// Hand-off strategies (Handoff, value_image.h; surface interop only, Default unless set): the
// live loop's colormap finishes ~2.4 ms after a simulation step on stream 0 although both kernels
// take 0.2 ms, and the strategies move or remove the GPU-side waits between the two contexts to
// find where that goes: MapFirst maps before the caller's step (prepare()), MapAhead right after
// the previous frame's draw (prepare() there), LegacyStream runs map,
// kernel and unmap on the simulation's stream, GlFence/SyncUnmap/CpuSync replace the GPU-side
// waits by host waits that leave them already satisfied, and KeepMapped never unmaps (undefined by
// the CUDA-GL contract: GL must not use a mapped resource; `bench --live` checks its pixels).
// Needs the GL context that owns the texture to be current for every call, the destructor included.
#pragma once

#include <GL/glew.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "common/device_buffer.cuh"
#include "interop/value_image.h"
#include "render/gl_objects.h"

namespace ws::interop {

// Where one write's kernel puts its pixels: linear memory when `linear` is set, else the surface.
struct PixelDestination {
  cudaSurfaceObject_t surface = 0;  // the mapped texture (pixel (x, y) at byte x * 4, row y)
  uint32_t* linear = nullptr;       // width * height pixels, row-major, row 0 first
  bool is_surface() const { return linear == nullptr; }
};

class CudaTextureWriter {
 public:
  // Enqueues the kernel that writes all width * height pixels to `destination` on `stream`.
  using Launch = std::function<void(const PixelDestination& destination, cudaStream_t stream)>;

  CudaTextureWriter();  // creates the stream and events; throws ws::Error without a usable device
  ~CudaTextureWriter();
  CudaTextureWriter(const CudaTextureWriter&) = delete;
  CudaTextureWriter& operator=(const CudaTextureWriter&) = delete;

  // The stream every write runs on; callers queue their uploads on it so writes follow them.
  // (The legacy default stream with Handoff::LegacyStream.)
  cudaStream_t stream() const {
    return handoff_ == Handoff::LegacyStream ? cudaStreamLegacy : stream_;
  }
  // Our stream waits for the work queued on the legacy default stream so far.
  void wait_for_legacy_stream();
  // The legacy default stream waits for the work queued on our stream so far.
  void hand_back_to_legacy_stream();

  // Fills `texture` (RGBA8, width x height) with the pixels `launch` writes, by the current path.
  void write(GLuint texture, int width, int height, const Launch& launch);
  // Must be called before `texture` is reallocated (glTexImage2D) or deleted: unregisters it.
  void release_texture();

  // true: the next writes use the copy fallback; false: interop is tried again at the next write.
  void force_fallback(bool on);
  void set_method(InteropMethod method);
  InteropMethod method() const { return method_; }
  // How surface writes hand the texture between the contexts (value_image.h; finishes the
  // queued writes and unmaps a kept mapping first).
  void set_handoff(Handoff handoff);
  Handoff handoff() const { return handoff_; }
  // MapFirst / MapAhead: registers and maps `texture` now, so that the next write finds it mapped;
  // a no-op for the other hand-offs, other methods, the fallback, or when it is mapped already.
  void prepare(GLuint texture, int width, int height);
  // Unmaps what prepare() mapped (before GL reads the texture outside the write's order).
  void release_prepared();
  // Times the writes from now on (events created at the first call); profile() waits for the
  // last write's events and returns the times since its previous call (value_image.h).
  void enable_profile(bool on);
  WriteProfile profile();
  bool interop() const { return !forced_ && !failed_; }
  const std::string& notice() const { return notice_; }

 private:
  // Registers the resource the current method needs unless it is registered already; false (with
  // the notice set) when interop is off or registration fails.
  bool ensure_registered(GLuint texture, int width, int height);
  bool registration_failed(cudaError_t status);
  void unregister();
  void finish_queued();  // waits for our stream (and stream 0 with LegacyStream)
  void map_surface();    // maps resource_ and (re)makes the surface object
  void unmap_surface();
  void sync_stream();  // the CPU waits for stream() (counted as a host wait)
  void wait_for_gl();  // the CPU waits for all GL work issued so far (a fence)
  struct Probe;
  void record(Probe& probe, cudaStream_t stream);  // when profiling
  void write_surface(const Launch& launch);
  void write_pixel_buffer(GLuint texture, int width, int height, const Launch& launch);
  void write_fallback(GLuint texture, int width, int height, const Launch& launch);

  cudaStream_t stream_ = nullptr;
  cudaEvent_t caller_ready_ = nullptr, writes_done_ = nullptr;

  InteropMethod method_ = InteropMethod::Surface;
  Handoff handoff_ = Handoff::Default;
  bool mapped_ = false;  // resource_ is mapped (surface method; between calls only with
                         // MapFirst's prepare() or KeepMapped)
  cudaGraphicsResource* resource_ = nullptr;
  GLuint registered_texture_ = 0;  // surface method
  int registered_width_ = 0, registered_height_ = 0;
  cudaArray_t surface_array_ = nullptr;
  cudaSurfaceObject_t surface_ = 0;
  gfx::Buffer pbo_;  // pixel-buffer method
  size_t pbo_bytes_ = 0;
  bool forced_ = false, failed_ = false;
  std::string notice_;

  // Profiling (enable_profile): timing events and what was recorded since the last profile().
  struct Probe {
    cudaEvent_t event = nullptr;
    bool recorded = false;
  };
  bool profiling_ = false;
  Probe ready_, map_begin_, map_end_, kernel_begin_, kernel_end_, unmap_end_, done_;
  WriteProfile host_;  // the CPU times and the write count

  DeviceBuffer<uint32_t> device_pixels_;  // fallback only
  std::unique_ptr<uint32_t, void (*)(uint32_t*)> host_pixels_{nullptr, nullptr};
  size_t host_count_ = 0;
};

}  // namespace ws::interop
