// One run of the student's kernel: the exercise's inputs and launch at the chosen size, the job
// compiled and run in a worker process (ws::lab::run_isolated with the app's own executable; in
// this process only when lab_worker_exe() says "in-process"), then the exercise's check. What the
// editor marks and the figure draws come from the LabRun.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/backend.h"
#include "figure/lab_figure_data.h"
#include "figure/lab_panels.h"
#include "lab/exercise.h"
#include "views/code_text.h"

namespace ws::app {

struct LabRunRequest {
  std::string exercise, source, file_name, size;
  Backend backend = Backend::Cpu;
  std::string worker_exe;  // "": in this process
  double timeout_s = 20;   // compiling included
};

struct LabRun {
  LabRunRequest request;
  lab::Size size;  // as run on the backend (size_for, with the source's block)
  lab::Inputs inputs;
  lab::Launch launch;
  lab::Result result;      // its diagnostics end with the check's (WrongAnswer)
  lab::Expected expected;  // the exercise's reference outputs
  LabFigureData figure;    // what the figure and panels draw (lab_figure_data), made off the UI
  LabTimes times;          // CUDA: the kernel, the reference solution and the built-in timed
  bool cancelled = false;
  // Compiled, checked, and nothing but warnings reported.
  bool passed() const;
};

// Runs the request; `cancelled` is polled while the worker runs. ws::Error for a request the
// exercise cannot make a job of, and for a block the source sets that cannot run (naming the
// macro: BLOCK_DIM 2000 is over 1024 threads).
LabRun run_lab(const LabRunRequest& request, const std::function<bool()>& cancelled = {});

// The diagnostics that name a line, as the editor marks them (warnings amber, the rest red).
std::vector<CodeNote> lab_code_notes(const lab::Result& result);

}  // namespace ws::app
