#include "image_values.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>

#include "asset_path.h"
#include "common/error.h"
#include "image_planes.h"

namespace ws::app {

namespace {

constexpr int64_t kMaxPixels = int64_t{1} << 28;  // the fast-mode limit: 1 GiB of float32

}  // namespace

ImageValues load_image_values(const std::string& requested, int max_values) {
  WS_REQUIRE(max_values >= 1, std::string("max_values must be positive"));
  ImageValues out;
  out.path = resolve_asset_path(requested);
  // Through the checked decoder the image scenes use (and a worker's decode when File > Open made
  // one); grey by stb_image's own integer rule, as stbi_load(..., 1) gives for PNG, BMP, TGA and
  // PGM/PPM (a colour JPEG's luminance now comes from its RGB pixels, not its Y channel).
  const std::shared_ptr<const DecodedImage> image = load_decoded_image(requested, kMaxDecodeSide);
  const int w = image->width, h = image->height, n = image->channels;
  WS_REQUIRE(int64_t{w} * h <= kMaxPixels, "image '" + requested + "' is " + std::to_string(w) +
                                               " x " + std::to_string(h) +
                                               ": at most 2^28 pixels are supported");
  std::vector<unsigned char> grey(size_t(w) * size_t(h));
  const unsigned char* px = image->pixels.get();
  if (n < 3) {
    for (size_t i = 0; i < grey.size(); ++i) grey[i] = px[i * size_t(n)];
  } else {
    for (size_t i = 0; i < grey.size(); ++i) {
      const unsigned char* p = px + i * size_t(n);
      grey[i] = static_cast<unsigned char>((p[0] * 77 + p[1] * 150 + p[2] * 29) >> 8);
    }
  }
  out.source_width = w;
  out.source_height = h;
  int f = 1;
  while (int64_t{(w + f - 1) / f} * ((h + f - 1) / f) > max_values) ++f;
  out.width = (w + f - 1) / f;
  out.height = (h + f - 1) / f;
  out.values.reserve(static_cast<size_t>(out.width) * out.height);
  for (int by = 0; by < out.height; ++by)
    for (int bx = 0; bx < out.width; ++bx) {
      int64_t sum = 0, count = 0;
      for (int y = by * f; y < std::min(h, (by + 1) * f); ++y)
        for (int x = bx * f; x < std::min(w, (bx + 1) * f); ++x, ++count)
          sum += grey[static_cast<size_t>(y) * w + x];
      out.values.push_back(static_cast<double>((sum + count / 2) / count));  // rounded mean
    }
  return out;
}

std::vector<float> resample_grey(const std::vector<double>& grey, int w, int h, int nx, int ny) {
  WS_REQUIRE(w >= 1 && h >= 1 && grey.size() == size_t(w) * h,
             std::string("resample_grey: the image size does not match its values"));
  std::vector<float> out(size_t(nx) * ny);
  for (int y = 0; y < ny; ++y) {
    const double sy = std::clamp((y + 0.5) * h / ny - 0.5, 0.0, h - 1.0);
    const int y0 = static_cast<int>(sy), y1 = std::min(y0 + 1, h - 1);
    const double fy = sy - y0;
    for (int x = 0; x < nx; ++x) {
      const double sx = std::clamp((x + 0.5) * w / nx - 0.5, 0.0, w - 1.0);
      const int x0 = static_cast<int>(sx), x1 = std::min(x0 + 1, w - 1);
      const double fx = sx - x0;
      const double top = grey[size_t(y0) * w + x0] * (1 - fx) + grey[size_t(y0) * w + x1] * fx;
      const double bottom = grey[size_t(y1) * w + x0] * (1 - fx) + grey[size_t(y1) * w + x1] * fx;
      out[size_t(y) * nx + x] = static_cast<float>((top * (1 - fy) + bottom * fy) / 255.0);
    }
  }
  return out;
}

std::vector<float> load_image_grid(const std::string& path, int nx, int ny, std::string* label) {
  // Averaged down to about four values per cell first, so a huge photo costs little memory.
  const int64_t budget = std::clamp<int64_t>(4 * int64_t(nx) * ny, 1024, int64_t{1} << 26);
  const ImageValues image = load_image_values(path, static_cast<int>(budget));
  if (label)
    *label = std::filesystem::path(image.path).filename().string() + " " +
             std::to_string(image.source_width) + "x" + std::to_string(image.source_height) +
             " -> " + std::to_string(nx) + "x" + std::to_string(ny);
  return resample_grey(image.values, image.width, image.height, nx, ny);
}

}  // namespace ws::app
