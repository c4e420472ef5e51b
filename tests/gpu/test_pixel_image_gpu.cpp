// PixelImage on a GPU with a headless EGL context: the CUDA-GL interop path (both methods: the
// texture written through a surface, and a pixel buffer copied by GL), the forced copy fallback and
// the CPU path must give identical pixels (tolerance 0) for grey and RGB planes, from host and
// from device memory, at odd sizes; device planes must be read in stream-0 order; the expected
// pixels are also built byte by byte, independently of the packing rule. The fill of a 4096 x
// 4096 RGB image is timed (printed, not asserted). Every test skips without a CUDA device.
#include <gtest/gtest.h>

#include "../render/pixel_planes_test_support.h"
#include "gl_interop_test_support.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "common/error.h"
#include "interop/pixel_image.h"
#include "render/image.h"

namespace ws::interop {
namespace {

using test::expect_no_gl_error;
using test::expect_same_pixels;
using test::expected_image;
using test::gl_state;
using test::median_us;
using test::random_planes;

// Device memory owned by the test, freed on every exit.
struct DeviceBytes {
  uint8_t* data = nullptr;
  explicit DeviceBytes(size_t n) {
    EXPECT_EQ(cudaMalloc(reinterpret_cast<void**>(&data), n), cudaSuccess);
  }
  ~DeviceBytes() { cudaFree(data); }
};
struct PinnedBytes {
  uint8_t* data = nullptr;
  explicit PinnedBytes(const std::vector<uint8_t>& bytes) {
    EXPECT_EQ(cudaMallocHost(reinterpret_cast<void**>(&data), bytes.size()), cudaSuccess);
    std::memcpy(data, bytes.data(), bytes.size());
  }
  ~PinnedBytes() { cudaFreeHost(data); }
};

// The CUDA variants a test compares with the CPU path.
struct Variant {
  const char* label;
  InteropMethod method;
  bool fallback;
  PixelImage::Path path;
};
constexpr Variant kVariants[] = {
    {"surface interop", InteropMethod::Surface, false, PixelImage::Path::CudaInterop},
    {"pixel-buffer interop", InteropMethod::PixelBuffer, false, PixelImage::Path::CudaInterop},
    {"forced fallback", InteropMethod::Surface, true, PixelImage::Path::CudaCopyFallback},
};

struct Size {
  int width, height;
};
// Odd sizes: single pixels, single rows and columns, primes, 2^k +- 1, one wider than a block.
constexpr Size kSizes[] = {{1, 1},     {3, 5},   {1000, 1}, {1, 1000},
                           {127, 129}, {257, 9}, {33, 17},  {640, 469}};

TEST(PixelImageGpu, NvidiaEglDeviceGetsInterop) {
  WS_REQUIRE_GPU_AND_GL();
  PixelImage image(Backend::Cuda);
  EXPECT_EQ(image.path(), PixelImage::Path::CudaInterop);
  const std::vector<uint8_t> planes = random_planes(64, 64, 3, 1);
  image.set_planes(planes.data(), 64, 64, 3);
  EXPECT_EQ(image.path(), PixelImage::Path::CudaInterop)
      << "registration failed on " << gl_state().gl->platform() << " / "
      << gl_state().gl->renderer() << ": " << image.notice();
  EXPECT_EQ(image.notice(), "");
  expect_same_pixels(image.read_back(), expected_image(planes, 64, 64, 3), "64 x 64 RGB");
  expect_no_gl_error();
}

TEST(PixelImageGpu, HostPlanesGiveIdenticalPixelsOnEveryPath) {
  WS_REQUIRE_GPU_AND_GL();
  uint64_t seed = 10;
  for (const Size& size : kSizes) {
    for (int channels : {1, 3}) {
      const std::vector<uint8_t> planes = random_planes(size.width, size.height, channels, seed++);
      const std::string shape = std::to_string(size.width) + " x " + std::to_string(size.height) +
                                " x " + std::to_string(channels);
      PixelImage cpu(Backend::Cpu);
      cpu.set_planes(planes.data(), size.width, size.height, channels);
      const gfx::Image expected = cpu.read_back();
      expect_same_pixels(expected, expected_image(planes, size.width, size.height, channels),
                         "cpu " + shape);
      for (const Variant& variant : kVariants) {
        PixelImage image(Backend::Cuda);
        image.set_interop_method(variant.method);
        image.force_fallback(variant.fallback);
        image.set_planes(planes.data(), size.width, size.height, channels);
        EXPECT_EQ(image.path(), variant.path) << variant.label << " " << shape << image.notice();
        expect_same_pixels(image.read_back(), expected, std::string(variant.label) + " " + shape);
      }
    }
  }
  expect_no_gl_error();
}

TEST(PixelImageGpu, DevicePlanesGiveIdenticalPixelsOnEveryPath) {
  WS_REQUIRE_GPU_AND_GL();
  uint64_t seed = 50;
  for (const Size& size : kSizes) {
    for (int channels : {1, 3}) {
      const std::vector<uint8_t> planes = random_planes(size.width, size.height, channels, seed++);
      const std::string shape = std::to_string(size.width) + " x " + std::to_string(size.height) +
                                " x " + std::to_string(channels);
      const gfx::Image expected = expected_image(planes, size.width, size.height, channels);
      const DeviceBytes device(planes.size());
      ASSERT_NE(device.data, nullptr);
      ASSERT_EQ(cudaMemcpy(device.data, planes.data(), planes.size(), cudaMemcpyHostToDevice),
                cudaSuccess);
      for (const Variant& variant : kVariants) {
        PixelImage image(Backend::Cuda);
        image.set_interop_method(variant.method);
        image.force_fallback(variant.fallback);
        image.set_device_planes(device.data, size.width, size.height, channels);
        EXPECT_EQ(image.path(), variant.path) << variant.label << " " << shape << image.notice();
        EXPECT_EQ(image.channels(), channels);
        expect_same_pixels(image.read_back(), expected,
                           std::string(variant.label) + " device " + shape);
      }
    }
  }
  expect_no_gl_error();
}

// The caller's planes arrive by an asynchronous copy on stream 0 and are overwritten by a memset
// on stream 0 right after set_device_planes, without any sync: the image must show the copied
// planes (our stream waited for the copy, and stream 0's memset waited for our packing).
TEST(PixelImageGpu, DevicePlanesAreReadInStreamZeroOrder) {
  WS_REQUIRE_GPU_AND_GL();
  const int width = 4096, height = 2048;
  for (int channels : {1, 3}) {
    const std::vector<uint8_t> planes = random_planes(width, height, channels, 77 + channels);
    const gfx::Image expected = expected_image(planes, width, height, channels);
    const PinnedBytes pinned(planes);
    const DeviceBytes device(planes.size());
    ASSERT_NE(device.data, nullptr);
    for (const Variant& variant : kVariants) {
      const std::string label =
          std::string(variant.label) + ", " + std::to_string(channels) + " channel(s)";
      PixelImage image(Backend::Cuda);
      image.set_interop_method(variant.method);
      image.force_fallback(variant.fallback);
      ASSERT_EQ(cudaMemcpyAsync(device.data, pinned.data, planes.size(), cudaMemcpyHostToDevice,
                                cudaStreamLegacy),
                cudaSuccess);
      image.set_device_planes(device.data, width, height, channels);
      ASSERT_EQ(cudaMemsetAsync(device.data, 0, planes.size(), cudaStreamLegacy), cudaSuccess);
      expect_same_pixels(image.read_back(), expected, label);
      ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    }
  }
  expect_no_gl_error();
}

TEST(PixelImageGpu, ResizesAndSwitchesPathsOnOneImage) {
  WS_REQUIRE_GPU_AND_GL();
  const Size sizes[] = {{640, 469}, {3, 5}, {640, 469}, {1, 1}, {4096, 17}, {1000, 1}};
  for (InteropMethod method : {InteropMethod::Surface, InteropMethod::PixelBuffer}) {
    PixelImage image(Backend::Cuda);
    image.set_interop_method(method);
    uint64_t seed = 200;
    int step = 0;
    for (const Size& size : sizes) {
      const int channels = step % 2 == 0 ? 3 : 1;
      // Every third fill goes through the forced fallback, the next one back through interop.
      image.force_fallback(step % 3 == 2);
      const std::vector<uint8_t> planes = random_planes(size.width, size.height, channels, seed++);
      image.set_planes(planes.data(), size.width, size.height, channels);
      EXPECT_EQ(image.width(), size.width);
      EXPECT_EQ(image.height(), size.height);
      EXPECT_EQ(image.path(),
                step % 3 == 2 ? PixelImage::Path::CudaCopyFallback : PixelImage::Path::CudaInterop)
          << image.notice();
      expect_same_pixels(
          image.read_back(), expected_image(planes, size.width, size.height, channels),
          std::string(interop_method_name(method)) + " step " + std::to_string(step));
      ++step;
    }
  }
  // Images made and destroyed in a row: each unregisters before its texture is deleted.
  for (int i = 0; i < 5; ++i) {
    PixelImage image(Backend::Cuda);
    const std::vector<uint8_t> planes = random_planes(100, 100, 3, 500 + uint64_t(i));
    image.set_planes(planes.data(), 100, 100, 3);
    EXPECT_EQ(image.path(), PixelImage::Path::CudaInterop) << image.notice();
  }
  expect_no_gl_error();
}

TEST(PixelImageGpu, ErrorsChangeNothing) {
  WS_REQUIRE_GPU_AND_GL();
  PixelImage image(Backend::Cuda);
  const std::vector<uint8_t> planes = random_planes(9, 7, 3, 3);
  image.set_planes(planes.data(), 9, 7, 3);
  EXPECT_THROW(image.set_device_planes(nullptr, 9, 7, 3), Error);
  EXPECT_THROW(image.set_planes(planes.data(), 9, 7, 2), Error);
  EXPECT_THROW(image.set_planes(planes.data(), 0, 7, 1), Error);
  EXPECT_EQ(image.width(), 9);
  EXPECT_EQ(image.height(), 7);
  EXPECT_EQ(image.channels(), 3);
  expect_same_pixels(image.read_back(), expected_image(planes, 9, 7, 3), "after the failures");
  expect_no_gl_error();
}

TEST(PixelImageGpu, TimingPrint) {
  WS_REQUIRE_GPU_AND_GL();
  const int n = 4096;
  std::printf("[ timing ] %d x %d, median of 20, microseconds, each call + glFinish\n", n, n);
  std::printf("[ timing ] %-34s %8s %12s %14s\n", "path", "channels", "set_planes",
              "device planes");
  for (int channels : {1, 3}) {
    const std::vector<uint8_t> planes = random_planes(n, n, channels, 5);
    const DeviceBytes device(planes.size());
    ASSERT_NE(device.data, nullptr);
    ASSERT_EQ(cudaMemcpy(device.data, planes.data(), planes.size(), cudaMemcpyHostToDevice),
              cudaSuccess);
    for (int variant = 0; variant < 4; ++variant) {
      PixelImage image(variant == 3 ? Backend::Cpu : Backend::Cuda);
      image.force_fallback(variant == 2);
      image.set_interop_method(variant == 1 ? InteropMethod::PixelBuffer : InteropMethod::Surface);
      image.set_planes(planes.data(), n, n, channels);  // warm-up, registration
      glFinish();
      const double host_us =
          median_us([&](int) { image.set_planes(planes.data(), n, n, channels); });
      double device_us = -1;
      if (variant != 3)
        device_us = median_us([&](int) { image.set_device_planes(device.data, n, n, channels); });
      const std::string name =
          std::string(path_name(image.path())) +
          (variant < 2 ? std::string("/") + interop_method_name(image.interop_method()) : "");
      std::printf("[ timing ] %-34s %8d %12.1f %14.1f\n", name.c_str(), channels, host_us,
                  device_us);
    }
  }
  expect_no_gl_error();
}

}  // namespace
}  // namespace ws::interop
