// Lecture-mode captions of the transpose mode: what the step does for the variant shown, in plain
// words, with the shown warp's sectors and bank ways from the trace, then the trace's facts.
#include <algorithm>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scene_kit/step_caption.h"
#include "transpose_run.h"
#include "views/warp_access_list.h"

namespace ws::app {

namespace {

// The shown warp's numbers in a step: sectors of its global read and write, ways of its shared
// read and write (0: no such access).
struct TpWarpNumbers {
  int64_t read_sectors = 0, write_sectors = 0, read_ways = 0, write_ways = 0;
};

TpWarpNumbers tp_warp_numbers(const mem::TransposeRun& run, int step, int warp) {
  TpWarpNumbers n;
  const int per_block =
      (run.geometry.block_threads() + run.trace.warp_size - 1) / run.trace.warp_size;
  for (const WarpAccess& a : warp_access_list(run.trace, step)) {
    if (a.block * per_block + a.warp != warp) continue;
    const bool global = run.trace.buffers[size_t(a.buffer)].space == MemSpace::Global;
    const bool read = a.kind == EventKind::Read;
    if (global)
      (read ? n.read_sectors : n.write_sectors) += a.sectors;
    else
      (read ? n.read_ways : n.write_ways) = std::max(read ? n.read_ways : n.write_ways, a.ways);
  }
  return n;
}

std::string tp_why(const mem::TransposeRun& run, const TraceStep& s, const TpWarpNumbers& n,
                   int warp) {
  const int tile = run.geometry.tile;
  if (s.phase == "copy") {
    if (run.params.variant == mem::TransposeVariant::NaiveColumns)
      return trf(
          "Each thread copies one element, the block laid over the output: warp {0} reads a "
          "column of the input ({1} sectors: neighbouring lanes are a row apart) and writes a "
          "row of the output ({2} sectors, coalesced).",
          warp, n.read_sectors, n.write_sectors);
    return trf(
        "Each thread copies one element: warp {0} reads a row of the input (coalesced, {1} "
        "sectors) and writes a column of the output ({2} sectors: neighbouring lanes are a row "
        "apart, so every lane needs a sector of its own).",
        warp, n.read_sectors, n.write_sectors);
  }
  if (s.phase == "load")
    return trf(
        "The block loads its {0} x {0} input tile by rows: warp {1} reads {2} sectors "
        "(coalesced) and writes the tile by rows ({3}-way in the banks); then a barrier, so no "
        "thread reads the tile before every thread has written it.",
        tile, warp, n.read_sectors, std::max<int64_t>(1, n.write_ways));
  if (run.geometry.pad == 0)
    return trf(
        "The block stores the output tile by rows (warp {0} writes {1} sectors, coalesced), "
        "reading the tile by columns: lanes {2} words apart share a bank, a {3}-way conflict. "
        "One padding column would spread them over the banks.",
        warp, n.write_sectors, tile, std::max<int64_t>(1, n.read_ways));
  if (n.read_ways > 1)
    return trf(
        "The block stores the output tile by rows (warp {0} writes {1} sectors, coalesced), "
        "reading the tile by columns {2} words apart: a warp that reads more than one column "
        "wraps around the 32 banks, so even the padded tile conflicts {3}-way here (at T = 32, "
        "one column a warp, none).",
        warp, n.write_sectors, tile + run.geometry.pad, n.read_ways);
  return trf(
      "The block stores the output tile by rows (warp {0} writes {1} sectors, coalesced), "
      "reading the tile by columns: with the padding column a column's words are {2} apart, "
      "each in its own bank (no conflict).",
      warp, n.write_sectors, tile + run.geometry.pad);
}

}  // namespace

std::string transpose_caption(const TransposeTaught& taught, int step, int warp) {
  const mem::TransposeRun& run = taught.run;
  if (step < 0 || step >= int(run.trace.steps.size())) return "";
  const int shown = std::clamp(warp, 0, transpose_warp_count(run) - 1);
  const TraceStep& s = run.trace.steps[size_t(step)];
  return compose_caption(
      s.label, tp_why(run, s, tp_warp_numbers(run, step, shown), shown),
      step_facts(run.trace, taught.traced.counters, step, &taught.traced.snapshots));
}

}  // namespace ws::app
