#include "image_source.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "common/error.h"
#include "common/split_mix.h"
#include "io/image_planes.h"
#include "matrix_text.h"

namespace ws::app {

namespace {

std::string sample_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

std::string size_text(int w, int h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

// Averages f x f blocks of every plane (the last blocks may be partial), rounding half up.
ImageInput average_down(const ImagePlanes& image, int max_side) {
  const int w = image.width, h = image.height;
  int f = 1;
  while ((w + f - 1) / f > max_side || (h + f - 1) / f > max_side) ++f;
  ImageInput in;
  in.width = (w + f - 1) / f;
  in.height = (h + f - 1) / f;
  in.channels = image.channels;
  in.planes.resize(size_t(in.width) * in.height * in.channels);
  for (int c = 0; c < in.channels; ++c) {
    const uint8_t* src = image.planes.data() + size_t(c) * w * h;
    float* dst = in.planes.data() + size_t(c) * in.width * in.height;
    for (int by = 0; by < in.height; ++by)
      for (int bx = 0; bx < in.width; ++bx) {
        int64_t sum = 0, count = 0;
        for (int y = by * f; y < std::min(h, (by + 1) * f); ++y)
          for (int x = bx * f; x < std::min(w, (bx + 1) * f); ++x, ++count)
            sum += src[size_t(y) * w + x];
        dst[size_t(by) * in.width + bx] = static_cast<float>((2 * sum + count) / (2 * count));
      }
  }
  in.label = std::filesystem::path(image.path).filename().string() + " " + size_text(w, h);
  if (f > 1) in.label += " averaged to " + size_text(in.width, in.height);
  return in;
}

// A typed matrix as it is (up to max_side on a side), noting the first sample that is no byte.
ImageInput typed_input(const std::string& values, int max_side) {
  const MatrixText m = parse_matrix(values, -1e30, 1e30, false);
  if (m.width > max_side || m.height > max_side)
    throw Error("values: the matrix is " + size_text(m.width, m.height) +
                "; this mode takes up to " + size_text(max_side, max_side));
  ImageInput in;
  in.width = m.width;
  in.height = m.height;
  in.planes.assign(m.values.begin(), m.values.end());
  // Samples are float32 (0.1 is stored as the nearest float, as a GPU would hold it).
  for (size_t i = 0; i < in.planes.size(); ++i) {
    const double v = in.planes[i];
    const bool byte = v >= 0 && v <= 255 && v == std::floor(v);
    if (!byte && in.bytes)
      in.first_non_byte = "row " + std::to_string(i / m.width + 1) + ", column " +
                          std::to_string(i % m.width + 1) + " holds " + sample_text(v);
    in.bytes = in.bytes && byte;
  }
  in.label = "typed " + size_text(m.width, m.height);
  return in;
}

// A seeded random image of bytes, w x h, one plane or three.
ImageInput random_input(const ImageSource& s, int max_side, bool rgb) {
  const int w = s.random_size[0], h = s.random_size[1];
  if (w > max_side || h > max_side)
    throw Error("size: " + size_text(w, h) + " does not fit this mode (up to " +
                size_text(max_side, max_side) + ")");
  ImageInput in;
  in.width = w;
  in.height = h;
  in.channels = rgb ? 3 : 1;
  in.planes.resize(size_t(w) * h * in.channels);
  SplitMix64 random{s.seed};
  for (float& v : in.planes) v = static_cast<float>(random.next() % 256);
  in.label = "random " + size_text(w, h) + ", seed " + std::to_string(s.seed);
  return in;
}

}  // namespace

std::string ImageSource::label() const {
  if (!values.empty()) return "typed values";
  if (!image.empty()) return image;
  return "random " + size_text(random_size[0], random_size[1]) + ", seed " + std::to_string(seed);
}

std::string ImageSource::key() const {
  return values + "|" + image + "|" + size_text(random_size[0], random_size[1]) + "|" +
         std::to_string(seed) + "|" + (rgb ? "rgb" : "lum");
}

void parse_image_source(ImageSource& s, ParamReader& keys, int max_side) {
  // One input at a time: an image or random size given alone replaces typed values.
  const std::optional<std::string> values = keys.text("values");
  if (values) s.values = *values;
  const std::optional<std::string> image = keys.text("image");
  if (image) {
    s.image = *image;
    if (!values && !s.image.empty()) s.values.clear();
  }
  if (const auto d = keys.dims("size")) {
    if (d->size() > 2 || (*d)[0] > max_side || d->back() > max_side)
      throw Error("size: expected W or WxH with sides 1.." + std::to_string(max_side) +
                  " (a random image)");
    s.random_size = {(*d)[0], d->size() == 2 ? (*d)[1] : (*d)[0]};
    if (!values) s.values.clear();
    if (!image) s.image.clear();
  }
  if (const auto seed = keys.integer("seed", 0, INT64_MAX)) s.seed = static_cast<uint64_t>(*seed);
  if (const auto c = keys.text("colour")) {
    if (*c != "rgb" && *c != "luminance")
      throw Error("colour: expected luminance or rgb, got '" + *c + "'");
    s.rgb = *c == "rgb";
  }
}

nlohmann::json image_source_json(const ImageSource& s) {
  return {{"values", s.values},
          {"image", s.image},
          {"size", size_text(s.random_size[0], s.random_size[1])},
          {"seed", s.seed},
          {"colour", s.rgb ? "rgb" : "luminance"}};
}

std::vector<float> ImageInput::plane(int channel) const {
  const auto begin = planes.begin() + int64_t(channel) * pixels();
  return std::vector<float>(begin, begin + pixels());
}

std::vector<uint8_t> ImageInput::bytes_planes() const {
  if (!bytes)
    throw Error("the filters work on 8-bit images: typed values must be integers 0..255 (" +
                first_non_byte + ")");
  std::vector<uint8_t> out(planes.size());
  for (size_t i = 0; i < planes.size(); ++i) out[i] = static_cast<uint8_t>(planes[i]);
  return out;
}

ImageInput load_image_input(const ImageSource& s, int max_side, bool rgb, int file_max_side) {
  if (!s.values.empty()) return typed_input(s.values, max_side);
  if (!s.image.empty()) {
    const ImagePlanes image =
        load_image_planes(s.image, rgb ? ColourMode::Rgb : ColourMode::Luminance, file_max_side);
    return average_down(image, max_side);
  }
  return random_input(s, max_side, rgb);
}

}  // namespace ws::app
