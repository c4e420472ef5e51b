#include "teach_pipeline.h"

#include <cmath>

namespace ws::app {

namespace {

// Cell by cell: where the kernel's buffers differ from the twin's after each step.
std::vector<std::vector<std::vector<bool>>> cell_mismatch(const Snapshots& twin,
                                                          const Snapshots& kernel) {
  std::vector<std::vector<std::vector<bool>>> mismatch(kernel.size());
  for (size_t s = 0; s < kernel.size() && s < twin.size(); ++s) {
    for (size_t b = 0; b < kernel[s].size() && b < twin[s].size(); ++b) {
      std::vector<bool> row(kernel[s][b].size(), false);
      for (size_t i = 0; i < row.size() && i < twin[s][b].size(); ++i) {
        const double x = kernel[s][b][i], y = twin[s][b][i];
        row[i] = !(x == y || (std::isnan(x) && std::isnan(y)));
      }
      mismatch[s].push_back(std::move(row));
    }
  }
  return mismatch;
}

}  // namespace

TracedRun analyse_trace(Backend backend, const Trace& trace, const std::function<Trace()>& run_twin,
                        const TwinComparison& compare) {
  TracedRun r;
  r.backend = backend;
  r.counters = compute_counters(trace);
  r.snapshots = replay_snapshots(trace);
  if (backend != Backend::Cuda || !run_twin) return r;
  r.twin.ran = true;
  try {
    const Trace twin = run_twin();
    if (compare) {
      Trace compared = trace;
      r.twin.difference = compare(twin, compared, &r.twin.note);
      r.twin.mismatch = cell_mismatch(replay_snapshots(twin), replay_snapshots(compared));
    } else {
      r.twin.difference = compare_traces(twin, trace);
      r.twin.mismatch = cell_mismatch(replay_snapshots(twin), r.snapshots);
    }
  } catch (const std::exception& e) {
    r.twin.difference = std::string("the CPU twin failed: ") + e.what();
  }
  return r;
}

}  // namespace ws::app
