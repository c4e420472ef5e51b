// The lab's figure: what the student's run did at the current step (S2 draws the trace view,
// counters and marks here; until then lab_figure_placeholder.cpp draws the header, the verdict
// and the diagnostics as text).
#pragma once

#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scenes/lab/lab_run.h"
#include "scenes/lab/lab_settings.h"

namespace ws::app {

struct LabFigureInput {
  const LabSettings* settings = nullptr;
  const LabRun* run = nullptr;  // null until the first run finished
  int step = 0;                 // the step shown, 0..trace steps - 1
  bool busy = false;            // a run is under way (the figure shows the last one)
};

void draw_lab_figure(gfx::Canvas& canvas, const LabFigureInput& input, gfx::Theme theme,
                     HoverMap& hover);

}  // namespace ws::app
