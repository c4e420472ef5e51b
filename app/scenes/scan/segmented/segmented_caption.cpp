// Lecture-mode caption of the segmented scan: per step what the threads do and why the head flags
// keep every segment's scan to itself within one Kogge-Stone pass, then the trace's facts.
#include <cctype>
#include <cstdlib>

#include "i18n/i18n.h"
#include "scene_kit/step_caption.h"
#include "segmented_run.h"

namespace ws::app {

std::string segmented_caption(const Taught<SegmentedRun>& run, bool inclusive, int step) {
  const Trace& trace = run.run.trace;
  if (trace.steps.empty()) return "";
  const int current = std::min(step, static_cast<int>(trace.steps.size()) - 1);
  const TraceStep& s = trace.steps[current];
  std::string why;
  if (s.phase == "load") {
    why = inclusive
              ? tr("Each thread loads its value and its head flag into shared memory: flag 1 "
                   "marks the first element of a segment.")
              : tr("For the exclusive scan each thread loads the previous value, or the identity "
                   "where a segment starts, and its head flag: shifting within each segment.");
  } else if (s.phase == "scan") {
    size_t i = 0;
    while (i < s.label.size() && !std::isdigit(static_cast<unsigned char>(s.label[i]))) ++i;
    const int64_t stride = i < s.label.size() ? std::atoll(s.label.c_str() + i) : 0;
    why = run.traced.counters.per_step[current].ops == 0
              ? std::string(tr("Nothing combines: every position's window already reached its "
                               "segment head (its flag is set); the threads only check their "
                               "flags, while a plain Kogge-Stone network would still combine."))
              : trf("A position i whose flag is clear combines the value of position i-{0} and "
                    "takes its flag (flags combine with OR); a position whose flag is set has "
                    "reached its segment head and stops, so no value crosses a segment boundary.",
                    stride);
  } else {
    why =
        tr("Each thread stores its value: every segment was scanned on its own, in one pass "
           "over the whole array, with no launch per segment.");
  }
  return compose_caption(s.label, why,
                         step_facts(trace, run.traced.counters, current, &run.traced.snapshots));
}

}  // namespace ws::app
