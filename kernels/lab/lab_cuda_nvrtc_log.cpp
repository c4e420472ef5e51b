// NVRTC's log as diagnostics. NVRTC writes, per message,
//   kernel.cu(12): error: identifier "x" is undefined
//       a[i] = x;
//              ^
// (the source line and a caret under the column, both indented by two spaces). Lines of the
// student's file become Diagnostic{line, column}; messages about other files keep line 0.
#include <regex>
#include <sstream>

#include "lab_cuda_nvrtc.h"

namespace ws::lab {

namespace {

// 1-based column of the caret in `caret_line` (two spaces of indent first), 0 when it is none.
int caret_column(const std::string& caret_line) {
  const size_t caret = caret_line.find('^');
  if (caret == std::string::npos || caret < 2) return 0;
  if (caret_line.find_first_not_of(" \t^") != std::string::npos) return 0;
  return int(caret - 2) + 1;
}

}  // namespace

std::vector<Diagnostic> parse_nvrtc_log(const std::string& log, const std::string& file_name) {
  static const std::regex header(
      R"(^(.*)\((\d+)\): (catastrophic error|error|warning)(?: #[0-9A-Za-z-]+)?: (.*)$)");
  std::vector<std::string> lines;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<Diagnostic> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::smatch m;
    if (!std::regex_match(lines[i], m, header)) continue;
    const bool warning = m[3] == "warning";
    Diagnostic d{warning ? DiagKind::CompileWarning : DiagKind::CompileError};
    const std::string file = m[1];
    const int line = std::stoi(m[2]);
    const std::string what = std::string(m[3]) + ": " + std::string(m[4]);
    if (file == file_name) {
      d.line = line;
      if (i + 2 < lines.size()) d.column = caret_column(lines[i + 2]);
      d.message = "line " + std::to_string(line) +
                  (d.column > 0 ? ", column " + std::to_string(d.column) : "") + ": " + what;
    } else {
      d.message = file + " line " + std::to_string(line) + ": " + what;
    }
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace ws::lab
