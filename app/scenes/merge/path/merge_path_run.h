// What the merge scene's path mode draws and says besides the trace: each thread's piece of the
// output and its two co-rank searches (merge::corank_search, the book's while loop pass by pass),
// what each trace step is (a pass of the k_curr or k_next search, or a merge step), and the
// figure, caption and row data as free functions.
#pragma once

#include <string>
#include <vector>

#include "merge/merge.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/merge/merge_settings.h"

namespace ws::app {

using MergeTaught = Taught<merge::MergeTeachRun>;

// One thread's piece: C[k_curr, k_next) from A[i_curr, i_next) and B[j_curr, j_next), and the
// passes of its two searches (the last pass of each is Done).
struct PathThread {
  merge::ThreadRange range;
  std::vector<merge::CorankIteration> search_curr, search_next;
};

// What a trace step of the run is.
enum class PathStepKind { CorankCurr, CorankNext, Merge };
struct PathStep {
  PathStepKind kind = PathStepKind::Merge;
  int pass = 0;  // co-rank: the pass of the search (0-based); merge: the merge step (0-based)
};

struct PathModel {
  std::vector<PathThread> threads;
  std::vector<PathStep> steps;  // one per trace step
  // The co-rank of every diagonal k = 0..m+n (i; j = k - i), from the book's co_rank.
  std::vector<int> corank_i;
};

PathModel path_model(const merge::MergeTeachRun& run);
// The thread the figure and caption follow, clamped into the run's threads (the book's thread 1
// by default).
int path_shown_thread(const PathModel& model, int wanted);

// The mode's row in the scene's table: the code panel's source (the variant's kernel, the step's
// statement) and lecture mode's keys 1..3 (sequential, basic, fast).
KernelSource path_source(const MergeSettings& s, const std::string& marker);
std::vector<std::string> path_lecture_variants(const MergeSettings& s);

// The figure at trace step `step`: the merge path with the threads' diagonals and probes, the
// shown thread's search table, C coloured by writer. Hover regions go into `hover`.
void draw_merge_path_teach(gfx::Canvas& c, gfx::Theme theme, const MergeTaught& taught,
                           const PathModel& model, int step, int shown_thread, bool pairs,
                           HoverMap& hover);
// The lecture caption of `step` for the shown thread, then the trace's facts.
std::string path_caption(const MergeTaught& taught, const PathModel& model, int step,
                         int shown_thread);
// What `step` does for the followed thread, in one or two sentences (the caption's "why").
std::string path_step_text(const merge::MergeTeachRun& run, const PathModel& model, int step,
                           int thread);
// One pass of a search in words: "A[2] = 8 > B[0] = 7: i too high, delta = 2 -> i = 1, j = 2".
std::string corank_pass_text(const merge::CorankIteration& it, ValueType type);

}  // namespace ws::app
