// The kernel lab's figure: one student run at one step, drawn like the reduction scene's figure
// (the same trace tree: a row per barrier phase, arrows from the cells each thread read, lanes
// by warp), generic over the exercise's arrays, with the run's diagnostics marked where they
// happened: an out-of-bounds access on its thread's lane (red, with the index and line), a race's
// two lanes and cell, and the wrong outputs outlined red. One Canvas function: window, `render`
// and SVG draw the same.
#pragma once

#include <string>
#include <vector>

#include "lab_figure_data.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "views/trace_tree_view.h"
#include "views/value_grid.h"

namespace ws::app {

struct LabFigureInput {
  const lab::Result* result = nullptr;  // null: nothing has run yet
  const LabFigureData* data = nullptr;  // lab_figure_data(*result)
  std::string exercise;                 // the exercise's title, as shown
  std::string size;                     // the size's name ("teach")
  lab::Launch launch;
  std::string launch_from;  // the source's block macros ("BLOCK_DIM"); "": the exercise's default
  int step = 0;             // 0-based, clamped to the trace
  std::string status;       // shown instead of a figure when there is no trace ("compiling...")
  // The job's arguments and the exercise's reference outputs (optional): a wrong output's
  // expected value in the user's language.
  const std::vector<lab::Arg>* args = nullptr;
  const std::vector<std::vector<double>>* expected = nullptr;
};

// Where a diagnostic was drawn (figure coordinates): hovering it names the diagnostic.
struct LabMarkBox {
  gfx::Vec2 a, b;
  int diagnostic = -1;
};

// A 2D exercise's output drawn as a grid (lab_figure_grid.cpp): its buffer and shape.
struct LabGridShape {
  int buffer = -1;  // -1: no grid (a 1D launch, or no shape fits)
  int width = 0, height = 0;
};

// Where the figure put its parts, for hover.
struct LabFigureKey {
  gfx::Vec2 tree_origin;
  TraceTreeKey tree;
  LabGridShape grid_shape;
  GridGeometry grid;  // figure coordinates
  std::vector<LabMarkBox> marks;
  int step = -1;  // the step drawn
};

LabFigureKey draw_lab_figure(gfx::Canvas& canvas, gfx::Theme theme, const LabFigureInput& in);

// What lies under `point` of the last figure drawn with `key`: a cell or lane as the reduction
// scene describes it (describe_hit), with the source line of every event of that thread in the
// step, and the diagnostic marked there (a wrong output's expected and got). "" over nothing.
std::string describe_lab_figure(const LabFigureInput& in, const LabFigureKey& key, gfx::Vec2 point);

// `d` in the user's language (lab_diagnostic_text.cpp); `args` and `expected` may be null.
std::string lab_diagnostic_text(const lab::Result& result, const lab::Diagnostic& d,
                                const std::vector<lab::Arg>* args,
                                const std::vector<std::vector<double>>* expected);

// The output of a 2D launch: the global buffer the last writing step writes, as width x height
// where the launch covers it with less than a block to spare each way; buffer -1 otherwise.
LabGridShape lab_output_grid(const Trace& trace, const lab::Launch& launch);

// The output grid after `step` inside [min, max]: values as colours (numbers where they fit), the
// cells the step wrote, the wrong ones outlined.
GridGeometry draw_lab_output_grid(gfx::Canvas& canvas, const LabFigureInput& in,
                                  const LabGridShape& shape, int step, gfx::Vec2 min, gfx::Vec2 max,
                                  const gfx::Palette& p, float font);

// Output buffers with wrong cells (written by `step` or before) that no row of the tree shows
// at `step` (lab_figure_outputs.cpp).
std::vector<int> lab_unshown_wrong_buffers(const Trace& trace, const LabFigureData& data, int step);

// One such buffer after `step` as a strip of cells at `origin` (figure coordinates), the wrong
// ones outlined; their boxes go to `marks`.
void draw_lab_output_strip(gfx::Canvas& canvas, const LabFigureInput& in, int buffer, int step,
                           gfx::Vec2 origin, float width, float height, const gfx::Palette& p,
                           float font, std::vector<LabMarkBox>& marks);

// The colour races are marked with (out of bounds and wrong cells use the palette's mismatch).
gfx::Color lab_race_color(const gfx::Palette& p);

// Draws the marks of `in`'s run over a trace tree drawn at `origin` with `tree`; appends the
// boxes to `marks`. (lab_figure_marks.cpp)
void draw_lab_marks(gfx::Canvas& canvas, const LabFigureInput& in, const TraceTreeKey& tree,
                    gfx::Vec2 origin, const gfx::Palette& p, float font,
                    std::vector<LabMarkBox>& marks);

}  // namespace ws::app
