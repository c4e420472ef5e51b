// The lab's result panels (ImGui, no GL): the per-step counters of the student's run, its output
// against the reference with the run's diagnostics, its time against the reference solution and
// the built-in kernel, and the compiled kernel's resources with its PTX and SASS.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/backend.h"
#include "lab_figure_data.h"

namespace ws::app {

// Every step of the run, one row each (the current one highlighted): active threads, divergent
// warps, global sectors per request, shared bank conflicts, atomics. Clicking a row returns its
// step (else -1).
int lab_counters_panel(const lab::Result& result, const LabFigureData& data, int step);

// The run's diagnostics (kind, line, thread, message) and a table of the first wrong outputs:
// array, index, expected, got, the thread and line that wrote it. `args` (the Job's) maps buffer
// k to the k-th array argument; `expected` is the exercise's reference per argument (may be
// null). Returns the source line of a diagnostic the user clicked (0: none), for the editor.
int lab_output_panel(const lab::Result& result, const std::vector<lab::Arg>* args,
                     const std::vector<std::vector<double>>* expected);

// The times the time panel compares. Any ms < 0 is "not measured".
struct LabTimes {
  Backend backend = Backend::Cpu;
  double student_ms = -1;    // the untraced kernel
  double reference_ms = -1;  // the exercise's reference solution, same launch
  double builtin_ms = -1;  // the built-in fastest kernel (CUB, the scene's best), where one exists
  std::string builtin_name;
  int64_t bytes = 0;     // the fewest bytes the kernel must move (lab_bytes_moved)
  double copy_gbps = 0;  // device copy bandwidth for that many bytes (0: unknown)
};

// Every array argument read once, and every writable one written once: the least traffic.
int64_t lab_bytes_moved(const std::vector<lab::Arg>& args);

// Fills the copy bandwidth on the CUDA backend (ws::copy_bandwidth_gbps_for measures it on first
// use of a size: call off the UI thread). On the CPU backend, copy_gbps stays 0.
LabTimes lab_times(Backend backend, double student_ms, double reference_ms, double builtin_ms,
                   const std::string& builtin_name, int64_t bytes);

void lab_time_panel(const LabTimes& times);

// Registers, shared and local memory, occupancy, then the PTX and the SASS with the instructions
// of `current_line` (the editor's line, or the step's) highlighted; on the CPU backend (or
// without the disassembler) what is missing and why (Resources::note).
void lab_resources_panel(const lab::Resources& resources, Backend backend, int current_line);

// Indices of SASS lines that belong to `source_line` (Resources::sass_lines).
std::vector<int> sass_lines_of(const lab::Resources& resources, int source_line);

// Diagnostic kinds as shown ("out of bounds", "race", ...), translated.
std::string lab_diag_kind_name(lab::DiagKind kind);

}  // namespace ws::app
