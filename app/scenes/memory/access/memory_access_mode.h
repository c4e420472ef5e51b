// The access mode: a warp's 32 addresses drawn on the memory as 32-byte sectors and 128-byte
// lines, one warp-level instruction per step, and the effective bandwidth against the stride.
#pragma once

#include "memory_access_run.h"
#include "scene_kit/live_mode.h"

namespace ws::app {
class MemoryAccessMode : public LiveMode<MemorySettings> {
 public:
  void reset() override;
  int step_count() const override;
  int current_step() const override { return step_; }
  void seek(int step) override;
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  // The shown instruction's statement in the code panel.
  std::string code_marker() const override;

 protected:
  void fill(RunJson& doc) const override;

 private:
  AccessView run_;
  StrideChart chart_;
  int step_ = 0;
};
}  // namespace ws::app
