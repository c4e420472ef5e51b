// The output of a 2D exercise (a 2D launch writing an image or a matrix) as a grid beside the
// trace tree: the values after the current step, the cells the step wrote, the wrong ones
// outlined. A long row of cells hides the picture; the grid shows it.
#include <algorithm>
#include <cmath>

#include "common/inputs.h"
#include "i18n/i18n.h"
#include "interop/colormap.h"
#include "lab_figure.h"
#include "views/value_grid.h"

namespace ws::app {

LabGridShape lab_output_grid(const Trace& trace, const lab::Launch& launch) {
  LabGridShape shape;
  const int64_t wide = int64_t{launch.grid_x} * launch.block_x;
  const int64_t tall = int64_t{launch.grid_y} * launch.block_y;
  if (tall <= 1 || trace.steps.empty()) return shape;
  // The output: the global buffer the last writing step writes most.
  for (int s = static_cast<int>(trace.steps.size()) - 1; s >= 0 && shape.buffer < 0; --s) {
    const int b = focus_buffer(trace.steps[size_t(s)]);
    if (b >= 0 && trace.buffers[size_t(b)].space == MemSpace::Global) shape.buffer = b;
  }
  if (shape.buffer < 0) return shape;
  // Its width and height: a grid covers the image with less than one block to spare each way.
  const int64_t n = trace.buffers[size_t(shape.buffer)].size;
  for (int64_t w = wide; w > std::max<int64_t>(0, wide - launch.block_x); --w)
    if (n % w == 0 && n / w <= tall && n / w > tall - launch.block_y) {
      shape.width = static_cast<int>(w);
      shape.height = static_cast<int>(n / w);
      return shape;
    }
  shape.buffer = -1;
  return shape;
}

GridGeometry draw_lab_output_grid(gfx::Canvas& c, const LabFigureInput& in,
                                  const LabGridShape& shape, int step, gfx::Vec2 min, gfx::Vec2 max,
                                  const gfx::Palette& p, float font) {
  const Trace& trace = in.result->trace;
  const std::vector<double>& values = in.data->snapshots[size_t(step)][size_t(shape.buffer)];
  double lo = 0, hi = 0;
  bool first = true;
  for (double v : values)
    if (!std::isnan(v)) {
      lo = first ? v : std::min(lo, v);
      hi = first ? v : std::max(hi, v);
      first = false;
    }
  std::vector<bool> written(values.size(), false);
  for (const TraceEvent& e : trace.steps[size_t(step)].events)
    if ((e.kind == EventKind::Write || e.kind == EventKind::Atomic) && e.buffer == shape.buffer &&
        e.address >= 0 && size_t(e.address) < written.size())
      written[size_t(e.address)] = true;
  const std::vector<bool>* wrong =
      in.data->wrong.empty() ? nullptr : &in.data->wrong[size_t(step)][size_t(shape.buffer)];
  auto cell = [&](int x, int y) {
    GridCell g;
    const size_t i = size_t(y) * size_t(shape.width) + size_t(x);
    const double v = values[i];
    const float t = hi > lo ? float((v - lo) / (hi - lo)) : 0.5f;
    g.fill = interop::colormap_color(interop::Colormap::Viridis, t);
    g.text = format_value(v, trace.type);
    g.written = written[i];
    g.mismatch = wrong && (*wrong)[i];
    return g;
  };
  const std::string caption =
      trf("{0}: {1}×{2} after this step", trace.buffers[size_t(shape.buffer)].name, shape.width,
          shape.height);
  return draw_value_grid(c, min, max, shape.width, shape.height, cell, caption, p, font);
}

}  // namespace ws::app
