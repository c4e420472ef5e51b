#include "panel_widgets.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include "scenes/scene.h"
#include "ui/code_panel.h"

namespace ws::app {

bool combo(const char* label, int& index, const std::vector<std::string>& items) {
  bool changed = false;
  if (index < 0 || index >= static_cast<int>(items.size())) index = 0;
  if (ImGui::BeginCombo(label, items[index].c_str())) {
    for (int i = 0; i < static_cast<int>(items.size()); ++i) {
      if (ImGui::Selectable(items[i].c_str(), i == index)) {
        changed = i != index;
        index = i;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

bool text_field(const char* label, const char* hint, std::string& value) {
  const bool entered =
      ImGui::InputTextWithHint(label, hint, &value, ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Press Enter to apply");
  return entered;
}

void error_line(const std::string& error) {
  if (!error.empty()) ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "%s", error.c_str());
}

void apply_edit(Scene& scene, const nlohmann::json& edit, std::string& error) {
  if (edit.empty()) return;
  try {
    scene.params_from_json(edit);
    scene.reset();
    error.clear();
  } catch (const std::exception& e) {
    error = e.what();
  }
}

void counter_table(const char* id, const std::vector<std::pair<std::string, std::string>>& rows) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) return;
  for (const auto& [name, value] : rows) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(name.c_str());
    ImGui::TableSetColumnIndex(1);
    ImGui::TextUnformatted(value.c_str());
  }
  ImGui::EndTable();
}

void twin_check_line(const TwinCheck& twin) {
  if (!twin.ran) return;
  if (!twin.matches()) {
    ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "GPU differs from the CPU twin: %s",
                       twin.difference.c_str());
    return;
  }
  ImGui::TextColored(ImVec4(0.1f, 0.6f, 0.2f, 1), "GPU trace matches the CPU twin");
  if (!twin.note.empty()) ImGui::TextWrapped("(%s)", twin.note.c_str());
}

void kernel_source_panel(const KernelSource& k) {
  const SourceSection source = load_step_source(k.file, k.section, k.marker);
  ImGui::TextDisabled("%s", k.file.c_str());
  if (!k.note.empty()) ImGui::TextWrapped("%s", k.note.c_str());
  show_code_panel(source, find_marker_line(source, k.marker),
                  "The kernel source was not found (or has no section for this variant yet); set "
                  "WARPSCOPE_SOURCE_DIR to the source tree.");
}

}  // namespace ws::app
