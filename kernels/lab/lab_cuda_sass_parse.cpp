// Reading the disassemblers' listings: one kernel's section, its instructions and labels, and (from
// nvdisasm's "//## File" comments) the student line each instruction belongs to.
#include <regex>
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

const std::regex& address_pattern() {
  static const std::regex re(R"(/\*[0-9a-f]{4,}\*/)");
  return re;
}

}  // namespace

SassListing parse_nvdisasm(const std::string& text, const std::string& lowered_name,
                           const std::string& file_name) {
  static const std::regex location(R"re("([^"]*)", line (\d+))re");
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
      source_line = 0;  // header code unless a location names the student's file
      for (auto it = std::sregex_iterator(line.begin(), line.end(), location);
           it != std::sregex_iterator(); ++it)
        if (names_file((*it)[1], file_name)) {
          source_line = std::stoi((*it)[2]);
          break;
        }
      continue;
    }
    if (std::regex_search(line, address_pattern())) {
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
    if (!inside || !std::regex_search(line, address_pattern())) continue;
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
