// The kernel lab (issue 29): a student's CUDA kernel for one of nine PMPP exercises, edited in
// the app, compiled and run in a separate process (NVRTC on the GPU, g++ and fibers on the CPU),
// traced, checked against the exercise's reference and drawn like the built-in scenes. One mode
// (lab_mode.h); the figure and result panels are figure/.
#pragma once

#include "lab_settings.h"
#include "scene_kit/modal_scene.h"

namespace ws::app {

class LabScene : public ModalScene<LabSettings> {
 public:
  LabScene();

 protected:
  void parse(LabSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const LabSettings& s, const std::string& mode) const override;
};

}  // namespace ws::app
