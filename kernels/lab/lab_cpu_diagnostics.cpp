// g++'s diagnostics mapped onto the student's lines. The compiled source is the header
// ("ws_lab.h"), the student's file (job.file_name, from line 1) and the call shim
// ("ws_lab_shim.cpp"). An error inside the header is put on the student line that caused it (the
// "required from here" before it, or the "in expansion of macro" note after it), else line 0; any
// error in the shim means the kernel's signature is not the exercise's: one clear error.
#include <regex>
#include <sstream>

#include "lab_cpu.h"

namespace ws::lab {
namespace {

struct Located {
  std::string file;
  int line = 0, column = 0;
  std::string severity;  // "error", "fatal error", "warning", "note", "" (context)
  std::string text;
};

bool parse_gcc_line(const std::string& s, Located& out) {
  static const std::regex with_severity(
      R"(^(.+?):(\d+):(\d+): (fatal error|error|warning|note): (.*)$)");
  static const std::regex context(R"(^(.+?):(\d+):(\d+):\s+(.*)$)");
  std::smatch m;
  if (std::regex_match(s, m, with_severity)) {
    out = {m[1], std::stoi(m[2]), std::stoi(m[3]), m[4], m[5]};
    return true;
  }
  if (std::regex_match(s, m, context)) {
    out = {m[1], std::stoi(m[2]), std::stoi(m[3]), "", m[4]};
    return true;
  }
  return false;
}

}  // namespace

int kernel_declaration_line(const Job& job) {
  const std::regex decl("\\bvoid\\s+" + job.kernel + "\\s*\\(");
  std::istringstream in(job.source);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (std::regex_search(line, decl)) return n;
  return 0;
}

std::vector<Diagnostic> parse_gcc_diagnostics(const Job& job, const std::string& log) {
  std::vector<std::string> lines;
  {
    std::istringstream in(log);
    for (std::string s; std::getline(in, s);) lines.push_back(s);
  }
  std::vector<Located> parsed(lines.size());
  std::vector<bool> ok(lines.size());
  for (size_t i = 0; i < lines.size(); ++i) ok[i] = parse_gcc_line(lines[i], parsed[i]);
  const std::string& student = job.file_name;
  std::vector<Diagnostic> out;
  bool signature_reported = false;
  int context_line = 0, context_column = 0;  // the last student location in a "required from" chain
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!ok[i]) {
      if (lines[i].find(": In ") != std::string::npos) context_line = context_column = 0;
      continue;
    }
    const Located& here = parsed[i];
    const bool is_error = here.severity == "error" || here.severity == "fatal error";
    if (!is_error && here.severity != "warning") {
      if (here.file == student && here.severity.empty()) {
        context_line = here.line;
        context_column = here.column;
      }
      continue;
    }
    Diagnostic d;
    d.kind = is_error ? DiagKind::CompileError : DiagKind::CompileWarning;
    d.message = here.text;
    if (here.file == student) {
      d.line = here.line;
      d.column = here.column;
    } else if (here.file == "ws_lab_shim.cpp") {
      if (!is_error || signature_reported) continue;
      signature_reported = true;
      d.line = kernel_declaration_line(job);
      d.message = kernel_declaration_line(job) == 0
                      ? "no kernel named " + job.kernel + ": it must be declared as " +
                            kernel_signature(job)
                      : job.kernel + " must be declared as " + kernel_signature(job);
    } else {
      d.line = context_line;
      d.column = context_column;
      for (size_t j = i + 1; d.line == 0 && j < lines.size(); ++j) {
        if (!ok[j] || parsed[j].severity == "error" || parsed[j].severity == "warning") break;
        if (parsed[j].file == student) {
          d.line = parsed[j].line;
          d.column = parsed[j].column;
        }
      }
      if (!is_error && d.line == 0) continue;  // the header's own warnings are not the student's
    }
    context_line = context_column = 0;
    out.push_back(d);
  }
  return out;
}

}  // namespace ws::lab
