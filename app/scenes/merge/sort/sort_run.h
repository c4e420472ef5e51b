// What the merge scene's sort mode draws and says besides the trace (and what the networks mode
// shares with it): the sort's reference (std::stable_sort), the run document's result, the
// mode's limits and code panel, the figure and the caption as free functions.
#pragma once

#include <string>
#include <vector>

#include "merge/sort.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/modal_scene.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/run_json.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/merge/merge_settings.h"

namespace ws::app {

using SortTaught = Taught<merge::SortTeachRun>;

// The sort's reference: std::stable_sort of (key, tag) by key (with tags 0..n-1 in input order
// this is also the (key, value) order the networks sort pairs into).
struct SortedPairs {
  std::vector<double> keys;
  std::vector<uint32_t> values;  // empty without values
};
SortedPairs stable_sorted(const std::vector<double>& keys, const std::vector<uint32_t>& values);

// input, reference, result, matches_reference and summary of a sort run's document; the values
// are checked when `values_ordered` (a stable sort, or a network given pairs: their (key, value)
// order is the stable one, the values being tags in input order), else the keys alone.
void fill_sort_result(RunJson& doc, const merge::SortTeachRun& run, const std::string& source,
                      bool values_ordered);

// Sort mode: passes of bottom-up merge sort (variant 6; 9, the fast sort, taught as 6).
KernelSource sort_source(const MergeSettings& s, const std::string& marker);
std::vector<std::string> sort_lecture_variants(const MergeSettings& s);
// The pass (0-based, as the trace's labels count) and merge of `--merge-at level,index`: level L
// is the row pass L - 1 writes (level 0 is the input); "auto" (merge_level -1) follows the step
// shown: merge 0 of its pass. Clamped into `run`; false when the run has no merge.
bool selected_merge(const merge::SortTeachRun& run, const MergeSettings& s, int step, int& pass,
                    int& index);
// Throws ws::Error naming --merge-at when the pass or the merge does not exist for n keys.
void check_merge_at(const MergeSettings& s, int n);

// The passes as levels (the input, then the keys after each pass; runs outlined, each pass's
// merges coloured, the step's pass highlighted) and the merge path of merge `index` of pass
// `pass` below them, its threads' cuts on it. Each merge's cells go into `hover`, and
// `merge_hits` gets (pass, index) per merge rectangle for clicks.
struct MergeHit {
  gfx::Vec2 min, max;
  int pass = 0, index = 0;
};
void draw_sort_teach(gfx::Canvas& c, gfx::Theme theme, const SortTaught& taught, int step, int pass,
                     int index, HoverMap& hover, std::vector<MergeHit>* merge_hits);

std::string sort_caption(const SortTaught& taught, int step);

}  // namespace ws::app
