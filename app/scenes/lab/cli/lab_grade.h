// Grading one submission to a lab exercise (issue 29), for `warpscope lab`: the kernel runs, in a
// worker process, at each of the exercise's sizes; each run gets the runtime's diagnostics (out of
// bounds, races, budget, compile errors, crashes, timeouts) and the exercise's check (wrong
// answers); the teaching counters of the first traced run; on CUDA the untraced time at the
// untraced sizes against the reference solution and the built-in kernel.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/counters.h"
#include "lab/exercise.h"

namespace ws::app {

struct LabGradeOptions {
  Backend backend = Backend::Cpu;
  std::vector<std::string> sizes;  // size names to run; empty: every size of the exercise
  double timeout_s = 10;           // per run, compiling included
  std::string worker_exe;          // the warpscope binary that runs `lab-worker`
  std::string assets_dir;          // holds lab/<id>/solution.cu (the reference time); "": none
  uint64_t seed = 1;
  int timing_repeats = 20;  // CUDA, untraced sizes
};

struct LabSizeGrade {
  std::string name;
  bool passed = false;
  bool traced = false;
  std::vector<lab::Diagnostic> diagnostics;  // failures first; compile warnings too
  bool has_launch = false;                   // run: the launch it ran with
  lab::Launch launch;
  bool has_counters = false;
  Counters counters;
  int64_t events = 0;
  double ms = -1;            // the submission's untraced time (CUDA), -1: not timed
  double reference_ms = -1;  // the exercise's reference solution, same size and backend
  double builtin_ms = -1;    // the app's own kernel for the problem, where one exists
};

struct LabGrade {
  std::string exercise, kernel_file;
  Backend backend = Backend::Cpu;
  bool compiled = false;
  std::string compile_log;
  bool passed = false;
  lab::BlockChoice block;    // the source's block (from "": the exercise's default)
  std::string launch_error;  // the source's block was refused (no size was run)
  std::vector<LabSizeGrade> sizes;
};

// ws::Error for a size name the exercise does not have (the names are listed).
LabGrade grade_submission(const lab::Exercise& exercise, const std::string& source,
                          const std::string& kernel_file, const LabGradeOptions& options);

// True for the kinds that fail a run (everything but CompileWarning).
bool is_failure(lab::DiagKind kind);

// {exercise, kernel_file, backend, passed, compile: {ok, log}, launch: the first size's (or
//  null; launch_error: the refusal when the source's block was refused), sizes: [{name, passed,
//  traced, launch: {grid: [x, y], block: [x, y], from: "BLOCK_DIM" | "default"} (or null),
//  diagnostics: [{kind, line, column, thread, block, other_thread, other_line, index, message}],
//  counters (or null), events, ms, reference_ms, builtin_ms (null when not timed)}]}
nlohmann::json grade_json(const LabGrade& grade);
// The report a student reads: one line per size (PASS/FAIL, counters, time), its diagnostics
// below it with line and thread, and the compiler's output when it failed.
std::string grade_report(const LabGrade& grade);

}  // namespace ws::app
