// What the segmented scan mode computes and draws: the parsed segments, one teach run, the
// per-segment serial scan.
#pragma once

#include <vector>

#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/scan/scan_settings.h"

namespace ws::app {

struct SegmentedRun : segscan::TeachRun {
  segscan::Segments segments;
  std::vector<double> reference;  // the per-segment serial scan
};

// The figure of the run at `step` with the operator and type of `p`; its cells' texts go to
// `hover`.
void draw_segmented(gfx::Canvas& c, gfx::Theme theme, const Taught<SegmentedRun>& run,
                    const segscan::Params& p, int step, HoverMap& hover);
// What the step does and why (lecture mode), with its facts.
std::string segmented_caption(const Taught<SegmentedRun>& run, bool inclusive, int step);

}  // namespace ws::app
