// What the merge scene's networks mode draws and says besides the trace: its limits, the code
// panel's source, the figure and the caption as free functions.
#pragma once

#include <string>
#include <vector>

#include "merge/sort.h"
#include "network_facts.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/modal_scene.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/merge/merge_settings.h"

namespace ws::app {

using NetworkTaught = Taught<merge::SortTeachRun>;

// Teach mode's bounds: 0..128 keys (merge::kSortTeachMaxKeys).
std::vector<ModeLimit<MergeSettings>> network_limits();
// The code panel (the network's kernel file, the step's statement) and lecture keys 1, 2
// (bitonic, odd-even).
KernelSource network_source(const MergeSettings& s, const std::string& marker);
std::vector<std::string> network_lecture_variants(const MergeSettings& s);

// The network diagram at trace step `step`: wires across, comparators by stage (coloured by the
// thread, or for more than 8 threads the block, that owns them; the arrow points where the larger
// key goes), stages grouped by k, shared-memory stages shaded apart from global ones, padding
// wires dashed, the stage shown outlined with the keys before and after it.
void draw_network_teach(gfx::Canvas& c, gfx::Theme theme, const NetworkTaught& taught,
                        const NetworkFacts& facts, int step, HoverMap& hover);

// The lecture caption: what the step does (load, a stage and its k and j, store), why, the
// stage's comparators, then the trace's facts.
std::string network_caption(const NetworkTaught& taught, const NetworkFacts& facts, int step);

// The counts the header and the run document give: stages and comparators beside the formulas.
std::string network_counts_text(const merge::SortTeachRun& run, const NetworkFacts& facts);

}  // namespace ws::app
