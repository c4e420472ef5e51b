#include "image_values.h"

#include <stb/stb_image.h>

#include <cmath>
#include <filesystem>
#include <memory>

#include "common/error.h"

namespace ws::app {

namespace {

constexpr int64_t kMaxPixels = int64_t{1} << 28;  // the fast-mode limit: 1 GiB of float32

// A bare file name that is not in the working folder may name a shipped sample in assets/; a
// path with folders is taken as written.
std::string resolve(const std::string& path) {
  if (std::filesystem::exists(path) || std::filesystem::path(path).has_parent_path()) return path;
  const std::string shipped = std::string(WARPSCOPE_SOURCE_ROOT) + "/assets/" +
                              std::filesystem::path(path).filename().string();
  return std::filesystem::exists(shipped) ? shipped : path;
}

}  // namespace

ImageValues load_image_values(const std::string& requested, int max_values) {
  WS_REQUIRE(max_values >= 1, std::string("max_values must be positive"));
  ImageValues out;
  out.path = resolve(requested);
  WS_REQUIRE(std::filesystem::is_regular_file(out.path), "image '" + requested + "' not found");
  int w = 0, h = 0, channels = 0;
  WS_REQUIRE(stbi_info(out.path.c_str(), &w, &h, &channels) == 1,
             "image '" + out.path + "' cannot be read: " + stbi_failure_reason());
  WS_REQUIRE(w > 0 && h > 0 && int64_t{w} * h <= kMaxPixels,
             "image '" + out.path + "' is " + std::to_string(w) + " x " + std::to_string(h) +
                 ": at most 2^28 pixels are supported");
  std::unique_ptr<unsigned char, void (*)(void*)> pixels(
      stbi_load(out.path.c_str(), &w, &h, &channels, 1), stbi_image_free);
  WS_REQUIRE(pixels != nullptr,
             "image '" + out.path + "' is corrupt: " + std::string(stbi_failure_reason()));
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
          sum += pixels.get()[static_cast<size_t>(y) * w + x];
      out.values.push_back(static_cast<double>((sum + count / 2) / count));  // rounded mean
    }
  return out;
}

}  // namespace ws::app
