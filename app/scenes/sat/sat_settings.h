// What the summed-area-table scene's three modes share: the input (an image file, a typed matrix
// or a seeded random image), the variant and accumulation type, the filter (radius, depth of
// field) and the query rectangle. The scene owns one SatSettings, so switching modes keeps all of
// it.
#pragma once

#include <array>
#include <string>

#include "sat/sat.h"
#include "scene_kit/image_source.h"

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
  // The input (scene_kit/image_source.h): the notes' example by default; `source.rgb` filters
  // R, G, B separately, else luminance.
  ImageSource source = {kSatNotesExample};

  sat::Variant variant = sat::Variant::RowColumn;
  sat::Accum accum = sat::Accum::U8U32;
  int tile = 2;  // teach mode: the tile edge of variants 4 and 5 (single-pass, register-tiled)
  // Teach mode: the table of `variant`, or the fused box filter at filter.radius (u8 only).
  sat::TeachKernel teach_kernel = sat::TeachKernel::Table;

  sat::FilterMethod method = sat::FilterMethod::Sat;
  bool compare = false;  // filter mode: a second method's image beside the first
  sat::FilterMethod compare_method = sat::FilterMethod::Direct;
  sat::FilterParams filter;  // radius, depth of field, focus, aperture
  std::string depth;         // "" | ramp | bowl | step | an image file

  std::array<int, 4> query = {-1, -1, -1, -1};  // x0, y0, x1, y1 (inclusive); -1: none yet

  SatStash stash;  // not a parameter: what the last switch to the filter mode replaced

  bool has_query() const { return query[0] >= 0; }
};

// "u8 -> u32", "f32 -> f32", "f32 -> f64": what a figure calls the accumulation type.
const char* accum_label(sat::Accum a);

}  // namespace ws::app
