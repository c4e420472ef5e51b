// The heat-flow scene (PMPP chapter 8): one HeatSettings and two modes. "live" (HeatLiveMode) is a
// 2D or 3D heat simulation by an explicit stencil that the user paints on while it runs; "teach"
// (HeatTeachMode) traces one launch of a variant on a small grid and shows tiles, halo cells and
// which thread loaded what. Switching keeps the grid, variant, boundary, start field, materials
// (painted ones too) and view; a switch to teach mode without a size shrinks a grid too big to
// trace (the teach limits, heat_scene.cpp).
#pragma once

#include "live/heat_live_mode.h"
#include "scene_kit/modal_scene.h"
#include "teach/heat_teach_mode.h"

namespace ws::app {

class HeatScene : public ModalScene<HeatSettings> {
 public:
  HeatScene();
  // The live mode's simulation; null in teach mode (or before attach).
  const stencil::Simulation* simulation() const;
  // An image opened or dropped on the window starts the field, in either mode.
  nlohmann::json params_for_file(const FileInfo& file) const override;

 protected:
  void parse(HeatSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const HeatSettings& s, const std::string& mode) const override;
};

}  // namespace ws::app
