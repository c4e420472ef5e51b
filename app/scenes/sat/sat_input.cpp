#include "sat_input.h"

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <filesystem>

#include "common/error.h"
#include "common/split_mix.h"
#include "io/image_planes.h"
#include "scene_kit/matrix_text.h"

namespace ws::app {

sat::Plane SatInput::plane(int channel) const {
  sat::Plane p;
  p.width = width;
  p.height = height;
  const auto begin = planes.begin() + int64_t(channel) * pixels();
  p.values.assign(begin, begin + pixels());
  return p;
}

std::vector<uint8_t> SatInput::bytes_planes() const {
  if (!bytes)
    throw Error("the filters work on 8-bit images: typed values must be integers 0..255 (" +
                first_non_byte + ")");
  std::vector<uint8_t> out(planes.size());
  for (size_t i = 0; i < planes.size(); ++i) out[i] = static_cast<uint8_t>(planes[i]);
  return out;
}

namespace {

std::string number_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

std::string size_text(int w, int h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

// Averages f x f blocks of every plane (the last blocks may be partial), rounding half up.
SatInput average_down(const ImagePlanes& image, int max_side) {
  const int w = image.width, h = image.height;
  int f = 1;
  while ((w + f - 1) / f > max_side || (h + f - 1) / f > max_side) ++f;
  SatInput in;
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

}  // namespace

SatInput load_sat_input(const SatSettings& s, int max_side, bool rgb) {
  SatInput in;
  if (!s.values.empty()) {
    const MatrixText m = parse_matrix(s.values, -1e30, 1e30, false);
    if (m.width > max_side || m.height > max_side)
      throw Error("values: the matrix is " + size_text(m.width, m.height) +
                  "; this mode takes up to " + size_text(max_side, max_side));
    in.width = m.width;
    in.height = m.height;
    in.planes.assign(m.values.begin(), m.values.end());
    // Samples are float32 (0.1 is stored as the nearest float, as a GPU would hold it).
    for (size_t i = 0; i < in.planes.size(); ++i) {
      const double v = in.planes[i];
      const bool byte = v >= 0 && v <= 255 && v == std::floor(v);
      if (!byte && in.bytes)
        in.first_non_byte = "row " + std::to_string(i / m.width + 1) + ", column " +
                            std::to_string(i % m.width + 1) + " holds " + number_text(v);
      in.bytes = in.bytes && byte;
    }
    in.label = "typed " + size_text(m.width, m.height);
    return in;
  }
  if (!s.image.empty()) {
    const ImagePlanes image =
        load_image_planes(s.image, rgb ? ColourMode::Rgb : ColourMode::Luminance, sat::kMaxSide);
    return average_down(image, max_side);
  }
  const int w = s.random_size[0], h = s.random_size[1];
  if (w > max_side || h > max_side)
    throw Error("size: " + size_text(w, h) + " does not fit this mode (up to " +
                size_text(max_side, max_side) + ")");
  in.width = w;
  in.height = h;
  in.channels = rgb ? 3 : 1;
  in.planes.resize(size_t(w) * h * in.channels);
  SplitMix64 random{s.seed};
  for (float& v : in.planes) v = static_cast<float>(random.next() % 256);
  in.label = "random " + size_text(w, h) + ", seed " + std::to_string(s.seed);
  return in;
}

std::vector<float> load_sat_depth(const SatSettings& s, int width, int height) {
  if (s.depth == "ramp" || s.depth == "bowl" || s.depth == "step")
    return sat::generated_depth(s.depth, width, height);
  return load_depth_map(s.depth, width, height);
}

}  // namespace ws::app
