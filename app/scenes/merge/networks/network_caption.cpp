// The networks mode's words: its limits and code panel, the counts beside their formulas, and the
// lecture caption of a step (load, a stage in shared or global memory, store).
#include <algorithm>

#include "common/variant_table.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "networks_run.h"
#include "scene_kit/step_caption.h"

namespace ws::app {

std::vector<ModeLimit<MergeSettings>> network_limits() {
  return {};  // the keys' own ranges (0..128 keys, 2..64 threads) are the parse's
}

KernelSource network_source(const MergeSettings& s, const std::string& marker) {
  const merge::SortInfo& info = merge::sort_info(s.network_variant);
  return {std::string("kernels/merge/") + info.source, info.id, marker, ""};
}

std::vector<std::string> network_lecture_variants(const MergeSettings& /*s*/) {
  return {merge::sort_info(merge::SortVariant::Bitonic).id,
          merge::sort_info(merge::SortVariant::OddEven).id};
}

std::string network_counts_text(const merge::SortTeachRun& run, const NetworkFacts& facts) {
  const int32_t wires = run.network.wires;
  const bool bitonic = run.network.kind == merge::NetworkKind::Bitonic;
  const int64_t formula = bitonic ? merge::bitonic_comparator_formula(wires)
                                  : merge::odd_even_merge_comparator_formula(wires);
  return trf(
      "N = {0} wires (L = log2 N): {1} stages = L (L + 1) / 2 = {2}; {3} comparators = "
      "{4} = {5}; shared tile {6} keys",
      wires, run.network.stages.size(), merge::network_stage_formula(wires), facts.comparators,
      bitonic ? tr("(N/2) L (L + 1) / 2") : tr("(L^2 - L + 4) N / 4 - 1"), formula, run.tile);
}

namespace {

std::string network_why(const merge::SortTeachRun& run, const NetworkFacts& facts, int step) {
  const TraceStep& ts = run.trace.steps[size_t(step)];
  if (ts.phase == "load")
    return trf(
        "Each block copies its {0} keys from global memory into its shared tile; the "
        "stages whose distance j stays inside the tile run there, a barrier between "
        "them.",
        run.tile);
  if (ts.phase == "store")
    return tr(
        "Each block writes its tile back to global memory: the next stage reaches past "
        "a tile, or the sort is done.");
  const int s = facts.step_stage[size_t(step)];
  if (s < 0) return "";
  const merge::NetworkStage& stage = run.network.stages[size_t(s)];
  const int busy = int(stage.comparators.size());
  const int idle = stage.threads - busy;
  std::string where =
      facts.stage_shared[size_t(s)]
          ? trf("Stage k {0}, j {1} in shared memory: each of {2} threads compares two keys "
                "{1} apart and puts them in order.",
                stage.k, stage.j, busy)
          : trf("Stage k {0}, j {1}: the distance reaches past the block's tile of {2} keys, so "
                "the stage is a launch of its own on global memory, {3} threads each comparing "
                "two keys.",
                stage.k, stage.j, run.tile, busy);
  if (run.network.kind == merge::NetworkKind::Bitonic)
    where += " " + trf("Runs of {0} keys alternate ascending and descending (lo & k), so the "
                       "next stage merges bitonic sequences.",
                       stage.k);
  else if (idle > 0)
    where += " " + trf("{0} of {1} threads sit idle: odd-even merge sort needs fewer "
                       "comparators than bitonic, paid for with idle lanes.",
                       idle, stage.threads);
  return where;
}

}  // namespace

std::string network_caption(const NetworkTaught& taught, const NetworkFacts& facts, int step) {
  const merge::SortTeachRun& run = taught.run;
  if (step < 0 || step >= int(run.trace.steps.size())) return "";
  const TraceStep& s = run.trace.steps[size_t(step)];
  return compose_caption(
      s.label, network_why(run, facts, step),
      step_facts(run.trace, taught.traced.counters, step, &taught.traced.snapshots));
}

}  // namespace ws::app
