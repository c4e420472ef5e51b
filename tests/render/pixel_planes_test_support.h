// Shared by the PixelImage tests (tests/render/test_pixel_image.cpp on the CPU path,
// tests/gpu/test_pixel_image_gpu.cpp on the CUDA paths): seeded 8-bit planes, the image they
// should give built byte by byte (independently of the packing rule in pixel_pack.h), and a
// comparison with tolerance 0 that names the first differing pixel.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/split_mix.h"
#include "render/image.h"

namespace ws::interop::test {

inline std::vector<uint8_t> random_planes(int width, int height, int channels, uint64_t seed) {
  SplitMix64 rng{seed};
  std::vector<uint8_t> planes(size_t(width) * size_t(height) * size_t(channels));
  for (uint8_t& byte : planes) byte = uint8_t(rng.next() >> 56);
  return planes;
}

// The image the planes should give: R, G, B from plane 0, 1, 2 (or all from plane 0), A = 255.
inline gfx::Image expected_image(const std::vector<uint8_t>& planes, int width, int height,
                                 int channels) {
  gfx::Image image(width, height);
  const size_t plane = size_t(width) * size_t(height);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const size_t i = size_t(y) * size_t(width) + size_t(x);
      uint8_t* p = image.pixel(x, y);
      for (int c = 0; c < 3; ++c) p[c] = planes[(channels == 1 ? 0 : size_t(c)) * plane + i];
      p[3] = 255;
    }
  }
  return image;
}

// Tolerance 0; on failure, the first differing pixel.
inline void expect_same_pixels(const gfx::Image& got, const gfx::Image& want,
                               const std::string& label) {
  ASSERT_EQ(got.width, want.width) << label;
  ASSERT_EQ(got.height, want.height) << label;
  ASSERT_EQ(got.rgba.size(), want.rgba.size()) << label;
  for (int y = 0; y < want.height; ++y) {
    for (int x = 0; x < want.width; ++x) {
      if (std::memcmp(got.pixel(x, y), want.pixel(x, y), 4) != 0) {
        const uint8_t* g = got.pixel(x, y);
        const uint8_t* w = want.pixel(x, y);
        ADD_FAILURE() << label << ": first difference at (" << x << ", " << y << "): " << int(g[0])
                      << "," << int(g[1]) << "," << int(g[2]) << "," << int(g[3]) << " vs "
                      << int(w[0]) << "," << int(w[1]) << "," << int(w[2]) << "," << int(w[3]);
        return;
      }
    }
  }
}

}  // namespace ws::interop::test
