// Lecture-mode caption of stream compaction: per step (keyed by the step's code marker) what the
// threads do and why the three passes (flags, exclusive scan, scatter) put every kept element in
// its place, then the trace's facts of the step.
#include <cctype>
#include <cstdlib>

#include "compact_run.h"
#include "i18n/i18n.h"
#include "scene_kit/step_caption.h"

namespace ws::app {

namespace {

// The stride of a Kogge-Stone step's label ("stride 4" -> 4).
int64_t stride_of(const std::string& label) {
  size_t i = 0;
  while (i < label.size() && !std::isdigit(static_cast<unsigned char>(label[i]))) ++i;
  return i < label.size() ? std::atoll(label.c_str() + i) : 0;
}

}  // namespace

std::string compact_caption(const Taught<CompactRun>& run, const compact::Params& params,
                            int step) {
  const Trace& trace = run.run.trace;
  if (trace.steps.empty()) return "";
  const int current = std::min(step, static_cast<int>(trace.steps.size()) - 1);
  const TraceStep& s = trace.steps[current];
  const std::string& m = s.code_marker;
  std::string why;
  if (m == "@predicate")
    why =
        trf("Every thread tests its own element against the predicate ({0}) and writes flag 1 "
            "to keep it, 0 to drop it. No thread needs another's result: a perfectly parallel "
            "step.",
            tr_text(compact::describe(params.predicate)));
  else if (m == "@load")
    why =
        tr("Each block loads the flags shifted right by one, thread 0 a zero, into XY: scanning "
           "the shifted flags gives the exclusive scan, the number of kept elements before "
           "each position.");
  else if (m == "@ks-step")
    why =
        trf("A Kogge-Stone step inside each block, stride {0}: XY[t] adds XY[t-{0}], so each "
            "position now counts the kept elements among up to {1} flags before it.",
            stride_of(s.label), 2 * stride_of(s.label));
  else if (m == "@store")
    why =
        tr("Each thread writes its block-local count to positions[i]; the last thread also "
           "writes the block's number of kept elements to the block sums.");
  else if (m == "@block-sums")
    why =
        tr("One thread scans the block sums into block offsets: block b's offset is how many "
           "elements the earlier blocks keep. With few blocks a serial loop is the cheapest "
           "scan.");
  else if (m == "@add-back")
    why =
        tr("Each block adds its offset: positions[i] is now the number of kept elements before "
           "i in the whole array, which is exactly where element i goes.");
  else if (m == "@scatter")
    why =
        tr("Every kept element writes itself to output[positions[i]]: the positions are "
           "distinct and increasing, so no two threads collide and the kept elements keep their "
           "order.");
  return compose_caption(s.label, why,
                         step_facts(trace, run.traced.counters, current, &run.traced.snapshots));
}

}  // namespace ws::app
