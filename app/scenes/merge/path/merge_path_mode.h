// The merge scene's path mode (PMPP 12.2-12.5, 12.8): A along the top, B down the left, the merge
// path as a staircase, each thread's diagonal and its co-rank search pass by pass, then the
// pieces the threads merge into C. Variants 1 sequential, 2 basic, 5 fast (coarsened).
#pragma once

#include "merge_path_run.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {
class MergePathMode : public TracedMode<MergeSettings, merge::MergeTeachRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  merge::MergeTeachRun run(Backend backend, int which) const override;
  void analyse() override { model_ = taught() ? path_model(taught()->run) : PathModel{}; }
  void fill(RunJson& doc) const override;

 private:
  PathModel model_;
  int shown_thread_ = 1;  // the book's thread 1 (clamped to the run's threads)
};
}  // namespace ws::app
