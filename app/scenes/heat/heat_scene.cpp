#include "heat_scene.h"

#include <imgui.h>

#include "heat_live_scene.h"
#include "heat_panels.h"
#include "heat_teach_scene.h"
#include "i18n/i18n.h"

namespace ws::app {

namespace {

std::vector<std::unique_ptr<Scene>> heat_modes(const std::shared_ptr<HeatSettings>& settings) {
  std::vector<std::unique_ptr<Scene>> modes;
  modes.push_back(std::make_unique<HeatLiveScene>(settings));
  modes.push_back(std::make_unique<HeatTeachScene>(settings));
  return modes;
}

}  // namespace

HeatScene::HeatScene() : HeatScene(std::make_shared<HeatSettings>()) {}

HeatScene::HeatScene(std::shared_ptr<HeatSettings> settings)
    : ModeSwitch(kHeatSceneId, TR_NOOP("Heat flow (stencil)"), heat_modes(settings)),
      settings_(std::move(settings)),
      live_(static_cast<HeatLiveScene*>(find_mode("live"))) {}

const stencil::Simulation* HeatScene::simulation() const {
  return &active() == live_ ? live_->simulation() : nullptr;
}

void HeatScene::on_switch(Scene& from, Scene& /*to*/) {
  // What was painted on the running simulation goes with the grid into the other mode.
  if (&from == live_) live_->keep_painted();
}

void HeatScene::params_from_json(const nlohmann::json& params) {
  nlohmann::json change = params;
  // Teach mode traces every thread of one launch: a switch to it without a size shrinks a grid
  // too big to trace to one it can (24x24, 12x12x12), as the mode buttons do.
  const bool to_teach = params.is_object() && params.contains("mode") &&
                        params["mode"] == "teach" && mode() != "teach";
  const stencil::Params& p = settings_->grid;
  const int max = p.dim == 3 ? 12 : 24;
  if (to_teach && !params.contains("size") && !params.contains("dim") &&
      (p.nx > max || p.ny > max || p.nz > max)) {
    change["size"] = p.dim == 3 ? "12x12x12" : "24x24";
    if (!params.contains("tile")) change["tile"] = p.dim == 3 ? 4 : 8;
  }
  ModeSwitch::params_from_json(change);
}

void HeatScene::ui() {
  error_line(error_);
  const bool teach = mode() == "teach";
  if (ImGui::RadioButton((std::string(tr("live simulation")) + "###mode-live").c_str(), !teach) &&
      teach)
    apply_edit(*this, {{"mode", "live"}}, error_);
  ImGui::SameLine();
  if (ImGui::RadioButton((std::string(tr("teach one launch")) + "###mode-teach").c_str(), teach) &&
      !teach)
    apply_edit(*this, {{"mode", "teach"}}, error_);
  active().ui();
}

}  // namespace ws::app
