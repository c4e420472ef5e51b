// What the summed-area-table scene's three modes share: the input (an image file, a typed matrix
// or a seeded random image), the variant and accumulation type, the filter (radius, depth of
// field) and the query rectangle. The scene owns one SatSettings, so switching modes keeps all of
// it.
#pragma once

#include <array>
#include <string>

#include "sat/sat.h"

namespace ws::app {

inline constexpr const char* kSatSceneId = "sat";
// The notes' worked example: the 3x3 image 1..9.
inline constexpr const char* kSatNotesExample = "1 2 3; 4 5 6; 7 8 9";

// What a switch to the filter mode replaced (the teaching matrix and its variant), given back on
// the way to teach mode unless the user chose another input meanwhile.
struct SatStash {
  bool held = false;
  std::string values;
  sat::Variant variant = sat::Variant::RowColumn;
};

struct SatSettings {
  // Input: `values` (a typed matrix) wins over `image`; with neither, a seeded random image of
  // `random_size` (W x H).
  std::string values = kSatNotesExample;
  std::string image;
  std::array<int, 2> random_size = {8, 6};
  uint64_t seed = 1;
  bool rgb = false;  // filter R, G, B separately; false: luminance

  sat::Variant variant = sat::Variant::RowColumn;
  sat::Accum accum = sat::Accum::U8U32;
  int tile = 2;  // the single-pass variant's tile edge in teach mode

  sat::FilterMethod method = sat::FilterMethod::Sat;
  bool compare = false;  // filter mode: a second method's image beside the first
  sat::FilterMethod compare_method = sat::FilterMethod::Direct;
  sat::FilterParams filter;  // radius, depth of field, focus, aperture
  std::string depth;         // "" | ramp | bowl | step | an image file

  std::array<int, 4> query = {-1, -1, -1, -1};  // x0, y0, x1, y1 (inclusive); -1: none yet

  SatStash stash;  // not a parameter: what the last switch to the filter mode replaced

  bool has_query() const { return query[0] >= 0; }
  // What the input is, for headers and JSON: "values 3x3", "camera.png", "random 8x6 seed 1".
  std::string input_label() const;
};

// "u8 -> u32", "f32 -> f32", "f32 -> f64": what a figure calls the accumulation type.
const char* accum_label(sat::Accum a);

}  // namespace ws::app
