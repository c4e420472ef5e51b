// Images as reduction input: area averaging to teach-mode size, the shipped sample, and clear
// errors for missing and corrupt files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/error.h"
#include "io/image_values.h"
#include "render/image.h"
#include "test_paths.h"

namespace ws::app {
namespace {

const std::string kDir = WS_APP_OUT_DIR;

TEST(ImageValues, AveragesBlocksDownToTheLimit) {
  std::filesystem::create_directories(kDir);
  gfx::Image image(6, 4);  // grey level = 10 * x + y, so each 2x2 block has a known mean
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 6; ++x) {
      uint8_t* p = image.pixel(x, y);
      p[0] = p[1] = p[2] = static_cast<uint8_t>(10 * x + y);
      p[3] = 255;
    }
  gfx::write_png(image, kDir + "/ramp.png");
  const ImageValues all = load_image_values(kDir + "/ramp.png", 24);
  EXPECT_EQ(all.width, 6);
  EXPECT_EQ(all.values.size(), 24u);
  EXPECT_EQ(all.values[1 * 6 + 2], 21);
  const ImageValues half = load_image_values(kDir + "/ramp.png", 6);
  EXPECT_EQ(half.source_width, 6);
  ASSERT_EQ(half.width, 3);
  ASSERT_EQ(half.height, 2);
  // block (1, 0): pixels x 2..3, y 0..1 -> (20 + 21 + 30 + 31) / 4 = 25.5, rounded half up
  EXPECT_EQ(half.values[1], 26);
}

TEST(ImageValues, TheShippedCameraPhotoFillsTeachMode) {
  const ImageValues camera = load_image_values("camera.png", 4096);
  EXPECT_EQ(camera.source_width, 512);
  EXPECT_EQ(camera.width, 64);
  EXPECT_EQ(camera.values.size(), 4096u);
  for (double v : camera.values) ASSERT_TRUE(v >= 0 && v <= 255);
}

TEST(ImageValues, MissingAndCorruptFilesAreNamed) {
  try {
    load_image_values(kDir + "/nope.png", 100);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("nope.png' not found"), std::string::npos) << e.what();
  }
  std::filesystem::create_directories(kDir);
  std::ofstream(kDir + "/broken.png") << "\x89PNG\r\n\x1a\n this is not an image";
  try {
    load_image_values(kDir + "/broken.png", 100);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("broken.png"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ws::app
