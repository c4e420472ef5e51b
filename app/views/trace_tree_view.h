// The level-by-level picture of any step trace: one row per step showing the array that step
// wrote (after the step), arrows from the cells each thread read to the cell it wrote, and under
// every row a strip of thread lanes coloured by warp (inactive lanes grey, divergent warps marked).
// Reduction draws its tree with it; scan, histogram and BFS traces draw the same way.
#pragma once

#include <string>
#include <vector>

#include "common/counters.h"
#include "common/trace.h"
#include "render/canvas.h"
#include "render/palette.h"

namespace ws::app {

struct TraceTreeInput {
  const Trace* trace = nullptr;
  const std::vector<std::vector<std::vector<double>>>* snapshots = nullptr;  // [step][buffer]
  const Counters* counters = nullptr;
  const std::vector<std::vector<std::vector<bool>>>* mismatch = nullptr;  // optional
  int current_step = 0;
  int input_buffer = 0;  // the buffer shown as the first row (initial values)
  bool show_ops = true;  // "16 ops" in the row labels (false: a trace without Op events)
  // Row titles per step, replacing the steps' labels (e.g. with their source lines); optional.
  const std::vector<std::string>* step_titles = nullptr;
};

// How the cells were drawn: with their values as text, or (cells too small for text) as colours
// on the viridis scale, each row from its own minimum (`lo`) to its maximum (`hi`), so the inputs
// stay visible next to the large partial sums.
// Where one row was drawn: its cells, and under them the strip of thread lanes.
struct TraceTreeRowGeometry {
  int step = -1, buffer = -1;  // step -1: the input row
  float x0 = 0, y = 0, cell_w = 0, cell_h = 0;
  int64_t cells = 0;
  float lanes_y = 0, lanes_h = 0, lane_w = 0;
  int threads = 0;  // 0: no lane strip
};

struct TraceTreeKey {
  bool values_as_colour = false;
  double lo = 0, hi = 0;
  std::vector<TraceTreeRowGeometry> rows;  // for hit testing (hover, click)
};

// What lies under a point of the canvas: a cell (buffer, flat index) or a thread lane.
struct TraceTreeHit {
  int step = -1;    // -1 with a buffer: the input row
  int buffer = -1;  // -1: no cell
  int64_t index = -1;
  int thread = -1;  // -1: no lane
};
TraceTreeHit hit_test(const TraceTreeKey& key, gfx::Vec2 point);

// A few lines a student can read: the cell's value and which thread wrote it, with everything that
// thread read, computed and wrote in that step; or, for a lane, what that thread did.
std::string describe_hit(const Trace& trace,
                         const std::vector<std::vector<std::vector<double>>>& snapshots,
                         const TraceTreeHit& hit);

// Draws into the whole canvas area.
TraceTreeKey draw_trace_tree(gfx::Canvas& canvas, const TraceTreeInput& in,
                             const gfx::Palette& palette);

// The key of a values-as-colour figure: a viridis bar from "row min" to "row max".
void draw_value_colour_bar(gfx::Canvas& canvas, gfx::Vec2 origin, gfx::Vec2 size, float font,
                           const gfx::Palette& palette);

// The buffer a step mainly writes (most Write/Atomic events; the first on a tie), or -1.
int focus_buffer(const TraceStep& step);

}  // namespace ws::app
