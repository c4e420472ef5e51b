// The summed-area-table scene's teach mode: one traced run of a variant on a small image (up to
// 32x32), step by step: the row phase, then the column phase (or the tiles and their look-back,
// or variant 5's three launches: tile sums, carries, tile tables), the values in the cells, which
// thread touched which cell, and the memory counters per step.
#pragma once

#include "scenes/sat/sat_input.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {
class SatTeachMode : public TracedMode<SatSettings, sat::TeachRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  void prepare() override;  // the input, one luminance plane averaged down to 32x32
  sat::TeachRun run(Backend backend, int which) const override;
  void fill(RunJson& doc) const override;

 private:
  ImageInput input_;
  int shown_block_ = 0;  // the fused filter's walk: the block whose V, E and window are drawn
};
}  // namespace ws::app
