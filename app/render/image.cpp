#include "render/image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>

#include "common/error.h"

namespace ws::gfx {

Image::Image(int w, int h)
    : width(w), height(h), rgba(size_t(std::max(w, 0)) * std::max(h, 0) * 4) {}

void write_png(const Image& image, const std::string& path) {
  WS_REQUIRE(!image.empty() && image.rgba.size() == size_t(image.width) * image.height * 4,
             "cannot write PNG '" + path + "': the image is empty or its pixel buffer has the " +
                 "wrong size");
  const int ok = stbi_write_png(path.c_str(), image.width, image.height, 4, image.rgba.data(),
                                image.width * 4);
  WS_REQUIRE(ok != 0, "cannot write PNG '" + path + "' (missing folder or no permission?)");
}

Image read_png(const std::string& path) {
  WS_REQUIRE(std::ifstream(path, std::ios::binary).good(),
             "cannot read PNG '" + path + "': no such file or not readable");
  int w = 0, h = 0, channels = 0;
  stbi_uc* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
  WS_REQUIRE(data != nullptr,
             "cannot read PNG '" + path +
                 "': " + (stbi_failure_reason() ? stbi_failure_reason() : "unknown error"));
  Image image(w, h);
  std::copy(data, data + size_t(w) * h * 4, image.rgba.begin());
  stbi_image_free(data);
  return image;
}

ImageDiff compare_images(const Image& a, const Image& b, int per_channel_tolerance) {
  ImageDiff result;
  result.diff = Image(a.width, a.height);
  if (a.width != b.width || a.height != b.height) {
    result.size_mismatch = true;
    result.max_abs = 255;
    result.mean_abs = 255;
    result.pixels_over = std::max(int64_t(a.width) * a.height, int64_t(b.width) * b.height);
    for (size_t i = 0; i < result.diff.rgba.size(); i += 4) {
      result.diff.rgba[i] = 255;
      result.diff.rgba[i + 3] = 255;
    }
    return result;
  }
  double sum = 0;
  int max_abs = 0;
  for (int y = 0; y < a.height; ++y) {
    for (int x = 0; x < a.width; ++x) {
      const uint8_t* pa = a.pixel(x, y);
      const uint8_t* pb = b.pixel(x, y);
      int worst = 0;
      for (int c = 0; c < 4; ++c) worst = std::max(worst, std::abs(int(pa[c]) - int(pb[c])));
      for (int c = 0; c < 4; ++c) sum += std::abs(int(pa[c]) - int(pb[c]));
      max_abs = std::max(max_abs, worst);
      uint8_t* out = result.diff.pixel(x, y);
      if (worst > per_channel_tolerance) {
        ++result.pixels_over;
        out[0] = 255;
        out[1] = out[2] = uint8_t(std::max(0, 96 - worst));
      } else {
        // Dimmed luminance of `a` keeps the picture recognisable around the red marks.
        const int luma = (pa[0] * 54 + pa[1] * 183 + pa[2] * 19) >> 8;
        out[0] = out[1] = out[2] = uint8_t(160 + luma / 3);
      }
      out[3] = 255;
    }
  }
  result.max_abs = max_abs;
  const double channels = double(a.width) * a.height * 4;
  result.mean_abs = channels > 0 ? sum / channels : 0;
  return result;
}

Image downsample_box(const Image& image, int factor) {
  WS_REQUIRE(factor >= 1, "downsample factor must be at least 1, got " + std::to_string(factor));
  if (factor == 1) return image;
  Image out(image.width / factor, image.height / factor);
  const int area = factor * factor;
  for (int y = 0; y < out.height; ++y) {
    for (int x = 0; x < out.width; ++x) {
      int sum[4] = {0, 0, 0, 0};
      for (int dy = 0; dy < factor; ++dy) {
        for (int dx = 0; dx < factor; ++dx) {
          const uint8_t* p = image.pixel(x * factor + dx, y * factor + dy);
          for (int c = 0; c < 4; ++c) sum[c] += p[c];
        }
      }
      uint8_t* o = out.pixel(x, y);
      for (int c = 0; c < 4; ++c) o[c] = uint8_t((sum[c] + area / 2) / area);
    }
  }
  return out;
}

void unpremultiply_alpha(Image& image) {
  for (size_t i = 0; i + 3 < image.rgba.size(); i += 4) {
    const int alpha = image.rgba[i + 3];
    if (alpha == 0 || alpha == 255) continue;
    for (int c = 0; c < 3; ++c) {
      image.rgba[i + c] = uint8_t(std::min(255, (image.rgba[i + c] * 255 + alpha / 2) / alpha));
    }
  }
}

}  // namespace ws::gfx
