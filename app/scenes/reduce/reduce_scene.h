// The parallel-reduction scene: variants 1-7 with three finishes and the in-place global-memory
// kernels 8-10 (PMPP Fig. 10.6, 10.9, CS344 reduce_global), four operators, int32/float32. Modes:
// teach (ReduceTeachMode: the trace, tree view, counters, code, and fast mode against CUB) and
// segmented (ReduceSegmentedMode: one total per segment of --segments).
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
