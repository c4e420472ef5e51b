// Segmented scan, a mode of the scan scene: typed segments "[1 2] [6 7 1] [1 2 3 4]" scanned by
// the segmented Kogge-Stone network step by step, against a per-segment serial scan; fast mode.
#pragma once

#include "scene_kit/traced_mode.h"
#include "segmented_run.h"

namespace ws::app {
class SegmentedMode : public TracedMode<ScanSettings, SegmentedRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  SegmentedRun run(Backend backend, int which) const override;
  void fill(RunJson& doc) const override;

 private:
  FastPanel timings_{20, 5};  // the fast-mode panel at its own sizes
};
}  // namespace ws::app
