// The heat scene's teach mode: one traced launch on a small grid, its tiles and halos by step.
#pragma once

#include "scene_kit/traced_mode.h"
#include "scenes/heat/heat_mode.h"
#include "views/stencil/stencil_teach_figure.h"

namespace ws::app {
class HeatTeachMode : public HeatMode<TracedMode<HeatSettings, stencil::TeachRun>> {
 public:
  void pointer(const Scene::Pointer& p) override;  // the hovered block is drawn in detail
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  std::string caption() const override;

 protected:
  void prepare() override;  // the start field (after --steps time steps)
  stencil::TeachRun run(Backend backend, int which) const override;
  void fill(RunJson& doc) const override;
  KernelSource kernel_source() const override;

 private:
  HeatStart start_;
  int focus_block_ = -1;              // the block under the mouse (-1: the middle one)
  mutable StencilTeachGeometry geo_;  // where draw() put the grid and tile: hover and focus
};
// Why `step` of a launch with `params` does what it does, in words (heat_teach_caption.cpp).
std::string heat_teach_why(const stencil::Params& params, const TraceStep& step);
}  // namespace ws::app
