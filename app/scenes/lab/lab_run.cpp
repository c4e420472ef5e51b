#include "lab_run.h"

#include "common/error.h"
#include "i18n/i18n.h"
#include "lab/lab_isolated.h"

namespace ws::app {

bool LabRun::passed() const {
  if (!result.compiled || cancelled) return false;
  for (const lab::Diagnostic& d : result.diagnostics)
    if (d.kind != lab::DiagKind::CompileWarning) return false;
  return true;
}

LabRun run_lab(const LabRunRequest& request, const std::function<bool()>& cancelled) {
  const lab::Exercise& exercise = lab::find_exercise(request.exercise);
  const lab::Size* chosen = nullptr;
  for (const lab::Size& s : exercise.sizes)
    if (s.name == request.size) chosen = &s;
  WS_REQUIRE(chosen != nullptr, "--size: '" + request.size + "' is not a size of " + exercise.id);
  LabRun run;
  run.request = request;
  run.size = lab::size_for(*chosen, request.backend);
  run.inputs = exercise.inputs(run.size, 1);
  run.launch = exercise.launch(run.size);
  lab::Job job = exercise.make(request.backend, request.source, run.size, run.inputs);
  job.file_name = request.file_name;
  if (request.backend == Backend::Cuda) job.timing_repeats = 10;  // the time panel's kernel time
  run.result = request.worker_exe.empty()
                   ? lab::run(job)
                   : lab::run_isolated(job, request.worker_exe, request.timeout_s, cancelled);
  run.cancelled = cancelled && cancelled();
  if (run.result.compiled && !run.cancelled && !run.result.outputs.empty()) {
    for (lab::Diagnostic& d : exercise.check(run.size, run.inputs, run.result))
      run.result.diagnostics.push_back(std::move(d));
  }
  return run;
}

std::vector<CodeNote> lab_code_notes(const lab::Result& result) {
  std::vector<CodeNote> notes;
  for (const lab::Diagnostic& d : result.diagnostics) {
    if (d.line <= 0) continue;
    const bool error = d.kind != lab::DiagKind::CompileWarning;
    notes.push_back({d.line, error, lab_diag_kind_text(d.kind) + ": " + d.message});
    if (d.kind == lab::DiagKind::Race && d.other_line > 0 && d.other_line != d.line)
      notes.push_back({d.other_line, true, lab_diag_kind_text(d.kind) + ": " + d.message});
  }
  return notes;
}

std::set<int> lab_step_lines(const lab::Result& result, int step) {
  std::set<int> lines;
  if (step < 0 || size_t(step) >= result.lines.size()) return lines;
  for (const int32_t line : result.lines[size_t(step)])
    if (line > 0) lines.insert(line);
  return lines;
}

std::string lab_diag_kind_text(lab::DiagKind kind) {
  switch (kind) {
    case lab::DiagKind::CompileError:
      return tr("compile error");
    case lab::DiagKind::CompileWarning:
      return tr("warning");
    case lab::DiagKind::OutOfBounds:
      return tr("out of bounds");
    case lab::DiagKind::Race:
      return tr("race");
    case lab::DiagKind::UninitializedRead:
      return tr("uninitialized read");
    case lab::DiagKind::Budget:
      return tr("access budget");
    case lab::DiagKind::Timeout:
      return tr("timeout");
    case lab::DiagKind::Crash:
      return tr("crash");
    case lab::DiagKind::WrongAnswer:
      return tr("wrong answer");
    case lab::DiagKind::LaunchError:
      return tr("launch error");
    case lab::DiagKind::Missing:
      return tr("compiler missing");
  }
  return "";
}

}  // namespace ws::app
