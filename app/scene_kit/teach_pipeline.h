// The teach pipeline every scene shares. A scene supplies "run the variant on a backend" (the CPU
// twin or the CUDA kernel, each returning a run with a `.trace`); the kit computes the counters,
// replays the snapshots and, for a CUDA run, runs the twin on the same input and checks the two
// traces against each other, event by event and cell by cell.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/backend.h"
#include "common/counters.h"
#include "common/trace.h"

namespace ws::app {

using Snapshots = std::vector<std::vector<std::vector<double>>>;  // [step][buffer][element]

// A CUDA run judged against its CPU twin.
struct TwinCheck {
  bool ran = false;        // false on the CPU backend (the twin is the run)
  std::string difference;  // "" when the traces agree
  std::string note;        // what the comparison left out (e.g. a schedule-dependent path)
  std::vector<std::vector<std::vector<bool>>> mismatch;  // [step][buffer][element] differs
  bool matches() const { return difference.empty(); }
};

// What the kit derives from one traced run.
struct TracedRun {
  Backend backend = Backend::Cpu;
  Counters counters;
  Snapshots snapshots;
  TwinCheck twin;
};

// How a scene compares the twin's trace with the kernel's ("" = the same). The default is
// compare_traces, exact; a scene whose schedule may legally differ (a look-back, a last block
// chosen by a ticket) supplies its own and says what it left out in `note`. `kernel` is a copy the
// comparison may normalise (e.g. rename the block that finished last to the twin's); the cell
// mismatch map is computed on it. The trace shown keeps the real one.
using TwinComparison =
    std::function<std::string(const Trace& twin, Trace& kernel, std::string* note)>;

// Counters and snapshots of `trace`; with `backend` CUDA also the twin check (`run_twin` gives the
// CPU twin's trace of the same run). An exception from the twin is reported as a difference.
TracedRun analyse_trace(Backend backend, const Trace& trace, const std::function<Trace()>& run_twin,
                        const TwinComparison& compare = {});

// A scene's run together with what the kit derived from it.
template <class Run>
struct Taught {
  Run run;
  TracedRun traced;
};

// Runs `run(backend)` and analyses its trace; on CUDA `run(Backend::Cpu)` is the twin.
template <class RunFn>
auto teach_and_check(Backend backend, RunFn&& run, const TwinComparison& compare = {})
    -> Taught<decltype(run(backend))> {
  Taught<decltype(run(backend))> t{run(backend), {}};
  t.traced = analyse_trace(
      backend, t.run.trace, [&] { return run(Backend::Cpu).trace; }, compare);
  return t;
}

}  // namespace ws::app
