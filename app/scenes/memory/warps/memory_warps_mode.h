// The warps mode (PMPP 4.4-4.7): a 1D, 2D or 3D launch drawn over its data, its threads coloured
// by warp, the warps that diverge or idle at the edges, the book's counts, and occupancy.
#pragma once

#include "memory_warps_run.h"
#include "scene_kit/live_mode.h"

namespace ws::app {
class MemoryWarpsMode : public LiveMode<MemorySettings> {
 public:
  void reset() override { run_ = compute_warps(settings(), backend()); }
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override { return warps_caption(run_); }

 protected:
  void fill(RunJson& doc) const override;

 private:
  WarpsRun run_;
};
}  // namespace ws::app
