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
  std::string describe_at(gfx::Vec2 point) const override;
  std::string caption() const override;
  BenchJob bench_job(const BenchRequest& request) const override;
  KernelSource kernel_source() const override;  // the teach kernels, the step's statement

 protected:
  CompactRun run(Backend backend, int which) const override;
  void fill(RunJson& doc) const override;

 private:
  FastPanel timings_{20, 5};  // the fast-mode panel at its own sizes
  mutable CompactHover hover_;
};
}  // namespace ws::app
