// The sort mode's words and choices: the code panel, lecture keys, the merge --merge-at selects
// (and its check), and the lecture caption of a pass's co-rank and merge steps.
#include <algorithm>

#include "common/error.h"
#include "i18n/i18n.h"
#include "scene_kit/step_caption.h"
#include "sort_run.h"

namespace ws::app {

KernelSource sort_source(const MergeSettings& s, const std::string& marker) {
  // The fast sort is taught as merge sort: its trace is variant 6's.
  const merge::SortInfo& info = merge::sort_info(merge::SortVariant::MergeSort);
  return {std::string("kernels/merge/") + info.source, info.id, marker,
          s.sort_variant == merge::SortVariant::Fast
              ? tr("The fast sort's teach trace is the merge sort's passes; its full-size kernel "
                   "keeps each thread's keys in registers.")
              : ""};
}

std::vector<std::string> sort_lecture_variants(const MergeSettings& /*s*/) {
  return {merge::sort_info(merge::SortVariant::MergeSort).id,
          merge::sort_info(merge::SortVariant::Fast).id};
}

namespace {

int sort_passes_for(int n) {
  int passes = 0;
  for (int64_t w = 1; w < n; w *= 2) ++passes;
  return passes;
}

}  // namespace

void check_merge_at(const MergeSettings& s, int n) {
  if (s.merge_level < 0) return;  // auto: the step's pass
  const int passes = sort_passes_for(n);
  if (s.merge_level < 1 || s.merge_level > passes)
    throw Error("merge-at: level " + std::to_string(s.merge_level) + ": " + std::to_string(n) +
                " keys sort in " + std::to_string(passes) + " passes" +
                (passes > 0 ? " (levels 1.." + std::to_string(passes) + ")" : ""));
  const int64_t run = int64_t{2} << (s.merge_level - 1);  // keys a merge of the pass makes
  const int64_t merges = (n + run - 1) / run;
  if (s.merge_index < 0 || s.merge_index >= merges)
    throw Error("merge-at: pass " + std::to_string(s.merge_level) + " has " +
                std::to_string(merges) + " merges (indices 0.." + std::to_string(merges - 1) +
                "), not " + std::to_string(s.merge_index));
}

bool selected_merge(const merge::SortTeachRun& run, const MergeSettings& s, int step, int& pass,
                    int& index) {
  if (run.passes.empty()) return false;
  const int last = int(run.passes.size()) - 1;
  pass = std::clamp(s.merge_level < 0 ? step / 2 : s.merge_level - 1, 0, last);
  const int merges = int(run.passes[size_t(pass)].merges.size());
  if (merges == 0) return false;
  index = std::clamp(s.merge_level < 0 ? 0 : s.merge_index, 0, merges - 1);
  return true;
}

std::string sort_caption(const SortTaught& taught, int step) {
  const merge::SortTeachRun& run = taught.run;
  if (step < 0 || step >= int(run.trace.steps.size())) return "";
  const TraceStep& s = run.trace.steps[size_t(step)];
  const int pass = step / 2;
  std::string why;
  if (pass < int(run.passes.size())) {
    const merge::MergePass& mp = run.passes[size_t(pass)];
    const int threads = run.grid_dim * run.params.block_dim;
    if (s.phase == "corank")
      why =
          trf("Pass {0} merges neighbouring runs of {1} keys into runs of {2} ({3} merges): "
              "each of {4} threads takes {5} outputs and finds with a co-rank search where "
              "they come from in the two runs.",
              pass, mp.width, 2 * mp.width, mp.merges.size(), threads, run.params.per_thread);
    else
      why = pass + 1 == int(run.passes.size())
                ? trf("Each thread merges its outputs from the two runs into the other buffer: "
                      "one run of {0} keys is left, sorted, after {1} passes = ceil(log2 n).",
                      run.input.size(), run.passes.size())
                : trf("Each thread merges its outputs from the two runs into the other buffer "
                      "(ping-pong): the runs are now {0} keys long.",
                      2 * mp.width);
  }
  return compose_caption(
      s.label, why, step_facts(run.trace, taught.traced.counters, step, &taught.traced.snapshots));
}

}  // namespace ws::app
