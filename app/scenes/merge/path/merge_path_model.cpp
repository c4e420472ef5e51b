// Path mode's model of a run: each thread's searches, what each trace step is, the co-rank of
// every diagonal; the row's code panel source and lecture keys; a search pass in words.
#include <algorithm>

#include "i18n/i18n.h"
#include "merge_path_run.h"
#include "views/figure_parts.h"

namespace ws::app {

PathModel path_model(const merge::MergeTeachRun& run) {
  PathModel model;
  for (const merge::ThreadRange& r : run.ranges) {
    if (r.iteration >= 0) continue;  // tiled rows: not this mode's
    PathThread t;
    t.range = r;
    if (run.params.variant != merge::MergeVariant::Sequential) {
      t.search_curr = merge::corank_search(r.k_curr, run.a, run.b);
      t.search_next = merge::corank_search(r.k_next, run.a, run.b);
    }
    model.threads.push_back(std::move(t));
  }
  int curr = 0, next = 0, merges = 0;
  for (const TraceStep& s : run.trace.steps) {
    PathStep step;
    if (s.phase == "corank") {
      const bool is_next = s.label.find("k_next") != std::string::npos;
      step.kind = is_next ? PathStepKind::CorankNext : PathStepKind::CorankCurr;
      step.pass = is_next ? next++ : curr++;
    } else {
      step.pass = merges++;
    }
    model.steps.push_back(step);
  }
  const int total = int(run.a.size() + run.b.size());
  for (int k = 0; k <= total; ++k)
    model.corank_i.push_back(merge::corank_search(k, run.a, run.b).back().i_after);
  return model;
}

int path_shown_thread(const PathModel& model, int wanted) {
  return std::clamp(wanted, 0, std::max(0, int(model.threads.size()) - 1));
}

KernelSource path_source(const MergeSettings& s, const std::string& marker) {
  const merge::MergeInfo& info = merge::merge_info(s.path_variant);
  return {std::string("kernels/merge/") + info.source, info.id, marker, ""};
}

std::vector<std::string> path_lecture_variants(const MergeSettings&) {
  return {merge::merge_info(merge::MergeVariant::Sequential).id,
          merge::merge_info(merge::MergeVariant::Basic).id,
          merge::merge_info(merge::MergeVariant::Fast).id};
}

std::string corank_pass_text(const merge::CorankIteration& it, ValueType type) {
  using merge::CorankTest;
  if (it.test == CorankTest::AAboveB)
    return trf("A[{0}] = {1} > B[{2}] = {3}: i is too high; delta = {4}, so i = {5}, j = {6}",
               it.i - 1, number(it.a_prev, type), it.j, number(it.b_here, type), it.delta,
               it.i_after, it.j_after);
  if (it.test == CorankTest::BAtLeastA)
    return trf("B[{0}] = {1} >= A[{2}] = {3}: i is too low; delta = {4}, so i = {5}, j = {6}",
               it.j - 1, number(it.b_prev, type), it.i, number(it.a_here, type), it.delta,
               it.i_after, it.j_after);
  return trf("neither test holds: the co-rank is i = {0}, j = {1}", it.i, it.j);
}

}  // namespace ws::app
