// What the memory scene's transpose mode draws and says besides the trace: its limits, the
// figure and caption as free functions, and the full-size timings (transpose.h's time_transpose
// against a copy of the same bytes) measured in the scene's background work.
#pragma once

#include <string>
#include <vector>

#include "memory/transpose.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/background_work.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/modal_scene.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/memory/memory_settings.h"

namespace ws::app {

using TransposeTaught = Taught<mem::TransposeRun>;

// Teach mode's bounds: sides 1..64, tile 4..32, the fast variant's rows of threads dividing T.
std::vector<ModeLimit<MemorySettings>> transpose_limits();

// The mode's row in the scene's table: the code panel's source (the variant's kernel file, the
// step's statement) and lecture mode's keys 1..6 (the six variants).
KernelSource transpose_source(const MemorySettings& s, const std::string& marker);
std::vector<std::string> transpose_lecture_variants(const MemorySettings& s);

// The warps of a run's launch (blocks x warps per block) and the warp `warp` clamped into them.
int transpose_warp_count(const mem::TransposeRun& run);

// The teach figure of `taught` (and `compare` under it, or null) at `step`; `warp` (launch-wide)
// is the warp whose accesses are drawn as sectors and banks. Hover regions go into `hover`.
void draw_transpose_teach(gfx::Canvas& c, gfx::Theme theme, const TransposeTaught& taught,
                          const TransposeTaught* compare, int step, int warp, HoverMap& hover);

// The lecture caption of `step`: what the step does for the variant, the shown warp's sectors
// and bank ways, then the trace's facts.
std::string transpose_caption(const TransposeTaught& taught, int step, int warp);

// Full size (CUDA): every variant timed at rows x cols beside a copy of the same bytes.
struct TransposeTimingRow {
  mem::TransposeVariant variant = mem::TransposeVariant::NaiveRows;
  mem::TransposeTiming timing;
  double percent_of_copy = 0;  // GB/s against the copy kernel's, in one process
};
struct TransposeTimings {
  int rows = 0, cols = 0;
  bool available = false;  // false: no CUDA device (note says why)
  std::string note;
  mem::CopyTimings copy;
  std::vector<TransposeTimingRow> rows_timed;
};
// Runs on the scene's background work (`control`: progress and cancel between variants).
TransposeTimings measure_transposes(int rows, int cols, int repeats, const WorkControl& control);

}  // namespace ws::app
