// ValueImage on a GPU with a headless EGL context: the CUDA-GL interop path (both methods: the
// texture written through a surface, and a pixel buffer copied by GL), the copy fallback and the
// CPU path must give identical pixels (tolerance 0) for every colormap, interop must be what the
// NVIDIA EGL device platform gets, recolor must follow the range, device values must be read in
// stream-0 order, and set_values / recolor are timed (printed, not asserted). Every test skips
// without a CUDA device.
#include <gtest/gtest.h>

#include "common/split_mix.h"
#include "gl_interop_test_support.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "common/error.h"
#include "interop/value_image.h"
#include "render/image.h"

namespace ws::interop {
namespace {

using test::expect_no_gl_error;
using test::gl_state;
using test::median_us;

// Uniform in [lo - 10%, hi + 10%] (some clamp), with NaN and infinities sprinkled in.
std::vector<float> random_values(int64_t n, float lo, float hi, uint64_t seed) {
  SplitMix64 rng{seed};
  std::vector<float> values(static_cast<size_t>(n));
  const float span = hi - lo;
  for (int64_t i = 0; i < n; ++i) {
    float v = lo - 0.1f * span + 1.2f * span * rng.unit_float();
    if (i % 997 == 5) v = std::numeric_limits<float>::quiet_NaN();
    if (i % 1999 == 7) v = std::numeric_limits<float>::infinity();
    if (i % 3001 == 11) v = -std::numeric_limits<float>::infinity();
    values[size_t(i)] = v;
  }
  return values;
}

// Values at every bucket boundary of [lo, hi] (t * 255 + 0.5 == k) and a few ulps either side:
// where a fused multiply-add on one side would pick a different colour.
std::vector<float> boundary_values(float lo, float hi) {
  std::vector<float> values;
  for (int k = 0; k <= 256; ++k) {
    const double t = (double(k) - 0.5) / 255.0;
    float v = static_cast<float>(double(lo) + t * (double(hi) - double(lo)));
    for (int step = 0; step < 4; ++step) v = std::nextafter(v, -std::numeric_limits<float>::max());
    for (int step = 0; step < 9; ++step) {
      values.push_back(v);
      v = std::nextafter(v, std::numeric_limits<float>::max());
    }
  }
  values.push_back(lo);
  values.push_back(hi);
  return values;
}

struct Shown {
  gfx::Image image;
  ValueImage::Path path = ValueImage::Path::Cpu;
  std::string notice;
};

Shown show(Backend backend, bool fallback, const std::vector<float>& values, int width, float lo,
           float hi, InteropMethod method = InteropMethod::Surface,
           Colormap map = Colormap::Viridis) {
  ValueImage image(backend);
  image.force_fallback(fallback);
  image.set_interop_method(method);
  image.set_colormap(map);
  image.set_values(values.data(), int64_t(values.size()), width, lo, hi);
  return {image.read_back(), image.path(), image.notice()};
}

// Tolerance 0, and on failure the first differing cell with its value.
void expect_identical(const gfx::Image& a, const gfx::Image& b, const std::vector<float>& values,
                      const std::string& label) {
  ASSERT_EQ(a.width, b.width) << label;
  ASSERT_EQ(a.height, b.height) << label;
  const gfx::ImageDiff diff = gfx::compare_images(a, b, 0);
  EXPECT_FALSE(diff.size_mismatch) << label;
  EXPECT_EQ(diff.pixels_over, 0) << label << ": max difference " << diff.max_abs;
  for (size_t i = 0; i * 4 < a.rgba.size(); ++i) {
    if (std::memcmp(&a.rgba[i * 4], &b.rgba[i * 4], 4) != 0) {
      const uint8_t* p = &a.rgba[i * 4];
      const uint8_t* q = &b.rgba[i * 4];
      ADD_FAILURE() << label << ": first difference at cell " << i << " (value "
                    << (i < values.size() ? values[i] : 0.0f) << std::hexfloat << " = "
                    << (i < values.size() ? values[i] : 0.0f) << std::defaultfloat
                    << "): " << int(p[0]) << "," << int(p[1]) << "," << int(p[2]) << ","
                    << int(p[3]) << " vs " << int(q[0]) << "," << int(q[1]) << "," << int(q[2])
                    << "," << int(q[3]);
      return;
    }
  }
}

TEST(InteropGpu, NvidiaEglDeviceGetsInterop) {
  WS_REQUIRE_GPU_AND_GL();
  const std::string renderer = gl_state().gl->renderer();
  EXPECT_NE(renderer.find("NVIDIA"), std::string::npos)
      << "the headless context is not on the NVIDIA driver (platform " << gl_state().gl->platform()
      << ", renderer " << renderer << "): interop cannot be tested";
  ValueImage image(Backend::Cuda);
  EXPECT_EQ(image.path(), ValueImage::Path::CudaInterop);
  const std::vector<float> values = random_values(4096, 0.0f, 1.0f, 1);
  image.set_values(values.data(), int64_t(values.size()), 64, 0.0f, 1.0f);
  EXPECT_EQ(image.path(), ValueImage::Path::CudaInterop)
      << "registration failed on " << gl_state().gl->platform() << " / " << renderer << ": "
      << image.notice();
  EXPECT_EQ(image.notice(), "");
  std::printf("[ interop ] path %s%s%s\n", path_name(image.path()),
              image.notice().empty() ? "" : ": ", image.notice().c_str());
  expect_no_gl_error();
}

TEST(InteropGpu, AllPathsGiveIdenticalPixels) {
  WS_REQUIRE_GPU_AND_GL();
  const float lo = -1.0f, hi = 1.0f;
  const std::vector<float> values = random_values(300007, lo, hi, 42);  // 640 x 469, last row part
  for (Colormap map : kAllColormaps) {
    const std::string name = colormap_name(map);
    const Shown surface =
        show(Backend::Cuda, false, values, 640, lo, hi, InteropMethod::Surface, map);
    const Shown buffer =
        show(Backend::Cuda, false, values, 640, lo, hi, InteropMethod::PixelBuffer, map);
    const Shown fallback =
        show(Backend::Cuda, true, values, 640, lo, hi, InteropMethod::Surface, map);
    const Shown cpu = show(Backend::Cpu, false, values, 640, lo, hi, InteropMethod::Surface, map);
    EXPECT_EQ(surface.path, ValueImage::Path::CudaInterop) << surface.notice;
    EXPECT_EQ(buffer.path, ValueImage::Path::CudaInterop) << buffer.notice;
    EXPECT_EQ(fallback.path, ValueImage::Path::CudaCopyFallback);
    EXPECT_NE(fallback.notice, "");
    EXPECT_EQ(cpu.path, ValueImage::Path::Cpu);
    ASSERT_EQ(cpu.image.width, 640);
    ASSERT_EQ(cpu.image.height, 469);
    expect_identical(surface.image, cpu.image, values, name + ": surface interop vs cpu");
    expect_identical(buffer.image, cpu.image, values, name + ": pixel-buffer interop vs cpu");
    expect_identical(fallback.image, cpu.image, values, name + ": fallback vs cpu");
    const uint8_t* past_end = cpu.image.pixel(639, 468);
    EXPECT_EQ(past_end[3], 0) << "cells past n are transparent";
  }
  expect_no_gl_error();
}

// Device memory owned by the test, freed on every exit.
struct DeviceFloats {
  float* data = nullptr;
  explicit DeviceFloats(size_t n) {
    EXPECT_EQ(cudaMalloc(reinterpret_cast<void**>(&data), n * sizeof(float)), cudaSuccess);
  }
  ~DeviceFloats() { cudaFree(data); }
};
struct PinnedFloats {
  float* data = nullptr;
  explicit PinnedFloats(const std::vector<float>& values) {
    EXPECT_EQ(cudaMallocHost(reinterpret_cast<void**>(&data), values.size() * sizeof(float)),
              cudaSuccess);
    std::memcpy(data, values.data(), values.size() * sizeof(float));
  }
  ~PinnedFloats() { cudaFreeHost(data); }
};

// The stream-0 order tests' data: 2048 x 2048 random values in pinned host memory, a device
// buffer for them, and what the CPU backend shows for the values and for zeros.
struct StreamZeroCase {
  static constexpr int width = 2048;
  std::vector<float> values, zeros;
  PinnedFloats pinned;
  DeviceFloats device;
  gfx::Image expected, expected_zeros;
  explicit StreamZeroCase(uint32_t seed)
      : values(random_values(int64_t(width) * 2048, 0.0f, 1.0f, seed)),
        zeros(values.size(), 0.0f),
        pinned(values),
        device(values.size()) {
    ValueImage cpu(Backend::Cpu);
    cpu.set_values(values.data(), int64_t(values.size()), width, 0.0f, 1.0f);
    expected = cpu.read_back();
    cpu.set_values(zeros.data(), int64_t(zeros.size()), width, 0.0f, 1.0f);
    expected_zeros = cpu.read_back();
  }
};

// The caller's values arrive by an asynchronous copy on stream 0 and are overwritten by a memset
// on stream 0 right after set_device_values, without any sync: the image must show the copied
// values (our stream waited for the copy, and stream 0's memset waited for our colormap). A
// recolor then reads the pointer again and shows the zeros.
TEST(InteropGpu, DeviceValuesAreReadInStreamZeroOrder) {
  WS_REQUIRE_GPU_AND_GL();
  const StreamZeroCase c(11);
  ASSERT_NE(c.device.data, nullptr);
  for (int variant = 0; variant < 3; ++variant) {
    const std::string label = variant == 2
                                  ? "fallback"
                                  : interop_method_name(variant == 0 ? InteropMethod::Surface
                                                                     : InteropMethod::PixelBuffer);
    ValueImage image(Backend::Cuda);
    image.set_interop_method(variant == 1 ? InteropMethod::PixelBuffer : InteropMethod::Surface);
    image.force_fallback(variant == 2);
    ASSERT_EQ(cudaMemcpyAsync(c.device.data, c.pinned.data, c.values.size() * sizeof(float),
                              cudaMemcpyHostToDevice, cudaStreamLegacy),
              cudaSuccess);
    image.set_device_values(c.device.data, int64_t(c.values.size()), c.width, 0.0f, 1.0f);
    ASSERT_EQ(cudaMemsetAsync(c.device.data, 0, c.values.size() * sizeof(float), cudaStreamLegacy),
              cudaSuccess);
    expect_identical(image.read_back(), c.expected, c.values, label + ": device values");
    image.recolor(0.0f, 1.0f);
    expect_identical(image.read_back(), c.expected_zeros, c.zeros, label + ": recolor reads again");
    EXPECT_EQ(image.path(),
              variant == 2 ? ValueImage::Path::CudaCopyFallback : ValueImage::Path::CudaInterop)
        << image.notice();
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  }
  expect_no_gl_error();
}

// The same stream-0 order for every hand-off strategy (Handoff, the live loop's loop: prepare,
// stream-0 work, set_device_values, more stream-0 work). KeepMapped leaves GL reading a mapped
// texture, which the CUDA-GL contract leaves undefined: its result is printed, not asserted.
TEST(InteropGpu, EveryHandoffReadsDeviceValuesInStreamZeroOrder) {
  WS_REQUIRE_GPU_AND_GL();
  const StreamZeroCase c(12);
  ASSERT_NE(c.device.data, nullptr);
  for (const Handoff handoff : kAllHandoffs) {
    const std::string label = handoff_name(handoff);
    ValueImage image(Backend::Cuda);
    image.set_handoff(handoff);
    image.enable_write_profile(true);
    ASSERT_EQ(cudaMemsetAsync(c.device.data, 0, c.values.size() * sizeof(float), cudaStreamLegacy),
              cudaSuccess);
    image.set_device_values(c.device.data, int64_t(c.values.size()), c.width, 0.0f, 1.0f);
    for (int frame = 0; frame < 3; ++frame) {
      image.prepare_write();  // MapFirst / MapAhead map here, before the stream-0 copy
      ASSERT_EQ(cudaMemcpyAsync(c.device.data, c.pinned.data, c.values.size() * sizeof(float),
                                cudaMemcpyHostToDevice, cudaStreamLegacy),
                cudaSuccess);
      image.set_device_values(c.device.data, int64_t(c.values.size()), c.width, 0.0f, 1.0f);
      ASSERT_EQ(
          cudaMemsetAsync(c.device.data, 0, c.values.size() * sizeof(float), cudaStreamLegacy),
          cudaSuccess);
      const WriteProfile profile = image.write_profile();
      EXPECT_GE(profile.writes, 1) << label;
      EXPECT_GE(profile.gpu_kernel_ms, 0.0f) << label;
      const gfx::Image shown = image.read_back();
      if (handoff == Handoff::KeepMapped) {
        const gfx::ImageDiff diff = gfx::compare_images(shown, c.expected, 0);
        std::printf("[ handoff ] keep-mapped, frame %d: %lld texels differ (not asserted)\n", frame,
                    static_cast<long long>(diff.pixels_over));
      } else {
        expect_identical(shown, c.expected, c.values, label + ": device values");
      }
      image.recolor(0.0f, 1.0f);
      if (handoff != Handoff::KeepMapped)
        expect_identical(image.read_back(), c.expected_zeros, c.zeros, label + ": recolor");
    }
    EXPECT_EQ(image.path(), ValueImage::Path::CudaInterop) << image.notice();
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  }
  Handoff parsed = Handoff::Default;
  EXPECT_TRUE(parse_handoff("keep-mapped", parsed));
  EXPECT_EQ(parsed, Handoff::KeepMapped);
  EXPECT_FALSE(parse_handoff("bogus", parsed));
  EXPECT_EQ(parsed, Handoff::KeepMapped);
  expect_no_gl_error();
}

TEST(InteropGpu, BucketBoundariesMatchTheHost) {
  WS_REQUIRE_GPU_AND_GL();
  const float ranges[][2] = {{0.0f, 1.0f}, {-3.7f, 12.9f},    {1e-3f, 2e-3f},   {-1e6f, 1e6f},
                             {0.1f, 0.7f}, {-1e-30f, 3e-30f}, {100.0f, 101.0f}, {-2.5f, -2.25f}};
  ValueImage interop(Backend::Cuda), fallback(Backend::Cuda), cpu(Backend::Cpu);
  fallback.force_fallback(true);
  for (const auto& range : ranges) {
    const std::vector<float> values = boundary_values(range[0], range[1]);
    const std::string label =
        "[" + std::to_string(range[0]) + ", " + std::to_string(range[1]) + "]";
    for (ValueImage* image : {&interop, &fallback, &cpu})
      image->set_values(values.data(), int64_t(values.size()), 99, range[0], range[1]);
    expect_identical(interop.read_back(), cpu.read_back(), values, "interop vs cpu " + label);
    expect_identical(fallback.read_back(), cpu.read_back(), values, "fallback vs cpu " + label);
  }
  EXPECT_EQ(interop.path(), ValueImage::Path::CudaInterop) << interop.notice();
  expect_no_gl_error();
}

TEST(InteropGpu, RecolorFollowsTheRangeOnEveryPath) {
  WS_REQUIRE_GPU_AND_GL();
  const std::vector<float> values = random_values(250000, 0.0f, 10.0f, 7);
  ValueImage interop(Backend::Cuda), fallback(Backend::Cuda), cpu(Backend::Cpu);
  fallback.force_fallback(true);
  for (ValueImage* image : {&interop, &fallback, &cpu})
    image->set_values(values.data(), int64_t(values.size()), 500, 0.0f, 10.0f);
  const gfx::Image before = cpu.read_back();
  const float ranges[][2] = {{2.0f, 3.0f}, {-50.0f, 50.0f}, {0.0f, 10.0f}, {9.99f, 10.0f}};
  for (const auto& range : ranges) {
    const std::string label =
        "recolor [" + std::to_string(range[0]) + ", " + std::to_string(range[1]) + "]";
    for (ValueImage* image : {&interop, &fallback, &cpu}) image->recolor(range[0], range[1]);
    const gfx::Image expected = cpu.read_back();
    expect_identical(interop.read_back(), expected, values, "interop " + label);
    expect_identical(fallback.read_back(), expected, values, "fallback " + label);
    if (range[0] != 0.0f || range[1] != 10.0f) {
      EXPECT_GT(gfx::compare_images(expected, before, 0).pixels_over, 0) << label;
    } else {
      EXPECT_EQ(gfx::compare_images(expected, before, 0).pixels_over, 0) << label;
    }
  }
  EXPECT_EQ(interop.path(), ValueImage::Path::CudaInterop) << interop.notice();
  expect_no_gl_error();
}

TEST(InteropGpu, ForceFallbackSwitchesOneImageBothWays) {
  WS_REQUIRE_GPU_AND_GL();
  const std::vector<float> values = random_values(100000, -5.0f, 5.0f, 9);
  ValueImage image(Backend::Cuda), cpu(Backend::Cpu);
  image.set_values(values.data(), int64_t(values.size()), 333, -5.0f, 5.0f);
  cpu.set_values(values.data(), int64_t(values.size()), 333, -5.0f, 5.0f);
  EXPECT_EQ(image.path(), ValueImage::Path::CudaInterop) << image.notice();
  image.force_fallback(true);
  EXPECT_EQ(image.path(), ValueImage::Path::CudaCopyFallback);
  EXPECT_NE(image.notice(), "");
  image.recolor(-1.0f, 1.0f);
  cpu.recolor(-1.0f, 1.0f);
  expect_identical(image.read_back(), cpu.read_back(), values, "forced fallback");
  image.force_fallback(false);
  image.recolor(-2.0f, 4.0f);
  cpu.recolor(-2.0f, 4.0f);
  EXPECT_EQ(image.path(), ValueImage::Path::CudaInterop) << image.notice();
  EXPECT_EQ(image.notice(), "");
  expect_identical(image.read_back(), cpu.read_back(), values, "interop again");
  expect_no_gl_error();
}

TEST(InteropGpu, ResizesReRegisterAndStayIdentical) {
  WS_REQUIRE_GPU_AND_GL();
  struct Size {
    int64_t n;
    int width;
  };
  // The same byte count twice (640 x 469) keeps the registration; the others re-register.
  const Size sizes[] = {{1000, 10}, {300007, 640}, {50, 7}, {300000, 640}, {1, 1}, {70000, 4096}};
  for (InteropMethod method : {InteropMethod::Surface, InteropMethod::PixelBuffer}) {
    ValueImage interop(Backend::Cuda), cpu(Backend::Cpu);
    interop.set_interop_method(method);
    uint64_t seed = 100;
    for (const Size& size : sizes) {
      const std::vector<float> values = random_values(size.n, 0.0f, 1.0f, seed++);
      interop.set_values(values.data(), size.n, size.width, 0.0f, 1.0f);
      cpu.set_values(values.data(), size.n, size.width, 0.0f, 1.0f);
      EXPECT_EQ(interop.width(), size.width);
      EXPECT_EQ(interop.height(), int((size.n + size.width - 1) / size.width));
      expect_identical(interop.read_back(), cpu.read_back(), values,
                       std::string(interop_method_name(method)) + " n " + std::to_string(size.n) +
                           " width " + std::to_string(size.width));
    }
    EXPECT_EQ(interop.path(), ValueImage::Path::CudaInterop) << interop.notice();
    // Switching the method on a live image keeps the pixels right.
    interop.set_interop_method(method == InteropMethod::Surface ? InteropMethod::PixelBuffer
                                                                : InteropMethod::Surface);
    interop.recolor(0.2f, 0.8f);
    cpu.recolor(0.2f, 0.8f);
    expect_identical(interop.read_back(), cpu.read_back(), {}, "after switching the method");
  }
  // Images made and destroyed in a row: each unregisters before its buffer is deleted.
  for (int i = 0; i < 5; ++i) {
    ValueImage image(Backend::Cuda);
    const std::vector<float> values = random_values(10000, 0.0f, 1.0f, 500 + i);
    image.set_values(values.data(), 10000, 100, 0.0f, 1.0f);
    EXPECT_EQ(image.path(), ValueImage::Path::CudaInterop) << image.notice();
  }
  expect_no_gl_error();
}

TEST(InteropGpu, TimingPrint) {
  WS_REQUIRE_GPU_AND_GL();
  struct Size {
    int64_t n;
    int width;
  };
  const Size sizes[] = {{300007, 640}, {2048 * 2048, 2048}};
  std::printf("[ timing ] median of 20, microseconds, each call + glFinish\n");
  std::printf("[ timing ] %-32s %10s %12s %12s\n", "path", "values", "set_values", "recolor");
  for (const Size& size : sizes) {
    const std::vector<float> values = random_values(size.n, 0.0f, 1.0f, 3);
    for (int variant = 0; variant < 4; ++variant) {
      ValueImage image(variant == 3 ? Backend::Cpu : Backend::Cuda);
      image.force_fallback(variant == 2);
      image.set_interop_method(variant == 1 ? InteropMethod::PixelBuffer : InteropMethod::Surface);
      image.set_values(values.data(), size.n, size.width, 0.0f, 1.0f);  // warm-up, registration
      glFinish();
      const double set_us =
          median_us([&](int) { image.set_values(values.data(), size.n, size.width, 0.0f, 1.0f); });
      const double recolor_us =
          median_us([&](int i) { image.recolor(0.01f * float(i % 5), 1.0f); });
      const std::string name =
          std::string(path_name(image.path())) +
          (variant < 2 ? std::string("/") + interop_method_name(image.interop_method()) : "");
      std::printf("[ timing ] %-32s %10lld %12.1f %12.1f\n", name.c_str(),
                  static_cast<long long>(size.n), set_us, recolor_us);
    }
  }
  expect_no_gl_error();
}

}  // namespace
}  // namespace ws::interop
