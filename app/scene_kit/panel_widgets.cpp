#include "scene_kit/panel_widgets.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "ui/code_panel.h"

namespace ws::app {

bool combo(const char* label, int& index, const std::vector<std::string>& items) {
  bool changed = false;
  const int current = std::clamp(index, 0, static_cast<int>(items.size()) - 1);
  if (ImGui::BeginCombo(label, items[current].c_str())) {
    for (int i = 0; i < static_cast<int>(items.size()); ++i) {
      if (ImGui::Selectable(items[i].c_str(), i == current)) {
        index = i;
        changed = i != current;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

void op_type_controls(BinaryOp op, ValueType type, nlohmann::json& edit) {
  int op_index = static_cast<int>(op);
  if (combo("Operator", op_index, {"sum", "product", "min", "max"}))
    edit["op"] = op_name(static_cast<BinaryOp>(op_index));
  int type_index = static_cast<int>(type);
  if (combo("Type", type_index, {"int32", "float32"}))
    edit["type"] = type_name(static_cast<ValueType>(type_index));
}

void input_controls(const InputSource& source, const InputLimits& limits, nlohmann::json& edit,
                    const char* image_tooltip) {
  std::string values = source.values_text;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputTextWithHint("##values", "typed values, e.g. 3 1 7 0 4 1 6 3", &values,
                               ImGuiInputTextFlags_EnterReturnsTrue))
    edit["values"] = values;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Type values and press Enter");
  if (limits.images) {
    std::string image = source.image_path;
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 6);
    if (ImGui::InputTextWithHint("Image file", "e.g. camera.png (shipped in assets/)", &image,
                                 ImGuiInputTextFlags_EnterReturnsTrue))
      edit["image"] = image;
    if (ImGui::IsItemHovered() && *image_tooltip) ImGui::SetTooltip("%s", image_tooltip);
  }
  int n = static_cast<int>(source.n);
  ImGui::SliderInt("N (random)", &n, 1, static_cast<int>(limits.max_n), "%d",
                   ImGuiSliderFlags_Logarithmic);
  const bool n_changed = ImGui::IsItemDeactivatedAfterEdit();
  uint64_t seed = source.seed;
  const uint64_t one = 1;
  const bool seed_changed = ImGui::InputScalar("Seed", ImGuiDataType_U64, &seed, &one);
  int dist = static_cast<int>(source.distribution);
  const bool dist_changed = combo("Distribution", dist, {"uniform", "equal", "sorted", "few-huge"});
  if (n_changed || seed_changed || dist_changed || ImGui::Button("Generate random input")) {
    edit["n"] = n;
    edit["seed"] = std::min<uint64_t>(seed, INT64_MAX);
    edit["distribution"] = distribution_name(static_cast<Distribution>(dist));
  }
}

void apply_edit(Scene& scene, const nlohmann::json& edit, std::string& error) {
  if (edit.empty()) return;
  const nlohmann::json before = scene.params_to_json();
  try {
    scene.params_from_json(edit);
    scene.reset();
    error.clear();
  } catch (const std::exception& e) {
    error = e.what();
    try {  // a reset that failed after the parameters changed: back to what was shown
      scene.params_from_json(before);
      scene.reset();
    } catch (const std::exception&) {
    }
  }
}

void error_line(const std::string& error) {
  if (error.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.2f, 0.2f, 1));
  ImGui::TextWrapped("%s", error.c_str());
  ImGui::PopStyleColor();
}

bool text_field(const char* label, const char* hint, std::string& value) {
  const bool entered =
      ImGui::InputTextWithHint(label, hint, &value, ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Press Enter to apply");
  return entered;
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
