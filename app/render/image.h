// CPU-side RGBA8 images: the common currency of screenshots, figure export and golden-image tests
// (PNG in and out through stb, a tolerant comparison with a visual diff, box downsampling for
// supersampled renders).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ws::gfx {

// Rows top-down, 4 bytes per pixel (R, G, B, A), straight alpha unless a function says otherwise.
struct Image {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;

  Image() = default;
  Image(int w, int h);  // zero-filled (transparent black)
  bool empty() const { return width <= 0 || height <= 0; }
  const uint8_t* pixel(int x, int y) const { return &rgba[(size_t(y) * width + x) * 4]; }
  uint8_t* pixel(int x, int y) { return &rgba[(size_t(y) * width + x) * 4]; }
};

// Throws ws::Error naming the path when the image is empty or the file cannot be written.
void write_png(const Image& image, const std::string& path);
// Throws ws::Error naming the path and stb's reason when the file is missing or not a valid image.
Image read_png(const std::string& path);

struct ImageDiff {
  bool size_mismatch = false;  // then the numbers below describe the worst case
  double max_abs = 0;          // largest per-channel difference, 0..255
  double mean_abs = 0;         // mean per-channel difference over all channels
  int64_t pixels_over = 0;     // pixels with any channel differing by more than the tolerance
  Image diff;                  // a dimmed copy of `a` with offending pixels in red (size of `a`)
};

ImageDiff compare_images(const Image& a, const Image& b, int per_channel_tolerance);

// Averages factor x factor blocks (the output is floor(w / factor) x floor(h / factor)). Average
// premultiplied pixels, then unpremultiply, or transparent edges darken.
Image downsample_box(const Image& image, int factor);

// Converts premultiplied RGBA (what GL blending leaves over a transparent clear) to straight alpha.
void unpremultiply_alpha(Image& image);

}  // namespace ws::gfx
