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
// the map/unmap calls. colour_first (colour the last field, then step) did not help.
// `handoff` picks how the texture passes between the contexts (value_image.h, Handoff); each run
// also reports the phases (CPU clocks; CUDA events around map, colormap and unmap; GL timestamps
// around the draw) and, unless `check` is off, compares the texture and the last drawn frame with
// the CPU colormap of the same field, so a fast but wrong hand-off shows as wrong.
#pragma once

#include <cstdint>
#include <ostream>

#include "interop/value_image.h"
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
  Handoff handoff = Handoff::MapAhead;  // how the texture passes between CUDA and GL (the scene's)
  bool check = true;  // compare the texture and the drawn frame with the CPU colormap at the end
};

// One run's headline numbers (medians over the timed frames; -1: not measured).
struct LiveBenchResult {
  double fps = 0, frame_ms = 0, frame_p99_ms = 0;
  double step_gpu_ms = -1;         // one simulation step
  double colour_done_gpu_ms = -1;  // step done -> colour done and handed back (CUDA events)
  double draw_start_gl_ms = -1;    // frame start -> the GL draw begins (GL timestamps)
  double draw_gl_ms = -1;          // the GL draw, begin to end (GL timestamps)
  bool checked = false, correct = false;
  int64_t texture_mismatches = 0;  // texels != the CPU colormap of the coloured field
  int64_t frame_mismatches = -1;   // drawn pixels != the same figure of a CPU texture (-1: n/a)
};

// Needs a current GL context on the CUDA device and an ImguiRuntime (render_figure_into).
// Returns 0, or 1 with the reason on `out` (no CUDA, a grid that does not fit, GL errors, or a
// check that found wrong pixels). `result`, when given, receives the headline numbers.
int live_bench(std::ostream& out, const LiveBenchOptions& options,
               LiveBenchResult* result = nullptr);
int live_bench(std::ostream& out, int size, int frames, int steps_per_frame,
               stencil::Variant variant = stencil::Variant::Basic);

}  // namespace ws::interop
