// ValueImage: an array of floats shown as a colour-mapped GL texture (viridis over [lo, hi]), the
// way warpscope displays large data (arrays, grids) that CUDA computes. Value i is the cell
// (i % width, i / width); row 0 is the first texture row, which ImGui::Image with the default UVs
// draws at the top and read_back() returns as the top row. Cells past n are transparent, values
// outside [lo, hi] clamp to the ends, NaN is grey.
//
// Three paths give identical pixels (one colormap rule, colormap.h):
//  - CudaInterop: CUDA writes a registered GL pixel buffer, GL copies it into the texture;
//  - CudaCopyFallback: when registration fails (or is forced), device -> pinned host -> GL;
//  - Cpu: Backend::Cpu colours on the host.
// Every call needs the GL context that was current at construction; destroy the image before
// that context. Errors (bad sizes, GL and CUDA failures) throw ws::Error and change nothing
// that was validated before the failure.
#pragma once

#include <GL/glew.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/backend.h"
#include "render/gl_objects.h"
#include "render/image.h"

namespace ws::interop {

class CudaPixels;  // cuda_pixels.h (CUDA builds)

class ValueImage {
 public:
  enum class Path { CudaInterop, CudaCopyFallback, Cpu };

  // Creates the texture (a GL context must be current). Backend::Cuda throws ws::Error in a
  // CPU-only build or when no CUDA device is usable.
  explicit ValueImage(Backend backend);
  ~ValueImage();
  ValueImage(const ValueImage&) = delete;
  ValueImage& operator=(const ValueImage&) = delete;

  // Shows `n` values, `width` per row (height = ceil(n / width)), coloured over [lo, hi]. The CUDA
  // backend uploads the values to the device once here. Throws when n < 1, width < 1, width or
  // height exceed GL_MAX_TEXTURE_SIZE, or lo < hi is not a finite range.
  void set_values(const float* host_values, int64_t n, int width, float lo, float hi);
  // Re-runs only the colormap from the values already uploaded: the per-frame path.
  void recolor(float lo, float hi);

  // CUDA backend: true makes the following fills use the copy fallback (tests compare both paths
  // on one GPU); false tries interop again at the next fill. Ignored by the CPU backend.
  void force_fallback(bool on);

  GLuint texture() const { return texture_.id(); }
  int width() const { return width_; }
  int height() const { return height_; }
  int64_t count() const { return count_; }
  float lo() const { return lo_; }
  float hi() const { return hi_; }
  Backend backend() const { return backend_; }
  // The path the next fill takes (for the CUDA backend, interop until registration fails).
  Path path() const;
  // Why pixels go through host memory, for the UI; empty on the interop and CPU paths.
  const std::string& notice() const;

  // The texture's pixels, top-down rows (tests and screenshots). Empty before set_values.
  gfx::Image read_back() const;

 private:
  void fill();

  Backend backend_;
  gfx::Texture texture_;
  int width_ = 0, height_ = 0;
  int64_t count_ = 0;
  float lo_ = 0, hi_ = 1;
  std::vector<float> host_values_;     // Cpu backend
  std::vector<uint32_t> host_pixels_;  // Cpu backend
  std::unique_ptr<CudaPixels> cuda_;   // Cuda backend
};

const char* path_name(ValueImage::Path path);  // "cuda-interop", "cuda-copy-fallback", "cpu"

}  // namespace ws::interop
