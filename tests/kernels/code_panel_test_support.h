// What the code panel needs from a teach kernel's source, for the kernels' tests: the file (from
// $WARPSCOPE_SOURCE_DIR, else found from the working directory upwards), its sections ("variant
// x", "helper y" -> lines, split at "// @variant" / "// @helper" ... "// @end" as the app's panel
// splits them) and whether a line carries a step's marker comment ("// @marker").
#pragma once

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace ws::test {

// `relative` e.g. "kernels/bfs/bfs_teach.cu"; "" when it is not found.
inline std::string kernel_source(const std::string& relative) {
  std::vector<std::string> roots;
  if (const char* env = std::getenv("WARPSCOPE_SOURCE_DIR")) roots.push_back(env);
  std::string up = ".";
  for (int i = 0; i < 8; ++i, up += "/..") roots.push_back(up);
  for (const std::string& root : roots) {
    std::ifstream in(root + "/" + relative);
    if (!in) continue;
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  return "";
}

inline std::map<std::string, std::vector<std::string>> kernel_sections(const std::string& source) {
  std::map<std::string, std::vector<std::string>> out;
  std::istringstream in(source);
  std::string line, open;
  while (std::getline(in, line)) {
    if (!open.empty()) {
      if (line.find("// @end") != std::string::npos)
        open.clear();
      else
        out[open].push_back(line);
      continue;
    }
    for (const char* kind : {"// @variant ", "// @helper "}) {
      const size_t at = line.find(kind);
      if (at != std::string::npos) open = line.substr(at + 4);
    }
  }
  return out;
}

inline bool has_marker(const std::vector<std::string>& lines, const std::string& marker) {
  for (const std::string& line : lines) {
    const size_t at = line.find("// " + marker);
    if (at == std::string::npos) continue;
    const size_t end = at + 3 + marker.size();
    if (end == line.size() || line[end] == ' ') return true;
  }
  return false;
}

}  // namespace ws::test
