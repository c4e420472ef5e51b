#include "image_source_panel.h"

#include <imgui.h>

#include "i18n/i18n.h"
#include "panel_widgets.h"

namespace ws::app {

nlohmann::json image_source_controls(const ImageSource& s, const ImageSourcePanel& panel) {
  nlohmann::json edit = nlohmann::json::object();
  const std::string id = panel.id;
  if (!panel_section(tr("Input"), (id + "-input").c_str())) return edit;
  // The fields show what the settings hold, until the user types (a session or the command
  // line may change them).
  static std::string values, seen_values, image, seen_image;
  if (s.values != seen_values) values = seen_values = s.values;
  if (s.image != seen_image) image = seen_image = s.image;
  if (panel.values) {
    if (text_field(label_id(tr("values"), (id + "-values").c_str()).c_str(),
                   tr("rows separated by ';', e.g. 1 2 3; 4 5 6"), values))
      edit["values"] = values;
    if (*panel.example) {
      if (ImGui::SmallButton(label_id(panel.example_label, (id + "-example").c_str()).c_str())) {
        values = panel.example;
        edit["values"] = values;
      }
      ImGui::SameLine();
      ImGui::TextDisabled("%s", panel.example);
    }
  }
  if (text_field(label_id(tr("image file"), (id + "-image").c_str()).c_str(),
                 tr("a PNG, JPEG, BMP, TGA or PGM path; Enter opens it"), image))
    edit["image"] = image;
  ImGui::TextDisabled("%s", tr("shipped photos:"));
  for (const char* name : kShippedPhotos) {
    ImGui::SameLine();
    if (ImGui::SmallButton(name)) {
      image = name;
      edit["image"] = image;
    }
  }
  int size[2] = {s.random_size[0], s.random_size[1]};
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::InputInt2(label_id(tr("random W x H"), (id + "-random").c_str()).c_str(), size,
                       ImGuiInputTextFlags_EnterReturnsTrue))
    edit["size"] = std::to_string(size[0]) + "x" + std::to_string(size[1]);
  ImGui::SameLine();
  int seed = static_cast<int>(s.seed);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
  if (ImGui::InputInt(label_id(tr("seed"), (id + "-seed").c_str()).c_str(), &seed, 1, 10,
                      ImGuiInputTextFlags_EnterReturnsTrue) &&
      seed >= 0) {
    edit["seed"] = seed;
    edit["size"] = std::to_string(s.random_size[0]) + "x" + std::to_string(s.random_size[1]);
  }
  if (panel.colour) {
    bool rgb = s.rgb;
    if (ImGui::Checkbox(
            label_id(tr("filter R, G, B separately (else luminance)"), (id + "-rgb").c_str())
                .c_str(),
            &rgb))
      edit["colour"] = rgb ? "rgb" : "luminance";
  }
  return edit;
}

}  // namespace ws::app
