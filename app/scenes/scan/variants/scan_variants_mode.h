// The scan itself (PMPP 11), the first mode: variants 1-10 step by step, views, scaling, fast mode.
#pragma once

#include "scan_variants_run.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {
class ScanVariantsMode : public TracedMode<ScanSettings, ScanTeach> {
 public:
  void reset() override;  // a run that fails is drawn in its place (run_error()), not refused
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  const std::string& run_error() const { return state_.run_error; }
  const ScalingData& scaling();  // computed on demand
 protected:
  ScanTeach run(Backend backend, int which) const override;
  int runs_shown() const override { return settings().scan.compare ? 2 : 1; }
  TwinComparison twin_comparison(int which) const override;
  void fill(RunJson& doc) const override;

 private:
  ScanVariantsState state_;
};
}  // namespace ws::app
