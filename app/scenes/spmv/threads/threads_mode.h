// The SpMV scene's threads mode (issue 28; PMPP 14.2-14.6 and the CSR vector kernel): one traced
// run of a variant on a small matrix, step by step (loop iteration by loop iteration): which
// thread reads which nonzero, the lanes of each warp busy or finished (divergence from uneven
// rows), the warps' addresses and 32-byte sectors in col, val and x, COO's atomics on y in
// serialization order; the facts of each step and every variant's totals on the same input.
#pragma once

#include "scene_kit/traced_mode.h"
#include "threads_run.h"

namespace ws::app {
class ThreadsMode : public TracedMode<SpmvSettings, spmv::SpmvTeachRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  spmv::SpmvTeachRun run(Backend backend, int which) const override;
  void analyse() override;
  void fill(RunJson& doc) const override;

 private:
  ThreadsAnalysis analysis_;
  std::vector<ThreadsSummary> variants_;
};
}  // namespace ws::app
