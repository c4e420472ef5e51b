// Stream compaction (PMPP 11), a mode of the scan scene: flags -> exclusive scan -> scatter, step
// by step on values or an image's pixels, and fast mode against the library.
#pragma once

#include "compact_run.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {
class CompactMode : public TracedMode<ScanSettings, CompactRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  CompactRun run(Backend backend, int which) const override;
  void fill(RunJson& doc) const override;

 private:
  FastPanel timings_{20, 5};  // the fast-mode panel at its own sizes
};
}  // namespace ws::app
