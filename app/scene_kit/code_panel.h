// Shows a variant's real kernel source, with the statement of the current step highlighted.
// Sections are delimited in the source by `// @variant <id>` ... `// @end` (a variant's kernel)
// and `// @helper <name>` ... `// @end` (device functions variants share, such as the finish);
// step statements carry a marker comment such as `// @tree` (TraceStep::code_marker).
#pragma once

#include <string>
#include <vector>

namespace ws::app {

struct SourceSection {
  std::string title;  // e.g. "variant sequential", "helper finish"
  std::vector<std::string> lines;
  int first_line = 0;  // 1-based line number in the file
};

// Reads `relative_path` under the data folder (data/data_root.h: an installed prefix's
// share/warpscope or the source tree; the environment variable WARPSCOPE_SOURCE_DIR overrides it)
// and returns the section "variant <id>" — or, when the step's `marker` is not in it, the helper
// section that holds the marker. Empty when the file or section is missing.
SourceSection load_step_source(const std::string& relative_path, const std::string& variant_id,
                               const std::string& marker);

// Index of the first line in the section carrying `marker`, or -1.
int find_marker_line(const SourceSection& section, const std::string& marker);

// ImGui child window listing the section with line numbers; `highlight` is scrolled into view.
void show_code_panel(const SourceSection& section, int highlight, const char* empty_message);

}  // namespace ws::app
