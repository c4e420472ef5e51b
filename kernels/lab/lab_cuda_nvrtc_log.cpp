// NVRTC's log as diagnostics. NVRTC writes, per message,
//   kernel.cu(12): error: no operator "=" matches these operands
//              operand types are: ws::lab::Ref<float> = ws::Global<const float>
//       c[i] = a;
//            ^
// (more text, the source line and a caret under the column, the last two indented by two
// spaces); a message inside the lab header ends with "detected during instantiation of ... at line
// 3 of kernel.cu". Student lines become Diagnostic{line, column} with NVRTC's text as the message
// (as the CPU backend does with g++'s); messages of the header go to the student line that
// instantiated them, others keep line 0 and name their file.
#include <regex>
#include <sstream>

#include "lab_cuda_nvrtc.h"

namespace ws::lab {

namespace {

const std::regex& nvrtc_message_header() {
  static const std::regex re(
      R"(^(.*)\((\d+)\): (catastrophic error|error|warning|note|remark)(?: #[0-9A-Za-z-]+)?: (.*)$)");
  return re;
}

bool is_caret_line(const std::string& line) {
  return line.find('^') != std::string::npos && line.find_first_not_of(" \t^") == std::string::npos;
}

std::string nvrtc_trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t");
  return first == std::string::npos ? std::string() : s.substr(first);
}

}  // namespace

std::vector<Diagnostic> parse_nvrtc_log(const std::string& log, const std::string& file_name) {
  static const std::regex instantiated_at(R"re(at line (\d+) of "?(.*?)"?$)re");
  std::vector<std::string> lines;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<Diagnostic> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::smatch m;
    if (!std::regex_match(lines[i], m, nvrtc_message_header())) continue;
    const std::string severity = m[3];
    if (severity != "error" && severity != "catastrophic error" && severity != "warning") continue;
    // The message's own lines: up to the next message or the blank line that ends it.
    size_t end = i + 1;
    while (end < lines.size() && !lines[end].empty() &&
           !std::regex_match(lines[end], nvrtc_message_header()))
      ++end;
    size_t caret = end;
    for (size_t k = i + 1; k < end; ++k)
      if (is_caret_line(lines[k])) caret = k;
    Diagnostic d{severity == "warning" ? DiagKind::CompileWarning : DiagKind::CompileError};
    d.message = m[4];
    for (size_t k = i + 1; k + 1 < caret && k < end; ++k)  // text before the source line
      d.message += "; " + nvrtc_trimmed(lines[k]);
    const std::string file = m[1];
    if (file == file_name) {
      d.line = std::stoi(m[2]);
      const size_t at = caret < end ? lines[caret].find('^') : 0;
      if (at >= 2) d.column = int(at) - 2 + 1;  // the source line is indented by two spaces
    } else {
      for (size_t k = caret + 1; k < end && d.line == 0; ++k) {
        std::smatch at;
        if (std::regex_search(lines[k], at, instantiated_at) && at[2] == file_name)
          d.line = std::stoi(at[1]);
      }
      if (d.line == 0) d.message = file + " line " + std::string(m[2]) + ": " + d.message;
    }
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace ws::lab
