// Image utilities without GL: PNG round trip and failures, comparison, downsampling, alpha.
#include <gtest/gtest.h>

#include <fstream>

#include "common/error.h"
#include "gl_environment.h"
#include "render/image.h"

namespace ws::gfx {
namespace {

Image gradient(int w, int h) {
  Image image(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      uint8_t* p = image.pixel(x, y);
      p[0] = uint8_t(x * 255 / std::max(1, w - 1));
      p[1] = uint8_t(y * 255 / std::max(1, h - 1));
      p[2] = uint8_t((x + y) % 256);
      p[3] = 255;
    }
  }
  return image;
}

TEST(ImageDiff, IdenticalImagesHaveNoDifference) {
  const Image a = gradient(37, 21);
  const ImageDiff diff = compare_images(a, a, 0);
  EXPECT_FALSE(diff.size_mismatch);
  EXPECT_EQ(diff.max_abs, 0);
  EXPECT_EQ(diff.mean_abs, 0);
  EXPECT_EQ(diff.pixels_over, 0);
  EXPECT_EQ(diff.diff.width, 37);
  EXPECT_EQ(diff.diff.height, 21);
}

TEST(ImageDiff, OneChangedPixelIsFound) {
  const Image a = gradient(16, 16);
  Image b = a;
  b.pixel(5, 9)[1] = uint8_t(b.pixel(5, 9)[1] ^ 0x40);
  const ImageDiff diff = compare_images(a, b, 2);
  EXPECT_EQ(diff.pixels_over, 1);
  EXPECT_EQ(diff.max_abs, 64);
  EXPECT_GT(diff.mean_abs, 0);
  EXPECT_EQ(diff.diff.pixel(5, 9)[0], 255);  // marked red
  EXPECT_LT(diff.diff.pixel(5, 9)[1], 64);
  EXPECT_NE(diff.diff.pixel(4, 9)[1], 0);  // neighbours are grey

  // Within tolerance it is not counted, but still measured.
  const ImageDiff tolerant = compare_images(a, b, 64);
  EXPECT_EQ(tolerant.pixels_over, 0);
  EXPECT_EQ(tolerant.max_abs, 64);
}

TEST(ImageDiff, SizeMismatchIsReportedNotFatal) {
  const ImageDiff diff = compare_images(gradient(10, 10), gradient(12, 10), 255);
  EXPECT_TRUE(diff.size_mismatch);
  EXPECT_EQ(diff.pixels_over, 120);
  EXPECT_EQ(diff.max_abs, 255);
  EXPECT_EQ(diff.diff.width, 10);
  const ImageDiff empty = compare_images(Image(), gradient(3, 3), 0);
  EXPECT_TRUE(empty.size_mismatch);
}

TEST(Image, DownsampleBoxAveragesBlocks) {
  Image image(4, 2);
  for (int x = 0; x < 4; ++x) {
    for (int y = 0; y < 2; ++y) {
      uint8_t* p = image.pixel(x, y);
      p[0] = uint8_t(x < 2 ? 0 : 100);
      p[1] = uint8_t((x + y) % 2 ? 255 : 0);
      p[2] = 7;
      p[3] = 255;
    }
  }
  const Image small = downsample_box(image, 2);
  ASSERT_EQ(small.width, 2);
  ASSERT_EQ(small.height, 1);
  EXPECT_EQ(small.pixel(0, 0)[0], 0);
  EXPECT_EQ(small.pixel(1, 0)[0], 100);
  EXPECT_EQ(small.pixel(0, 0)[1], 128);  // (0 + 255 + 255 + 0) / 4, rounded
  EXPECT_EQ(small.pixel(1, 0)[2], 7);
  EXPECT_EQ(downsample_box(image, 1).rgba, image.rgba);
  EXPECT_THROW(downsample_box(image, 0), ws::Error);
}

TEST(Image, UnpremultiplyRestoresStraightColour) {
  Image image(2, 1);
  uint8_t* half = image.pixel(0, 0);
  half[0] = 100, half[1] = 50, half[2] = 0, half[3] = 128;
  unpremultiply_alpha(image);
  EXPECT_NEAR(half[0], 199, 1);
  EXPECT_NEAR(half[1], 100, 1);
  EXPECT_EQ(half[3], 128);
  EXPECT_EQ(image.pixel(1, 0)[3], 0);  // fully transparent stays zero
}

TEST(Png, RoundTripIsLossless) {
  Image image = gradient(33, 17);
  image.pixel(3, 3)[3] = 40;
  const std::string path = test::render_output_dir() + "/roundtrip.png";
  write_png(image, path);
  const Image back = read_png(path);
  EXPECT_EQ(back.width, 33);
  EXPECT_EQ(back.height, 17);
  EXPECT_EQ(back.rgba, image.rgba);
}

TEST(Png, CorruptFileThrowsError) {
  const std::string path = test::render_output_dir() + "/corrupt.png";
  {
    std::ofstream out(path, std::ios::binary);
    out << "\x89PNG\r\n\x1a\n"
        << "this is not a PNG body at all";
  }
  try {
    read_png(path);
    FAIL() << "read_png accepted a corrupt file";
  } catch (const ws::Error& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  // A truncated real PNG too.
  const std::string good = test::render_output_dir() + "/truncated.png";
  write_png(gradient(64, 64), good);
  std::ifstream in(good, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::ofstream(good, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() / 3);
  EXPECT_THROW(read_png(good), ws::Error);
}

TEST(Png, MissingFileAndBadPathThrowError) {
  try {
    read_png("/nonexistent/dir/none.png");
    FAIL() << "read_png accepted a missing file";
  } catch (const ws::Error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/none.png"), std::string::npos);
  }
  EXPECT_THROW(write_png(gradient(4, 4), "/nonexistent/dir/out.png"), ws::Error);
  EXPECT_THROW(write_png(Image(), test::render_output_dir() + "/empty.png"), ws::Error);
}

}  // namespace
}  // namespace ws::gfx
