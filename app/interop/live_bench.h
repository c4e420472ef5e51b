// The stencil simulation's frame loop, measured without a window: an N x N 2D heat simulation on
// the CUDA backend (hot-square start), and per frame advance(steps_per_frame) on stream 0, colour
// the device field into a ValueImage texture through set_device_values (surface interop, no copy),
// draw that texture over a 1920x1080 offscreen figure (Canvas::image through render_figure_into,
// the GUI viewport's path) and close the frame with a GL fence wait, so frame times are honest
// without vsync. Reports fps, median and p99 frame time, the CPU time of the interop call (map,
// launch, unmap, stream hand-offs) and of the simulation's launches, and the GPU time of the
// simulation step and of the colormap. CUDA-free header.
//
// Measured on an H200 (driver 580.159.04, 2026-11-22), 4096^2, 1 step per frame: 321 fps, frame
// 3.10 ms, interop call 0.05 ms CPU. The frame is not GPU work (step 0.075 ms, colormap 0.14 ms):
// the colormap finishes ~2.4 ms after a step that ran on stream 0 just before it, at every size,
// while without a step (steps_per_frame 0) it finishes 0.24 ms after its event and frames take
// 0.71 ms. So the cost is the hand-off between the CUDA and GL contexts while CUDA is busy, not
// the map/unmap calls. colour_first (colour the last field, then step) is the candidate fix; it
// was not measured yet (see the diagnostics below).
#pragma once

#include <ostream>

#include "stencil/stencil.h"

namespace ws::interop {

struct LiveBenchOptions {
  int size = 4096;  // N: an N x N grid
  int frames = 300;
  int steps_per_frame = 1;
  stencil::Variant variant = stencil::Variant::Basic;
  // Diagnostics of the CUDA -> GL hand-off (the defaults are the scene's loop):
  bool blit = false;          // draw with glBlitFramebuffer instead of the ImGui figure
  bool cpu_wait = false;      // the CPU waits for the colormap before issuing the draw
  bool flush = false;         // glFlush right after set_device_values
  bool colour_first = false;  // colour the field, then advance it (shows the last frame's field)
  bool wait_step = false;     // the CPU waits for the simulation step before colouring
  int frames_in_flight = 1;   // 1: wait for this frame's fence; 2: for the previous frame's
};

// Needs a current GL context on the CUDA device and an ImguiRuntime (render_figure_into).
// Returns 0, or 1 with the reason on `out` (no CUDA, a grid that does not fit, GL errors).
int live_bench(std::ostream& out, const LiveBenchOptions& options);
int live_bench(std::ostream& out, int size, int frames, int steps_per_frame,
               stencil::Variant variant = stencil::Variant::Basic);

}  // namespace ws::interop
