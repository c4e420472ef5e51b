// Teach mode's lecture captions, in the current language: what the current step of the variant
// does and why (keyed by variant, phase and, with the injected race, the read or write half of the
// update), then which threads' atomics met on which counter this step (the longest queue, or the
// racing reads and stores and the updates they lose), then the trace's facts (step_facts).
#include <algorithm>

#include "histogram_teach_mode.h"
#include "i18n/i18n.h"
#include "scene_kit/step_caption.h"

namespace ws::app {

namespace hg = ws::histogram;

namespace {

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// Where a variant's count phase adds (for the race's sentences).
const char* counted_into(hg::Variant v) {
  switch (v) {
    case hg::Variant::GlobalAtomic:
      return tr("the global histogram");
    case hg::Variant::PrivateGlobal:
      return tr("the block's private copy in global memory");
    case hg::Variant::WarpAggregated:
      return tr("the warp's sub-histogram in shared memory");
    default:
      return tr("the block's copy in shared memory");
  }
}

// Why the step does what it does: the variant's teaching point for this phase.
std::string step_why(hg::Variant v, const std::string& phase, bool flush, int threads,
                     int coarsening) {
  using V = hg::Variant;
  if (phase == "init")
    return v == V::WarpAggregated
               ? tr("Each warp zeroes its own sub-histogram in shared memory (a block holds one "
                    "per warp); the barrier after it lets no lane count into a copy that is not "
                    "zero yet.")
               : tr("Each block zeroes its private copy of the histogram in shared memory; the "
                    "barrier after it lets no thread count into a copy that is not zero yet.");
  if (phase == "merge") {
    if (v == V::PrivateGlobal)
      return tr(
          "Merge: thread j of each block adds its block's private count of bin j to the "
          "global histogram with one atomic (none for an empty bin), so a global counter "
          "sees at most one atomic per block instead of one per sample.");
    if (v == V::WarpAggregated)
      return tr(
          "Merge: thread j of each block sums every warp's count of bin j and adds the sum "
          "to the global histogram with one atomic: the warps' copies meet only here.");
    return tr(
        "Merge: thread j of each block adds its block's shared count of bin j to the global "
        "histogram with one atomic (none for an empty bin): one global atomic per bin per "
        "block instead of one per sample.");
  }
  if (flush)
    return tr(
        "Each thread adds its last, still open run to the block's copy: the one atomic it "
        "still owes.");
  switch (v) {
    case V::Sequential:
      return tr(
          "One thread walks the samples in order and adds 1 to each sample's counter with a "
          "plain increment: no two updates ever meet, so no atomics are needed, but nothing "
          "runs in parallel.");
    case V::GlobalAtomic:
      return trf(
          "Each of the {0} threads takes the next sample and does atomicAdd on its bin's "
          "counter in global memory: threads whose samples fall in the same bin wait in "
          "line on that one counter.",
          threads);
    case V::PrivateGlobal:
      return tr(
          "Privatization: each block adds into its own copy of the histogram in global "
          "memory, so only threads of the same block can meet on a counter, never threads "
          "of different blocks.");
    case V::PrivateShared:
      return tr(
          "Privatization in shared memory: each thread adds its sample to its block's copy; "
          "a hot bin still queues its atomics, but a shared-memory atomic takes a few "
          "cycles instead of a round trip to L2.");
    case V::CoarseContiguous:
      return trf(
          "Thread coarsening, contiguous partitioning: thread t counts its own run of {0} "
          "consecutive samples, one per round; fewer threads share each copy, but "
          "neighbouring lanes read addresses {0} samples apart, so a warp's read is not "
          "coalesced.",
          coarsening);
    case V::CoarseInterleaved:
      return trf(
          "Thread coarsening, interleaved partitioning: in each round thread t reads "
          "sample t + r·{0} ({0} threads), so a warp's 32 lanes read 32 neighbouring "
          "samples in one coalesced access, and every thread still counts several samples.",
          threads);
    case V::Aggregated:
      return tr(
          "Aggregation: a thread keeps a run going while its samples stay in one bin and "
          "does an atomic only when the bin changes, adding the whole run's length at once "
          "(+n in a queue): a run of equal samples costs one atomic.");
    case V::WarpAggregated:
      return tr(
          "Warp aggregation: the lanes of a warp whose samples hit the same bin find each "
          "other with __match_any_sync, and only their leader adds the group's size to the "
          "warp's own sub-histogram: one atomic per bin per warp instruction, so lanes never "
          "queue behind each other.");
  }
  return "";
}

// "t3, t7, t12, t20 and 5 other threads" (five or fewer: all of them)
std::string thread_list(const std::vector<int32_t>& threads) {
  std::string list;
  const size_t shown = threads.size() <= 5 ? threads.size() : 4;
  for (size_t i = 0; i < shown; ++i)
    list += (i ? ", " : "") + std::string("t") + std::to_string(threads[i]);
  if (threads.size() > shown) list = trf("{0} and {1} other threads", list, threads.size() - shown);
  return list;
}

}  // namespace

std::string HistogramTeachMode::caption() const {
  const Taught<hg::TeachRun>* taught = this->taught();
  if (!taught) return "";
  const hg::TeachRun& run = taught->run;
  const Trace& trace = run.trace;
  const int step = this->step();
  if (step < 0 || step >= int(trace.steps.size())) return "";
  const TraceStep& s = trace.steps[size_t(step)];
  const hg::Variant v = run.params.variant;
  const int nbins = run.bins.count;
  const bool race_read = ends_with(s.label, ": read counter");
  const bool race_write = ends_with(s.label, ": write counter");
  const bool flush = s.label.rfind("flush the last run", 0) == 0;
  const int threads = run.params.grid_dim * run.params.block_dim;
  const int coarsening =
      v == hg::Variant::CoarseContiguous
          ? hg::resolve_launch(
                v, int64_t(run.input.size()),
                hg::LaunchShape{run.params.block_dim, run.params.grid_dim, run.params.coarsening})
                .coarsening
          : run.params.coarsening;

  std::string why;
  if (race_read)
    why =
        trf("Injected race: the atomic on {0} is split into a plain read and a plain write. In "
            "this step every thread only reads its counter, so threads that read the same "
            "counter all get the same old value.",
            s.phase == "merge" ? tr("the global histogram") : counted_into(v));
  else if (race_write)
    why =
        tr("Injected race: each thread writes back the value it read plus its own amount; where "
           "several threads read one counter, each store overwrites the one before it and only "
           "the last update survives.");
  else
    why = step_why(v, s.phase, flush, threads, coarsening);

  // Who met on which counter in this step.
  const std::vector<hg::CounterQueue> queues = hg::step_queues(trace, step, nbins);
  std::string met;
  if (queues.empty() && v == hg::Variant::Aggregated && s.phase == "count" && !flush &&
      !race_read && !race_write)
    met = tr("No atomics in this step: every thread is still extending its run.");
  if (!queues.empty()) {
    const hg::CounterQueue& q = queues.front();
    const int len = int(q.threads.size());
    const std::string counter = counter_copy_name(trace, q.buffer, q.copy, nbins) + " [" +
                                bin_range_text(run.bins, q.bin, input_.letters) + "]";
    if (q.plain && q.writes)
      met = len > 2   ? trf("{0} threads ({1}) store to {2}: {3} of their updates are lost.", len,
                            thread_list(q.threads), counter, len - 1)
            : len > 1 ? trf("Two threads ({0}) store to {1}: one of the two updates is lost.",
                            thread_list(q.threads), counter)
                      : std::string(tr("No two threads store to the same counter in this step."));
    else if (q.plain)
      met = len > 2 ? trf("{0} threads ({1}) read {2} at once: they all see the same count, and "
                          "{3} of their updates will be lost.",
                          len, thread_list(q.threads), counter, len - 1)
            : len > 1
                ? trf("Two threads ({0}) read {1} at once: both see the same count, and one of the "
                      "two updates will be lost.",
                      thread_list(q.threads), counter)
                : std::string(tr("No two threads read the same counter in this step."));
    else if (len > 1) {
      met =
          trf("Longest queue: {0} atomics on {1} from threads {2}, one after another (up to {3} "
              "from one warp).",
              len, counter, thread_list(q.threads), q.chain);
    } else {
      met = tr("No two atomics meet on one counter in this step: nothing waits.");
    }
  }
  // The end of the run: the result against the sequential histogram.
  if (step + 1 == int(trace.steps.size())) {
    int64_t lost = 0;
    for (size_t b = 0; b < run.expected.size() && b < run.counts.size(); ++b)
      lost += int64_t(run.expected[b]) - int64_t(run.counts[b]);
    met = compose_caption(
        "", met,
        lost > 0 ? trf("The run lost {0} updates in all: its histogram is short by that "
                       "many counts.",
                       lost)
                 : std::string(tr("The histogram now equals the sequential one.")));
  }
  const std::string facts =
      step_facts(trace, taught->traced.counters, step, &taught->traced.snapshots);
  return compose_caption(s.label, compose_caption("", why, met), facts);
}

}  // namespace ws::app
