// The teach figure's layout of its buffers (sat_teach_view.cpp draws them), and what is the fused
// box filter's own in it: which buffers each of its launches shows, as grids (the image, the
// running and strip sums, the segment totals, the start columns, the output) or as rows of w cells
// (the shown block's V and the two rows of E its step writes or reads), and the window the image
// outlines in a walk step.
#pragma once

#include <string>
#include <vector>

#include "common/trace.h"
#include "sat/sat.h"
#include "sat/sat_filter_rule.h"

namespace ws::app::sat_teach {

// How a buffer is drawn as a grid.
struct GridShape {
  int width = 0, height = 0;
  int stride = 0;       // elements from one grid row to the next
  bool shared = false;  // one copy per block: the block shown is chosen per step
  std::string caption;
};

// A run of a buffer drawn as one row of cells, with its label.
struct RowSlice {
  size_t first = 0, count = 0;
  std::string label;
};

// Whether the trace is the fused filter's (its buffer 0 is "image").
bool is_fused(const Trace& trace);
// The fused filter's buffers drawn as grids (false: a row buffer, V and E).
bool fused_grid_shape(const TraceBuffer& buf, int w, int h, GridShape& g);
// Whether step `s` of the fused filter shows buffer `b`: those of its launch (the image and the
// output in the walk, V and E as rows), and any other it touches.
bool fused_buffer_shown(const Trace& trace, const TraceStep& s, int b);
// The rows of the fused filter's V and E in block `block` at walk iteration `iteration`: V, and
// E's two rows in the buffer of the iteration (its parity), w cells a row.
std::vector<RowSlice> fused_row_slices(const TraceBuffer& buf, int w, int block, int iteration);
// The block a step works in (its first event's thread's), else 0.
int step_block(const TraceStep& s);

// In a walk step of the fused filter, what the image outlines: the window of output pixel
// (w / 2, y) when the step writes pixels, else the rows V covers for output row y; y is the first
// row the shown block handles in the step. The block shown is `shown_block` (the panel's choice,
// clamped to the run's blocks), or the step's own (its first event's) when that is negative.
struct WalkFocus {
  bool shown = false, pixel = false;
  int block = 0, iteration = 0;  // the block shown and the iteration of the step (0 before)
  int x = 0, y = 0;
  sat::filter_rule::Window window{};
};
WalkFocus walk_focus(const sat::TeachRun& run, int step, int shown_block = -1);

}  // namespace ws::app::sat_teach
