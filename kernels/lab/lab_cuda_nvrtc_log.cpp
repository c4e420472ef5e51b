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
#include <sstream>

#include "lab_cuda_nvrtc.h"

namespace ws::lab {

namespace {

// One message's first line, "kernel.cu(12): error #20: text" (parsed by hand: std::regex breaks the
// sanitized build with its own warnings).
struct NvrtcMessageHead {
  std::string file;
  int line = 0;
  std::string severity;  // "error", "catastrophic error", "warning", "note", "remark"
  std::string text;
};

bool all_digits(const std::string& s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

bool parse_nvrtc_head(const std::string& s, NvrtcMessageHead& head) {
  for (size_t close = s.find("): "); close != std::string::npos; close = s.find("): ", close + 1)) {
    const size_t open = s.rfind('(', close);
    if (open == std::string::npos || !all_digits(s.substr(open + 1, close - open - 1))) continue;
    std::string rest = s.substr(close + 3);
    for (const char* severity : {"catastrophic error", "error", "warning", "note", "remark"}) {
      const std::string word = severity;
      if (rest.compare(0, word.size(), word) != 0) continue;
      size_t colon = word.size();
      if (rest.compare(colon, 2, " #") == 0) colon = rest.find(": ", colon);  // " #177-D: "
      if (colon == std::string::npos || rest.compare(colon, 2, ": ") != 0) return false;
      head.file = s.substr(0, open);
      head.line = std::stoi(s.substr(open + 1, close - open - 1));
      head.severity = word;
      head.text = rest.substr(colon + 2);
      return true;
    }
    return false;
  }
  return false;
}

bool is_caret_line(const std::string& line) {
  return line.find('^') != std::string::npos && line.find_first_not_of(" \t^") == std::string::npos;
}

std::string nvrtc_trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t");
  return first == std::string::npos ? std::string() : s.substr(first);
}

// "... at line 3 of kernel.cu" (or of "kernel.cu") -> 3 when the file is `file_name`, else 0.
int instantiated_at_line(const std::string& s, const std::string& file_name) {
  const size_t at = s.rfind("at line ");
  if (at == std::string::npos) return 0;
  const size_t of = s.find(" of ", at);
  if (of == std::string::npos) return 0;
  const std::string digits = s.substr(at + 8, of - at - 8);
  std::string file = s.substr(of + 4);
  while (!file.empty() && (file.back() == '"' || file.back() == '\r')) file.pop_back();
  if (!file.empty() && file.front() == '"') file.erase(0, 1);
  return all_digits(digits) && file == file_name ? std::stoi(digits) : 0;
}

}  // namespace

std::vector<Diagnostic> parse_nvrtc_log(const std::string& log, const std::string& file_name) {
  std::vector<std::string> lines;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<Diagnostic> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    NvrtcMessageHead head;
    if (!parse_nvrtc_head(lines[i], head)) continue;
    if (head.severity == "note" || head.severity == "remark") continue;
    // The message's own lines: up to the next message or the blank line that ends it.
    size_t end = i + 1;
    NvrtcMessageHead next;
    while (end < lines.size() && !lines[end].empty() && !parse_nvrtc_head(lines[end], next)) ++end;
    size_t caret = end;
    for (size_t k = i + 1; k < end; ++k)
      if (is_caret_line(lines[k])) caret = k;
    Diagnostic d{head.severity == "warning" ? DiagKind::CompileWarning : DiagKind::CompileError};
    d.message = head.text;
    // static_assert(cond, "why"): the why alone, as the CPU backend shows g++'s.
    const std::string assertion = "static assertion failed with \"";
    if (d.message.rfind(assertion, 0) == 0 && d.message.size() > assertion.size() &&
        d.message.back() == '"')
      d.message = d.message.substr(assertion.size(), d.message.size() - assertion.size() - 1);
    for (size_t k = i + 1; k + 1 < caret && k < end; ++k)  // text before the source line
      d.message += "; " + nvrtc_trimmed(lines[k]);
    if (head.file == file_name) {
      d.line = head.line;
      const size_t at = caret < end ? lines[caret].find('^') : 0;
      if (at >= 2) d.column = int(at) - 2 + 1;  // the source line is indented by two spaces
    } else {
      for (size_t k = caret + 1; k < end && d.line == 0; ++k)
        d.line = instantiated_at_line(lines[k], file_name);
      if (d.line == 0)
        d.message = head.file + " line " + std::to_string(head.line) + ": " + d.message;
    }
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace ws::lab
