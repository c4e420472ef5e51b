#include "interop/cuda_texture_writer.h"

// After GLEW (cuda_gl_interop.h includes GL/gl.h, which GLEW must precede).
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

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
  // Statuses are dropped: a destructor must not throw. Order: finish our work, unregister, and
  // only then (members, after this body) delete the GL buffer.
  cudaStreamSynchronize(stream_);
  if (surface_ != 0) cudaDestroySurfaceObject(surface_);
  if (resource_ != nullptr) cudaGraphicsUnregisterResource(resource_);
  resource_ = nullptr;
  cudaEventDestroy(caller_ready_);
  cudaEventDestroy(writes_done_);
  cudaStreamDestroy(stream_);
}

void CudaTextureWriter::wait_for_legacy_stream() {
  WS_CUDA_CHECK(cudaEventRecord(caller_ready_, cudaStreamLegacy));
  WS_CUDA_CHECK(cudaStreamWaitEvent(stream_, caller_ready_, 0));
}

void CudaTextureWriter::hand_back_to_legacy_stream() {
  WS_CUDA_CHECK(cudaEventRecord(writes_done_, stream_));
  WS_CUDA_CHECK(cudaStreamWaitEvent(cudaStreamLegacy, writes_done_, 0));
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
  if (surface_ != 0 || resource_ != nullptr) WS_CUDA_CHECK(cudaStreamSynchronize(stream_));
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
  MapGuard guard(resource_, stream_);
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
  PixelDestination destination;
  destination.surface = surface_;
  launch(destination, stream_);
  guard.unmap();  // GL work issued after this waits for the kernel
}

void CudaTextureWriter::write_pixel_buffer(GLuint texture, int width, int height,
                                           const Launch& launch) {
  const int64_t cells = int64_t(width) * height;
  {
    MapGuard guard(resource_, stream_);
    void* pointer = nullptr;
    size_t size = 0;
    WS_CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&pointer, &size, resource_));
    WS_REQUIRE(size >= size_t(cells) * 4, "mapped pixel buffer is " + std::to_string(size) +
                                              " bytes, " + std::to_string(cells * 4) + " needed");
    PixelDestination destination;
    destination.linear = static_cast<uint32_t*>(pointer);
    launch(destination, stream_);
    guard.unmap();  // GL work issued after this waits for the kernel
  }
  upload_rgba(texture, width, height, pbo_.id(), nullptr);
}

void CudaTextureWriter::write_fallback(GLuint texture, int width, int height,
                                       const Launch& launch) {
  const size_t cells = size_t(width) * size_t(height);
  if (device_pixels_.size() < cells) {
    WS_CUDA_CHECK(cudaStreamSynchronize(stream_));
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
  launch(destination, stream_);
  WS_CUDA_CHECK(cudaMemcpyAsync(host_pixels_.get(), device_pixels_.data(), cells * sizeof(uint32_t),
                                cudaMemcpyDeviceToHost, stream_));
  WS_CUDA_CHECK(cudaStreamSynchronize(stream_));
  upload_rgba(texture, width, height, 0, host_pixels_.get());  // GL copies it before returning
}

}  // namespace ws::interop
