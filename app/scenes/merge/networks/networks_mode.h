// The merge scene's networks mode (issue 27; Batcher's bitonic and odd-even merge sorts, variants
// 7 and 8): one traced run on the sort's input, step by step: the network as a diagram (wires,
// comparators by stage, who owns each), the stage shown with its keys before and after, and per
// stage the active threads, divergent warps and bank conflicts from the trace.
#pragma once

#include "networks_run.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {
class NetworksMode : public TracedMode<MergeSettings, merge::SortTeachRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  merge::SortTeachRun run(Backend backend, int which) const override;
  void analyse() override;
  void fill(RunJson& doc) const override;

 private:
  NetworkFacts facts_;
};
}  // namespace ws::app
