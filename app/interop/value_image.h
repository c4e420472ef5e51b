// ValueImage: an array of floats shown as a colour-mapped GL texture (viridis, inferno or
// cool-warm over [lo, hi]), the way warpscope displays large data (arrays, grids) that CUDA
// computes. Value i is the cell
// (i % width, i / width); row 0 is the first texture row, which ImGui::Image with the default UVs
// draws at the top and read_back() returns as the top row. Cells past n are transparent, values
// outside [lo, hi] clamp to the ends, NaN is grey.
//
// Three paths give identical pixels (one colormap rule, colormap.h):
//  - CudaInterop: CUDA writes the registered GL texture through a surface object (the default
//    and fastest method), or a registered pixel buffer that GL copies into the texture;
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
#include "interop/colormap.h"
#include "render/gl_objects.h"
#include "render/image.h"

namespace ws::interop {

class CudaPixels;  // cuda_pixels.h (CUDA builds)

// How the interop path gets pixels into the texture (cuda_texture_writer.h; ValueImage and
// PixelImage): Surface writes the texture from the kernel; PixelBuffer writes a registered buffer
// that glTexSubImage2D copies.
enum class InteropMethod : uint8_t { Surface, PixelBuffer };
const char* interop_method_name(InteropMethod method);  // "surface", "pixel-buffer"

// How a surface-interop write hands the texture between the GL and CUDA contexts
// (cuda_texture_writer.h has what each does). Default ("map-per-write"): each write maps and
// unmaps, for images written now and then. The heat scene's live loop uses MapAhead: with a
// simulation step queued before it, map-per-write's map waited ~2.4 ms on the GPU (a 4096^2
// frame 3.1 ms, MapAhead 0.63 ms on an H200, docs/performance.md). The others were measured
// to find that (`warpscope bench --live --handoff all`); the other methods and the fallback
// ignore it.
enum class Handoff : uint8_t {
  Default,       // map, colormap, unmap on our non-blocking stream; GPU-side waits only
  MapFirst,      // map before the caller's step (prepare_write), then colormap, unmap
  MapAhead,      // as MapFirst, but the caller maps right after the frame's draw, for the next
  LegacyStream,  // map, colormap, unmap on the legacy default stream (the simulation's)
  GlFence,       // the CPU waits for GL's work (a fence) before and after the map
  SyncUnmap,     // the CPU waits for our stream before and after the unmap
  CpuSync,       // both, and for stream 0 (the caller's step) before the map: no GPU-side wait
                 // is left pending
  KeepMapped,    // mapped once, never unmapped (undefined by the CUDA-GL contract); the CPU waits
                 // for GL before each colormap and for the colormap after it
};
inline constexpr Handoff kAllHandoffs[] = {
    Handoff::Default, Handoff::MapFirst,  Handoff::MapAhead, Handoff::LegacyStream,
    Handoff::GlFence, Handoff::SyncUnmap, Handoff::CpuSync,  Handoff::KeepMapped};
const char* handoff_name(Handoff handoff);  // "map-per-write", "map-first", "map-ahead", ...
// Accepts handoff_name's names; false leaves `out` unchanged.
bool parse_handoff(const std::string& text, Handoff& out);
std::string handoff_names();  // "default, map-first, ..." (for messages)

// Where the time of the CUDA writes since the last write_profile() went (CUDA interop only).
// CPU: wall time of our calls. GPU: from CUDA events on the write's stream and on stream 0;
// -1 where the phase did not happen (no map with KeepMapped) or was not timed.
struct WriteProfile {
  int writes = 0;
  double cpu_wait_ms = 0;  // the host waits a hand-off adds (GL fence, stream synchronizes)
  double cpu_map_ms = 0, cpu_launch_ms = 0, cpu_unmap_ms = 0;
  float gpu_map_ms = -1;              // map begin -> mapped (the wait for GL's earlier use)
  float gpu_ready_to_kernel_ms = -1;  // caller's stream-0 work done -> colormap kernel starts
  float gpu_kernel_ms = -1;           // the colormap kernel
  float gpu_unmap_ms = -1;            // kernel end -> unmapped
  float gpu_ready_to_done_ms = -1;    // caller's stream-0 work done -> stream 0 may go on
};

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
  // CUDA backend only (throws otherwise): shows `n` values that already live in device memory,
  // with no upload; the colormap kernel reads `device_values` directly. Ordered after all work
  // queued so far on the legacy default stream (stream 0, where the caller computed them), and
  // stream 0 waits for the colormap in turn, so the caller may overwrite them with later stream-0
  // work without a sync. recolor() and set_colormap() read the same pointer again: it must stay
  // valid (and hold the values) until the next set_values / set_device_values. Same checks as
  // set_values.
  void set_device_values(const float* device_values, int64_t n, int width, float lo, float hi);
  // Re-runs only the colormap from the values already given: the per-frame path.
  void recolor(float lo, float hi);
  // Changes the map and, once values were given, recolours with the same values and range.
  void set_colormap(Colormap map);
  Colormap colormap() const { return colormap_; }

  // CUDA backend: true makes the following fills use the copy fallback (tests compare both paths
  // on one GPU); false tries interop again at the next fill. Ignored by the CPU backend.
  void force_fallback(bool on);
  // CUDA backend: which interop method fills use (default Surface); the benchmark and the tests
  // compare both. Ignored by the CPU backend.
  void set_interop_method(InteropMethod method);
  InteropMethod interop_method() const;
  // CUDA backend: how surface-interop writes hand the texture between GL and CUDA (default
  // Handoff::Default). Ignored by the CPU backend.
  void set_handoff(Handoff handoff);
  Handoff handoff() const { return handoff_; }
  // Handoff::MapFirst / MapAhead: maps the texture for the next set_device_values / recolor now
  // (MapFirst: before the caller queues its stream-0 work; MapAhead: right after the frame's
  // draw is queued); a no-op otherwise and before the first values. read_back() and GL draws
  // must not come between this and the next write (read_back unmaps first).
  void prepare_write();
  // Unmaps what prepare_write() mapped: when no write will come before GL next draws the texture.
  void release_prepared_write();
  // CUDA backend: times the writes (CUDA events, host clocks) from now on; write_profile() waits
  // for the events of the last write, returns the times since the previous call and resets them.
  void enable_write_profile(bool on);
  WriteProfile write_profile();

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
  // Checks n, width, range and texture limits; returns the row count.
  int check_shape(int64_t n, int width, float lo, float hi) const;
  void reshape(int width, int rows);  // reallocates the texture when the size changes
  void fill();

  Backend backend_;
  gfx::Texture texture_;
  int width_ = 0, height_ = 0;
  int64_t count_ = 0;
  float lo_ = 0, hi_ = 1;
  Colormap colormap_ = Colormap::Viridis;
  InteropMethod method_ = InteropMethod::Surface;
  Handoff handoff_ = Handoff::Default;
  std::vector<float> host_values_;     // Cpu backend
  std::vector<uint32_t> host_pixels_;  // Cpu backend
  std::unique_ptr<CudaPixels> cuda_;   // Cuda backend
};

const char* path_name(ValueImage::Path path);  // "cuda-interop", "cuda-copy-fallback", "cpu"

}  // namespace ws::interop
