// The convolution scene (issue 25; PMPP chapter 7 and the course's convolution lab): every output
// is a weighted sum of its neighbourhood. Modes over one ConvSettings: teach (a traced run of a
// variant on a 1D array or a small image: tiles, halos, ghost cells, constant-memory broadcasts)
// and intensity (the chapter's arithmetic-intensity table and where each variant sits on the
// device's roofline); the live filter on photos is the filter mode (filter/).
#pragma once

#include "conv_settings.h"
#include "scene_kit/modal_scene.h"

namespace ws::app {

class ConvScene : public ModalScene<ConvSettings> {
 public:
  ConvScene();
  // A text file of numbers in rows is a typed input for teach mode.
  nlohmann::json params_for_file(const FileInfo& file) const override;

 protected:
  void parse(ConvSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const ConvSettings& s, const std::string& mode) const override;
};

}  // namespace ws::app
