// Images as planes for the image scenes: every shipped photo in both colour modes against an
// independent stb_image load and the documented luminance rule, every file format stb_image
// reads for us, and one plain message for each kind of bad file (missing, a folder, empty,
// truncated, random bytes, a hostile header, too large, another format); depth maps.
#include <stb/stb_image.h>
#include <stb_image_write.h>

#include <memory>
#include <random>

#include "image_test_support.h"
#include "io/image_planes.h"

namespace ws::app {
namespace {

using test::Bytes;
using test::expect_error;

int rec601(int r, int g, int b) {
  return (77 * r + 150 * g + 29 * b + 128) >> 8;
}

struct StbImage {  // the reference: stb_image asked for exactly `comp` channels
  int w = 0, h = 0;
  std::unique_ptr<unsigned char, void (*)(void*)> px{nullptr, stbi_image_free};
};
StbImage stb_load(const std::string& path, int comp) {
  StbImage s;
  int n = 0;
  s.px.reset(stbi_load(path.c_str(), &s.w, &s.h, &n, comp));
  EXPECT_TRUE(s.px) << path;
  return s;
}

struct Photo {
  const char* name;
  int width, height;
  bool colour;
};
const Photo kPhotos[] = {{"camera.png", 512, 512, false},
                         {"coffee.png", 600, 400, true},
                         {"astronaut.png", 512, 512, true},
                         {"bluemarble_day.jpg", 3600, 1800, true}};

TEST(ImagePlanes, ShippedPhotosLoadInBothModesByTheirBareNames) {
  for (const Photo& photo : kPhotos) {
    SCOPED_TRACE(photo.name);
    const ImagePlanes grey = load_image_planes(photo.name, ColourMode::Luminance);
    const ImagePlanes rgb = load_image_planes(photo.name, ColourMode::Rgb);
    EXPECT_EQ(grey.path, test::shipped(photo.name));
    ASSERT_EQ(grey.width, photo.width);
    ASSERT_EQ(grey.height, photo.height);
    ASSERT_EQ(rgb.width, photo.width);
    ASSERT_EQ(rgb.height, photo.height);
    EXPECT_EQ(grey.colour_source, photo.colour);
    EXPECT_EQ(rgb.colour_source, photo.colour);
    EXPECT_EQ(grey.channels, 1);
    EXPECT_EQ(rgb.channels, photo.colour ? 3 : 1);  // a grey file keeps its one plane
    const size_t count = size_t(photo.width) * photo.height;
    ASSERT_EQ(grey.planes.size(), count);
    ASSERT_EQ(rgb.planes.size(), count * rgb.channels);

    // Against stb_image's own RGB expansion: each plane is one channel, and the luminance is
    // the Rec. 601 integer rule of those channels, at every pixel.
    const StbImage ref = stb_load(test::shipped(photo.name), 3);
    ASSERT_TRUE(ref.px);
    const unsigned char* p = ref.px.get();
    int64_t mismatches = 0;
    for (size_t i = 0; i < count; ++i) {
      const int r = p[3 * i], g = p[3 * i + 1], b = p[3 * i + 2];
      mismatches += grey.planes[i] != (photo.colour ? rec601(r, g, b) : r);
      for (int c = 0; c < rgb.channels; ++c) mismatches += rgb.plane(c)[i] != p[3 * i + c];
    }
    EXPECT_EQ(mismatches, 0);
    if (photo.colour) {  // and the colour planes differ (a colour photo is not grey)
      EXPECT_NE(std::vector<uint8_t>(rgb.plane(0), rgb.plane(0) + count),
                std::vector<uint8_t>(rgb.plane(2), rgb.plane(2) + count));
    }
  }
}

TEST(ImagePlanes, LuminanceRuleKeepsWhiteAndBlackAndRoundsToNearest) {
  const test::TempDir temp;
  const std::string& dir = temp.path;
  // Pixels chosen to pin the rounding: pure primaries, white, black, a mid grey.
  const unsigned char rgb[] = {255, 255, 255, 0, 0, 0,   255, 0,   0,
                               0,   255, 0,   0, 0, 255, 128, 128, 128};
  ASSERT_TRUE(stbi_write_png((dir + "/six.png").c_str(), 6, 1, 3, rgb, 18));
  const ImagePlanes grey = load_image_planes(dir + "/six.png", ColourMode::Luminance);
  ASSERT_EQ(grey.planes.size(), 6u);
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(grey.planes[i], rec601(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2])) << i;
  EXPECT_EQ(grey.planes[0], 255);
  EXPECT_EQ(grey.planes[1], 0);
  EXPECT_EQ(grey.planes[2], 77);   // 0.299 * 255 = 76.2, but 77 * 255 / 256 = 76.7 rounds to 77
  EXPECT_EQ(grey.planes[5], 128);  // a grey pixel keeps its level
}

TEST(ImagePlanes, EveryFormatReadsAndAlphaIsDropped) {
  const test::TempDir temp;
  const std::string& dir = temp.path;
  const int w = 7, h = 5;  // odd sides: no row padding hides a stride error
  std::mt19937 rng(7);
  std::vector<unsigned char> rgba(size_t(w) * h * 4);
  for (auto& v : rgba) v = static_cast<unsigned char>(rng());
  std::vector<unsigned char> ga(size_t(w) * h * 2), rgb(size_t(w) * h * 3);
  for (int i = 0; i < w * h; ++i) {
    ga[2 * i] = rgba[4 * i];
    ga[2 * i + 1] = rgba[4 * i + 3];
    for (int c = 0; c < 3; ++c) rgb[3 * i + c] = rgba[4 * i + c];
  }
  ASSERT_TRUE(stbi_write_png((dir + "/rgba.png").c_str(), w, h, 4, rgba.data(), w * 4));
  ASSERT_TRUE(stbi_write_png((dir + "/ga.png").c_str(), w, h, 2, ga.data(), w * 2));
  ASSERT_TRUE(stbi_write_bmp((dir + "/rgb.bmp").c_str(), w, h, 3, rgb.data()));
  ASSERT_TRUE(stbi_write_tga((dir + "/rgba.tga").c_str(), w, h, 4, rgba.data()));
  Bytes pgm = {'P', '5', '\n', '7', ' ', '5', '\n', '2', '5', '5', '\n'};
  for (int i = 0; i < w * h; ++i) pgm.push_back(ga[2 * i]);
  test::write_bytes(dir + "/grey.pgm", pgm);

  for (const char* name : {"rgba.png", "rgb.bmp", "rgba.tga"}) {
    SCOPED_TRACE(name);
    const ImagePlanes planes = load_image_planes(dir + "/" + name, ColourMode::Rgb);
    ASSERT_EQ(planes.channels, 3);
    EXPECT_TRUE(planes.colour_source);
    ASSERT_EQ(planes.width, w);
    ASSERT_EQ(planes.height, h);
    for (int i = 0; i < w * h; ++i)
      for (int c = 0; c < 3; ++c) ASSERT_EQ(planes.plane(c)[i], rgba[4 * i + c]) << i << " " << c;
  }
  for (const char* name : {"ga.png", "grey.pgm"}) {
    SCOPED_TRACE(name);
    for (ColourMode mode : {ColourMode::Luminance, ColourMode::Rgb}) {
      const ImagePlanes planes = load_image_planes(dir + "/" + name, mode);
      EXPECT_EQ(planes.channels, 1);
      EXPECT_FALSE(planes.colour_source);
      ASSERT_EQ(planes.planes.size(), size_t(w) * h);
      for (int i = 0; i < w * h; ++i) ASSERT_EQ(planes.planes[i], ga[2 * i]) << i;
    }
  }
}

TEST(ImagePlanes, BadFilesGiveMessagesNamingTheFileAsTyped) {
  const test::TempDir temp;
  const std::string& dir = temp.path;
  const auto load = [](const std::string& path) {
    return [path] { load_image_planes(path, ColourMode::Luminance); };
  };
  expect_error(load(dir + "/nope.png"), {"image '" + dir + "/nope.png' not found"});
  expect_error(load("no_such_sample.png"),
               {"image 'no_such_sample.png' not found", "in the working folder", "assets/"});
  expect_error(load(dir), {"image '" + dir + "' is a folder, not an image file"});

  test::write_bytes(dir + "/empty.png", {});
  expect_error(load(dir + "/empty.png"), {"'" + dir + "/empty.png' is an empty file"});

  const Bytes coffee = test::read_bytes(test::shipped("coffee.png"));
  ASSERT_GT(coffee.size(), 1000u);
  // Cut after the signature: no decoder recognises it. Cut inside a chunk: refused before
  // decoding. Cut after the last chunk's data, before IEND: stb_image finds the end missing.
  const std::string unreadable =
      "image '" + dir + "/cut.png' is not a readable " + "PNG/JPEG/BMP/TGA/PGM image (";
  const std::pair<size_t, const char*> cuts[] = {{8, "stb_image: "},
                                                 {40, "runs past the end of the file"},
                                                 {coffee.size() / 2, "is it cut short?"},
                                                 {coffee.size() - 12, "stb_image: "}};
  for (const auto& [keep, why] : cuts) {
    SCOPED_TRACE(keep);
    test::write_bytes(dir + "/cut.png", Bytes(coffee.begin(), coffee.begin() + keep));
    expect_error(load(dir + "/cut.png"), {unreadable, why});
  }
  // A PGM/PPM cut short: stb_image 2.27 would return it with the missing pixels undefined.
  const std::string pgm = "P5\n4 3\n255\n0123456789";
  test::write_bytes(dir + "/cut.pgm", Bytes(pgm.begin(), pgm.end()));
  expect_error(load(dir + "/cut.pgm"),
               {"'" + dir + "/cut.pgm' is not a readable", "ends before all of its pixels"});

  std::mt19937 rng(2024);
  Bytes noise(4096);
  for (auto& b : noise) b = static_cast<unsigned char>(rng());
  test::write_bytes(dir + "/noise.png", noise);
  expect_error(load(dir + "/noise.png"), {"'" + dir + "/noise.png' is not a readable"});

  const std::string gif = "GIF89a\x01\x00\x01\x00\x00\x00\x00;";
  test::write_bytes(dir + "/a.gif", Bytes(gif.begin(), gif.end()));
  expect_error(load(dir + "/a.gif"),
               {"'" + dir + "/a.gif' is a GIF file: PNG/JPEG/BMP/TGA/PGM images are accepted"});
}

TEST(ImagePlanes, AJpegHuffmanTableWithTooManyCodesIsRefused) {
  // stb_image 2.27 would write past an array on it (fuzzing under ASan found this).
  const test::TempDir temp;
  const std::string& dir = temp.path;
  Bytes jpeg = test::read_bytes(test::shipped("bluemarble_day.jpg"));
  size_t dht = 2;
  while (dht + 4 < jpeg.size() && !(jpeg[dht] == 0xFF && jpeg[dht + 1] == 0xC4))
    dht += 2 + (size_t(jpeg[dht + 2]) << 8 | jpeg[dht + 3]);
  ASSERT_LT(dht + 21, jpeg.size());
  test::write_bytes(dir + "/ok.jpg", jpeg);
  EXPECT_EQ(load_image_planes(dir + "/ok.jpg", ColourMode::Rgb).width, 3600);
  jpeg[dht + 5 + 15] = 255;  // the first table's count of 16-bit codes: now over 256 in all
  test::write_bytes(dir + "/dht.jpg", jpeg);
  expect_error([&] { load_image_planes(dir + "/dht.jpg", ColourMode::Rgb); },
               {"'" + dir + "/dht.jpg' is not a readable", "more than 256 codes"});
}

TEST(ImagePlanes, HugeHeadersAreRefusedWithTheirSizeBeforeDecoding) {
  const test::TempDir temp;
  const std::string& dir = temp.path;
  const auto load = [](const std::string& path, int max_side = 8192) {
    return [path, max_side] { load_image_planes(path, ColourMode::Rgb, max_side); };
  };
  // 100000 x 100000: stb_image itself refuses to size it; the message still gives the size.
  test::write_bytes(dir + "/huge.png", test::png_header_only(100000, 100000));
  expect_error(load(dir + "/huge.png"),
               {"image '" + dir + "/huge.png' is 100000x100000 pixels", "up to 8192x8192"});
  // 9000 x 9000 grey: within what stb_image would allocate, beyond max_side.
  test::write_bytes(dir + "/big.png", test::png_header_only(9000, 9000, 0));
  expect_error(load(dir + "/big.png"), {"is 9000x9000 pixels: images up to 8192x8192"});
  // A JPEG whose frame header claims 65000 x 60000 (the shipped photo with its SOF edited).
  Bytes jpeg = test::read_bytes(test::shipped("bluemarble_day.jpg"));
  size_t sof = 2;
  while (sof + 9 < jpeg.size() &&
         !(jpeg[sof] == 0xFF && (jpeg[sof + 1] & 0xF0) == 0xC0 && jpeg[sof + 1] != 0xC4 &&
           jpeg[sof + 1] != 0xC8 && jpeg[sof + 1] != 0xCC))
    sof += 2 + (size_t(jpeg[sof + 2]) << 8 | jpeg[sof + 3]);
  ASSERT_LT(sof + 9, jpeg.size());
  ASSERT_EQ(size_t(jpeg[sof + 5]) << 8 | jpeg[sof + 6], 1800u);  // found the frame header
  jpeg[sof + 5] = 60000 >> 8, jpeg[sof + 6] = 60000 & 0xFF;
  jpeg[sof + 7] = 65000 >> 8, jpeg[sof + 8] = 65000 & 0xFF;
  test::write_bytes(dir + "/huge.jpg", jpeg);
  expect_error(load(dir + "/huge.jpg"), {"'" + dir + "/huge.jpg' is 65000x60000 pixels"});
  // max_side is the limit on either side, inclusive.
  expect_error(load("coffee.png", 599), {"image 'coffee.png' is 600x400 pixels", "599x599"});
  expect_error(load("bluemarble_day.jpg", 3599), {"3600x1800 pixels"});
  EXPECT_EQ(load_image_planes("coffee.png", ColourMode::Luminance, 600).width, 600);
}

TEST(ImagePlanes, DepthMapsAreGreyInZeroToOneAndMustMatchTheImage) {
  const test::TempDir temp;
  const std::string& dir = temp.path;
  const int w = 5, h = 3;
  unsigned char grey[w * h];
  for (int i = 0; i < w * h; ++i) grey[i] = static_cast<unsigned char>(i * 17);
  ASSERT_TRUE(stbi_write_png((dir + "/d.png").c_str(), w, h, 1, grey, w));
  const std::vector<float> depth = load_depth_map(dir + "/d.png", w, h);
  ASSERT_EQ(depth.size(), size_t(w) * h);
  for (int i = 0; i < w * h; ++i) EXPECT_FLOAT_EQ(depth[i], grey[i] / 255.0f) << i;
  EXPECT_FLOAT_EQ(depth[w * h - 1], 238 / 255.0f);
  expect_error([&] { load_depth_map(dir + "/d.png", 512, 512); },
               {"depth map '" + dir +
                "/d.png' is 5x3 but the image is 512x512: a depth map must have the image's size"});
  expect_error([&] { load_depth_map("coffee.png", 640, 427); },
               {"depth map 'coffee.png' is 600x400 but the image is 640x427"});
  expect_error([&] { load_depth_map(dir + "/none.png", w, h); },
               {"depth map '" + dir + "/none.png' not found"});
}

}  // namespace
}  // namespace ws::app
