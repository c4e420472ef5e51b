// What the reduction's teach mode computes and draws: one traced run of one variant, the input
// both runs read, and where the figure put each run's tree.
#pragma once

#include <string>
#include <vector>

#include "reduce_settings.h"
#include "scene_kit/teach_pipeline.h"
#include "views/trace_tree_view.h"

namespace ws::app {

// One teach-mode run of one variant (its trace, result and launch) with the serial answer.
struct ReduceRun : reduce::TeachRun {
  reduce::Params params;
  double reference = 0;  // the serial loop's answer
};

// The values both runs reduce and where they came from ("camera.png 512×512 → 64×64").
struct ReduceInput {
  std::vector<double> values;
  std::string label;
};

// Where one run's tree was drawn in the figure (for the viewport's hover descriptions).
struct ReduceHoverPane {
  gfx::Vec2 origin;
  TraceTreeKey key;
  const Taught<ReduceRun>* run = nullptr;
};

// Why `step` of a run with `params` does what it does (the teaching point of that step of that
// variant), in the current language; "" for a step it has nothing to add to the facts.
std::string reduce_step_why(const reduce::Params& params, const TraceStep& step, int warp_size);

// Why a tree level of a global-memory variant (8-10) costs what it does
// (reduce_global_caption.cpp).
std::string global_tree_why(reduce::Variant v, int stride, int warp);
// A global-memory run's requests as the books count them (128-byte lines of the tree levels) and
// what the final store adds: "141 requests as the book counts (tree levels) + 2 for the store".
std::string global_requests_text(const Trace& trace, const Counters& counters);

// The figure of the runs at `step`, the input labelled `input`: one tree, or two side by side.
std::vector<ReduceHoverPane> draw_reduce_figure(gfx::Canvas& canvas, gfx::Theme theme,
                                                const std::vector<const Taught<ReduceRun>*>& runs,
                                                const std::string& input, int step);

}  // namespace ws::app
