// Path mode's lecture captions: what the step does for the followed thread (which pass of which
// search, the keys it compared and where that moved it; or the outputs it merged), then the
// trace's facts.
#include "i18n/i18n.h"
#include "merge_path_run.h"
#include "scene_kit/step_caption.h"

namespace ws::app {

std::string path_step_text(const merge::MergeTeachRun& run, const PathModel& model, int step,
                           int thread) {
  const PathStep s = model.steps.at(size_t(step));
  if (run.params.variant == merge::MergeVariant::Sequential)
    return tr(
        "One thread walks the whole merge path: at every step it compares the front keys "
        "of A and B and takes the smaller (A's on a tie).");
  if (model.threads.empty()) return "";
  const PathThread& t = model.threads.at(size_t(thread));
  const merge::ThreadRange& r = t.range;
  if (s.kind == PathStepKind::Merge)
    return trf(
        "Every thread merges its own piece sequentially: thread {0} writes C[{1}..{2}) "
        "from A[{3}..{4}) and B[{5}..{6}); this is its output {7}.",
        r.thread, r.k_curr, r.k_next, r.i_curr, r.i_next, r.j_curr, r.j_next, s.pass + 1);
  const bool next = s.kind == PathStepKind::CorankNext;
  const auto& passes = next ? t.search_next : t.search_curr;
  const int k = next ? r.k_next : r.k_curr;
  if (s.pass >= int(passes.size()))
    return trf(
        "Thread {0} has found the co-rank of k = {1} (i = {2}, j = {3}) and waits for the "
        "threads still searching.",
        r.thread, k, next ? r.i_next : r.i_curr, next ? r.j_next : r.j_curr);
  const merge::CorankIteration& it = passes[size_t(s.pass)];
  return trf(
      "Thread {0} searches the diagonal k = {1}: pass {2} starts at i = {3}, j = {4} "
      "(i_low = {5}, j_low = {6}); {7}.",
      r.thread, k, s.pass + 1, it.i, it.j, it.i_low, it.j_low,
      corank_pass_text(it, run.trace.type));
}

std::string path_caption(const MergeTaught& taught, const PathModel& model, int step,
                         int shown_thread) {
  const merge::MergeTeachRun& run = taught.run;
  if (step < 0 || step >= int(run.trace.steps.size())) return "";
  return compose_caption(
      run.trace.steps[size_t(step)].label, path_step_text(run, model, step, shown_thread),
      step_facts(run.trace, taught.traced.counters, step, &taught.traced.snapshots));
}

}  // namespace ws::app
