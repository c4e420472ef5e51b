// The reduction's teach mode: the traced run(s) as trees, counters, float lesson, captions.
#pragma once

#include "reduce_run.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {
class ReduceTeachMode : public TracedMode<ReduceSettings, ReduceRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  nlohmann::json params_for_file(const FileInfo& file) const override;
  std::string caption() const override;
  BenchJob bench_job(const BenchRequest& request) const override;

 protected:
  void prepare() override;
  ReduceRun run(Backend backend, int which) const override;
  int runs_shown() const override { return settings().compare ? 2 : 1; }
  TwinComparison twin_comparison(int which) const override;
  void fill(RunJson& doc) const override;

 private:
  ReduceInput input_;
};
}  // namespace ws::app
