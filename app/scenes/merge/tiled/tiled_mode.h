// The merge scene's tiled mode (issue 27; PMPP 12.6 tiled merge, 12.7 circular buffer): one traced
// run on A and B, step by step through the block's while loop: the tiles in A and B, the shared
// tiles (the circular buffer's start and wrap), what each iteration consumes, each thread's
// co-ranks in the tile, C filled so far, and the global loads per output of the basic, tiled and
// circular merges of the same input.
#pragma once

#include "scene_kit/traced_mode.h"
#include "tiled_run.h"

namespace ws::app {
class TiledMode : public TracedMode<MergeSettings, merge::MergeTeachRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  merge::MergeTeachRun run(Backend backend, int which) const override;
  void analyse() override;
  void fill(RunJson& doc) const override;

 private:
  int shown_block() const;
  int block_ = 0;  // the block whose tiles the figure draws
  std::vector<MergeLoads> loads_;
};
}  // namespace ws::app
