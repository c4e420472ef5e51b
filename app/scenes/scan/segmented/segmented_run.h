// What the segmented scan mode computes and draws: the parsed segments, one teach run, the
// per-segment serial scan, and where the figure put its rows (which trace step each row shows).
#pragma once

#include <vector>

#include "scenes/scan/scan_settings.h"
#include "scene_kit/teach_pipeline.h"
#include "views/cell_rows.h"

namespace ws::app {

struct SegmentedRun : segscan::TeachRun {
  segscan::Segments segments;
  std::vector<double> reference;  // the per-segment serial scan
};

struct SegmentedHover {
  std::vector<int> row_step;  // the trace step each row shows (-1: not a step)
  std::vector<CellRow> rows;
  RowsGeometry geometry;
};

// The figure of the run at `step` with the operator and type of `p`; fills `hover`.
void draw_segmented(gfx::Canvas& c, gfx::Theme theme, const Taught<SegmentedRun>& run,
                    const segscan::Params& p, int step, SegmentedHover& hover);
// What the step does and why (lecture mode), with its facts.
std::string segmented_caption(const Taught<SegmentedRun>& run, bool inclusive, int step);

}  // namespace ws::app
