// Variant 1's CPU twin: one thread runs merge_sequential over all of A and B, four outputs a step.
#include <algorithm>
#include <string>
#include <vector>

#include "merge_teach_cpu.h"

namespace ws::merge {

template <class Key>
MergeTwin twin_sequential(MergeTeachRun run, const TypedInput<Key>& in) {
  const int m = int(in.a.size()), n = int(in.b.size()), total = m + n;
  std::vector<Key> c(static_cast<size_t>(total));
  std::vector<uint32_t> c_values(static_cast<size_t>(total));
  std::vector<TraceEvent> events;
  HostTrace rec;
  rec.events = &events;
  rec.thread = 0;
  rec.begin(body::kMerge, 0);
  const body::Keys<Key> a{in.a.data(), in.a_values.data(), body::kArrayA, 0, 0};
  const body::Keys<Key> b{in.b.data(), in.b_values.data(), body::kArrayB, 0, 0};
  body::merge_traced(a, m, b, n, c.data(), c_values.data(), 0, rec, body::kMerge, 0,
                     kSequentialOutputsPerStep);

  MergeTwin twin;
  twin.bases.fill(0);
  Trace& t = run.trace;
  for (int first = 0; first < total || first == 0; first += kSequentialOutputsPerStep) {
    const int last = std::min(first + kSequentialOutputsPerStep, total) - 1;
    add_steps(t, 0, "merge C[" + std::to_string(first) + ".." + std::to_string(last) + "]", "merge",
              "@sequential-merge", 0);
    if (total == 0) t.steps.back().label = "merge (nothing to merge)";
  }
  place_events(events, twin.bases, t);
  run.c.assign(c.begin(), c.end());
  run.c_values = c_values;
  ThreadRange r;
  r.k_next = total, r.i_next = m, r.j_next = n;
  run.ranges = {r};
  twin.run = std::move(run);
  return twin;
}

template MergeTwin twin_sequential<int32_t>(MergeTeachRun, const TypedInput<int32_t>&);
template MergeTwin twin_sequential<float>(MergeTeachRun, const TypedInput<float>&);

}  // namespace ws::merge
