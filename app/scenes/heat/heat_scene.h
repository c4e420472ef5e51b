// The heat-flow scene (PMPP chapter 8) in two modes that share one HeatSettings: a live 2D or 3D
// heat simulation by an explicit stencil that the user paints on while it runs (HeatLiveScene),
// and one traced launch of a variant on a small grid that shows tiles, halo cells and which
// thread loaded what (HeatTeachScene). "mode" (live or teach) picks one; switching keeps the grid,
// variant, boundary, start field, materials and view.
#pragma once

#include <memory>
#include <string>

#include "heat_settings.h"
#include "scene_kit/mode_switch.h"

namespace ws::stencil {
class Simulation;
}

namespace ws::app {

class HeatLiveScene;

class HeatScene : public ModeSwitch {
 public:
  HeatScene();
  // The mode radio buttons (a switch to teach mode shrinks a big grid to one it can trace), then
  // the active mode's panels.
  void ui() override;
  // As ModeSwitch's; a switch to teach mode without a size shrinks a grid too big to trace.
  void params_from_json(const nlohmann::json& params) override;
  // Files opened or dropped on the window (the scene's *_files.cpp).
  nlohmann::json params_for_file(const FileInfo& file) const override;

  const HeatSettings& settings() const { return *settings_; }
  // The live mode's simulation; null in teach mode.
  const stencil::Simulation* simulation() const;

 protected:
  void on_switch(Scene& from, Scene& to) override;

 private:
  explicit HeatScene(std::shared_ptr<HeatSettings> settings);
  std::shared_ptr<HeatSettings> settings_;
  HeatLiveScene* live_;
  std::string error_;
};

}  // namespace ws::app
