// The merge scene's sort mode (issue 27; PMPP 13's merge sort from merges, variant 6, and the fast
// sort, taught as 6): the passes as levels, each pass's merges coloured, and the merge path of the
// merge selected (--merge-at level,index or a click). The radix sort is the scan scene's: the
// panel links there rather than copying it.
#pragma once

#include "scene_kit/traced_mode.h"
#include "sort_run.h"

namespace ws::app {
class SortMode : public TracedMode<MergeSettings, merge::SortTeachRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  void pointer(const Scene::Pointer& p) override;  // a click on a merge selects it
  void check(const MergeSettings& next) const override;

 protected:
  merge::SortTeachRun run(Backend backend, int which) const override;
  void fill(RunJson& doc) const override;

 private:
  mutable std::vector<MergeHit> hits_;  // the merges' rectangles in the last figure
};
}  // namespace ws::app
