// The live loop of the heat scene, measured without a window: an N x N 2D heat simulation on the
// CUDA backend (hot-square start), and per frame advance(steps_per_frame) on stream 0, colour the
// device field into a ValueImage texture through set_device_values (surface interop, no copy),
// draw that texture over a 1920x1080 offscreen figure (Canvas::image through render_figure_into,
// the GUI viewport's path) and close the frame with a GL fence wait, so frame times are honest
// without vsync. Reports fps, median and p99 frame time, the CPU time of the interop call (map,
// launch, unmap, stream hand-offs) and of the simulation's launches, and the GPU time of the
// simulation step and of the colormap. CUDA-free header.
#pragma once

#include <ostream>

#include "stencil/stencil.h"

namespace ws::interop {

// Needs a current GL context on the CUDA device and an ImguiRuntime (render_figure_into).
// Returns 0, or 1 with the reason on `out` (no CUDA, a grid that does not fit, GL errors).
int live_bench(std::ostream& out, int size, int frames, int steps_per_frame,
               stencil::Variant variant = stencil::Variant::Basic);

}  // namespace ws::interop
