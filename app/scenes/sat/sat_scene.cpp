#include "sat_scene.h"

#include <imgui.h>

#include "sat_filter_scene.h"
#include "i18n/i18n.h"
#include "sat_query_scene.h"
#include "sat_strings.h"
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
    : ModeSwitch(kSatSceneId, TR_NOOP("Summed-area table (box filters)"), sat_modes(settings)),
      settings_(std::move(settings)) {}

std::string SatScene::infer_mode(const nlohmann::json& params) const {
  if (!params.is_object()) return "";
  if (params.contains("query")) return "query";
  for (const char* key : {"radius", "method", "compare", "depth", "focus", "aperture", "colour"})
    if (params.contains(key)) return "filter";
  return "";
}

void SatScene::on_switch(Scene& /*from*/, Scene& to) {
  const std::string mode = to.id();
  if (mode == "filter") {
    // The filter mode is about photographs and speed: the teaching matrix gives way to a shipped
    // photo, the notes' two serial kernels to the fastest variant.
    if (!settings_->values.empty()) {
      stashed_values_ = settings_->values;
      stashed_variant_ = settings_->variant;
      stashed_ = true;
      settings_->values.clear();
      settings_->image = "coffee.png";
    }
    if (settings_->variant == sat::Variant::RowColumn)
      settings_->variant = sat::Variant::RegisterTiled;
    return;
  }
  if (mode == "teach") {
    if (stashed_ && settings_->values.empty() && settings_->image == "coffee.png") {
      settings_->values = stashed_values_;
      settings_->image.clear();
      settings_->variant = stashed_variant_;
    }
    stashed_ = false;
    // Variant 5 has no step-by-step trace: teach mode starts from the notes' version.
    if (!sat::has_teach_trace(settings_->variant)) settings_->variant = sat::Variant::RowColumn;
  }
}

void SatScene::params_from_json(const nlohmann::json& params) {
  const SatSettings before = *settings_;
  const bool stashed = stashed_;
  try {
    ModeSwitch::params_from_json(params);
  } catch (...) {
    *settings_ = before;
    stashed_ = stashed;
    throw;
  }
}

void SatScene::ui() {
  error_line(error_);
  // The buttons show the modes' names in the current language; the "mode" values stay.
  for (const char* m : {TR_NOOP("teach"), TR_NOOP("query"), TR_NOOP("filter")}) {
    if (m != std::string("teach")) ImGui::SameLine();
    const bool on = mode() == m;
    const std::string label = label_id(tr(m), m);
    if (ImGui::RadioButton(label.c_str(), on) && !on) apply_edit(*this, {{"mode", m}}, error_);
  }
  active().ui();
}

}  // namespace ws::app
