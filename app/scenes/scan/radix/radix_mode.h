// Radix sort (PMPP 13.3-13.5), a mode of the scan scene: one split pass as columns, the LSD
// passes, or the multi-bit bucket table traced on the backend; fast mode against the library.
#pragma once

#include "radix_run.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {
class RadixMode : public TracedMode<ScanSettings, RadixRun> {
 public:
  int step_count() const override;  // the view's steps, not the trace's
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  KernelSource kernel_source() const override;  // the buckets view's statement, else the sort

 protected:
  RadixRun run(Backend backend, int which) const override;
  void fill(RunJson& doc) const override;

 private:
  FastPanel timings_{22, 5};  // the fast-mode panel at its own sizes
};
}  // namespace ws::app
