// What the threads view reads besides the trace (spmv.h's SpmvTeachRun): each thread's row and
// the slots it read, the rows each step worked on, and the order the atomics hit each y[row].
// Computed from the trace alone, so a GPU run is described by its own events.
#include <algorithm>
#include <string>

#include "spmv_teach_cpu.h"

namespace ws::spmv {

namespace {

int views_buffer(const Trace& t, const char* name) {
  for (size_t b = 0; b < t.buffers.size(); ++b)
    if (t.buffers[b].name == name) return int(b);
  return -1;
}

// Threads with work in a launch of the run (rows, nonzeros, or rows * 32).
int64_t views_threads(const SpmvTeachRun& run, SpmvLaunch launch) {
  switch (run.params.variant) {
    case SpmvVariant::Coo:
      return run.coo.nnz();
    case SpmvVariant::Hybrid:
      return launch == SpmvLaunch::Main ? run.matrix.rows : run.hybrid.coo.nnz();
    case SpmvVariant::CsrVector:
      return int64_t(run.matrix.rows) * kSpmvWarpSize;
    default:
      return run.matrix.rows;
  }
}

int32_t views_row(const SpmvTeachRun& run, SpmvLaunch launch, int64_t t) {
  if (t >= views_threads(run, launch)) return -1;
  switch (run.params.variant) {
    case SpmvVariant::Coo:
      return run.coo.row[size_t(t)];
    case SpmvVariant::Hybrid:
      return launch == SpmvLaunch::Main ? int32_t(t) : run.hybrid.coo.row[size_t(t)];
    case SpmvVariant::CsrVector:
      return int32_t(t / kSpmvWarpSize);
    case SpmvVariant::Jds:
      return run.jds.perm[size_t(t)];
    default:
      return int32_t(t);
  }
}

void add_launch_threads(SpmvTeachRun& run, SpmvLaunch launch) {
  const int bd = run.params.block_dim;
  const int64_t threads = views_threads(run, launch);
  const int64_t grid = std::max<int64_t>(1, (threads + bd - 1) / bd);
  const size_t first = run.threads.size();
  for (int64_t t = 0; t < grid * bd; ++t) {
    SpmvThreadWork w;
    w.thread = int32_t(t);
    w.launch = launch;
    w.row = views_row(run, launch, t);
    run.threads.push_back(w);
  }
  const bool coo_part = launch == SpmvLaunch::HybridCoo;
  const int val = views_buffer(run.trace, run.params.variant == SpmvVariant::Hybrid
                                              ? (coo_part ? "coo_val" : "ell_val")
                                              : "val");
  for (size_t s = 0; s < run.trace.steps.size(); ++s) {
    if (run.steps[s].launch != launch) continue;
    for (const TraceEvent& e : run.trace.steps[s].events) {
      if (e.kind != EventKind::Read || e.buffer != val) continue;
      SpmvThreadWork& w = run.threads[first + size_t(e.thread)];
      w.slots.push_back(e.address);
      ++w.iterations;
    }
  }
}

}  // namespace

void describe_spmv_run(SpmvTeachRun& run) {
  run.threads.clear();
  add_launch_threads(run, SpmvLaunch::Main);
  const bool hybrid = run.params.variant == SpmvVariant::Hybrid;
  if (hybrid && run.hybrid.coo.nnz() > 0) add_launch_threads(run, SpmvLaunch::HybridCoo);
  const bool vector = run.params.variant == SpmvVariant::CsrVector;
  const int sum = views_buffer(run.trace, "sum");
  run.atomic_order.assign(uses_atomics(run.params.variant) ? size_t(run.matrix.rows) : 0, {});
  for (size_t s = 0; s < run.trace.steps.size(); ++s) {
    std::vector<int32_t>& rows = run.steps[s].rows;
    rows.clear();
    for (const TraceEvent& e : run.trace.steps[s].events) {
      if (e.kind == EventKind::Op)
        rows.push_back(vector && e.buffer == sum ? e.address / kSpmvWarpSize : e.address);
      if (e.kind == EventKind::Atomic) run.atomic_order[size_t(e.address)].push_back(e.thread);
    }
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  }
}

}  // namespace ws::spmv
