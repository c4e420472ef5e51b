// One warp's lanes in a step as a row of boxes: busy (the warp's colour), finished (their work
// done while the warp still runs: divergence, drawn hollow) or idle (no work in this launch,
// grey), each with a short text (the row or element it handles) and a tooltip. The SpMV scene's
// threads mode draws a warp per row; any figure about divergence from uneven work can.
#pragma once

#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"

namespace ws::app {

enum class LaneState { Busy, Finished, Idle };

struct LaneRow {
  std::string label;  // "warp 0"
  gfx::Color color;   // the warp's
  std::vector<LaneState> lanes;
  std::vector<std::string> texts;   // per lane (optional), drawn when it fits
  std::vector<std::string> hovers;  // per lane (optional)
};

// Draws the row from `origin`: `lane_w` a lane, `cell_h` high, the label in the first `label_w`.
// Returns the right edge.
float draw_lane_row(gfx::Canvas& c, gfx::Vec2 origin, float lane_w, float cell_h, float label_w,
                    const LaneRow& row, const gfx::Palette& p, float font, HoverMap& hover);

}  // namespace ws::app
