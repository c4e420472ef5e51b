#include "app_widgets.h"

#include <imgui.h>
#include <imgui_stdlib.h>

namespace ws::app::scan_apps {

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

}  // namespace ws::app::scan_apps
