// g++'s diagnostics mapped onto the student's lines. The compiled source is the header
// ("ws_lab.h"), the student's file (job.file_name, from line 1) and the call shim
// ("ws_lab_shim.cpp"). An error inside the header is put on the student line that caused it (the
// "required from here" before it, or the "in expansion of macro" note after it), else line 0; any
// error in the shim means the kernel's signature is not the exercise's: one clear error.
#include <cctype>
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

// "file:line:col: severity: text" or a context line "file:line:col:   required from here".
bool parse_gcc_line(const std::string& s, Located& out) {
  for (size_t colon = s.find(':'); colon != std::string::npos; colon = s.find(':', colon + 1)) {
    size_t p = colon + 1;
    int numbers[2] = {0, 0};
    bool ok = true;
    for (int& n : numbers) {
      const size_t digits = p;
      while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p])))
        n = n * 10 + (s[p++] - '0');
      if (p == digits || p >= s.size() || s[p] != ':') {
        ok = false;
        break;
      }
      ++p;
    }
    if (!ok || colon == 0) continue;
    out = {s.substr(0, colon), numbers[0], numbers[1], "", ""};
    while (p < s.size() && s[p] == ' ') ++p;
    std::string rest = s.substr(p);
    for (const char* severity : {"fatal error", "error", "warning", "note"}) {
      const std::string prefix = std::string(severity) + ": ";
      if (rest.rfind(prefix, 0) == 0) {
        out.severity = severity;
        rest = rest.substr(prefix.size());
        break;
      }
    }
    out.text = rest;
    return true;
  }
  return false;
}

bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

int student_lines(const Job& job) {
  int n = 0;
  for (char c : job.source) n += c == '\n' ? 1 : 0;
  return job.source.empty() || job.source.back() == '\n' ? n : n + 1;
}

}  // namespace

int kernel_declaration_line(const Job& job) {
  std::istringstream in(job.source);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    for (size_t at = line.find(job.kernel); at != std::string::npos;
         at = line.find(job.kernel, at + 1)) {
      size_t after = at + job.kernel.size();
      if ((at > 0 && identifier_char(line[at - 1])) ||
          (after < line.size() && identifier_char(line[after])))
        continue;
      while (after < line.size() && std::isspace(static_cast<unsigned char>(line[after]))) ++after;
      size_t before = at;
      while (before > 0 && std::isspace(static_cast<unsigned char>(line[before - 1]))) --before;
      if (after < line.size() && line[after] == '(' && before >= 4 &&
          line.compare(before - 4, 4, "void") == 0 && before < at)
        return n;
    }
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
  bool signature_reported = false, unclosed_reported = false;
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
      // The call shim after the student's code: either the kernel is not the exercise's
      // (undeclared, another signature), or the student's code never ended (an open brace).
      if (!is_error) continue;
      const bool signature = here.text.find("static assertion") != std::string::npos ||
                             here.text.find("was not declared") != std::string::npos ||
                             here.text.find("template argument") != std::string::npos;
      bool& reported = signature ? signature_reported : unclosed_reported;
      if (reported) continue;
      reported = true;
      const int declared = kernel_declaration_line(job);
      if (signature) {
        d.line = declared;
        d.message = declared == 0 ? "no kernel named " + job.kernel + ": it must be declared as " +
                                        kernel_signature(job)
                                  : job.kernel + " must be declared as " + kernel_signature(job);
      } else {
        // Where g++ says the open brace is ("to match this '{'"), else the last line.
        d.line = student_lines(job);
        for (size_t j = i + 1; j < lines.size(); ++j)
          if (ok[j] && parsed[j].file == student && parsed[j].severity == "note" &&
              parsed[j].text.find("to match") != std::string::npos) {
            d.line = parsed[j].line;
            d.column = parsed[j].column;
          }
        d.message =
            "the code does not end where it should: a brace, parenthesis or comment "
            "left open?";
      }
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
      const std::string assertion = "static assertion failed: ";
      if (d.message.rfind(assertion, 0) == 0) d.message = d.message.substr(assertion.size());
    }
    context_line = context_column = 0;
    out.push_back(d);
  }
  return out;
}

}  // namespace ws::lab
