// What the merge scene's tiled mode draws and says besides the trace: its limits and code panel,
// the global loads of the basic, tiled and circular merges of the same input (counted from their
// traces), the figure and the caption as free functions.
#pragma once

#include <string>
#include <vector>

#include "merge/merge.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/modal_scene.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/merge/merge_settings.h"

namespace ws::app {

using TiledTaught = Taught<merge::MergeTeachRun>;

// The book's tile_size must be a multiple of the block's threads (PMPP 12.6).
std::vector<ModeLimit<MergeSettings>> tiled_limits();
KernelSource tiled_source(const MergeSettings& s, const std::string& marker);
std::vector<std::string> tiled_lecture_variants(const MergeSettings& s);

// A merge's global loads of A and B, from its trace: the tile loads (steps of phase "load"; the
// basic merge has none), every other read (the co-rank searches, the basic merge's reads) and
// how often the most and least loaded key was loaded by a tile load.
struct MergeLoads {
  merge::MergeVariant variant = merge::MergeVariant::Basic;
  int64_t outputs = 0;
  int64_t tile_loads = 0, other_reads = 0;
  int64_t sectors = 0;  // every global access's 32-byte sectors (the counters' global_requests)
  int64_t most_loads_of_a_key = 0, fewest_loads_of_a_key = 0;  // tile loads, over A and B
  double loads_per_output() const {
    return outputs ? double(tile_loads + other_reads) / double(outputs) : 0;
  }
};
MergeLoads merge_loads(const merge::MergeTeachRun& run, const Counters& counters);
// The basic, tiled and circular merges of the run's input at its launch, on the CPU twins.
std::vector<MergeLoads> compared_loads(const merge::MergeTeachRun& run);

// Where trace step `step` is in the while loop: the iteration (-1: the block co-rank before it).
int tiled_iteration_of(const merge::MergeTeachRun& run, int step);
// The block's iteration record, or null.
const merge::TileIteration* tiled_iteration(const merge::MergeTeachRun& run, int block,
                                            int iteration);

// A and B with the tile windows outlined, the shared tiles (circular: the ring's start and the
// wrap), C filled so far, each thread's co-ranks in the tile, and the loads of the three merges.
void draw_tiled_teach(gfx::Canvas& c, gfx::Theme theme, const TiledTaught& taught,
                      const std::vector<MergeLoads>& loads, int step, int block, HoverMap& hover);

// The figure's lower half (tiled_panels.cpp): each thread of `block` in `iteration` with its
// outputs and its co-ranks inside the tiles; the three merges' global loads per output as bars.
void draw_tiled_threads(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                        const merge::MergeTeachRun& run, int block, int iteration,
                        const gfx::Palette& p, float font, HoverMap& hover);
void draw_tiled_loads(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                      const std::vector<MergeLoads>& loads, merge::MergeVariant shown,
                      const gfx::Palette& p, float font, HoverMap& hover);

std::string tiled_caption(const TiledTaught& taught, int step, int block);

}  // namespace ws::app
