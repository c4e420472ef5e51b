// What the teach figure and captions derive from a convolution trace: the threads behind each
// output, the threads that only load, and how the filter's reads were served.
#include <map>

#include "conv_teach_run.h"

namespace ws::app {

namespace {

constexpr int kFilterBuffer = 1;
constexpr int kOutputBuffer = 2;

}  // namespace

int block_threads(const conv::TeachRun& run) {
  return std::max(1, run.geometry.block_x * run.geometry.block_y);
}

FilterReads filter_reads(const Trace& trace, int step) {
  FilterReads reads;
  if (step < 0 || step >= static_cast<int>(trace.steps.size())) return reads;
  const TraceStep& s = trace.steps[static_cast<size_t>(step)];
  const int bt = std::max(s.block_dim, 1);
  const int warp = std::max(trace.warp_size, 1);
  // Every lane walks the weights in the same order (row j, then column i), so the reads of one
  // weight by a warp's lanes are one warp-level instruction, whatever lanes skipped before it (a
  // zero ghost cell skips a multiply-add, and its read of F, in some lanes only).
  std::map<std::pair<int64_t, int32_t>, int> lanes;  // (warp, weight) -> lanes reading it
  for (const TraceEvent& e : s.events) {
    if (e.buffer != kFilterBuffer || e.kind != EventKind::Read) continue;
    const int64_t w = int64_t(e.thread / bt) * ((bt + warp - 1) / warp) + (e.thread % bt) / warp;
    ++lanes[{w, e.address}];
  }
  for (const auto& [key, count] : lanes) {
    ++reads.accesses;
    reads.lane_reads += count;
    if (count > 1) ++reads.broadcasts;
  }
  return reads;
}

std::vector<int32_t> output_threads(const conv::TeachRun& run) {
  std::vector<int32_t> who(static_cast<size_t>(run.width) * run.height, -1);
  for (const TraceStep& s : run.trace.steps)
    for (const TraceEvent& e : s.events) {
      const bool computes =
          e.kind == EventKind::Op || (e.kind == EventKind::Write && e.buffer == kOutputBuffer);
      if (computes && e.address >= 0 && e.address < static_cast<int32_t>(who.size()))
        who[static_cast<size_t>(e.address)] = e.thread;
    }
  return who;
}

std::vector<bool> idle_threads(const conv::TeachRun& run) {
  const int blocks = run.geometry.grid_x * run.geometry.grid_y;
  std::vector<bool> idle(static_cast<size_t>(blocks) * block_threads(run), true);
  for (const TraceStep& s : run.trace.steps)
    for (const TraceEvent& e : s.events)
      if (e.kind == EventKind::Op && e.thread >= 0 && e.thread < static_cast<int32_t>(idle.size()))
        idle[static_cast<size_t>(e.thread)] = false;
  return idle;
}

}  // namespace ws::app
