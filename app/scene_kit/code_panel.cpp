#include "code_panel.h"

#include <imgui.h>

#include <cstdlib>
#include <fstream>

#include "data/data_root.h"
#include "i18n/i18n.h"

namespace ws::app {

namespace {

std::string source_root() {
  if (const char* env = std::getenv("WARPSCOPE_SOURCE_DIR"); env && *env) return env;
  return data::data_root().path;
}

bool has_marker(const std::string& line, const std::string& marker) {
  const size_t at = line.find(marker);
  if (at == std::string::npos) return false;
  const size_t end = at + marker.size();  // "@tree" must not match "@tree-x"
  return end == line.size() || line[end] == ' ' || line[end] == '\t';
}

}  // namespace

namespace {

// Every "@variant x" / "@helper y" section of the file, in order.
std::vector<SourceSection> read_sections(const std::string& relative_path) {
  std::vector<SourceSection> sections;
  std::ifstream in(source_root() + "/" + relative_path);
  std::string line;
  SourceSection* open = nullptr;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (open) {
      if (has_marker(line, "@end"))
        open = nullptr;
      else
        open->lines.push_back(line);
      continue;
    }
    for (const char* kind : {"@variant ", "@helper "}) {
      const size_t at = line.find(std::string("// ") + kind);
      if (at == std::string::npos) continue;
      sections.push_back({line.substr(at + 4), {}, number + 1});
      open = &sections.back();
    }
  }
  return sections;
}

}  // namespace

SourceSection load_step_source(const std::string& relative_path, const std::string& variant_id,
                               const std::string& marker) {
  const std::vector<SourceSection> sections = read_sections(relative_path);
  const SourceSection* variant = nullptr;
  for (const SourceSection& s : sections)
    if (s.title == "variant " + variant_id) variant = &s;
  if (!variant) return {};
  if (marker.empty() || find_marker_line(*variant, marker) >= 0) return *variant;
  for (const SourceSection& s : sections)
    if (s.title.rfind("helper ", 0) == 0 && find_marker_line(s, marker) >= 0) return s;
  return *variant;
}

int find_marker_line(const SourceSection& section, const std::string& marker) {
  if (marker.empty()) return -1;
  for (size_t i = 0; i < section.lines.size(); ++i)
    if (has_marker(section.lines[i], "// " + marker)) return static_cast<int>(i);
  return -1;
}

void show_code_panel(const SourceSection& section, int highlight, const char* empty_message) {
  if (section.lines.empty()) {
    ImGui::TextWrapped("%s", empty_message);
    return;
  }
  // "variant sequential", "helper load_two_per_thread": the word translated, the name kept.
  [[maybe_unused]] const char* const kind[] = {TR_NOOP("variant {0}"), TR_NOOP("helper {0}")};
  ImGui::TextDisabled("%s", tr_text(section.title).c_str());
  ImGui::BeginChild("code", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  // Follow the timeline: scroll when the highlighted statement changes.
  static int last_highlight = -2;
  const bool follow = highlight != last_highlight;
  last_highlight = highlight;
  const ImVec4 number_color = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  for (size_t i = 0; i < section.lines.size(); ++i) {
    const bool current = static_cast<int>(i) == highlight;
    if (current) {
      const ImVec2 p = ImGui::GetCursorScreenPos();
      ImGui::GetWindowDrawList()->AddRectFilled(
          p, ImVec2(p.x + ImGui::GetWindowWidth() * 4, p.y + ImGui::GetTextLineHeightWithSpacing()),
          IM_COL32(255, 200, 0, 90));
    }
    ImGui::TextColored(number_color, "%4d", section.first_line + static_cast<int>(i));
    ImGui::SameLine();
    ImGui::TextUnformatted(section.lines[i].c_str());
    if (current && follow) ImGui::SetScrollHereY(0.4f);
  }
  ImGui::EndChild();
}

}  // namespace ws::app
