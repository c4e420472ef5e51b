// grade_submission: each size in a worker process, the exercise's check, the counters of the
// first traced run, and on CUDA the time against the reference solution and the built-in kernel.
#include "lab_grade.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "common/error.h"
#include "lab/lab_isolated.h"
#include "scene_kit/run_json.h"

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

// The exercise's reference solution timed like the submission (-1 when it has none or fails).
double reference_time(const lab::Exercise& exercise, const lab::Size& size,
                      const lab::Inputs& inputs, const LabGradeOptions& options) {
  if (options.assets_dir.empty()) return -1;
  std::string solution;
  try {
    solution = lab::read_exercise_file(exercise, options.assets_dir, "solution.cu");
  } catch (const Error&) {
    return -1;
  }
  lab::Job job = exercise.make(options.backend, solution, size, inputs);
  job.file_name = "solution.cu";
  job.timing_repeats = options.timing_repeats;
  const lab::Result result = lab::run_isolated(job, options.worker_exe, options.timeout_s);
  return result.ms;
}

LabSizeGrade grade_size(const lab::Exercise& exercise, const lab::Size& declared,
                        const std::string& source, const std::string& kernel_file,
                        const LabGradeOptions& options, LabGrade& grade) {
  const lab::Size size = lab::size_for(declared, options.backend);
  const lab::Inputs inputs = exercise.inputs(size, options.seed);
  lab::Job job = exercise.make(options.backend, source, size, inputs);
  job.file_name = kernel_file;
  const bool timed = options.backend == Backend::Cuda && !job.traced;
  if (timed) job.timing_repeats = options.timing_repeats;
  const lab::Result result = lab::run_isolated(job, options.worker_exe, options.timeout_s);

  LabSizeGrade out;
  out.name = declared.name;
  out.traced = job.traced;
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
    out.reference_ms = reference_time(exercise, size, inputs, options);
    if (exercise.builtin_time_ms) out.builtin_ms = exercise.builtin_time_ms(size, inputs);
  }
  return out;
}

std::string lab_ms_text(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f ms", ms);
  return text;
}

nlohmann::json lab_ms_json(double ms) {
  return ms >= 0 ? nlohmann::json(ms) : nlohmann::json(nullptr);
}

}  // namespace

LabGrade grade_submission(const lab::Exercise& exercise, const std::string& source,
                          const std::string& kernel_file, const LabGradeOptions& options) {
  LabGrade grade;
  grade.exercise = exercise.id;
  grade.kernel_file = kernel_file;
  grade.backend = options.backend;
  std::string unfinished;  // a traced size the budget, the timeout or a crash ended
  for (const lab::Size* size : chosen_sizes(exercise, options.sizes)) {
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

nlohmann::json grade_json(const LabGrade& grade) {
  nlohmann::json sizes = nlohmann::json::array();
  for (const LabSizeGrade& size : grade.sizes) {
    nlohmann::json diagnostics = nlohmann::json::array();
    for (const Diagnostic& d : size.diagnostics)
      diagnostics.push_back({{"kind", diag_kind_id(d.kind)},
                             {"line", d.line},
                             {"column", d.column},
                             {"thread", d.thread},
                             {"block", d.block},
                             {"other_thread", d.other_thread},
                             {"other_line", d.other_line},
                             {"index", d.index},
                             {"message", d.message}});
    sizes.push_back({{"name", size.name},
                     {"passed", size.passed},
                     {"traced", size.traced},
                     {"diagnostics", diagnostics},
                     {"counters", size.has_counters ? counters_json(size.counters) : nullptr},
                     {"events", size.events},
                     {"ms", lab_ms_json(size.ms)},
                     {"reference_ms", lab_ms_json(size.reference_ms)},
                     {"builtin_ms", lab_ms_json(size.builtin_ms)}});
  }
  return {{"exercise", grade.exercise},
          {"kernel_file", grade.kernel_file},
          {"backend", backend_name(grade.backend)},
          {"passed", grade.passed},
          {"compile", {{"ok", grade.compiled}, {"log", grade.compile_log}}},
          {"sizes", sizes}};
}

std::string grade_report(const LabGrade& grade) {
  std::ostringstream out;
  out << grade.exercise << ": " << grade.kernel_file << " on " << backend_name(grade.backend)
      << "\n";
  if (!grade.compiled) {
    out << "  does not compile";
    if (!grade.compile_log.empty()) out << ":\n" << grade.compile_log;
    if (grade.compile_log.empty() || grade.compile_log.back() != '\n') out << "\n";
  }
  int passed = 0;
  for (const LabSizeGrade& size : grade.sizes) {
    passed += size.passed;
    out << "  " << size.name << ": " << (size.passed ? "PASS" : "FAIL");
    if (size.has_counters) {
      const Counters& c = size.counters;
      out << "  steps " << c.steps << ", events " << size.events << ", divergent warps "
          << c.divergent_warps << ", global sectors " << c.global_requests << ", bank conflicts "
          << c.bank_conflicts << ", atomics " << c.atomics;
    }
    if (size.ms >= 0) {
      out << "  " << lab_ms_text(size.ms);
      if (size.reference_ms >= 0) out << " (reference solution " << lab_ms_text(size.reference_ms);
      if (size.builtin_ms >= 0)
        out << (size.reference_ms >= 0 ? ", " : " (") << "built-in "
            << lab_ms_text(size.builtin_ms);
      if (size.reference_ms >= 0 || size.builtin_ms >= 0) out << ")";
    }
    out << "\n";
    // The first few; the JSON has them all.
    constexpr size_t kShown = 8;
    for (size_t i = 0; i < size.diagnostics.size() && i < kShown; ++i) {
      const Diagnostic& d = size.diagnostics[i];
      out << "    " << (is_failure(d.kind) ? "" : "warning: ");
      if (d.line > 0) out << "line " << d.line << ": ";
      out << d.message << "\n";
    }
    if (size.diagnostics.size() > kShown)
      out << "    ... " << size.diagnostics.size() - kShown << " more (--json lists them all)\n";
  }
  out << (grade.passed ? "PASS" : "FAIL") << ": " << passed << " of " << grade.sizes.size()
      << " sizes\n";
  return out.str();
}

}  // namespace ws::app
