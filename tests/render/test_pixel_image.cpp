// PixelImage on the CPU path (every machine, Mesa EGL): grey planes show as R = G = B, three
// planes as R, G, B, alpha is 255, rows land top-down, odd sizes work, a resize keeps the texture,
// and bad sizes, channel counts and null data are rejected with clear errors that change nothing.
// The expected pixels are built byte by byte (pixel_planes_test_support.h), independently of the
// packing rule (pixel_pack.h). The CUDA paths are compared with this one in
// tests/gpu/test_pixel_image_gpu.cpp.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "gl_environment.h"
#include "interop/gl_upload.h"
#include "interop/pixel_image.h"
#include "interop/pixel_pack.h"
#include "pixel_planes_test_support.h"

namespace ws::interop {
namespace {

using test::expect_same_pixels;
using test::expected_image;
using test::random_planes;

std::string error_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(PixelPack, HostRuleMatchesTheBytes) {
  const std::vector<uint8_t> grey = {0, 1, 127, 128, 254, 255};
  std::vector<uint32_t> out(grey.size());
  pack_planes_host(grey.data(), int64_t(grey.size()), 1, out.data());
  for (size_t i = 0; i < grey.size(); ++i) {
    uint8_t bytes[4];
    std::memcpy(bytes, &out[i], 4);  // RGBA8 in memory order (little-endian host)
    EXPECT_EQ(bytes[0], grey[i]);
    EXPECT_EQ(bytes[1], grey[i]);
    EXPECT_EQ(bytes[2], grey[i]);
    EXPECT_EQ(bytes[3], 255);
  }
  const std::vector<uint8_t> rgb = {10, 20, 30, 40, 50, 60, 70, 80, 90};  // 3 pixels
  pack_planes_host(rgb.data(), 3, 3, out.data());
  for (size_t i = 0; i < 3; ++i) {
    uint8_t bytes[4];
    std::memcpy(bytes, &out[i], 4);
    EXPECT_EQ(bytes[0], rgb[i]) << "R of pixel " << i;
    EXPECT_EQ(bytes[1], rgb[3 + i]) << "G of pixel " << i;
    EXPECT_EQ(bytes[2], rgb[6 + i]) << "B of pixel " << i;
    EXPECT_EQ(bytes[3], 255) << "A of pixel " << i;
    EXPECT_EQ(out[i], plane_pixel(rgb.data(), 3, 3, int64_t(i)));
  }
}

TEST(PixelImage, CpuPathShowsKnownPixels) {
  WS_REQUIRE_GL();
  PixelImage image(Backend::Cpu);
  EXPECT_EQ(image.path(), PixelImage::Path::Cpu);
  EXPECT_EQ(image.notice(), "");
  EXPECT_NE(image.texture(), 0u);
  EXPECT_EQ(image.width(), 0);
  EXPECT_TRUE(image.read_back().empty());
  // 3 x 2 RGB: R plane, G plane, B plane.
  const std::vector<uint8_t> rgb = {255, 0, 0, 9, 8, 7, 0, 255, 0, 6, 5, 4, 0, 0, 255, 3, 2, 1};
  image.set_planes(rgb.data(), 3, 2, 3);
  EXPECT_EQ(image.width(), 3);
  EXPECT_EQ(image.height(), 2);
  EXPECT_EQ(image.channels(), 3);
  const gfx::Image pixels = image.read_back();
  ASSERT_EQ(pixels.width, 3);
  ASSERT_EQ(pixels.height, 2);
  const uint8_t want[6][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
                              {9, 6, 3, 255},   {8, 5, 2, 255},   {7, 4, 1, 255}};
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(std::memcmp(pixels.pixel(i % 3, i / 3), want[i], 4), 0) << "pixel " << i;
  // The first row of the planes is the top row of the image.
  const std::vector<uint8_t> grey = {0, 50, 100, 150, 200, 250};  // 2 x 3
  image.set_planes(grey.data(), 2, 3, 1);
  const gfx::Image g = image.read_back();
  EXPECT_EQ(g.pixel(0, 0)[0], 0);
  EXPECT_EQ(g.pixel(1, 0)[1], 50);
  EXPECT_EQ(g.pixel(0, 2)[2], 200);
  EXPECT_EQ(g.pixel(1, 2)[0], 250);
  EXPECT_EQ(g.pixel(1, 2)[3], 255);
}

TEST(PixelImage, GreyAndRgbPlanesAtOddSizes) {
  WS_REQUIRE_GL();
  struct Size {
    int width, height;
  };
  const Size sizes[] = {{1, 1}, {3, 5}, {5, 3}, {1000, 1}, {1, 1000}, {127, 129}, {257, 63}};
  PixelImage image(Backend::Cpu);
  uint64_t seed = 1;
  for (const Size& size : sizes) {
    for (int channels : {1, 3}) {
      for (int repeat = 0; repeat < 2; ++repeat) {
        const std::vector<uint8_t> planes =
            random_planes(size.width, size.height, channels, seed++);
        image.set_planes(planes.data(), size.width, size.height, channels);
        EXPECT_EQ(image.width(), size.width);
        EXPECT_EQ(image.height(), size.height);
        EXPECT_EQ(image.channels(), channels);
        expect_same_pixels(
            image.read_back(), expected_image(planes, size.width, size.height, channels),
            std::to_string(size.width) + " x " + std::to_string(size.height) + " x " +
                std::to_string(channels) + " seed " + std::to_string(seed - 1));
      }
    }
  }
  // A fresh image per call gives the same pixels as the reused one.
  const std::vector<uint8_t> planes = random_planes(3, 5, 3, 99);
  PixelImage fresh(Backend::Cpu);
  fresh.set_planes(planes.data(), 3, 5, 3);
  image.set_planes(planes.data(), 3, 5, 3);
  expect_same_pixels(fresh.read_back(), image.read_back(), "fresh vs reused");
}

TEST(PixelImage, ResizesAndKeepsTheTextureName) {
  WS_REQUIRE_GL();
  PixelImage image(Backend::Cpu);
  const std::vector<uint8_t> big = random_planes(40, 30, 3, 7);
  image.set_planes(big.data(), 40, 30, 3);
  const GLuint texture = image.texture();
  const std::vector<uint8_t> small = random_planes(7, 2, 1, 8);
  image.set_planes(small.data(), 7, 2, 1);
  EXPECT_EQ(image.texture(), texture);
  EXPECT_EQ(image.width(), 7);
  EXPECT_EQ(image.height(), 2);
  expect_same_pixels(image.read_back(), expected_image(small, 7, 2, 1), "after shrinking");
  image.set_planes(big.data(), 40, 30, 3);
  expect_same_pixels(image.read_back(), expected_image(big, 40, 30, 3), "after growing");
}

TEST(PixelImage, RejectsBadShapesChannelsAndNullData) {
  WS_REQUIRE_GL();
  PixelImage image(Backend::Cpu);
  const std::vector<uint8_t> planes = random_planes(4, 3, 3, 5);
  image.set_planes(planes.data(), 4, 3, 3);
  const gfx::Image before = image.read_back();
  const int max_size = max_texture_size();
  ASSERT_GT(max_size, 0);
  const std::vector<uint8_t> wide(size_t(max_size) + 1, 7);
  for (int channels : {0, 2, 4, -1}) {
    const std::string e = error_of([&] { image.set_planes(planes.data(), 2, 2, channels); });
    EXPECT_NE(e.find("channels must be 1 (grey) or 3"), std::string::npos) << e;
    EXPECT_NE(e.find("got " + std::to_string(channels)), std::string::npos) << e;
  }
  for (const auto& [w, h] :
       {std::pair{0, 3}, std::pair{3, 0}, std::pair{-2, 4}, std::pair{4, -1}}) {
    const std::string e = error_of([&] { image.set_planes(planes.data(), w, h, 1); });
    EXPECT_NE(e.find("width and height must be at least 1"), std::string::npos) << e;
  }
  const std::string too_wide = error_of([&] { image.set_planes(wide.data(), max_size + 1, 1, 1); });
  EXPECT_NE(too_wide.find("exceeds GL_MAX_TEXTURE_SIZE"), std::string::npos) << too_wide;
  EXPECT_NE(too_wide.find("in width"), std::string::npos) << too_wide;
  const std::string too_tall = error_of([&] { image.set_planes(wide.data(), 1, max_size + 1, 1); });
  EXPECT_NE(too_tall.find("exceeds GL_MAX_TEXTURE_SIZE"), std::string::npos) << too_tall;
  EXPECT_NE(too_tall.find("in height"), std::string::npos) << too_tall;
  const std::string null = error_of([&] { image.set_planes(nullptr, 4, 3, 3); });
  EXPECT_NE(null.find("host_planes is null"), std::string::npos) << null;
  const std::string device = error_of([&] { image.set_device_planes(planes.data(), 4, 3, 3); });
  EXPECT_NE(device.find("needs the CUDA backend"), std::string::npos) << device;
  // The failures changed nothing.
  EXPECT_EQ(image.width(), 4);
  EXPECT_EQ(image.height(), 3);
  EXPECT_EQ(image.channels(), 3);
  expect_same_pixels(image.read_back(), before, "after the failures");
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST(PixelImage, CudaBackendFailsCleanlyWithoutCuda) {
  WS_REQUIRE_GL();
#if defined(WARPSCOPE_HAVE_CUDA)
  // With a device this works (test_pixel_image_gpu covers it); without one it is a ws::Error.
  try {
    PixelImage image(Backend::Cuda);
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()), "");
  }
#else
  const std::string e = error_of([] { PixelImage image(Backend::Cuda); });
  EXPECT_NE(e.find("no CUDA backend"), std::string::npos) << e;
#endif
}

// The caller's texture binding is kept; the pixel store ends at GL's defaults, the state the app
// keeps between draws (render/gl_state.h), even when the caller had left a foreign one.
TEST(PixelImage, KeepsTheCallersTextureAndLeavesTheDefaultPixelStore) {
  WS_REQUIRE_GL();
  gfx::Texture other = gfx::Texture::create();
  glBindTexture(GL_TEXTURE_2D, other.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 8);
  PixelImage image(Backend::Cpu);
  const std::vector<uint8_t> planes = random_planes(3, 3, 3, 2);  // rows of 9 bytes: unaligned
  image.set_planes(planes.data(), 3, 3, 3);
  expect_same_pixels(image.read_back(), expected_image(planes, 3, 3, 3),
                     "under foreign pixel store");
  GLint bound = 0, unpack_alignment = 0, pack_alignment = 0, unpack_row = -1, pack_row = -1;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &unpack_alignment);
  glGetIntegerv(GL_PACK_ALIGNMENT, &pack_alignment);
  glGetIntegerv(GL_UNPACK_ROW_LENGTH, &unpack_row);
  glGetIntegerv(GL_PACK_ROW_LENGTH, &pack_row);
  EXPECT_EQ(GLuint(bound), other.id());
  EXPECT_EQ(unpack_alignment, 4);
  EXPECT_EQ(pack_alignment, 4);
  EXPECT_EQ(unpack_row, 0);
  EXPECT_EQ(pack_row, 0);
  glBindTexture(GL_TEXTURE_2D, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace ws::interop
