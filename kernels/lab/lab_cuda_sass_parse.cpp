// Reading the disassemblers' listings: one kernel's section, its instructions and labels, and (from
// nvdisasm's "//## File" comments) the student line each instruction belongs to.
#include <sstream>

#include "lab_cuda_sass.h"

namespace ws::lab {

namespace {

std::vector<std::string> sass_split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string sass_trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

bool names_file(const std::string& path, const std::string& file_name) {
  return path == file_name ||
         (path.size() > file_name.size() && path.compare(path.size() - file_name.size() - 1,
                                                         std::string::npos, "/" + file_name) == 0);
}

// "/*0040*/                   @P0 EXIT ;" -> "/*0040*/  @P0 EXIT ;"
std::string instruction_text(const std::string& line) {
  std::string text = sass_trimmed(line);
  const size_t end = text.find("*/");
  if (end == std::string::npos) return text;
  const size_t op = text.find_first_not_of(" \t", end + 2);
  return text.substr(0, end + 2) + "  " + (op == std::string::npos ? "" : text.substr(op));
}

// "/*0040*/": an instruction's address (4 or more lowercase hex digits between /* and */).
bool has_address(const std::string& line) {
  for (size_t open = line.find("/*"); open != std::string::npos; open = line.find("/*", open + 2)) {
    const size_t close = line.find("*/", open + 2);
    if (close == std::string::npos) return false;
    const std::string digits = line.substr(open + 2, close - open - 2);
    if (digits.size() >= 4 && digits.find_first_not_of("0123456789abcdef") == std::string::npos)
      return true;
  }
  return false;
}

// The student line of a "//## File "a", line 1 inlined at "b", line 2" comment: the first
// location in `file_name`, 0 when none is.
int student_line_of(const std::string& comment, const std::string& file_name) {
  for (size_t open = comment.find('"'); open != std::string::npos;) {
    const size_t close = comment.find('"', open + 1);
    if (close == std::string::npos) return 0;
    const std::string path = comment.substr(open + 1, close - open - 1);
    const std::string tag = ", line ";
    if (comment.compare(close + 1, tag.size(), tag) == 0) {
      const size_t digits = close + 1 + tag.size();
      const size_t stop = comment.find_first_not_of("0123456789", digits);
      const std::string number = comment.substr(digits, stop - digits);
      if (!number.empty() && names_file(path, file_name)) return std::stoi(number);
    }
    open = comment.find('"', close + 1);
  }
  return 0;
}

}  // namespace

SassListing parse_nvdisasm(const std::string& text, const std::string& lowered_name,
                           const std::string& file_name) {
  SassListing listing;
  const std::string section = ".text." + lowered_name + " ";
  bool inside = false, any_line_info = false;
  int source_line = 0;
  std::vector<std::string> out;
  for (const std::string& raw : sass_split_lines(text)) {
    const std::string line = sass_trimmed(raw);
    if (line.rfind("//---", 0) == 0) {
      if (inside) break;
      inside = line.find(section) != std::string::npos;
      continue;
    }
    if (!inside || line.empty()) continue;
    if (line.rfind("//## File", 0) == 0) {
      any_line_info = true;
      source_line = student_line_of(line, file_name);  // 0: header code
      continue;
    }
    if (has_address(line)) {
      if (source_line > 0) listing.sass_lines.emplace_back(int(out.size()), source_line);
      out.push_back(instruction_text(line));
    } else if (line.rfind(".L", 0) == 0 && line.back() == ':') {
      out.push_back(line);  // a branch target
    }
  }
  for (const std::string& l : out) listing.sass += l + "\n";
  listing.known = !out.empty();
  if (listing.known && !any_line_info)
    listing.note = "the SASS has no line info: its instructions are not mapped to source lines";
  return listing;
}

SassListing parse_cuobjdump(const std::string& text, const std::string& lowered_name) {
  SassListing listing;
  bool inside = false;
  for (const std::string& raw : sass_split_lines(text)) {
    const std::string line = sass_trimmed(raw);
    if (line.rfind("Function :", 0) == 0) {
      inside = sass_trimmed(line.substr(10)) == lowered_name;
      continue;
    }
    if (!inside || !has_address(line)) continue;
    std::string instruction = instruction_text(line);
    const size_t encoding = instruction.find("/* 0x");
    if (encoding != std::string::npos) instruction = sass_trimmed(instruction.substr(0, encoding));
    listing.sass += instruction + "\n";
  }
  listing.known = !listing.sass.empty();
  if (listing.known)
    listing.note = "SASS from cuobjdump, which has no line info (nvdisasm maps it to source lines)";
  return listing;
}

}  // namespace ws::lab
