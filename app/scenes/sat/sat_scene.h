// The summed-area-table scene (issue "The summed-area-table scene"): a 2D inclusive prefix sum
// taught step by step, queried with four look-ups, and used to filter photographs with box
// filters of any size in constant time. Three modes over one SatSettings: teach (a traced run on
// up to 32x32), query (drag a rectangle) and filter (live, full resolution).
#pragma once

#include "scene_kit/modal_scene.h"
#include "sat_settings.h"

namespace ws::app {

class SatScene : public ModalScene<SatSettings> {
 public:
  SatScene();
  // A photo is filtered (queried, when the query mode is shown); a text file of numbers in rows
  // is a typed matrix for teach mode (or the query mode, when shown).
  nlohmann::json params_for_file(const FileInfo& file) const override;

 protected:
  void parse(SatSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const SatSettings& s, const std::string& mode) const override;
  // The filter mode takes a shipped photo for the teaching matrix (kept in s.stash) and the
  // fastest variant for the notes' serial one; teach mode gives them back.
  void on_switch(SatSettings& s, const std::string& from, const std::string& to,
                 const ParamReader& keys) const override;
};

}  // namespace ws::app
