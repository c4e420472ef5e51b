// The summed-area-table scene (issue "The summed-area-table scene"): a 2D inclusive prefix sum
// taught step by step, queried with four look-ups, and used to filter photographs with box
// filters of any size in constant time. Three modes over one SatSettings: teach (a traced run on
// up to 32x32), query (drag a rectangle) and filter (live, full resolution).
#pragma once

#include <memory>

#include "sat_settings.h"
#include "scene_kit/mode_switch.h"

namespace ws::app {

class SatScene : public ModeSwitch {
 public:
  SatScene();
  // As ModeSwitch's, and a switch that fails (a bad value) leaves the settings as they were.
  void params_from_json(const nlohmann::json& params) override;

 protected:
  std::string infer_mode(const nlohmann::json& params) const override;
  void on_switch(Scene& from, Scene& to) override;

 public:
  void ui() override;

 private:
  explicit SatScene(std::shared_ptr<SatSettings> settings);
  std::shared_ptr<SatSettings> settings_;
  std::string error_;
  // What a switch to the filter mode replaced (the teaching matrix, variant 1), given back on the
  // way to teach mode unless the user chose another input meanwhile.
  std::string stashed_values_;
  sat::Variant stashed_variant_ = sat::Variant::RowColumn;
  bool stashed_ = false;
};

}  // namespace ws::app
