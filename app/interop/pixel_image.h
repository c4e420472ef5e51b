// PixelImage: an 8-bit image (grey, or RGB in three planes) shown as a GL texture as it is, the
// way warpscope displays photographs and their filtered versions that CUDA computes. The planes
// are channel-major: plane c holds width * height bytes, pixel (x, y) at byte y * width + x, row
// 0 first, which ImGui::Image with the default UVs draws at the top and read_back() returns as the
// top row. One plane is grey (R = G = B), three are R, G, B; alpha is always 255.
//
// Three paths give identical pixels (one packing rule, pixel_pack.h), the same as ValueImage's:
//  - CudaInterop: CUDA writes the registered GL texture through a surface object (the default
//    and fastest method), or a registered pixel buffer that GL copies into the texture;
//  - CudaCopyFallback: when registration fails (or is forced), device -> pinned host -> GL;
//  - Cpu: Backend::Cpu packs on the host.
// Every call needs the GL context that was current at construction; destroy the image before
// that context. Errors (bad sizes or channel counts, null data, GL and CUDA failures) throw
// ws::Error and change nothing that was validated before the failure.
#pragma once

#include <GL/glew.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/backend.h"
#include "interop/value_image.h"
#include "render/gl_objects.h"
#include "render/image.h"

namespace ws::interop {

class CudaPlanes;  // cuda_planes.h (CUDA builds)

class PixelImage {
 public:
  // The same paths as ValueImage's (path_name names them).
  using Path = ValueImage::Path;

  // Creates the texture (a GL context must be current). Backend::Cuda throws ws::Error in a
  // CPU-only build or when no CUDA device is usable.
  explicit PixelImage(Backend backend);
  ~PixelImage();
  PixelImage(const PixelImage&) = delete;
  PixelImage& operator=(const PixelImage&) = delete;

  // Shows `channels` (1: grey, 3: RGB) host planes of width * height bytes each. The CUDA backend
  // uploads them to the device here; the host array may be reused at return. Throws when
  // host_planes is null, width or height is below 1 or above GL_MAX_TEXTURE_SIZE, or channels is
  // neither 1 nor 3.
  void set_planes(const uint8_t* host_planes, int width, int height, int channels);
  // CUDA backend only (throws otherwise): shows planes that already live in device memory, with no
  // upload; the packing kernel reads `device_planes` directly and writes the texture. Ordered
  // after all work queued so far on the legacy default stream (stream 0, where the caller computed
  // them), and stream 0 waits for the packing in turn, so the caller may overwrite them with later
  // stream-0 work without a sync; they are not read again after this call. Same checks as
  // set_planes.
  void set_device_planes(const uint8_t* device_planes, int width, int height, int channels);

  // CUDA backend: true makes the following fills use the copy fallback (tests compare both paths
  // on one GPU); false tries interop again at the next fill. Ignored by the CPU backend.
  void force_fallback(bool on);
  // CUDA backend: which interop method fills use (default Surface); the benchmark and the tests
  // compare both. Ignored by the CPU backend.
  void set_interop_method(InteropMethod method);
  InteropMethod interop_method() const { return method_; }

  GLuint texture() const { return texture_.id(); }
  int width() const { return width_; }
  int height() const { return height_; }
  int channels() const { return channels_; }  // of the planes shown last; 0 before any
  Backend backend() const { return backend_; }
  // The path the next fill takes (for the CUDA backend, interop until registration fails).
  Path path() const;
  // Why pixels go through host memory, for the UI; empty on the interop and CPU paths.
  const std::string& notice() const;

  // The texture's pixels, top-down rows (tests and screenshots). Empty before set_planes.
  gfx::Image read_back() const;

 private:
  void check_shape(int width, int height, int channels) const;
  void reshape(int width, int height);  // reallocates the texture when the size changes

  Backend backend_;
  gfx::Texture texture_;
  int width_ = 0, height_ = 0, channels_ = 0;
  InteropMethod method_ = InteropMethod::Surface;
  std::vector<uint32_t> host_pixels_;  // Cpu backend
  std::unique_ptr<CudaPlanes> cuda_;   // Cuda backend
};

}  // namespace ws::interop
