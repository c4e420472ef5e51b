#include "panel_edit.h"

#include <imgui.h>

namespace ws::app {

void apply_panel_edit(Scene& scene, std::string& error, const nlohmann::json& change) {
  const nlohmann::json before = scene.params_to_json();
  try {
    scene.params_from_json(change);
    scene.reset();
    error.clear();
  } catch (const std::exception& e) {
    error = e.what();
    try {
      scene.params_from_json(before);
      scene.reset();
    } catch (const std::exception&) {
    }
  }
}

void panel_error_line(const std::string& error) {
  if (error.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.2f, 0.2f, 1));
  ImGui::TextWrapped("%s", error.c_str());
  ImGui::PopStyleColor();
}

}  // namespace ws::app
