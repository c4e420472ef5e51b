// The convolution scene (issue 25; PMPP chapter 7 and the course's convolution lab): every output
// is a weighted sum of its neighbourhood. Modes over one ConvSettings: teach (a traced run of a
// variant on a 1D array or a small image: tiles, halos, ghost cells, constant-memory broadcasts),
// intensity (the chapter's arithmetic-intensity table and where each variant sits on the
// device's roofline) and filter (the live filter on photos, filter/).
#pragma once

#include "conv_settings.h"
#include "scene_kit/modal_scene.h"

namespace ws::app {

class ConvScene : public ModalScene<ConvSettings> {
 public:
  ConvScene();
  // A photo is filtered (filter mode); a text file of numbers in rows is a typed input for teach
  // mode.
  nlohmann::json params_for_file(const FileInfo& file) const override;

 protected:
  void parse(ConvSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const ConvSettings& s, const std::string& mode) const override;
  // A switch to the filter mode puts a photo and a Gaussian in place of the book's example.
  void on_switch(ConvSettings& s, const std::string& from, const std::string& to,
                 const ParamReader& keys) const override;
};

}  // namespace ws::app
