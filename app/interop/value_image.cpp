#include "interop/value_image.h"

#include <cmath>
#include <string>

#include "common/error.h"
#include "interop/colormap.h"
#include "interop/gl_upload.h"

#if defined(WARPSCOPE_HAVE_CUDA)
#include "interop/cuda_pixels.h"
#else
namespace ws::interop {
class CudaPixels {};  // never created: a CPU-only build rejects Backend::Cuda
}  // namespace ws::interop
#endif

namespace ws::interop {

namespace {

const std::string kNoNotice;

void require_range(float lo, float hi) {
  WS_REQUIRE(std::isfinite(lo) && std::isfinite(hi) && lo < hi && std::isfinite(hi - lo),
             "ValueImage: the colour range needs finite lo < hi (got lo = " + std::to_string(lo) +
                 ", hi = " + std::to_string(hi) + ")");
}

}  // namespace

const char* path_name(ValueImage::Path path) {
  switch (path) {
    case ValueImage::Path::CudaInterop:
      return "cuda-interop";
    case ValueImage::Path::CudaCopyFallback:
      return "cuda-copy-fallback";
    case ValueImage::Path::Cpu:
      return "cpu";
  }
  return "?";
}

const char* interop_method_name(InteropMethod method) {
  return method == InteropMethod::Surface ? "surface" : "pixel-buffer";
}

const char* handoff_name(Handoff handoff) {
  switch (handoff) {
    case Handoff::Default:
      return "map-per-write";
    case Handoff::MapFirst:
      return "map-first";
    case Handoff::MapAhead:
      return "map-ahead";
    case Handoff::LegacyStream:
      return "legacy-stream";
    case Handoff::GlFence:
      return "gl-fence";
    case Handoff::SyncUnmap:
      return "sync-unmap";
    case Handoff::CpuSync:
      return "cpu-sync";
    case Handoff::KeepMapped:
      return "keep-mapped";
  }
  return "?";
}

bool parse_handoff(const std::string& text, Handoff& out) {
  for (const Handoff handoff : kAllHandoffs) {
    if (text == handoff_name(handoff)) {
      out = handoff;
      return true;
    }
  }
  return false;
}

std::string handoff_names() {
  std::string names;
  for (const Handoff handoff : kAllHandoffs) {
    if (!names.empty()) names += ", ";
    names += handoff_name(handoff);
  }
  return names;
}

ValueImage::ValueImage(Backend backend) : backend_(backend) {
  if (backend_ == Backend::Cuda) {
#if defined(WARPSCOPE_HAVE_CUDA)
    cuda_ = std::make_unique<CudaPixels>();
#else
    throw Error("ValueImage: this build has no CUDA backend (configure with -DWARPSCOPE_CUDA=ON)");
#endif
  }
  texture_ = gfx::Texture::create();
}

// Members go in reverse order: cuda_ (unregisters its pixel buffer) before texture_.
ValueImage::~ValueImage() = default;

int ValueImage::check_shape(int64_t n, int width, float lo, float hi) const {
  WS_REQUIRE(n >= 1, "ValueImage: no values to show (n = " + std::to_string(n) + ")");
  WS_REQUIRE(width >= 1,
             "ValueImage: width must be at least 1 (got " + std::to_string(width) + ")");
  require_range(lo, hi);
  const int max_size = max_texture_size();
  WS_REQUIRE(width <= max_size, "ValueImage: width " + std::to_string(width) +
                                    " exceeds GL_MAX_TEXTURE_SIZE (" + std::to_string(max_size) +
                                    ")");
  const int64_t rows = (n + width - 1) / width;
  WS_REQUIRE(rows <= max_size, "ValueImage: " + std::to_string(n) + " values at width " +
                                   std::to_string(width) + " need " + std::to_string(rows) +
                                   " rows, more than GL_MAX_TEXTURE_SIZE (" +
                                   std::to_string(max_size) + "); use a wider image");
  return static_cast<int>(rows);
}

void ValueImage::reshape(int width, int rows) {
  if (width == width_ && rows == height_) return;
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) cuda_->release_texture();  // CUDA must not hold a texture GL reallocates
#endif
  width_ = 0;  // stays "no image" if the allocation throws
  height_ = 0;
  allocate_rgba_texture(texture_.id(), width, rows);
  width_ = width;
  height_ = rows;
}

void ValueImage::set_values(const float* host_values, int64_t n, int width, float lo, float hi) {
  WS_REQUIRE(host_values != nullptr, std::string("ValueImage: host_values is null"));
  const int rows = check_shape(n, width, lo, hi);
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) cuda_->upload_values(host_values, n);
#endif
  if (!cuda_) host_values_.assign(host_values, host_values + n);
  count_ = n;
  lo_ = lo;
  hi_ = hi;
  reshape(width, rows);
  fill();
}

void ValueImage::set_device_values(const float* device_values, int64_t n, int width, float lo,
                                   float hi) {
  WS_REQUIRE(backend_ == Backend::Cuda,
             std::string("ValueImage::set_device_values needs the CUDA backend (device values "
                         "cannot be shown by the CPU backend)"));
  WS_REQUIRE(device_values != nullptr, std::string("ValueImage: device_values is null"));
  const int rows = check_shape(n, width, lo, hi);
#if defined(WARPSCOPE_HAVE_CUDA)
  cuda_->use_device_values(device_values, n);
#endif
  count_ = n;
  lo_ = lo;
  hi_ = hi;
  reshape(width, rows);
  fill();
}

void ValueImage::recolor(float lo, float hi) {
  WS_REQUIRE(count_ > 0 && width_ > 0, std::string("ValueImage: recolor before set_values"));
  require_range(lo, hi);
  lo_ = lo;
  hi_ = hi;
  fill();
}

void ValueImage::set_colormap(Colormap map) {
  colormap_ = map;
  if (count_ > 0 && width_ > 0) fill();
}

void ValueImage::force_fallback(bool on) {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) cuda_->force_fallback(on);
#else
  (void)on;
#endif
}

void ValueImage::set_interop_method(InteropMethod method) {
  method_ = method;
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) cuda_->set_method(method);
#endif
}

InteropMethod ValueImage::interop_method() const {
  return method_;
}

void ValueImage::set_handoff(Handoff handoff) {
  handoff_ = handoff;
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) cuda_->set_handoff(handoff);
#endif
}

void ValueImage::prepare_write() {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_ && count_ > 0 && width_ > 0) cuda_->prepare(texture_.id(), width_, height_);
#endif
}

void ValueImage::release_prepared_write() {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) cuda_->release_prepared();
#endif
}

void ValueImage::enable_write_profile(bool on) {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) cuda_->enable_profile(on);
#else
  (void)on;
#endif
}

WriteProfile ValueImage::write_profile() {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) return cuda_->profile();
#endif
  return {};
}

ValueImage::Path ValueImage::path() const {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) return cuda_->interop() ? Path::CudaInterop : Path::CudaCopyFallback;
#endif
  return Path::Cpu;
}

const std::string& ValueImage::notice() const {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) return cuda_->notice();
#endif
  return kNoNotice;
}

gfx::Image ValueImage::read_back() const {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) cuda_->release_prepared();  // GL must not read a texture mapped by prepare_write()
#endif
  return read_rgba(texture_.id(), width_, height_);
}

void ValueImage::fill() {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_) {
    cuda_->fill(colormap_, texture_.id(), width_, height_, lo_, hi_);
    return;
  }
#endif
  const int64_t cells = int64_t(width_) * height_;
  host_pixels_.resize(static_cast<size_t>(cells));
  colormap_fill_host(colormap_, host_values_.data(), count_, cells, lo_, hi_, host_pixels_.data());
  upload_rgba(texture_.id(), width_, height_, 0, host_pixels_.data());
}

}  // namespace ws::interop
