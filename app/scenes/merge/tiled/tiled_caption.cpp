// Lecture-mode captions of the tiled mode: what the step of the while loop does for the block
// shown, with the iteration's counters (loaded, used, consumed), then the trace's facts.
#include <algorithm>

#include "i18n/i18n.h"
#include "scene_kit/step_caption.h"
#include "tiled_run.h"

namespace ws::app {

namespace {

std::string tiled_why(const merge::MergeTeachRun& run, const TraceStep& s, int step, int block) {
  const bool circular = run.params.variant == merge::MergeVariant::Circular;
  if (s.phase == "corank" && tiled_iteration_of(run, step) < 0)
    return tr(
        "Thread 0 of each block finds where the block's share of C starts and ends in A "
        "and B (two co-rank searches in global memory) and hands them to its threads "
        "through shared memory.");
  const merge::TileIteration* it = tiled_iteration(run, block, tiled_iteration_of(run, step));
  if (!it) return trf("Block {0} has no work left in this iteration.", block);
  if (s.phase == "load")
    return circular ? trf("Only the slots the last iteration consumed are refilled: {0} keys of "
                          "A and {1} of B, written after the ring's start (A_S_start {2}, "
                          "B_S_start {3}), so no key is loaded twice.",
                          it->A_loaded, it->B_loaded, it->A_S_start, it->B_S_start)
                    : trf("The block loads the next {0} keys of A and of B into A_S and B_S, "
                          "coalesced: {1} keys, although the last iteration used only some of "
                          "the tile it had.",
                          run.params.tile, it->A_loaded + it->B_loaded);
  if (s.phase == "corank")
    return circular ? tr("Each thread finds its co-ranks inside the tiles, reading the ring "
                         "through its start (co_rank_circular): shared memory only.")
                    : tr("Each thread finds its co-ranks inside the tiles: the binary search now "
                         "reads shared memory only.");
  if (s.phase == "merge")
    return trf(
        "Each thread merges its outputs from the tiles and writes them to C: {0} outputs "
        "in this iteration.",
        it->outputs);
  if (s.phase == "consume")
    return trf(
        "The tile's {0} outputs took {1} keys of A and {2} of B (a co-rank of the whole "
        "tile): A_consumed and B_consumed grow by them, and the next iteration starts "
        "there.",
        it->outputs, it->A_used, it->B_used);
  return "";
}

}  // namespace

std::string tiled_caption(const TiledTaught& taught, int step, int block) {
  const merge::MergeTeachRun& run = taught.run;
  if (step < 0 || step >= int(run.trace.steps.size())) return "";
  const TraceStep& s = run.trace.steps[size_t(step)];
  return compose_caption(
      s.label, tiled_why(run, s, step, block),
      step_facts(run.trace, taught.traced.counters, step, &taught.traced.snapshots));
}

}  // namespace ws::app
