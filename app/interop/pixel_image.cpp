#include "interop/pixel_image.h"

#include <string>

#include "common/error.h"
#include "interop/gl_upload.h"
#include "interop/pixel_pack.h"

#if defined(WARPSCOPE_HAVE_CUDA)
#include "interop/cuda_planes.h"
#else
namespace ws::interop {
class CudaPlanes {};  // never created: a CPU-only build rejects Backend::Cuda
}  // namespace ws::interop
#endif

namespace ws::interop {

namespace {

const std::string kNoNotice;

}  // namespace

PixelImage::PixelImage(Backend backend) : backend_(backend) {
  if (backend_ == Backend::Cuda) {
#if defined(WARPSCOPE_HAVE_CUDA)
    cuda_ = std::make_unique<CudaPlanes>();
#else
    throw Error("PixelImage: this build has no CUDA backend (configure with -DWARPSCOPE_CUDA=ON)");
#endif
  }
  texture_ = gfx::Texture::create();
}

// Members go in reverse order: cuda_ (unregisters the texture) before texture_.
PixelImage::~PixelImage() = default;

void PixelImage::check_shape(int width, int height, int channels) const {
  WS_REQUIRE(channels == 1 || channels == 3,
             "PixelImage: channels must be 1 (grey) or 3 (RGB planes) (got " +
                 std::to_string(channels) + ")");
  WS_REQUIRE(width >= 1 && height >= 1, "PixelImage: width and height must be at least 1 (got " +
                                            std::to_string(width) + " x " + std::to_string(height) +
                                            ")");
  const int max_size = max_texture_size();
  WS_REQUIRE(width <= max_size && height <= max_size,
             "PixelImage: " + std::to_string(width) + " x " + std::to_string(height) +
                 " exceeds GL_MAX_TEXTURE_SIZE (" + std::to_string(max_size) + ") in " +
                 (width > max_size ? "width" : "height"));
}

void PixelImage::reshape(int width, int height) {
  if (width == width_ && height == height_) return;
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) cuda_->release_texture();  // CUDA must not hold a texture GL reallocates
#endif
  width_ = 0;  // stays "no image" if the allocation throws
  height_ = 0;
  channels_ = 0;
  allocate_rgba_texture(texture_.id(), width, height);
  width_ = width;
  height_ = height;
}

void PixelImage::set_planes(const uint8_t* host_planes, int width, int height, int channels) {
  WS_REQUIRE(host_planes != nullptr, std::string("PixelImage: host_planes is null"));
  check_shape(width, height, channels);
  reshape(width, height);
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) {
    cuda_->fill_from_host(host_planes, texture_.id(), width, height, channels);
    channels_ = channels;
    return;
  }
#endif
  const int64_t cells = int64_t(width) * height;
  host_pixels_.resize(static_cast<size_t>(cells));
  pack_planes_host(host_planes, cells, channels, host_pixels_.data());
  upload_rgba(texture_.id(), width, height, 0, host_pixels_.data());
  channels_ = channels;
}

void PixelImage::set_device_planes(const uint8_t* device_planes, int width, int height,
                                   int channels) {
  WS_REQUIRE(backend_ == Backend::Cuda,
             std::string("PixelImage::set_device_planes needs the CUDA backend (device planes "
                         "cannot be shown by the CPU backend)"));
  WS_REQUIRE(device_planes != nullptr, std::string("PixelImage: device_planes is null"));
  check_shape(width, height, channels);
  reshape(width, height);
#if defined(WARPSCOPE_HAVE_CUDA)
  cuda_->fill_from_device(device_planes, texture_.id(), width, height, channels);
#endif
  channels_ = channels;
}

void PixelImage::force_fallback(bool on) {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) cuda_->force_fallback(on);
#else
  (void)on;
#endif
}

void PixelImage::set_interop_method(InteropMethod method) {
  method_ = method;
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) cuda_->set_method(method);
#endif
}

PixelImage::Path PixelImage::path() const {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) return cuda_->interop() ? Path::CudaInterop : Path::CudaCopyFallback;
#endif
  return Path::Cpu;
}

const std::string& PixelImage::notice() const {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) return cuda_->notice();
#endif
  return kNoNotice;
}

gfx::Image PixelImage::read_back() const {
  return read_rgba(texture_.id(), width_, height_);
}

}  // namespace ws::interop
