// What teach mode's figure lays out for the hover text, and the names it gives the counters.
#pragma once

#include <string>
#include <vector>

#include "common/trace.h"
#include "scenes/histogram/histogram_input.h"
#include "views/cell_rows.h"

namespace ws::app {

struct HistogramTeachHover {
  std::vector<CellRow> rows;  // the input strip and the counter copies
  RowsGeometry geometry;
  struct Box {
    gfx::Vec2 min, max;
    std::string text;
  };
  std::vector<Box> boxes;  // queue boxes and bars
};

// A counter copy's name as the figures and captions show it: "hist", "private b1", "shared b0",
// "warp b0 w1" (in the current language).
std::string counter_copy_name(const Trace& trace, int buffer, int copy, int bins);

}  // namespace ws::app
