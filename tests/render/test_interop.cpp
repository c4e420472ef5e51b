// The colormaps (table ends, NaN grey, clamping, legend colours, names) and ValueImage on the CPU
// path (every machine, Mesa EGL): known values give the expected colours, NaN is grey, cells past
// the end are transparent, rows land top-down, and bad sizes and ranges are rejected with clear
// errors. The CUDA paths are compared with this one in tests/gpu/test_interop_gpu.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "common/error.h"
#include "gl_environment.h"
#include "interop/colormap.h"
#include "interop/gl_upload.h"
#include "interop/value_image.h"

namespace ws::interop {
namespace {

struct Rgba {
  int r, g, b, a;
};

Rgba unpack(uint32_t packed) {
  return {int(packed & 0xFF), int((packed >> 8) & 0xFF), int((packed >> 16) & 0xFF),
          int(packed >> 24)};
}

void expect_pixel(const gfx::Image& image, int x, int y, Rgba want) {
  const uint8_t* p = image.pixel(x, y);
  EXPECT_EQ(int(p[0]), want.r) << "R at (" << x << ", " << y << ")";
  EXPECT_EQ(int(p[1]), want.g) << "G at (" << x << ", " << y << ")";
  EXPECT_EQ(int(p[2]), want.b) << "B at (" << x << ", " << y << ")";
  EXPECT_EQ(int(p[3]), want.a) << "A at (" << x << ", " << y << ")";
}

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

TEST(Colormap, TableEndsAreViridis) {
  const Rgba first = unpack(kColormapRgba[0][0]);
  const Rgba last = unpack(kColormapRgba[0][255]);
  EXPECT_EQ(first.r, 68);
  EXPECT_EQ(first.g, 1);
  EXPECT_EQ(first.b, 84);
  EXPECT_EQ(first.a, 255);
  EXPECT_EQ(last.r, 253);
  EXPECT_EQ(last.g, 231);
  EXPECT_EQ(last.b, 37);
  const Rgba middle = unpack(kColormapRgba[0][128]);  // #21918C
  EXPECT_EQ(middle.r, 33);
  EXPECT_EQ(middle.g, 145);
  EXPECT_EQ(middle.b, 140);
  // Viridis' green never falls and every entry is opaque: a transcription slip would show.
  for (int i = 1; i < kColormapSize; ++i) {
    EXPECT_GE(unpack(kColormapRgba[0][i]).g, unpack(kColormapRgba[0][i - 1]).g) << "entry " << i;
    EXPECT_EQ(unpack(kColormapRgba[0][i]).a, 255) << "entry " << i;
  }
}

TEST(Colormap, IndexRule) {
  EXPECT_EQ(colormap_index(0.0f, 0.0f, 1.0f), 0);
  EXPECT_EQ(colormap_index(1.0f, 0.0f, 1.0f), 255);
  EXPECT_EQ(colormap_index(0.5f, 0.0f, 1.0f), 128);  // 127.5 + 0.5
  EXPECT_EQ(colormap_index(1.0f / 255.0f, 0.0f, 1.0f), 1);
  EXPECT_EQ(colormap_index(0.4f / 255.0f, 0.0f, 1.0f), 0);
  EXPECT_EQ(colormap_index(0.6f / 255.0f, 0.0f, 1.0f), 1);
  EXPECT_EQ(colormap_index(-5.0f, 0.0f, 1.0f), 0);
  EXPECT_EQ(colormap_index(5.0f, 0.0f, 1.0f), 255);
  EXPECT_EQ(colormap_index(-kInf, 0.0f, 1.0f), 0);
  EXPECT_EQ(colormap_index(kInf, 0.0f, 1.0f), 255);
  EXPECT_EQ(colormap_index(3e38f, -3e38f, 3e37f), 255);
  EXPECT_EQ(colormap_index(15.0f, 10.0f, 20.0f), 128);
  EXPECT_EQ(colormap_rgba(Colormap::Viridis, kNan, 0.0f, 1.0f), kNanRgba);
  EXPECT_EQ(unpack(kNanRgba).r, 128);
  EXPECT_EQ(unpack(kNanRgba).a, 255);
  // Every index is reachable and monotonic over a fine sweep.
  int previous = 0;
  std::vector<bool> seen(256, false);
  for (int k = 0; k <= 100000; ++k) {
    const int index = colormap_index(-2.0f + 5.0f * float(k) / 100000.0f, -2.0f, 3.0f);
    ASSERT_GE(index, previous);
    previous = index;
    seen[index] = true;
  }
  for (int i = 0; i < 256; ++i) EXPECT_TRUE(seen[i]) << "index " << i;
}

// Published end colours of each map (matplotlib's tables, each channel round(x * 255)).
struct MapEnds {
  Colormap map;
  Rgba first, last;
};
const MapEnds kMapEnds[] = {
    {Colormap::Viridis, {68, 1, 84, 255}, {253, 231, 37, 255}},
    {Colormap::Inferno, {0, 0, 4, 255}, {252, 255, 164, 255}},
    {Colormap::CoolWarm, {59, 76, 192, 255}, {180, 4, 38, 255}},
};

void expect_rgba(Rgba got, Rgba want, const std::string& label) {
  EXPECT_EQ(got.r, want.r) << label;
  EXPECT_EQ(got.g, want.g) << label;
  EXPECT_EQ(got.b, want.b) << label;
  EXPECT_EQ(got.a, want.a) << label;
}

Rgba to_rgba(gfx::Color c) {
  return {c.r, c.g, c.b, c.a};
}

TEST(Colormap, EveryMapHasItsEndsNanGreyAndClamps) {
  for (const MapEnds& ends : kMapEnds) {
    const std::string name = colormap_name(ends.map);
    expect_rgba(unpack(kColormapRgba[int(ends.map)][0]), ends.first, name + " entry 0");
    expect_rgba(unpack(kColormapRgba[int(ends.map)][255]), ends.last, name + " entry 255");
    expect_rgba(unpack(colormap_rgba(ends.map, 2.0f, 2.0f, 3.0f)), ends.first, name + " lo");
    expect_rgba(unpack(colormap_rgba(ends.map, 3.0f, 2.0f, 3.0f)), ends.last, name + " hi");
    expect_rgba(unpack(colormap_rgba(ends.map, -1e30f, 2.0f, 3.0f)), ends.first, name + " below");
    expect_rgba(unpack(colormap_rgba(ends.map, kInf, 2.0f, 3.0f)), ends.last, name + " +inf");
    EXPECT_EQ(colormap_rgba(ends.map, kNan, 2.0f, 3.0f), kNanRgba) << name;
    // The legend colour follows the same rule: t clamps, NaN is grey.
    expect_rgba(to_rgba(colormap_color(ends.map, 0.0f)), ends.first, name + " legend 0");
    expect_rgba(to_rgba(colormap_color(ends.map, 1.0f)), ends.last, name + " legend 1");
    expect_rgba(to_rgba(colormap_color(ends.map, -3.0f)), ends.first, name + " legend < 0");
    expect_rgba(to_rgba(colormap_color(ends.map, 7.0f)), ends.last, name + " legend > 1");
    expect_rgba(to_rgba(colormap_color(ends.map, kNan)), {128, 128, 128, 255}, name + " NaN");
    expect_rgba(to_rgba(colormap_color(ends.map, 0.5f)), unpack(kColormapRgba[int(ends.map)][128]),
                name + " legend middle");
    for (int i = 0; i < kColormapSize; ++i)
      EXPECT_EQ(unpack(kColormapRgba[int(ends.map)][i]).a, 255) << name << " entry " << i;
    // The name round-trips.
    Colormap parsed = ends.map == Colormap::Viridis ? Colormap::Inferno : Colormap::Viridis;
    EXPECT_TRUE(parse_colormap(name, parsed)) << name;
    EXPECT_EQ(parsed, ends.map) << name;
  }
}

// Rec. 709 luma, 0..255 scaled by 1000.
int luma(Rgba c) {
  return 2126 * c.r + 7152 * c.g + 722 * c.b;
}

TEST(Colormap, SequentialMapsBrightenAndCoolWarmDiverges) {
  // Viridis and inferno are ordered by lightness: luma rises (almost) everywhere; allow the tiny
  // wiggles of 8-bit rounding.
  for (Colormap map : {Colormap::Viridis, Colormap::Inferno}) {
    for (int i = 8; i < kColormapSize; i += 8) {
      EXPECT_GT(luma(unpack(kColormapRgba[int(map)][i])),
                luma(unpack(kColormapRgba[int(map)][i - 8])))
          << colormap_name(map) << " entry " << i;
    }
  }
  // Cool-warm: blue wins below the middle, red above, and the middle is a light grey.
  const auto* table = kColormapRgba[int(Colormap::CoolWarm)];
  for (int i = 0; i < 120; ++i) EXPECT_GT(unpack(table[i]).b, unpack(table[i]).r) << i;
  for (int i = 136; i < 256; ++i) EXPECT_GT(unpack(table[i]).r, unpack(table[i]).b) << i;
  const Rgba middle = unpack(table[128]);
  EXPECT_GT(middle.g, 200);
  EXPECT_LT(std::abs(middle.r - middle.b), 30);
}

TEST(Colormap, NamesAndParsing) {
  EXPECT_STREQ(colormap_name(Colormap::Viridis), "viridis");
  EXPECT_STREQ(colormap_name(Colormap::Inferno), "inferno");
  EXPECT_STREQ(colormap_name(Colormap::CoolWarm), "coolwarm");
  Colormap map = Colormap::Viridis;
  EXPECT_TRUE(parse_colormap("cool-warm", map));
  EXPECT_EQ(map, Colormap::CoolWarm);
  EXPECT_FALSE(parse_colormap("jet", map));
  EXPECT_FALSE(parse_colormap("Viridis", map));
  EXPECT_FALSE(parse_colormap("", map));
  EXPECT_EQ(map, Colormap::CoolWarm);  // unchanged by failures
}

TEST(ValueImage, SetColormapRecolorsTheSameValues) {
  WS_REQUIRE_GL();
  ValueImage image(Backend::Cpu);
  EXPECT_EQ(image.colormap(), Colormap::Viridis);
  image.set_colormap(Colormap::Inferno);  // before any values: remembered, nothing drawn
  EXPECT_EQ(image.width(), 0);
  const std::vector<float> values = {0.0f, 1.0f, 2.0f, kNan, 0.5f};
  image.set_values(values.data(), 5, 5, 0.0f, 2.0f);
  for (const MapEnds& ends : kMapEnds) {
    image.set_colormap(ends.map);
    EXPECT_EQ(image.colormap(), ends.map);
    const gfx::Image pixels = image.read_back();
    std::vector<uint32_t> expected(5);
    colormap_fill_host(ends.map, values.data(), 5, 5, 0.0f, 2.0f, expected.data());
    ASSERT_EQ(pixels.rgba.size(), 20u);
    EXPECT_EQ(std::memcmp(pixels.rgba.data(), expected.data(), 20), 0) << colormap_name(ends.map);
    expect_pixel(pixels, 0, 0, ends.first);
    expect_pixel(pixels, 2, 0, ends.last);
    expect_pixel(pixels, 3, 0, {128, 128, 128, 255});
  }
}

TEST(ValueImage, DeviceValuesNeedTheCudaBackend) {
  WS_REQUIRE_GL();
  ValueImage image(Backend::Cpu);
  const float value = 1.0f;
  try {
    image.set_device_values(&value, 1, 1, 0.0f, 1.0f);
    ADD_FAILURE() << "the CPU backend accepted device values";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("needs the CUDA backend"), std::string::npos) << e.what();
  }
  EXPECT_EQ(image.count(), 0);
}

TEST(ValueImage, CpuPathMapsKnownValues) {
  WS_REQUIRE_GL();
  ValueImage image(Backend::Cpu);
  EXPECT_EQ(image.path(), ValueImage::Path::Cpu);
  EXPECT_EQ(image.notice(), "");
  EXPECT_NE(image.texture(), 0u);
  // 3 per row, 8 values -> 3 rows; the 9th cell is past n.
  const std::vector<float> values = {-1.0f, 3.0f, kNan, 1.0f, -100.0f, 100.0f, kInf, -kInf};
  image.set_values(values.data(), int64_t(values.size()), 3, -1.0f, 3.0f);
  EXPECT_EQ(image.width(), 3);
  EXPECT_EQ(image.height(), 3);
  const gfx::Image pixels = image.read_back();
  ASSERT_EQ(pixels.width, 3);
  ASSERT_EQ(pixels.height, 3);
  const Rgba first = unpack(kColormapRgba[0][0]), last = unpack(kColormapRgba[0][255]);
  expect_pixel(pixels, 0, 0, first);                          // lo
  expect_pixel(pixels, 1, 0, last);                           // hi
  expect_pixel(pixels, 2, 0, {128, 128, 128, 255});           // NaN
  expect_pixel(pixels, 0, 1, unpack(kColormapRgba[0][128]));  // middle: 127.5 + 0.5
  expect_pixel(pixels, 1, 1, first);                          // below lo
  expect_pixel(pixels, 2, 1, last);                           // above hi
  expect_pixel(pixels, 0, 2, last);                           // +inf
  expect_pixel(pixels, 1, 2, first);                          // -inf
  expect_pixel(pixels, 2, 2, {0, 0, 0, 0});                   // past n
  EXPECT_EQ(first.r, 68);
  EXPECT_EQ(last.r, 253);
}

TEST(ValueImage, RowsAreTopDownAndMatchHostFill) {
  WS_REQUIRE_GL();
  ValueImage image(Backend::Cpu);
  std::vector<float> values(1000);
  for (size_t i = 0; i < values.size(); ++i) values[i] = float(i);
  image.set_values(values.data(), int64_t(values.size()), 37, 0.0f, 999.0f);
  EXPECT_EQ(image.height(), 28);  // ceil(1000 / 37)
  const gfx::Image pixels = image.read_back();
  std::vector<uint32_t> expected(size_t(37) * 28);
  colormap_fill_host(Colormap::Viridis, values.data(), 1000, int64_t(expected.size()), 0.0f, 999.0f,
                     expected.data());
  ASSERT_EQ(pixels.rgba.size(), expected.size() * 4);
  EXPECT_EQ(std::memcmp(pixels.rgba.data(), expected.data(), pixels.rgba.size()), 0);
  // Value 0 (lo) is the top-left cell, value 999 (hi) is cell (999 % 37, 999 / 37).
  expect_pixel(pixels, 0, 0, unpack(kColormapRgba[0][0]));
  expect_pixel(pixels, 999 % 37, 999 / 37, unpack(kColormapRgba[0][255]));
  expect_pixel(pixels, 36, 27, {0, 0, 0, 0});
}

TEST(ValueImage, RecolorUsesTheStoredValues) {
  WS_REQUIRE_GL();
  ValueImage image(Backend::Cpu);
  EXPECT_THROW(image.recolor(0.0f, 1.0f), Error);  // nothing set yet
  const std::vector<float> values = {0.0f, 1.0f, 2.0f, 3.0f};
  image.set_values(values.data(), 4, 4, 0.0f, 3.0f);
  const GLuint texture = image.texture();
  image.recolor(2.0f, 3.0f);
  EXPECT_EQ(image.texture(), texture);
  EXPECT_EQ(image.lo(), 2.0f);
  const gfx::Image pixels = image.read_back();
  expect_pixel(pixels, 0, 0, unpack(kColormapRgba[0][0]));
  expect_pixel(pixels, 1, 0, unpack(kColormapRgba[0][0]));
  expect_pixel(pixels, 2, 0, unpack(kColormapRgba[0][0]));
  expect_pixel(pixels, 3, 0, unpack(kColormapRgba[0][255]));
}

TEST(ValueImage, ResizesAndKeepsTheTextureName) {
  WS_REQUIRE_GL();
  ValueImage image(Backend::Cpu);
  const std::vector<float> values(50, 0.5f);
  image.set_values(values.data(), 10, 100, 0.0f, 1.0f);  // wider than n: one partial row
  EXPECT_EQ(image.width(), 100);
  EXPECT_EQ(image.height(), 1);
  const GLuint texture = image.texture();
  image.set_values(values.data(), 50, 7, 0.0f, 1.0f);
  EXPECT_EQ(image.width(), 7);
  EXPECT_EQ(image.height(), 8);
  EXPECT_EQ(image.texture(), texture);
  const gfx::Image pixels = image.read_back();
  expect_pixel(pixels, 6, 6, unpack(kColormapRgba[0][128]));
  expect_pixel(pixels, 0, 7, unpack(kColormapRgba[0][128]));  // value 49
  expect_pixel(pixels, 1, 7, {0, 0, 0, 0});
}

TEST(ValueImage, RejectsBadSizesAndRanges) {
  WS_REQUIRE_GL();
  ValueImage image(Backend::Cpu);
  const std::vector<float> values = {1.0f, 2.0f, 3.0f};
  image.set_values(values.data(), 3, 3, 0.0f, 1.0f);
  const auto message = [&](auto&& call) -> std::string {
    try {
      call();
    } catch (const Error& e) {
      return e.what();
    }
    return "(no error)";
  };
  EXPECT_NE(message([&] {
              image.set_values(values.data(), 3, 0, 0.0f, 1.0f);
            }).find("width must be at least 1"),
            std::string::npos);
  EXPECT_NE(message([&] {
              image.set_values(values.data(), 3, -4, 0.0f, 1.0f);
            }).find("width must be at least 1"),
            std::string::npos);
  EXPECT_NE(message([&] { image.set_values(values.data(), 0, 3, 0.0f, 1.0f); }).find("no values"),
            std::string::npos);
  EXPECT_NE(message([&] { image.set_values(nullptr, 3, 3, 0.0f, 1.0f); }).find("null"),
            std::string::npos);
  EXPECT_NE(message([&] { image.set_values(values.data(), 3, 3, 1.0f, 1.0f); }).find("lo < hi"),
            std::string::npos);
  EXPECT_NE(message([&] { image.set_values(values.data(), 3, 3, 2.0f, 1.0f); }).find("lo < hi"),
            std::string::npos);
  EXPECT_NE(message([&] { image.set_values(values.data(), 3, 3, kNan, 1.0f); }).find("lo < hi"),
            std::string::npos);
  EXPECT_NE(message([&] { image.recolor(0.0f, kInf); }).find("lo < hi"), std::string::npos);

  const int max_size = max_texture_size();
  ASSERT_GT(max_size, 0);
  std::vector<float> many(size_t(max_size) + 1, 0.0f);
  EXPECT_NE(message([&] {
              image.set_values(many.data(), int64_t(many.size()), max_size + 1, 0, 1);
            }).find("exceeds GL_MAX_TEXTURE_SIZE"),
            std::string::npos);
  const std::string rows =
      message([&] { image.set_values(many.data(), int64_t(many.size()), 1, 0.0f, 1.0f); });
  EXPECT_NE(rows.find("rows, more than GL_MAX_TEXTURE_SIZE"), std::string::npos) << rows;
  EXPECT_NE(rows.find("use a wider image"), std::string::npos) << rows;

  // The failures changed nothing.
  EXPECT_EQ(image.width(), 3);
  EXPECT_EQ(image.height(), 1);
  EXPECT_EQ(image.count(), 3);
  EXPECT_EQ(image.lo(), 0.0f);
  EXPECT_EQ(image.hi(), 1.0f);
  image.recolor(0.0f, 3.0f);
}

TEST(ValueImage, CudaBackendFailsCleanlyWithoutCuda) {
  WS_REQUIRE_GL();
#if defined(WARPSCOPE_HAVE_CUDA)
  // With a device this works (test_interop_gpu covers it); without one it is a ws::Error.
  try {
    ValueImage image(Backend::Cuda);
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()), "");
  }
#else
  try {
    ValueImage image(Backend::Cuda);
    ADD_FAILURE() << "a CPU-only build accepted Backend::Cuda";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no CUDA backend"), std::string::npos) << e.what();
  }
#endif
}

// The caller's texture binding and unpack buffer are kept; an odd-width upload and the read-back
// leave the pixel store at GL's defaults (render/gl_state.h).
TEST(ValueImage, KeepsTheCallersTextureAndLeavesTheDefaultPixelStore) {
  WS_REQUIRE_GL();
  gfx::Texture other = gfx::Texture::create();
  glBindTexture(GL_TEXTURE_2D, other.id());
  ValueImage image(Backend::Cpu);
  const std::vector<float> values = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f};
  image.set_values(values.data(), 5, 2, 1.0f, 5.0f);
  image.read_back();
  GLint bound = 0, unpack_alignment = 0, pack_alignment = 0, unpack = -1, unpack_row = -1;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &unpack_alignment);
  glGetIntegerv(GL_PACK_ALIGNMENT, &pack_alignment);
  glGetIntegerv(GL_UNPACK_ROW_LENGTH, &unpack_row);
  glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpack);
  EXPECT_EQ(GLuint(bound), other.id());
  EXPECT_EQ(unpack_alignment, 4);
  EXPECT_EQ(pack_alignment, 4);
  EXPECT_EQ(unpack_row, 0);
  EXPECT_EQ(unpack, 0);
  glBindTexture(GL_TEXTURE_2D, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace ws::interop
