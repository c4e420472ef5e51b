// grade_submission: each size in a worker process, the exercise's check, the counters of the
// first traced run, and on CUDA the time against the reference solution and the built-in kernel.
#include "lab_grade.h"

#include <algorithm>

#include "common/error.h"
#include "lab/lab_isolated.h"

namespace ws::app {

using lab::DiagKind;
using lab::Diagnostic;

bool is_failure(DiagKind kind) {
  return kind != DiagKind::CompileWarning;
}

namespace {

std::vector<const lab::Size*> chosen_sizes(const lab::Exercise& exercise,
                                           const std::vector<std::string>& names) {
  std::vector<const lab::Size*> sizes;
  std::string known;
  for (const lab::Size& size : exercise.sizes) known += (known.empty() ? "" : ", ") + size.name;
  for (const std::string& name : names) {
    auto it = std::find_if(exercise.sizes.begin(), exercise.sizes.end(),
                           [&](const lab::Size& s) { return s.name == name; });
    WS_REQUIRE(it != exercise.sizes.end(), "--sizes: exercise '" + exercise.id + "' has no size '" +
                                               name + "' (it has " + known + ")");
    sizes.push_back(&*it);
  }
  if (names.empty())
    for (const lab::Size& size : exercise.sizes) sizes.push_back(&size);
  return sizes;
}

// The exercise's reference solution timed like the submission, with its own block and inputs
// (-1 when it has none or fails).
double reference_time(const lab::Exercise& exercise, const lab::Size& declared,
                      const LabGradeOptions& options) {
  if (options.assets_dir.empty()) return -1;
  std::string solution;
  lab::Size size;
  try {
    solution = lab::read_exercise_file(exercise, options.assets_dir, "solution.cu");
    size = lab::size_for(exercise, declared, options.backend, solution);
  } catch (const Error&) {
    return -1;
  }
  lab::Job job =
      exercise.make(options.backend, solution, size, exercise.inputs(size, options.seed));
  job.file_name = "solution.cu";
  job.timing_repeats = options.timing_repeats;
  const lab::Result result = lab::run_isolated(job, options.worker_exe, options.timeout_s);
  return result.ms;
}

LabSizeGrade grade_size(const lab::Exercise& exercise, const lab::Size& declared,
                        const std::string& source, const std::string& kernel_file,
                        const LabGradeOptions& options, LabGrade& grade) {
  lab::Size size = lab::size_for(declared, options.backend);
  size.block = grade.block;
  const lab::Inputs inputs = exercise.inputs(size, options.seed);
  lab::Job job = exercise.make(options.backend, source, size, inputs);
  job.file_name = kernel_file;
  const bool timed = options.backend == Backend::Cuda && !job.traced;
  if (timed) job.timing_repeats = options.timing_repeats;
  const lab::Result result = lab::run_isolated(job, options.worker_exe, options.timeout_s);

  LabSizeGrade out;
  out.name = declared.name;
  out.traced = job.traced;
  out.has_launch = true;
  out.launch = job.launch;
  grade.compiled = result.compiled;
  if (!result.compile_log.empty()) grade.compile_log = result.compile_log;
  out.diagnostics = result.diagnostics;
  const bool stopped =
      std::any_of(result.diagnostics.begin(), result.diagnostics.end(), [](const Diagnostic& d) {
        return d.kind == DiagKind::Timeout || d.kind == DiagKind::Crash ||
               d.kind == DiagKind::LaunchError || d.kind == DiagKind::Missing;
      });
  if (result.compiled && !stopped)
    for (const Diagnostic& d : exercise.check(size, inputs, result)) out.diagnostics.push_back(d);
  std::stable_partition(out.diagnostics.begin(), out.diagnostics.end(),
                        [](const Diagnostic& d) { return is_failure(d.kind); });
  out.passed =
      result.compiled && std::none_of(out.diagnostics.begin(), out.diagnostics.end(),
                                      [](const Diagnostic& d) { return is_failure(d.kind); });
  if (job.traced && !result.trace.steps.empty()) {
    out.has_counters = true;
    out.counters = compute_counters(result.trace);
    out.events = int64_t(result.raw.size());
  }
  if (timed && out.passed) {
    out.ms = result.ms;
    out.reference_ms = reference_time(exercise, declared, options);
    if (exercise.builtin_time_ms) out.builtin_ms = exercise.builtin_time_ms(size, inputs);
  }
  return out;
}

}  // namespace

LabGrade grade_submission(const lab::Exercise& exercise, const std::string& source,
                          const std::string& kernel_file, const LabGradeOptions& options) {
  LabGrade grade;
  grade.exercise = exercise.id;
  grade.kernel_file = kernel_file;
  grade.backend = options.backend;
  std::string unfinished;  // a traced size the budget, the timeout or a crash ended
  const std::vector<const lab::Size*> sizes = chosen_sizes(exercise, options.sizes);
  try {
    grade.block = lab::source_block(exercise, source);
  } catch (const Error& refused) {
    grade.launch_error = refused.what();
    for (const lab::Size* size : sizes) {
      LabSizeGrade not_run;
      not_run.name = size->name;
      Diagnostic d;
      d.kind = DiagKind::LaunchError;
      d.message = "not run: " + grade.launch_error;
      not_run.diagnostics.push_back(d);
      grade.sizes.push_back(not_run);
    }
    return grade;
  }
  for (const lab::Size* size : sizes) {
    if (!unfinished.empty() && !lab::size_for(*size, options.backend).traced) {
      // Untraced, the kernel has no access budget: it would only run into the timeout.
      LabSizeGrade skipped;
      skipped.name = size->name;
      Diagnostic d;
      d.kind = DiagKind::Budget;
      d.message = "not run untraced: the traced run at size " + unfinished +
                  " did not finish, and an untraced run has no access budget to stop it";
      skipped.diagnostics.push_back(d);
      grade.sizes.push_back(skipped);
      continue;
    }
    grade.sizes.push_back(grade_size(exercise, *size, source, kernel_file, options, grade));
    if (!grade.compiled) break;  // the same source: the next size would fail the same way
    for (const Diagnostic& d : grade.sizes.back().diagnostics)
      if (d.kind == DiagKind::Budget || d.kind == DiagKind::Timeout || d.kind == DiagKind::Crash)
        unfinished = size->name;
  }
  grade.passed = grade.compiled && std::all_of(grade.sizes.begin(), grade.sizes.end(),
                                               [](const LabSizeGrade& s) { return s.passed; });
  return grade;
}

}  // namespace ws::app
