// The parallel-reduction scene: variants 1-7 with three finishes, four operators, int32/float32;
// one mode (ReduceTeachMode): the trace, tree view, counters, code, and fast mode against CUB.
#pragma once

#include "reduce_teach_mode.h"
#include "scene_kit/modal_scene.h"

namespace ws::app {

class ReduceScene : public ModalScene<ReduceSettings> {
 public:
  ReduceScene();
  // The run shown and the one it is compared with (null without a comparison).
  const Taught<ReduceRun>& primary() const;
  const Taught<ReduceRun>* comparison() const;

 protected:
  void parse(ReduceSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const ReduceSettings& s, const std::string& mode) const override;
};

}  // namespace ws::app
