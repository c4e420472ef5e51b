// The summed-area-table scene's input as planes of samples: a typed matrix, a seeded random image
// or an image file (luminance or R, G, B), averaged down when a mode needs a small image, and the
// depth map of depth of field (generated or read from a file).
#pragma once

#include <string>
#include <vector>

#include "sat/sat.h"
#include "sat_settings.h"

namespace ws::app {

struct SatInput {
  int width = 0, height = 0, channels = 1;
  std::vector<float> planes;   // channel-major, width * height per channel
  bool bytes = true;           // every sample is an integer 0..255 (an 8-bit image)
  std::string first_non_byte;  // where the first sample that is not a byte is ("" = none)
  std::string label;           // e.g. "camera.png 512x512", "typed 3x3", "random 8x6, seed 1"
  int64_t pixels() const { return int64_t(width) * height; }
  sat::Plane plane(int channel) const;
  std::vector<uint8_t> bytes_planes() const;  // the samples as bytes (requires `bytes`)
};

// Reads the settings' input. Images larger than max_side on a side are averaged down by the
// smallest whole factor that fits (the label says so); typed matrices and random sizes must fit
// as they are. `rgb` false: one luminance plane. Throws ws::Error naming the file or the option.
SatInput load_sat_input(const SatSettings& s, int max_side, bool rgb);

// The depth map of depth of field for a w x h image: s.depth is ramp | bowl | step | a file of
// the image's size. Throws ws::Error naming the problem.
std::vector<float> load_sat_depth(const SatSettings& s, int width, int height);

}  // namespace ws::app
