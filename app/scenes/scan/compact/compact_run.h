// What the compaction mode computes and draws: one teach run with the std::copy_if reference and
// where its input came from, and where the figure put its cells (rows, or the image panels).
#pragma once

#include <string>
#include <vector>

#include "scenes/scan/scan_settings.h"
#include "scene_kit/teach_pipeline.h"
#include "views/cell_rows.h"

namespace ws::app {

struct CompactRun : compact::TeachRun {
  std::vector<double> reference;  // std::copy_if
  std::string input_label;
  int image_width = 0, image_height = 0;  // > 0: the input is an image's pixels, row-major
};

// A panel (or memory-order strip) of the image figure: 0 input image, 1 flags, 2 positions,
// 3 output.
struct CompactImageBox {
  gfx::Vec2 min, max;
  int width = 0, height = 0;
  int what = 0;
};
struct CompactHover {
  std::vector<CellRow> rows;  // the rows figure (typed or random values)
  RowsGeometry geometry;
  std::vector<CompactImageBox> image;  // the image figure
};

// The figure of the run at `step` with the predicate and type of `p`; fills `hover`.
void draw_compact(gfx::Canvas& c, gfx::Theme theme, const Taught<CompactRun>& run,
                  const compact::Params& p, int step, CompactHover& hover);
std::string describe_compact(const Taught<CompactRun>& run, const compact::Params& p, int step,
                             const CompactHover& hover, gfx::Vec2 point);
// What the step does and why (lecture mode), with its facts.
std::string compact_caption(const Taught<CompactRun>& run, const compact::Params& p, int step);

}  // namespace ws::app
