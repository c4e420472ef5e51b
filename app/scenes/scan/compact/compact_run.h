// What the compaction mode computes and draws: one teach run with the std::copy_if reference and
// where its input came from.
#pragma once

#include <string>
#include <vector>

#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/scan/scan_settings.h"

namespace ws::app {

struct CompactRun : compact::TeachRun {
  std::vector<double> reference;  // std::copy_if
  std::string input_label;
  int image_width = 0, image_height = 0;  // > 0: the input is an image's pixels, row-major
};

// The figure of the run at `step` with the predicate and type of `p`; what lies where goes to
// `hover` (the rows' cells, or the image panels' pixels).
void draw_compact(gfx::Canvas& c, gfx::Theme theme, const Taught<CompactRun>& run,
                  const compact::Params& p, int step, HoverMap& hover);
// What the step does and why (lecture mode), with its facts.
std::string compact_caption(const Taught<CompactRun>& run, const compact::Params& p, int step);

}  // namespace ws::app
