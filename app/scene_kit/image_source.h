// The input of an image scene (the summed-area tables, convolution): a typed matrix, an image file
// (luminance, or R, G, B planes) or a seeded random image, parsed once from the scene's keys and
// read as planes of float samples, averaged down when a mode needs a small image.
//
// Keys (one input at a time: an image or a random size given alone replaces typed values):
//   values  "1 2 3; 4 5 6" (a typed matrix; one row is a 1D array)
//   image   a file name (a bare name is looked up in assets/)
//   size    W or WxH of the random image (sides 1..max_side)
//   seed    the random image's seed
//   colour  luminance | rgb
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "json_params.h"

namespace ws::app {

struct ImageSource {
  std::string values;  // wins over `image`; with neither, a random image of random_size
  std::string image;
  std::array<int, 2> random_size = {8, 6};  // W x H
  uint64_t seed = 1;
  bool rgb = false;  // R, G, B planes; false: one luminance plane

  // What the input is, for headers and JSON: "typed values", "camera.png", "random 8x6, seed 1".
  std::string label() const;
  // What identifies the input (all five fields): equal keys read the same planes.
  std::string key() const;
};

// Reads the five keys into `s` (each once; `max_side` bounds --size). Throws ws::Error naming the
// key and what it accepts.
void parse_image_source(ImageSource& s, ParamReader& keys, int max_side);
// The five keys as JSON (the inverse of parse_image_source).
nlohmann::json image_source_json(const ImageSource& s);

// The input as planes of float samples.
struct ImageInput {
  int width = 0, height = 0, channels = 1;
  std::vector<float> planes;   // channel-major, width * height per channel
  bool bytes = true;           // every sample is an integer 0..255 (an 8-bit image)
  std::string first_non_byte;  // where the first sample that is not a byte is ("" = none)
  std::string label;           // e.g. "camera.png 512x512", "typed 3x3", "random 8x6, seed 1"
  int64_t pixels() const { return int64_t(width) * height; }
  std::vector<float> plane(int channel) const;  // width * height samples
  std::vector<uint8_t> bytes_planes() const;    // the samples as bytes (throws unless `bytes`)
};

// Reads the source. Images larger than max_side on a side are averaged down by the smallest whole
// factor that fits (the label says so; image files are read up to `file_max_side`); typed
// matrices and random sizes must fit as they are. `rgb` false: one luminance plane. Throws
// ws::Error naming the file or the option.
ImageInput load_image_input(const ImageSource& s, int max_side, bool rgb, int file_max_side);

}  // namespace ws::app
