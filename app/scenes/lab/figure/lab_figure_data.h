// What the lab's figure and panels draw from one run of a student's kernel, computed once when the
// run arrives rather than every frame: the arrays after every step (replayed from the trace), the
// teaching counters, the warp-level global accesses, and the run's diagnostics placed on the step
// and the cells where they happened.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/counters.h"
#include "lab/lab.h"

namespace ws::app {

// One diagnostic as the figure marks it: on a step's lanes and (when it names an element) on a
// cell of the row of its buffer. cell is the flat index of the row (shared: block * size + index).
struct LabMark {
  int diagnostic = -1;  // index into Result::diagnostics
  int step = -1;        // -1: the step is not known (no trace)
  int thread = -1, other_thread = -1;
  int buffer = -1;
  int64_t cell = -1;
};

struct LabFigureData {
  std::vector<std::vector<std::vector<double>>> snapshots;  // [step][buffer], replay_snapshots
  Counters counters;
  std::vector<int64_t> global_accesses;      // warp-level global memory instructions, per step
  std::vector<std::vector<int>> step_lines;  // lines_of_step of every step
  // Cells the check found wrong, [step][buffer][cell], from the step that last wrote the cell
  // on; empty when none is.
  std::vector<std::vector<std::vector<bool>>> wrong;
  std::vector<LabMark> out_of_bounds, races, wrong_cells;
};

// A run without a trace (a compile error, an untraced run) gives no steps and marks without a
// step.
LabFigureData lab_figure_data(const lab::Result& result);

// The source lines the events of `step` carry (Result::lines[step]), ascending, each once: what
// the editor highlights for the step. Empty for a step out of range.
std::vector<int> lines_of_step(const lab::Result& result, int step);

// Buffer k of a run's trace is the k-th array argument of its job: that argument's index in
// `args`, or -1.
int lab_arg_of_buffer(const std::vector<lab::Arg>& args, int buffer);

// Distinct 32-byte sectors per warp-level global access in `step` (0 without global accesses).
double sectors_per_request(const LabFigureData& data, int step);

}  // namespace ws::app
