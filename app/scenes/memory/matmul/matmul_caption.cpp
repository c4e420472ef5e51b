// Lecture-mode captions of the matmul mode: what the step does in the book's words (PMPP
// 5.3-5.5), which thread of the shown block loads which element (Fig. 5.7), how often each loaded
// element is used, then the trace's facts.
#include <algorithm>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "matmul_run.h"
#include "scene_kit/step_caption.h"

namespace ws::app {

namespace {

// "thread (0, 1) loads M[0][1] and N[0][1]; ..." for up to four threads of the block.
std::string mm_who_loads(const mem::MatmulTeachRun& run, int step, int block) {
  std::string text;
  int shown = 0, last = -1;
  for (const MatmulLoad& l : matmul_loads(run, block)) {
    if (l.step != step) continue;
    if (l.thread != last) {
      if (shown == 4) {
        text += ", ...";
        break;
      }
      text += (shown ? "; " : "") + trf("thread ({0}, {1}) loads", l.ty, l.tx);
      ++shown;
      last = l.thread;
    }
    text += std::string(" ") + (l.of_m ? "M" : "N") + "[" + std::to_string(l.row) + "][" +
            std::to_string(l.col) + "]";
  }
  return text;
}

// The most reads of one shared element by the block in `step` (its reuse).
int mm_reuse(const mem::MatmulTeachRun& run, int step, int block) {
  int most = 0;
  for (int buffer : {3, 4})
    for (int r : shared_reads(run, step, block, buffer)) most = std::max(most, r);
  return most;
}

std::string mm_why(const mem::MatmulTeachRun& run, const TraceStep& s, int step, int block) {
  const int tile = run.params.tile;
  if (run.params.variant == mem::MatmulVariant::Naive) {
    if (s.phase == "store") return tr("Each thread writes its output element of P.");
    return tr(
        "Each thread computes one element of P from a row of M and a column of N read straight "
        "from global memory: two 4-byte loads per multiply-add (2 FLOPs), 0.25 OP/B.");
  }
  if (s.phase == "load")
    return trf(
        "Block {0} loads the phase's tiles of M and N into Mds and Nds, one element per thread "
        "({1}), then waits at a barrier so no thread computes before both tiles are complete.",
        block, mm_who_loads(run, step, block));
  if (s.phase == "compute")
    return trf(
        "Each thread takes its row of Mds and its column of Nds for the phase's multiply-adds: "
        "each element loaded from global memory is used {0} times here (TILE_WIDTH {1}: "
        "global traffic falls by {1}x). The barrier after keeps the tiles until every thread is "
        "done with them.",
        mm_reuse(run, step, block), tile);
  return tr("Each thread writes its output element of P (after the last phase).");
}

}  // namespace

std::string matmul_caption(const MatmulTaught& taught, int step, int block) {
  const mem::MatmulTeachRun& run = taught.run;
  if (step < 0 || step >= int(run.trace.steps.size())) return "";
  const int b = std::clamp(block, 0, run.geometry.grid_x * run.geometry.grid_y - 1);
  const TraceStep& s = run.trace.steps[size_t(step)];
  return compose_caption(
      s.label, mm_why(run, s, step, b),
      step_facts(run.trace, taught.traced.counters, step, &taught.traced.snapshots));
}

}  // namespace ws::app
