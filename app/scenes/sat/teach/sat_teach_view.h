// What the teach figure draws and its hover reads: where each buffer's grid went, and why each
// step of each variant does what it does (the lecture caption's reason).
#pragma once

#include <string>

#include "common/trace.h"
#include "scenes/sat/sat_input.h"
#include "views/value_grid.h"

namespace ws::app {

// One buffer drawn as a grid: the trace buffer, the cells' place, the elements from one grid row
// to the next, and the shown block's first element (a shared tile exists once per block).
struct SatTeachGrid {
  int buffer = 0;
  GridGeometry geometry;
  int stride = 0;
  int64_t offset = 0;
};

// Why step `s` of variant `v` does what it does, in the current language (the variant's lesson
// for a step the sentences do not know).
std::string sat_teach_why(sat::Variant v, const TraceStep& s);

}  // namespace ws::app
