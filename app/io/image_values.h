// Images as reduction input: the pixel intensities (8-bit luminance) of a PNG/JPEG, area-averaged
// down to teach-mode size, so students can reduce a real picture (its brightest pixel, its total
// light) instead of random numbers.
#pragma once

#include <string>
#include <vector>

namespace ws::app {

struct ImageValues {
  std::string path;  // the file that was read
  int source_width = 0, source_height = 0;
  int width = 0, height = 0;   // after averaging
  std::vector<double> values;  // row-major intensities 0..255 (integers)
};

// Reads `path` (or, for a bare file name not found here, the file of that name in assets/) through
// the checked decoder of image_planes.h (or its decode a worker left in DecodedFiles), takes grey
// levels by stb_image's rule (77 R + 150 G + 29 B) >> 8, and averages blocks of f x f pixels, with
// the smallest f that leaves at most `max_values` values.
// Throws ws::Error naming the file for a missing, corrupt or oversized image.
ImageValues load_image_values(const std::string& path, int max_values);

// The image at `path` as an nx x ny grid of grey levels in 0..1 (white = 1), resampled bilinearly,
// row-major: a picture as a field of values. `label` (when given) says what was read, e.g.
// "camera.png 512x512 -> 256x256". Throws as load_image_values.
std::vector<float> load_image_grid(const std::string& path, int nx, int ny,
                                   std::string* label = nullptr);
// Bilinear resampling of a grey image (values 0..255, w x h) to nx x ny values in 0..1.
std::vector<float> resample_grey(const std::vector<double>& grey, int w, int h, int nx, int ny);

}  // namespace ws::app
