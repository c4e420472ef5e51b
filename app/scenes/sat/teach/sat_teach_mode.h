// The summed-area-table scene's teach mode: one traced run of a variant on a small image (up to
// 32x32), step by step: the row phase, then the column phase (or the tiles and their look-back),
// the values in the cells, which thread touched which cell, and the memory counters per step.
#pragma once

#include "sat_teach_view.h"
#include "scene_kit/traced_mode.h"
#include "scenes/sat/sat_panels.h"

namespace ws::app {
class SatTeachMode : public SatMode<TracedMode<SatSettings, sat::TeachRun>> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  std::vector<std::string> lecture_variants() const override;  // 1-4: 5 has no trace
  std::string caption() const override;

 protected:
  void prepare() override;  // the input, one luminance plane averaged down to 32x32
  sat::TeachRun run(Backend backend, int which) const override;
  void fill(RunJson& doc) const override;
  KernelSource kernel_source() const override;

 private:
  SatInput input_;
  mutable std::vector<SatTeachGrid> grids_;  // where draw() put each buffer's grid
};
}  // namespace ws::app
