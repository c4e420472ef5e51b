// The tiled mode's facts from the traces: global loads of A and B per output for the basic, tiled
// and circular merges of one input, and where a step is in the tiled while loop.
#include <algorithm>

#include "tiled_run.h"

namespace ws::app {

std::vector<ModeLimit<MergeSettings>> tiled_limits() {
  return {};  // tile and threads are checked together by the parse (sort_params.cpp)
}

KernelSource tiled_source(const MergeSettings& s, const std::string& marker) {
  const merge::MergeInfo& info = merge::merge_info(s.tiled_variant);
  return {std::string("kernels/merge/") + info.source, info.id, marker, ""};
}

std::vector<std::string> tiled_lecture_variants(const MergeSettings& /*s*/) {
  return {merge::merge_info(merge::MergeVariant::Tiled).id,
          merge::merge_info(merge::MergeVariant::Circular).id};
}

MergeLoads merge_loads(const merge::MergeTeachRun& run, const Counters& counters) {
  MergeLoads l;
  l.variant = run.params.variant;
  l.outputs = int64_t(run.a.size() + run.b.size());
  l.sectors = counters.global_requests;
  const size_t m = run.a.size();
  std::vector<int64_t> per_key(m + run.b.size(), 0);
  for (const TraceStep& s : run.trace.steps)
    for (const TraceEvent& e : s.events) {
      if (e.kind != EventKind::Read || (e.buffer != 0 && e.buffer != 1)) continue;
      if (s.phase != "load") {
        ++l.other_reads;
        continue;
      }
      ++l.tile_loads;
      ++per_key[(e.buffer == 0 ? 0 : m) + size_t(e.address)];
    }
  if (!per_key.empty() && l.tile_loads > 0) {
    l.most_loads_of_a_key = *std::max_element(per_key.begin(), per_key.end());
    l.fewest_loads_of_a_key = *std::min_element(per_key.begin(), per_key.end());
  }
  return l;
}

std::vector<MergeLoads> compared_loads(const merge::MergeTeachRun& run) {
  std::vector<MergeLoads> out;
  for (merge::MergeVariant v :
       {merge::MergeVariant::Basic, merge::MergeVariant::Tiled, merge::MergeVariant::Circular}) {
    merge::MergeTeachParams p = run.params;
    p.variant = v;
    const merge::MergeTeachRun r =
        merge::teach_merge(p, run.a, run.b, Backend::Cpu, run.a_values, run.b_values);
    out.push_back(merge_loads(r, compute_counters(r.trace)));
  }
  return out;
}

int tiled_iteration_of(const merge::MergeTeachRun& run, int step) {
  int iteration = -1;
  for (int s = 0; s <= step && s < int(run.trace.steps.size()); ++s)
    if (run.trace.steps[size_t(s)].phase == "load") ++iteration;
  return iteration;
}

const merge::TileIteration* tiled_iteration(const merge::MergeTeachRun& run, int block,
                                            int iteration) {
  for (const merge::TileIteration& it : run.iterations)
    if (it.block == block && it.iteration == iteration) return &it;
  return nullptr;
}

}  // namespace ws::app
