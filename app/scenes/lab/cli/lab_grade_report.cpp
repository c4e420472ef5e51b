// The grade of a submission as a teacher reads it: the JSON document (grade_json) and the text
// report (grade_report), each size with its launch, counters, times and diagnostics.
#include <cstdio>
#include <sstream>

#include "lab_grade.h"
#include "scene_kit/run_json.h"

namespace ws::app {

using lab::Diagnostic;

namespace {

std::string lab_ms_text(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f ms", ms);
  return text;
}

// {grid: [x, y], block: [x, y], from: the source's macros or "default"}.
nlohmann::json launch_json(const lab::Launch& launch, const lab::BlockChoice& block) {
  return {{"grid", {launch.grid_x, launch.grid_y}},
          {"block", {launch.block_x, launch.block_y}},
          {"from", block.from.empty() ? std::string("default") : block.from}};
}

nlohmann::json lab_ms_json(double ms) {
  return ms >= 0 ? nlohmann::json(ms) : nlohmann::json(nullptr);
}

}  // namespace

nlohmann::json grade_json(const LabGrade& grade) {
  nlohmann::json sizes = nlohmann::json::array();
  nlohmann::json first_launch = nullptr;
  for (const LabSizeGrade& size : grade.sizes)
    if (size.has_launch && first_launch.is_null())
      first_launch = launch_json(size.launch, grade.block);
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
                     {"launch", size.has_launch ? launch_json(size.launch, grade.block) : nullptr},
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
          {"launch", first_launch},
          {"launch_error", grade.launch_error.empty() ? nlohmann::json(nullptr)
                                                      : nlohmann::json(grade.launch_error)},
          {"sizes", sizes}};
}

std::string grade_report(const LabGrade& grade) {
  std::ostringstream out;
  out << grade.exercise << ": " << grade.kernel_file << " on " << backend_name(grade.backend)
      << "\n";
  if (!grade.launch_error.empty()) out << "  not run: " << grade.launch_error << "\n";
  if (!grade.compiled && grade.launch_error.empty()) {
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
    if (size.has_launch) out << "    " << lab::launch_text(size.launch, grade.block) << "\n";
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
