// The convolution scene's teach mode: one traced run of a variant on a 1D array or a small image
// (and the compare variant beside it), step by step: the tile with its halo and ghost cells, which
// threads load and which idle, the filter broadcast from constant memory or read from global
// memory, the outputs as the store writes them, the memory counters per step.
#pragma once

#include "conv_teach_run.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {
class ConvTeachMode : public TracedMode<ConvSettings, conv::TeachRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  void prepare() override;  // the input (1D up to 256, 2D up to 32x32) and the filter
  conv::TeachRun run(Backend backend, int which) const override;
  int runs_shown() const override { return settings().compare ? 2 : 1; }
  void fill(RunJson& doc) const override;

 private:
  ConvTeachInput input_;
  int shown_block_ = 0;  // the block whose tile and threads the figure outlines (panel choice)
};
}  // namespace ws::app
