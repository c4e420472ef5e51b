// The heat scene's teach mode: one traced launch on a small grid, its tiles and halos by step.
#pragma once

#include "scene_kit/traced_mode.h"
#include "scenes/heat/heat_settings.h"
#include "views/stencil/stencil_teach_figure.h"

namespace ws::app {
// One traced launch and where its start field came from (the run document's input).
struct HeatTeachRun : stencil::TeachRun {
  std::string start_label;
};
class HeatTeachMode : public TracedMode<HeatSettings, HeatTeachRun> {
 public:
  void pointer(const Scene::Pointer& p) override;  // the hovered block is drawn in detail
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  HeatTeachRun run(Backend backend, int which) const override;  // from --steps time steps on
  void fill(RunJson& doc) const override;

 private:
  int focus_block_ = -1;              // the block under the mouse (-1: the middle one)
  mutable StencilTeachGeometry geo_;  // where draw() put the grid: the pointer's block
};
// Why `step` of a launch with `params` does what it does, in words (heat_teach_caption.cpp).
std::string heat_teach_why(const stencil::Params& params, const TraceStep& step);
}  // namespace ws::app
