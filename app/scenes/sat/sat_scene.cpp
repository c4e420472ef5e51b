#include "sat_scene.h"

#include <imgui.h>

#include "sat_filter_scene.h"
#include "sat_query_scene.h"
#include "sat_teach_scene.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

std::vector<std::unique_ptr<Scene>> sat_modes(const std::shared_ptr<SatSettings>& settings) {
  std::vector<std::unique_ptr<Scene>> modes;
  modes.push_back(std::make_unique<SatTeachScene>(settings));
  modes.push_back(std::make_unique<SatQueryScene>(settings));
  modes.push_back(std::make_unique<SatFilterScene>(settings));
  return modes;
}

}  // namespace

SatScene::SatScene() : SatScene(std::make_shared<SatSettings>()) {}

SatScene::SatScene(std::shared_ptr<SatSettings> settings)
    : ModeSwitch(kSatSceneId, "Summed-area table (box filters)", sat_modes(settings)),
      settings_(std::move(settings)) {}

std::string SatScene::infer_mode(const nlohmann::json& params) const {
  if (!params.is_object()) return "";
  if (params.contains("query")) return "query";
  for (const char* key : {"radius", "method", "depth", "focus", "aperture", "colour"})
    if (params.contains(key)) return "filter";
  return "";
}

void SatScene::on_switch(Scene& /*from*/, Scene& to) {
  // The filter mode is about photographs: a typed teaching matrix gives way to a shipped photo.
  if (std::string(to.id()) != "filter") return;
  if (!settings_->values.empty()) {
    settings_->values.clear();
    settings_->image = "coffee.png";
  }
  // Filtering is about speed: the notes' two serial kernels give way to the fastest variant.
  if (settings_->variant == sat::Variant::RowColumn)
    settings_->variant = sat::Variant::RegisterTiled;
}

void SatScene::ui() {
  error_line(error_);
  for (const char* m : {"teach", "query", "filter"}) {
    if (m != std::string("teach")) ImGui::SameLine();
    const bool on = mode() == m;
    const char* label = m;
    if (ImGui::RadioButton(label, on) && !on) apply_edit(*this, {{"mode", m}}, error_);
  }
  active().ui();
}

}  // namespace ws::app
