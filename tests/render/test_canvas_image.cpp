// Canvas::image on both backends: a small raster stretched over a rectangle lands with its exact
// colours at every cell centre in the rendered figure (pixels uploaded by the canvas, or a GL
// texture given by the caller, top row first), nearest filtering keeps cell edges sharp where
// smooth filtering blends them, and the SVG embeds a PNG data URI that decodes (stb_image, and an
// independent base64 decoder here) to the same pixels.
#include <gtest/gtest.h>

#include <GL/glew.h>
#include <stb_image.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/error.h"
#include "gl_environment.h"
#include "interop/value_image.h"
#include "render/figure.h"
#include "render/image.h"
#include "render/svg_canvas.h"

namespace ws::gfx {
namespace {

// 4 x 3 cells, each a different opaque colour (row-major, top row first).
Image cells_image() {
  Image image(4, 3);
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 4; ++x) {
      uint8_t* p = image.pixel(x, y);
      p[0] = uint8_t(20 + 60 * x);
      p[1] = uint8_t(30 + 90 * y);
      p[2] = uint8_t(200 - 40 * x - 30 * y);
      p[3] = 255;
    }
  }
  return image;
}

// The raster covers [10, 50] x [10, 40]: cells 10 logical pixels square.
constexpr Vec2 kMin{10, 10}, kMax{50, 40};
constexpr float kCell = 10;

FigureOptions small_options() {
  FigureOptions options;
  options.width = 60;
  options.height = 50;
  options.supersample = 2;
  return options;
}

void expect_cells(const Image& figure, const Image& cells, const std::string& label) {
  for (int y = 0; y < cells.height; ++y) {
    for (int x = 0; x < cells.width; ++x) {
      const int px = int(kMin.x + kCell * (x + 0.5f)), py = int(kMin.y + kCell * (y + 0.5f));
      const uint8_t* got = figure.pixel(px, py);
      const uint8_t* want = cells.pixel(x, y);
      for (int c = 0; c < 4; ++c) {
        EXPECT_EQ(int(got[c]), int(want[c]))
            << label << ": cell (" << x << ", " << y << ") channel " << c << " at pixel (" << px
            << ", " << py << ")";
      }
    }
  }
}

TEST(CanvasImage, PixelsLandAtTheirCellsInThePng) {
  WS_REQUIRE_GL();
  const Image cells = cells_image();
  const Image figure = render_figure(
      [&](Canvas& c) {
        c.image(kMin, kMax, {0, [&] { return cells; }, false});
      },
      small_options());
  ASSERT_EQ(figure.width, 60);
  ASSERT_EQ(figure.height, 50);
  expect_cells(figure, cells, "uploaded pixels");
  // Outside the rectangle: the background, untouched.
  const Color background = palette(Theme::Light).background;
  for (const auto& [x, y] : {std::pair{5, 5}, std::pair{55, 45}, std::pair{9, 25}}) {
    EXPECT_EQ(figure.pixel(x, y)[0], background.r) << x << "," << y;
    EXPECT_EQ(figure.pixel(x, y)[1], background.g) << x << "," << y;
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST(CanvasImage, CallersTextureIsDrawnTopRowFirst) {
  WS_REQUIRE_GL();
  // A ValueImage's texture (value row 0 is texture row 0): values 0..11 over [0, 11].
  interop::ValueImage values(Backend::Cpu);
  std::vector<float> v(12);
  for (int i = 0; i < 12; ++i) v[size_t(i)] = float(i);
  values.set_values(v.data(), 12, 4, 0.0f, 11.0f);
  const Image cells = values.read_back();
  ASSERT_EQ(cells.width, 4);
  ASSERT_EQ(cells.height, 3);
  const Image figure = render_figure(
      [&](Canvas& c) {
        c.image(kMin, kMax, {values.texture(), nullptr, false});
      },
      small_options());
  expect_cells(figure, cells, "ValueImage texture");
  // The sampler binding the image used is undone.
  GLint sampler = -1;
  glGetIntegerv(GL_SAMPLER_BINDING, &sampler);
  EXPECT_EQ(sampler, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST(CanvasImage, NearestKeepsEdgesSharpSmoothBlends) {
  WS_REQUIRE_GL();
  // Two cells, black | white, over 40 x 10 logical pixels: the edge is at x = 30.
  Image two(2, 1);
  two.pixel(0, 0)[3] = 255;
  for (int c = 0; c < 4; ++c) two.pixel(1, 0)[c] = 255;
  const auto render = [&](bool smooth) {
    return render_figure(
        [&](Canvas& c) {
          c.image({10, 10}, {50, 20}, {0, [&] { return two; }, smooth});
        },
        small_options());
  };
  const Image nearest = render(false), smooth = render(true);
  for (int x = 10; x < 50; ++x) {
    const int want = x < 30 ? 0 : 255;
    EXPECT_EQ(int(nearest.pixel(x, 15)[0]), want) << "nearest, x = " << x;
  }
  // Linear filtering ramps between the texel centres (x = 20 and x = 40).
  const int mid = smooth.pixel(29, 15)[0];
  EXPECT_GT(mid, 60);
  EXPECT_LT(mid, 200);
  EXPECT_LT(int(smooth.pixel(25, 15)[0]), mid);
  EXPECT_GT(int(smooth.pixel(35, 15)[0]), mid);
}

TEST(CanvasImage, RasterWithoutPixelsOrTextureIsRejected) {
  WS_REQUIRE_GL();
  EXPECT_THROW(render_figure(
                   [](Canvas& c) {
                     c.image({0, 0}, {10, 10}, {});
                   },
                   small_options()),
               Error);
  EXPECT_THROW(render_figure(
                   [](Canvas& c) {
                     c.image({0, 0}, {10, 10}, {0, [] { return Image(); }});
                   },
                   small_options()),
               Error);
}

// ---- SVG

// An independent RFC 4648 decoder (padding required), for the round trip.
std::vector<uint8_t> base64_decode(const std::string& text) {
  const auto value = [](char ch) -> int {
    if (ch >= 'A' && ch <= 'Z') return ch - 'A';
    if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9') return ch - '0' + 52;
    if (ch == '+') return 62;
    if (ch == '/') return 63;
    return -1;
  };
  std::vector<uint8_t> out;
  EXPECT_EQ(text.size() % 4, 0u);
  for (size_t i = 0; i + 3 < text.size(); i += 4) {
    int v[4];
    for (int k = 0; k < 4; ++k) v[k] = text[i + k] == '=' ? 0 : value(text[i + k]);
    for (int k = 0; k < 4; ++k) EXPECT_GE(v[k], 0) << "bad base64 character at " << i + k;
    const uint32_t triple =
        uint32_t(v[0]) << 18 | uint32_t(v[1]) << 12 | uint32_t(v[2]) << 6 | uint32_t(v[3]);
    out.push_back(uint8_t(triple >> 16));
    if (text[i + 2] != '=') out.push_back(uint8_t(triple >> 8));
    if (text[i + 3] != '=') out.push_back(uint8_t(triple));
  }
  return out;
}

std::string attribute(const std::string& element, const std::string& name) {
  const std::string key = " " + name + "=\"";
  const size_t start = element.find(key);
  if (start == std::string::npos) return "(missing)";
  const size_t begin = start + key.size();
  return element.substr(begin, element.find('"', begin) - begin);
}

TEST(SvgImage, Base64MatchesTheRfcVectors) {
  const auto encode = [](const std::string& s) {
    return base64_encode(std::vector<uint8_t>(s.begin(), s.end()));
  };
  EXPECT_EQ(encode(""), "");
  EXPECT_EQ(encode("f"), "Zg==");
  EXPECT_EQ(encode("fo"), "Zm8=");
  EXPECT_EQ(encode("foo"), "Zm9v");
  EXPECT_EQ(encode("foob"), "Zm9vYg==");
  EXPECT_EQ(encode("fooba"), "Zm9vYmE=");
  EXPECT_EQ(encode("foobar"), "Zm9vYmFy");
  const std::vector<uint8_t> high = {0xFF, 0xFE, 0x00, 0x80};
  EXPECT_EQ(base64_encode(high), "//4AgA==");
}

TEST(SvgImage, DataUriDecodesToTheSamePixels) {
  const Image cells = cells_image();
  FigureOptions options = small_options();
  const std::string svg = render_figure_svg(
      [&](Canvas& c) {
        c.image(kMin, kMax, {0, [&] { return cells; }, false});
      },
      options);
  EXPECT_NE(svg.find("xmlns:xlink=\"http://www.w3.org/1999/xlink\""), std::string::npos);
  const size_t at = svg.find("<image ");
  ASSERT_NE(at, std::string::npos) << svg;
  const std::string element = svg.substr(at, svg.find("/>", at) - at);
  EXPECT_EQ(attribute(element, "x"), "10");
  EXPECT_EQ(attribute(element, "y"), "10");
  EXPECT_EQ(attribute(element, "width"), "40");
  EXPECT_EQ(attribute(element, "height"), "30");
  EXPECT_EQ(attribute(element, "preserveAspectRatio"), "none");
  EXPECT_NE(attribute(element, "style").find("image-rendering:pixelated"), std::string::npos);
  const std::string href = attribute(element, "xlink:href");
  const std::string prefix = "data:image/png;base64,";
  ASSERT_EQ(href.substr(0, prefix.size()), prefix);
  const std::vector<uint8_t> png = base64_decode(href.substr(prefix.size()));
  int w = 0, h = 0, channels = 0;
  stbi_uc* data = stbi_load_from_memory(png.data(), int(png.size()), &w, &h, &channels, 4);
  ASSERT_NE(data, nullptr) << stbi_failure_reason();
  EXPECT_EQ(w, cells.width);
  EXPECT_EQ(h, cells.height);
  EXPECT_EQ(std::vector<uint8_t>(data, data + size_t(w) * h * 4), cells.rgba);
  stbi_image_free(data);
}

TEST(SvgImage, SmoothHasNoPixelatedHintAndTexturesAloneAreRejected) {
  const Image cells = cells_image();
  SvgCanvas canvas({60, 50});
  canvas.image(kMin, kMax, {0, [&] { return cells; }, true});
  const std::string svg = canvas.str();
  EXPECT_NE(svg.find("<image "), std::string::npos);
  EXPECT_EQ(svg.find("pixelated"), std::string::npos);
  EXPECT_THROW(canvas.image(kMin, kMax, {7, nullptr, false}), Error);
  // No image, no xlink namespace: other figures stay byte-for-byte as before.
  EXPECT_EQ(SvgCanvas({10, 10}).str().find("xlink"), std::string::npos);
}

}  // namespace
}  // namespace ws::gfx
