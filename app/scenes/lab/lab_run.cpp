#include "lab_run.h"

#include "common/error.h"
#include "i18n/i18n.h"
#include "lab/lab_isolated.h"
#include "lab_files.h"

namespace ws::app {

bool LabRun::passed() const {
  if (!result.compiled || cancelled) return false;
  for (const lab::Diagnostic& d : result.diagnostics)
    if (d.kind != lab::DiagKind::CompileWarning) return false;
  return true;
}

namespace {

// On CUDA: the reference solution's untraced time at the same size (in a worker too) and the
// built-in kernel's, for the time panel; the CPU backend times nothing.
void time_against_references(LabRun& run, const lab::Exercise& exercise,
                             const std::function<bool()>& cancelled) {
  const LabRunRequest& request = run.request;
  const int64_t bytes = lab_bytes_moved(run.inputs);
  if (request.backend != Backend::Cuda) {
    run.times = lab_times(request.backend, run.result.ms, -1, -1, "", bytes);
    return;
  }
  double reference_ms = -1, builtin_ms = -1;
  // The solution with its own block (its BLOCK_DIM may differ from the student's) and inputs.
  const std::string solution = lab_solution(exercise.id);
  lab::Size solution_size = run.size;
  solution_size.block = lab::source_block(exercise, solution);
  lab::Job job =
      exercise.make(request.backend, solution, solution_size, exercise.inputs(solution_size, 1));
  job.traced = false;
  job.timing_repeats = 10;
  const lab::Result reference =
      request.worker_exe.empty()
          ? lab::run(job)
          : lab::run_isolated(job, request.worker_exe, request.timeout_s, cancelled);
  reference_ms = reference.ms;
  if (exercise.builtin_time_ms) builtin_ms = exercise.builtin_time_ms(run.size, run.inputs);
  run.times = lab_times(request.backend, run.result.ms, reference_ms, builtin_ms,
                        tr("built-in kernel"), bytes);
}

}  // namespace

LabRun run_lab(const LabRunRequest& request, const std::function<bool()>& cancelled) {
  const lab::Exercise& exercise = lab::find_exercise(request.exercise);
  const lab::Size* chosen = nullptr;
  for (const lab::Size& s : exercise.sizes)
    if (s.name == request.size) chosen = &s;
  WS_REQUIRE(chosen != nullptr, "--size: '" + request.size + "' is not a size of " + exercise.id);
  LabRun run;
  run.request = request;
  run.size = lab::size_for(exercise, *chosen, request.backend, request.source);
  run.inputs = exercise.inputs(run.size, 1);
  run.launch = exercise.launch(run.size);
  lab::Job job = exercise.make(request.backend, request.source, run.size, run.inputs);
  job.file_name = request.file_name;
  if (request.backend == Backend::Cuda) job.timing_repeats = 10;  // the time panel's kernel time
  run.result = request.worker_exe.empty()
                   ? lab::run(job)
                   : lab::run_isolated(job, request.worker_exe, request.timeout_s, cancelled);
  run.cancelled = cancelled && cancelled();
  if (run.cancelled) return run;
  run.expected = exercise.reference(run.size, run.inputs);
  if (run.result.compiled && !run.result.outputs.empty()) {
    for (lab::Diagnostic& d : exercise.check(run.size, run.inputs, run.result))
      run.result.diagnostics.push_back(std::move(d));
  }
  run.figure = lab_figure_data(run.result);
  time_against_references(run, exercise, cancelled);
  return run;
}

std::vector<CodeNote> lab_code_notes(const lab::Result& result) {
  std::vector<CodeNote> notes;
  for (const lab::Diagnostic& d : result.diagnostics) {
    if (d.line <= 0) continue;
    const bool error = d.kind != lab::DiagKind::CompileWarning;
    notes.push_back({d.line, error, lab_diag_kind_name(d.kind) + ": " + d.message});
    if (d.kind == lab::DiagKind::Race && d.other_line > 0 && d.other_line != d.line)
      notes.push_back({d.other_line, true, lab_diag_kind_name(d.kind) + ": " + d.message});
  }
  return notes;
}

}  // namespace ws::app
