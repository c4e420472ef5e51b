// Lecture-mode captions of the threads mode: why the step does what it does in this format, then
// the lanes, divergence, sectors and atomics of the step.
#include "i18n/i18n.h"
#include "scene_kit/step_caption.h"
#include "threads_view.h"

namespace ws::app {

namespace {

using spmv::SpmvVariant;

std::string threads_why(const spmv::SpmvTeachRun& run, const TraceStep& s,
                        const ThreadsStepFacts& f) {
  const SpmvVariant v = run.params.variant;
  if (s.phase == "atomic")
    return tr(
        "One thread per nonzero: each multiplies its value by x[col] and adds it to "
        "y[row] with atomicAdd; nonzeros of one row collide on y[row] and the hardware "
        "serializes them (numbered on y).");
  if (s.phase == "load") return tr("Each thread reads where its row starts and ends in row_ptr.");
  if (s.phase == "shuffle")
    return tr(
        "The warp sums its 32 partial sums with a shuffle-down tree: lane l adds lane "
        "l + offset's sum, registers only, no memory traffic.");
  if (s.phase == "write")
    return v == SpmvVariant::Jds
               ? tr("Thread i wrote sorted row i: its result goes to y[perm[i]], the row's "
                    "place before sorting.")
               : tr("Each row's sum is written to y once.");
  if (v == SpmvVariant::Csr)
    return f.finished_lanes > 0
               ? trf("Threads whose row has more nonzeros multiply the next one; {0} lanes have "
                     "finished their row and wait for the longest row of their warp "
                     "(divergence). Neighbouring lanes read far-apart col and val: uncoalesced.",
                     f.finished_lanes)
               : tr("Every thread multiplies the next nonzero of its row. Neighbouring lanes "
                    "read col and val a row apart: uncoalesced.");
  if (v == SpmvVariant::Ell || (v == SpmvVariant::Hybrid && s.phase == "multiply"))
    return f.padding_reads > 0
               ? trf("Every thread reads slot k of its row: column-major, so neighbouring lanes "
                     "read neighbouring addresses (coalesced). {0} of the slots are padding: "
                     "work that adds 0.",
                     f.padding_reads)
               : tr("Every thread reads slot k of its row: column-major, so neighbouring lanes "
                    "read neighbouring addresses (coalesced), and no lane waits.");
  if (v == SpmvVariant::Jds)
    return tr(
        "Rows sorted by length: diagonal k holds element k of every row that has one, "
        "so the lanes still at work are neighbours and read neighbouring addresses.");
  if (v == SpmvVariant::CsrVector)
    return tr(
        "A warp per row: lane l takes nonzeros l, l + 32, ... of the row, so the warp's "
        "loads of col and val are coalesced; a short row leaves lanes idle.");
  return "";
}

}  // namespace

std::string threads_caption(const ThreadsShown& shown) {
  const spmv::SpmvTeachRun& run = shown.taught.run;
  if (shown.step < 0 || shown.step >= int(run.trace.steps.size()) ||
      size_t(shown.step) >= shown.analysis.steps.size())
    return "";
  const TraceStep& s = run.trace.steps[size_t(shown.step)];
  const ThreadsStepFacts& f = shown.analysis.steps[size_t(shown.step)];
  const std::string sectors =
      trf("Sectors: col {0}, val {1}, x {2}.", f.sectors_col, f.sectors_val, f.sectors_x);
  return compose_caption(s.label, threads_why(run, s, f),
                         step_facts(run.trace, shown.taught.traced.counters, shown.step,
                                    &shown.taught.traced.snapshots) +
                             " " + sectors);
}

}  // namespace ws::app
