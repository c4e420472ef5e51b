#include "interop/cuda_texture_writer.h"

// After GLEW (cuda_gl_interop.h includes GL/gl.h, which GLEW must precede).
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <chrono>
#include <string>

#include "common/cuda_check.cuh"
#include "common/error.h"
#include "interop/gl_upload.h"

namespace ws::interop {

namespace {

constexpr const char* kForcedNotice =
    "CUDA-GL interop turned off: pixels are copied through host memory";

void free_pinned(uint32_t* p) {
  if (p != nullptr) cudaFreeHost(p);  // no throwing from a deleter
}

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Unmaps on unwind, so an exception between map and unmap never leaves the GL object mapped.
class MapGuard {
 public:
  MapGuard(cudaGraphicsResource*& resource, cudaStream_t stream)
      : resource_(resource), stream_(stream) {
    WS_CUDA_CHECK(cudaGraphicsMapResources(1, &resource_, stream_));
    mapped_ = true;
  }
  void unmap() {
    mapped_ = false;
    WS_CUDA_CHECK(cudaGraphicsUnmapResources(1, &resource_, stream_));
  }
  ~MapGuard() {
    if (mapped_) cudaGraphicsUnmapResources(1, &resource_, stream_);
  }
  MapGuard(const MapGuard&) = delete;
  MapGuard& operator=(const MapGuard&) = delete;

 private:
  cudaGraphicsResource*& resource_;
  cudaStream_t stream_;
  bool mapped_ = false;
};

}  // namespace

CudaTextureWriter::CudaTextureWriter() {
  WS_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  WS_CUDA_CHECK(cudaEventCreateWithFlags(&caller_ready_, cudaEventDisableTiming));
  WS_CUDA_CHECK(cudaEventCreateWithFlags(&writes_done_, cudaEventDisableTiming));
}

CudaTextureWriter::~CudaTextureWriter() {
  // Statuses are dropped: a destructor must not throw. Order: finish our work, unmap, unregister,
  // and only then (members, after this body) delete the GL buffer.
  cudaStreamSynchronize(stream_);
  if (handoff_ == Handoff::LegacyStream) cudaStreamSynchronize(cudaStreamLegacy);
  if (mapped_ && resource_ != nullptr) cudaGraphicsUnmapResources(1, &resource_, stream_);
  mapped_ = false;
  if (surface_ != 0) cudaDestroySurfaceObject(surface_);
  if (resource_ != nullptr) cudaGraphicsUnregisterResource(resource_);
  resource_ = nullptr;
  cudaEventDestroy(caller_ready_);
  cudaEventDestroy(writes_done_);
  for (Probe* probe :
       {&ready_, &map_begin_, &map_end_, &kernel_begin_, &kernel_end_, &unmap_end_, &done_})
    if (probe->event != nullptr) cudaEventDestroy(probe->event);
  cudaStreamDestroy(stream_);
}

void CudaTextureWriter::wait_for_legacy_stream() {
  record(ready_, cudaStreamLegacy);
  if (handoff_ == Handoff::LegacyStream) return;  // the writes follow on stream 0 itself
  WS_CUDA_CHECK(cudaEventRecord(caller_ready_, cudaStreamLegacy));
  WS_CUDA_CHECK(cudaStreamWaitEvent(stream_, caller_ready_, 0));
}

void CudaTextureWriter::hand_back_to_legacy_stream() {
  if (handoff_ != Handoff::LegacyStream) {
    WS_CUDA_CHECK(cudaEventRecord(writes_done_, stream_));
    WS_CUDA_CHECK(cudaStreamWaitEvent(cudaStreamLegacy, writes_done_, 0));
  }
  record(done_, cudaStreamLegacy);
}

void CudaTextureWriter::set_handoff(Handoff handoff) {
  if (handoff == handoff_) return;
  finish_queued();
  if (mapped_) unmap_surface();
  handoff_ = handoff;
}

void CudaTextureWriter::prepare(GLuint texture, int width, int height) {
  if ((handoff_ != Handoff::MapFirst && handoff_ != Handoff::MapAhead) ||
      method_ != InteropMethod::Surface || mapped_)
    return;
  if (!ensure_registered(texture, width, height)) return;
  map_surface();
}

void CudaTextureWriter::release_prepared() {
  if (mapped_ && handoff_ != Handoff::KeepMapped) unmap_surface();
}

void CudaTextureWriter::enable_profile(bool on) {
  profiling_ = on;
  if (on && ready_.event == nullptr) {
    for (Probe* probe :
         {&ready_, &map_begin_, &map_end_, &kernel_begin_, &kernel_end_, &unmap_end_, &done_})
      WS_CUDA_CHECK(cudaEventCreate(&probe->event));
  }
}

void CudaTextureWriter::record(Probe& probe, cudaStream_t stream) {
  if (!profiling_) return;
  WS_CUDA_CHECK(cudaEventRecord(probe.event, stream));
  probe.recorded = true;
}

WriteProfile CudaTextureWriter::profile() {
  WriteProfile out = host_;
  host_ = WriteProfile{};
  const auto between = [](Probe& a, Probe& b) {
    if (!a.recorded || !b.recorded) return -1.0f;
    WS_CUDA_CHECK(cudaEventSynchronize(a.event));
    WS_CUDA_CHECK(cudaEventSynchronize(b.event));
    float ms = 0;
    WS_CUDA_CHECK(cudaEventElapsedTime(&ms, a.event, b.event));
    return ms;
  };
  out.gpu_map_ms = between(map_begin_, map_end_);
  out.gpu_ready_to_kernel_ms = between(ready_, kernel_begin_);
  out.gpu_kernel_ms = between(kernel_begin_, kernel_end_);
  out.gpu_unmap_ms = between(kernel_end_, unmap_end_);
  out.gpu_ready_to_done_ms = between(ready_, done_);
  for (Probe* probe :
       {&ready_, &map_begin_, &map_end_, &kernel_begin_, &kernel_end_, &unmap_end_, &done_})
    probe->recorded = false;
  return out;
}

void CudaTextureWriter::finish_queued() {
  WS_CUDA_CHECK(cudaStreamSynchronize(stream_));
  if (handoff_ == Handoff::LegacyStream) WS_CUDA_CHECK(cudaStreamSynchronize(cudaStreamLegacy));
}

void CudaTextureWriter::wait_for_gl() {
  const auto start = Clock::now();
  GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  const GLenum status =
      glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, GLuint64(10) * 1000 * 1000 * 1000);
  glDeleteSync(fence);
  WS_REQUIRE(status == GL_ALREADY_SIGNALED || status == GL_CONDITION_SATISFIED,
             std::string("CUDA texture writer: the GL fence was not signalled in 10 s"));
  host_.cpu_wait_ms += ms_since(start);
}

void CudaTextureWriter::map_surface() {
  const cudaStream_t stream = this->stream();
  if (handoff_ == Handoff::GlFence || handoff_ == Handoff::CpuSync) wait_for_gl();
  if (handoff_ == Handoff::CpuSync) {
    const auto start = Clock::now();
    WS_CUDA_CHECK(cudaStreamSynchronize(cudaStreamLegacy));  // the caller's step is done
    host_.cpu_wait_ms += ms_since(start);
  }
  record(map_begin_, stream);
  const auto start = Clock::now();
  WS_CUDA_CHECK(cudaGraphicsMapResources(1, &resource_, stream));
  mapped_ = true;
  host_.cpu_map_ms += ms_since(start);
  record(map_end_, stream);
  // GL's side of the map (whatever the driver queued on GL's context for it) runs before we go on.
  if (handoff_ == Handoff::GlFence || handoff_ == Handoff::CpuSync) wait_for_gl();
  cudaArray_t array = nullptr;
  WS_CUDA_CHECK(cudaGraphicsSubResourceGetMappedArray(&array, resource_, 0, 0));
  if (array != surface_array_ || surface_ == 0) {  // the driver may move it between mappings
    if (surface_ != 0) WS_CUDA_CHECK(cudaDestroySurfaceObject(surface_));
    surface_ = 0;
    surface_array_ = nullptr;
    cudaResourceDesc desc{};
    desc.resType = cudaResourceTypeArray;
    desc.res.array.array = array;
    WS_CUDA_CHECK(cudaCreateSurfaceObject(&surface_, &desc));
    surface_array_ = array;
  }
}

void CudaTextureWriter::unmap_surface() {
  const auto start = Clock::now();
  mapped_ = false;
  WS_CUDA_CHECK(cudaGraphicsUnmapResources(1, &resource_, stream()));
  host_.cpu_unmap_ms += ms_since(start);
}

void CudaTextureWriter::sync_stream() {
  const auto start = Clock::now();
  WS_CUDA_CHECK(cudaStreamSynchronize(stream()));
  host_.cpu_wait_ms += ms_since(start);
}

void CudaTextureWriter::write(GLuint texture, int width, int height, const Launch& launch) {
  if (!ensure_registered(texture, width, height)) {
    write_fallback(texture, width, height, launch);
  } else if (method_ == InteropMethod::Surface) {
    write_surface(launch);
  } else {
    write_pixel_buffer(texture, width, height, launch);
  }
}

void CudaTextureWriter::release_texture() {
  if (method_ == InteropMethod::Surface) unregister();
}

void CudaTextureWriter::force_fallback(bool on) {
  forced_ = on;
  if (on) {
    unregister();
    notice_ = kForcedNotice;
  } else {
    failed_ = false;  // a real failure is retried too
    notice_.clear();
  }
}

void CudaTextureWriter::set_method(InteropMethod method) {
  if (method == method_) return;
  unregister();
  method_ = method;
  if (!forced_) {
    failed_ = false;  // the other method may register where this one failed
    notice_.clear();
  }
}

bool CudaTextureWriter::registration_failed(cudaError_t status) {
  cudaGetLastError();  // clear it, or the next launch check would report it
  resource_ = nullptr;
  unregister();
  failed_ = true;
  notice_ = std::string("CUDA-GL interop unavailable (") + cudaGetErrorName(status) + ": " +
            cudaGetErrorString(status) + "): pixels are copied through host memory";
  return false;
}

bool CudaTextureWriter::ensure_registered(GLuint texture, int width, int height) {
  if (forced_ || failed_) return false;
  if (method_ == InteropMethod::Surface) {
    if (resource_ != nullptr && registered_texture_ == texture && registered_width_ == width &&
        registered_height_ == height)
      return true;
    unregister();
    const cudaError_t status = cudaGraphicsGLRegisterImage(
        &resource_, texture, GL_TEXTURE_2D,
        cudaGraphicsRegisterFlagsSurfaceLoadStore | cudaGraphicsRegisterFlagsWriteDiscard);
    if (status != cudaSuccess) return registration_failed(status);
    registered_texture_ = texture;
    registered_width_ = width;
    registered_height_ = height;
    return true;
  }
  const size_t bytes = size_t(width) * size_t(height) * 4;
  if (resource_ != nullptr && pbo_bytes_ == bytes) return true;
  unregister();
  pbo_ = gfx::Buffer::create();
  allocate_unpack_buffer(pbo_.id(), bytes);
  const cudaError_t status =
      cudaGraphicsGLRegisterBuffer(&resource_, pbo_.id(), cudaGraphicsRegisterFlagsWriteDiscard);
  if (status != cudaSuccess) return registration_failed(status);
  pbo_bytes_ = bytes;
  return true;
}

void CudaTextureWriter::unregister() {
  if (surface_ != 0 || resource_ != nullptr) finish_queued();
  if (mapped_ && resource_ != nullptr) unmap_surface();
  mapped_ = false;
  if (surface_ != 0) {
    const cudaSurfaceObject_t surface = surface_;
    surface_ = 0;
    WS_CUDA_CHECK(cudaDestroySurfaceObject(surface));
  }
  surface_array_ = nullptr;
  if (resource_ != nullptr) {
    cudaGraphicsResource* resource = resource_;
    resource_ = nullptr;
    WS_CUDA_CHECK(cudaGraphicsUnregisterResource(resource));
  }
  registered_texture_ = 0;
  registered_width_ = registered_height_ = 0;
  pbo_.reset();  // after unregistering: CUDA must not hold a deleted GL buffer
  pbo_bytes_ = 0;
}

void CudaTextureWriter::write_surface(const Launch& launch) {
  const cudaStream_t stream = this->stream();
  ++host_.writes;
  if (handoff_ == Handoff::KeepMapped && mapped_) wait_for_gl();  // GL is done with the pixels
  if (!mapped_) map_surface();  // mapped already: MapFirst's prepare(), or KeepMapped
  try {
    PixelDestination destination;
    destination.surface = surface_;
    record(kernel_begin_, stream);
    const auto start = Clock::now();
    launch(destination, stream);
    host_.cpu_launch_ms += ms_since(start);
    record(kernel_end_, stream);
    // The kernel is done before the unmap, so GL's wait for it is satisfied when it is queued.
    if (handoff_ == Handoff::SyncUnmap || handoff_ == Handoff::CpuSync ||
        handoff_ == Handoff::KeepMapped)
      sync_stream();
  } catch (...) {
    if (mapped_) {
      mapped_ = false;
      cudaGraphicsUnmapResources(1, &resource_, stream);
    }
    throw;
  }
  if (handoff_ == Handoff::KeepMapped) return;
  unmap_surface();  // GL work issued after this waits for the kernel
  record(unmap_end_, stream);
  // And CUDA's side of the unmap is done before GL's next work is queued.
  if (handoff_ == Handoff::SyncUnmap || handoff_ == Handoff::CpuSync) sync_stream();
}

void CudaTextureWriter::write_pixel_buffer(GLuint texture, int width, int height,
                                           const Launch& launch) {
  const int64_t cells = int64_t(width) * height;
  {
    MapGuard guard(resource_, stream());
    void* pointer = nullptr;
    size_t size = 0;
    WS_CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&pointer, &size, resource_));
    WS_REQUIRE(size >= size_t(cells) * 4, "mapped pixel buffer is " + std::to_string(size) +
                                              " bytes, " + std::to_string(cells * 4) + " needed");
    PixelDestination destination;
    destination.linear = static_cast<uint32_t*>(pointer);
    launch(destination, stream());
    guard.unmap();  // GL work issued after this waits for the kernel
  }
  upload_rgba(texture, width, height, pbo_.id(), nullptr);
}

void CudaTextureWriter::write_fallback(GLuint texture, int width, int height,
                                       const Launch& launch) {
  const size_t cells = size_t(width) * size_t(height);
  if (device_pixels_.size() < cells) {
    WS_CUDA_CHECK(cudaStreamSynchronize(stream()));
    device_pixels_ = DeviceBuffer<uint32_t>();
    device_pixels_ = DeviceBuffer<uint32_t>(cells);
  }
  if (host_count_ < cells) {
    host_pixels_.reset();
    host_count_ = 0;
    void* pinned = nullptr;
    WS_CUDA_CHECK(cudaMallocHost(&pinned, cells * sizeof(uint32_t)));
    host_pixels_ = std::unique_ptr<uint32_t, void (*)(uint32_t*)>(static_cast<uint32_t*>(pinned),
                                                                  &free_pinned);
    host_count_ = cells;
  }
  PixelDestination destination;
  destination.linear = device_pixels_.data();
  launch(destination, stream());
  WS_CUDA_CHECK(cudaMemcpyAsync(host_pixels_.get(), device_pixels_.data(), cells * sizeof(uint32_t),
                                cudaMemcpyDeviceToHost, stream()));
  WS_CUDA_CHECK(cudaStreamSynchronize(stream()));
  upload_rgba(texture, width, height, 0, host_pixels_.get());  // GL copies it before returning
}

}  // namespace ws::interop
