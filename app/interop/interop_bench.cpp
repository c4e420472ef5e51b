// The interop breakdown benchmark (interop_bench.h). Each path is written out here call by call,
// the same calls CudaTextureWriter makes for ValueImage and PixelImage, so every call can be timed
// on its own.
#include "interop/interop_bench.h"

#include <GL/glew.h>
// After GLEW (cuda_gl_interop.h includes GL/gl.h, which GLEW must precede).
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "common/cuda_check.cuh"
#include "common/device_buffer.cuh"
#include "common/error.h"
#include "common/split_mix.h"
#include "common/timing.h"
#include "interop/colormap.h"
#include "interop/colormap_cuda.h"
#include "interop/gl_upload.h"
#include "interop/pixel_image.h"
#include "interop/pixel_pack.h"
#include "interop/value_image.h"
#include "render/gl_objects.h"

namespace ws::interop {

namespace {

using Clock = std::chrono::steady_clock;

double us_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::micro>(b - a).count();
}

// Phases of one frame; CPU wall time of each call in microseconds, GPU times from events/queries.
enum Phase { kMap, kGet, kLaunch, kUnmap, kCopy, kUpload, kBlit, kCpu, kFrame, kGpuKernel, kGpuGl };
constexpr int kPhases = 11;
constexpr const char* kPhaseNames[kPhases] = {"map",      "get",        "launch", "unmap",
                                              "d2h+sync", "upload",     "blit",   "cpu sum",
                                              "frame",    "gpu kernel", "gpu GL"};

struct Samples {
  std::vector<double> phase[kPhases];
  double pipelined_us = 0;  // per frame, frames back to back and one fence at the end
  void add(Phase p, double us) { phase[p].push_back(us); }
};

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return -1;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, size_t(q * double(v.size())))];
}

void wait_fence() {
  GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, GLuint64(10) * 1000 * 1000 * 1000);
  glDeleteSync(fence);
}

// Everything one size needs: the values on the device, the texture, a 1920x1080 blit target.
struct Bench {
  int n = 0;
  std::vector<float> host_values;
  DeviceBuffer<float> values;
  gfx::Texture texture;
  gfx::Framebuffer read_fbo, draw_fbo;
  gfx::Texture screen;
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;
  GLuint query = 0;

  explicit Bench(int size) : n(size) {
    const size_t count = size_t(n) * size_t(n);
    host_values.resize(count);
    SplitMix64 rng{uint64_t(n)};
    for (size_t i = 0; i < count; ++i)
      host_values[i] = i % 1009 == 3 ? std::nanf("") : -0.1f + 1.2f * rng.unit_float();
    values = DeviceBuffer<float>(count);
    values.upload(host_values.data(), count);
    texture = gfx::Texture::create();
    allocate_rgba_texture(texture.id(), n, n);
    screen = gfx::Texture::create();
    allocate_rgba_texture(screen.id(), 1920, 1080);
    read_fbo = gfx::Framebuffer::create();
    draw_fbo = gfx::Framebuffer::create();
    glBindFramebuffer(GL_FRAMEBUFFER, draw_fbo.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, screen.id(), 0);
    glBindFramebuffer(GL_FRAMEBUFFER, read_fbo.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture.id(), 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    check_gl("benchmark framebuffers");
    WS_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    WS_CUDA_CHECK(cudaEventCreate(&start));
    WS_CUDA_CHECK(cudaEventCreate(&stop));
    glGenQueries(1, &query);
  }
  ~Bench() {
    cudaStreamSynchronize(stream);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaStreamDestroy(stream);
    glDeleteQueries(1, &query);
  }
  Bench(const Bench&) = delete;
  Bench& operator=(const Bench&) = delete;

  // The texture into the 1920x1080 framebuffer, scaled (what showing it costs GL).
  void blit(GLuint source_fbo) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, source_fbo);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw_fbo.id());
    glBlitFramebuffer(0, 0, n, n, 0, 0, 1920, 1080, GL_COLOR_BUFFER_BIT, GL_LINEAR);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }

  // The texture's pixels equal the CPU colormap of the values.
  bool pixels_match() const {
    const gfx::Image image = read_rgba(texture.id(), n, n);
    std::vector<uint32_t> expected(host_values.size());
    colormap_fill_host(Colormap::Viridis, host_values.data(), int64_t(host_values.size()),
                       int64_t(expected.size()), 0.0f, 1.0f, expected.data());
    return image.rgba.size() == expected.size() * 4 &&
           std::memcmp(image.rgba.data(), expected.data(), image.rgba.size()) == 0;
  }

  void clear_texture() {
    const std::vector<uint32_t> zeros(size_t(n) * n, 0u);
    upload_rgba(texture.id(), n, n, 0, zeros.data());
  }
};

// SurfaceFlush and SurfaceWait are diagnostics of the surface path: glFlush after map and after
// unmap (GL submits its side of each hand-off at once), or the CPU waiting for the kernel before
// the unmap (GL never waits on the GPU for CUDA).
enum class Path { Surface, SurfaceFlush, SurfaceWait, PixelBuffer, Fallback };
const char* path_label(Path p) {
  switch (p) {
    case Path::Surface:
      return "surface";
    case Path::SurfaceFlush:
      return "surface+flush";
    case Path::SurfaceWait:
      return "surface+wait";
    case Path::PixelBuffer:
      return "pixel-buffer";
    case Path::Fallback:
      return "fallback";
  }
  return "?";
}
bool is_surface(Path p) {
  return p == Path::Surface || p == Path::SurfaceFlush || p == Path::SurfaceWait;
}

// Runs warm-up + `frames` frames of one path; true when the final pixels match the CPU colormap.
bool run_path(Bench& b, Path path, int frames, Samples& samples) {
  const int64_t cells = int64_t(b.n) * b.n;
  cudaGraphicsResource* resource = nullptr;
  gfx::Buffer pbo;
  DeviceBuffer<uint32_t> device_pixels;
  uint32_t* pinned = nullptr;
  cudaArray_t array = nullptr;
  cudaSurfaceObject_t surface = 0;
  if (is_surface(path)) {
    WS_CUDA_CHECK(cudaGraphicsGLRegisterImage(
        &resource, b.texture.id(), GL_TEXTURE_2D,
        cudaGraphicsRegisterFlagsSurfaceLoadStore | cudaGraphicsRegisterFlagsWriteDiscard));
  } else if (path == Path::PixelBuffer) {
    pbo = gfx::Buffer::create();
    allocate_unpack_buffer(pbo.id(), size_t(cells) * 4);
    WS_CUDA_CHECK(
        cudaGraphicsGLRegisterBuffer(&resource, pbo.id(), cudaGraphicsRegisterFlagsWriteDiscard));
  } else {
    device_pixels = DeviceBuffer<uint32_t>(size_t(cells));
    WS_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&pinned), size_t(cells) * 4));
  }
  b.clear_texture();
  glFinish();

  // One frame's calls, each timed by lap(); GL's time over the hand-off and upload is queried.
  const auto frame_calls = [&](const std::function<void(Phase)>& lap) {
    glBeginQuery(GL_TIME_ELAPSED, b.query);
    if (path == Path::Fallback) {
      WS_CUDA_CHECK(cudaEventRecord(b.start, b.stream));
      launch_colormap(Colormap::Viridis, b.values.data(), cells, cells, 0.0f, 1.0f,
                      device_pixels.data(), b.stream);
      WS_CUDA_CHECK(cudaEventRecord(b.stop, b.stream));
      lap(kLaunch);
      WS_CUDA_CHECK(cudaMemcpyAsync(pinned, device_pixels.data(), size_t(cells) * 4,
                                    cudaMemcpyDeviceToHost, b.stream));
      WS_CUDA_CHECK(cudaStreamSynchronize(b.stream));
      lap(kCopy);
      upload_rgba(b.texture.id(), b.n, b.n, 0, pinned);
      lap(kUpload);
    } else {
      WS_CUDA_CHECK(cudaGraphicsMapResources(1, &resource, b.stream));
      if (path == Path::SurfaceFlush) glFlush();
      lap(kMap);
      void* pointer = nullptr;
      if (is_surface(path)) {
        cudaArray_t mapped = nullptr;
        WS_CUDA_CHECK(cudaGraphicsSubResourceGetMappedArray(&mapped, resource, 0, 0));
        if (mapped != array) {
          if (surface != 0) WS_CUDA_CHECK(cudaDestroySurfaceObject(surface));
          cudaResourceDesc desc{};
          desc.resType = cudaResourceTypeArray;
          desc.res.array.array = mapped;
          WS_CUDA_CHECK(cudaCreateSurfaceObject(&surface, &desc));
          array = mapped;
        }
      } else {
        size_t size = 0;
        WS_CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&pointer, &size, resource));
      }
      lap(kGet);
      WS_CUDA_CHECK(cudaEventRecord(b.start, b.stream));
      if (is_surface(path)) {
        launch_colormap_surface(Colormap::Viridis, b.values.data(), cells, b.n, b.n, 0.0f, 1.0f,
                                surface, b.stream);
      } else {
        launch_colormap(Colormap::Viridis, b.values.data(), cells, cells, 0.0f, 1.0f,
                        static_cast<uint32_t*>(pointer), b.stream);
      }
      WS_CUDA_CHECK(cudaEventRecord(b.stop, b.stream));
      if (path == Path::SurfaceWait) WS_CUDA_CHECK(cudaEventSynchronize(b.stop));
      lap(kLaunch);
      WS_CUDA_CHECK(cudaGraphicsUnmapResources(1, &resource, b.stream));
      if (path == Path::SurfaceFlush) glFlush();
      lap(kUnmap);
      if (path == Path::PixelBuffer) {
        upload_rgba(b.texture.id(), b.n, b.n, pbo.id(), nullptr);
        lap(kUpload);
      }
    }
    glEndQuery(GL_TIME_ELAPSED);
    b.blit(b.read_fbo.id());
    lap(kBlit);
  };

  for (int frame = -10; frame < frames; ++frame) {
    double t[kPhases] = {};
    const auto begin = Clock::now();
    auto last = begin;
    frame_calls([&](Phase p) {
      const auto now = Clock::now();
      t[p] = us_between(last, now);
      last = now;
    });
    t[kCpu] = us_between(begin, last);
    wait_fence();
    t[kFrame] = us_between(begin, Clock::now());
    WS_CUDA_CHECK(cudaEventSynchronize(b.stop));
    float kernel_ms = 0;
    WS_CUDA_CHECK(cudaEventElapsedTime(&kernel_ms, b.start, b.stop));
    t[kGpuKernel] = 1000.0 * kernel_ms;
    GLuint64 gl_ns = 0;
    glGetQueryObjectui64v(b.query, GL_QUERY_RESULT, &gl_ns);
    t[kGpuGl] = double(gl_ns) / 1000.0;
    if (frame < 0) continue;
    for (int p = 0; p < kPhases; ++p) samples.add(Phase(p), t[p]);
  }
  // Throughput: the same frames issued back to back with one fence at the end (what a
  // renderer that does not wait for each frame sustains).
  const auto start = Clock::now();
  for (int i = 0; i < frames; ++i) frame_calls([](Phase) {});
  wait_fence();
  samples.pipelined_us = us_between(start, Clock::now()) / frames;

  const bool ok = b.pixels_match();
  WS_CUDA_CHECK(cudaStreamSynchronize(b.stream));
  if (surface != 0) WS_CUDA_CHECK(cudaDestroySurfaceObject(surface));
  if (resource != nullptr) WS_CUDA_CHECK(cudaGraphicsUnregisterResource(resource));
  if (pinned != nullptr) cudaFreeHost(pinned);
  check_gl("benchmark frame");
  return ok;
}

void print_row(std::ostream& out, const char* path, int n, const Samples& s, bool ok) {
  char line[512];
  int used = std::snprintf(line, sizeof line, "%-13s %5d", path, n);
  for (int p = 0; p < kPhases; ++p) {
    const double m = median(s.phase[p]);
    if (s.phase[p].empty() || (p < kCpu && m == 0 && p != kLaunch))
      used += std::snprintf(line + used, sizeof line - size_t(used), " %10s", "-");
    else
      used += std::snprintf(line + used, sizeof line - size_t(used), " %10.1f", m);
  }
  std::snprintf(line + used, sizeof line - size_t(used), " %9.1f %10.1f  %s",
                percentile(s.phase[kFrame], 0.99), s.pipelined_us, ok ? "yes" : "NO");
  out << line << "\n";
}

// The microseconds of each frame's fill call and of the whole frame.
struct FrameTimes {
  std::vector<double> call, frame;
};

// Per frame: `fill` (the image's set call; 10 untimed warm-up frames first), then the blit of the
// image's texture and the fence.
template <class Image, class Fill>
FrameTimes time_frames(Bench& b, int frames, const Image& image, Fill&& fill) {
  gfx::Framebuffer source = gfx::Framebuffer::create();
  FrameTimes t;
  for (int i = -10; i < frames; ++i) {
    const auto begin = Clock::now();
    fill();
    const auto called = Clock::now();
    if (i == -10) {  // the texture exists after the first call
      glBindFramebuffer(GL_FRAMEBUFFER, source.id());
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, image.texture(),
                             0);
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    b.blit(source.id());
    wait_fence();
    if (i < 0) continue;
    t.call.push_back(us_between(begin, called));
    t.frame.push_back(us_between(begin, Clock::now()));
  }
  return t;
}

// One table row: the label (`width` wide), N, the median and 99th percentile of the call and of
// the frame, whether the pixels match.
void print_frame_row(std::ostream& out, int width, const std::string& label, int n,
                     const FrameTimes& t, bool ok) {
  char line[256];
  std::snprintf(line, sizeof line, "%-*s %5d %12.1f %12.1f %12.1f %12.1f  %s", width, label.c_str(),
                n, median(t.call), percentile(t.call, 0.99), median(t.frame),
                percentile(t.frame, 0.99), ok ? "yes" : "NO");
  out << line << "\n";
}

// ValueImage::set_device_values per frame, then the blit and the fence: what the scene pays.
void run_value_image(std::ostream& out, Bench& b, int frames, bool fallback, InteropMethod method) {
  ValueImage image(Backend::Cuda);
  image.set_interop_method(method);
  image.force_fallback(fallback);
  const int64_t cells = int64_t(b.n) * b.n;
  const FrameTimes t = time_frames(
      b, frames, image, [&] { image.set_device_values(b.values.data(), cells, b.n, 0.0f, 1.0f); });
  const gfx::Image pixels = image.read_back();
  std::vector<uint32_t> expected(static_cast<size_t>(cells));
  colormap_fill_host(Colormap::Viridis, b.host_values.data(), cells, cells, 0.0f, 1.0f,
                     expected.data());
  const bool ok = std::memcmp(pixels.rgba.data(), expected.data(), pixels.rgba.size()) == 0;
  const std::string label =
      fallback ? std::string("fallback") : std::string("interop/") + interop_method_name(method);
  print_frame_row(out, 22, label, b.n, t, ok);
  check_gl("ValueImage benchmark");
}

// PixelImage::set_device_planes per frame (an N x N photo's planes already on the device, as the
// summed-area-table scene's filter leaves them), then the blit and the fence.
// Returns whether the final pixels match the host packing.
bool run_pixel_image(std::ostream& out, Bench& b, int frames, int channels, bool fallback,
                     InteropMethod method) {
  const int64_t cells = int64_t(b.n) * b.n;
  std::vector<uint8_t> planes(size_t(cells) * size_t(channels));
  SplitMix64 rng{uint64_t(b.n) * 7 + uint64_t(channels)};
  for (uint8_t& byte : planes) byte = uint8_t(rng.next() >> 56);
  DeviceBuffer<uint8_t> device(planes.size());
  device.upload(planes);
  PixelImage image(Backend::Cuda);
  image.set_interop_method(method);
  image.force_fallback(fallback);
  const FrameTimes t = time_frames(
      b, frames, image, [&] { image.set_device_planes(device.data(), b.n, b.n, channels); });
  const gfx::Image pixels = image.read_back();
  std::vector<uint32_t> expected(static_cast<size_t>(cells));
  pack_planes_host(planes.data(), cells, channels, expected.data());
  const bool ok = pixels.rgba.size() == expected.size() * 4 &&
                  std::memcmp(pixels.rgba.data(), expected.data(), pixels.rgba.size()) == 0;
  const std::string label =
      (fallback ? std::string("fallback") : std::string("interop/") + interop_method_name(method)) +
      (channels == 1 ? " grey" : " rgb");
  print_frame_row(out, 27, label, b.n, t, ok);
  check_gl("PixelImage benchmark");
  return ok;
}

}  // namespace

int interop_bench(std::ostream& out, const InteropBenchOptions& options) {
  try {
    cudaDeviceProp prop{};
    int device = 0, driver = 0, runtime = 0;
    WS_CUDA_CHECK(cudaGetDevice(&device));
    WS_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    const auto gl_string = [](GLenum name) {
      const GLubyte* s = glGetString(name);
      return s ? std::string(reinterpret_cast<const char*>(s)) : std::string("?");
    };
    out << "interop benchmark: " << prop.name << ", CUDA driver " << driver << ", runtime "
        << runtime << "; GL " << gl_string(GL_RENDERER) << " | " << gl_string(GL_VERSION) << "\n";
    out << "per frame, median of " << options.frames
        << " frames after 10 warm-up, microseconds. CPU wall time of each call; 'frame' = calls + "
           "GL fence wait; pipelined = frames issued back to back, one fence at the end, per "
           "frame; gpu kernel = CUDA events around the launch; gpu GL = GL timer query "
           "over the upload (not the blit); N x N float field -> RGBA8 texture -> blit to "
           "1920x1080\n";
    char header[512];
    int used = std::snprintf(header, sizeof header, "%-13s %5s", "path", "N");
    for (const char* name : kPhaseNames)
      used += std::snprintf(header + used, sizeof header - size_t(used), " %10s", name);
    std::snprintf(header + used, sizeof header - size_t(used), " %9s  %s", "frame p99",
                  "pixels ok");
    out << header << "\n";
    bool all_ok = true;
    for (int n : options.sizes) {
      WS_REQUIRE(n >= 1 && n <= max_texture_size(), "interop benchmark: size " + std::to_string(n) +
                                                        " outside 1..GL_MAX_TEXTURE_SIZE");
      Bench bench(n);
      for (Path path : {Path::Surface, Path::SurfaceFlush, Path::SurfaceWait, Path::PixelBuffer,
                        Path::Fallback}) {
        Samples samples;
        const bool ok = run_path(bench, path, options.frames, samples);
        all_ok = all_ok && ok;
        print_row(out, path_label(path), n, samples, ok);
      }
    }
    out << "\nValueImage::set_device_values end to end (per frame: the call, then blit + fence), "
           "microseconds\n";
    char line[256];
    std::snprintf(line, sizeof line, "%-22s %5s %12s %12s %12s %12s  %s", "path", "N", "call med",
                  "call p99", "frame med", "frame p99", "pixels ok");
    out << line << "\n";
    for (int n : options.sizes) {
      Bench bench(n);
      run_value_image(out, bench, options.frames, false, InteropMethod::Surface);
      run_value_image(out, bench, options.frames, false, InteropMethod::PixelBuffer);
      run_value_image(out, bench, options.frames, true, InteropMethod::Surface);
    }
    out << "\nPixelImage::set_device_planes end to end (8-bit planes on the device; per frame: the "
           "call, then blit + fence), microseconds\n";
    std::snprintf(line, sizeof line, "%-27s %5s %12s %12s %12s %12s  %s", "path", "N", "call med",
                  "call p99", "frame med", "frame p99", "pixels ok");
    out << line << "\n";
    for (int n : options.sizes) {
      Bench bench(n);
      for (int channels : {3, 1}) {
        for (int variant = 0; variant < 3; ++variant) {
          const bool ok =
              run_pixel_image(out, bench, options.frames, channels, variant == 2,
                              variant == 1 ? InteropMethod::PixelBuffer : InteropMethod::Surface);
          all_ok = all_ok && ok;
        }
      }
    }
    if (!all_ok) {
      out << "interop benchmark: a path's pixels differ from the CPU colormap or packing\n";
      return 1;
    }
    return 0;
  } catch (const std::exception& e) {
    out << "interop benchmark failed: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace ws::interop
