// The memory scene's transpose mode (issue 26 mode 2; the lecture chapter's tiled transpose,
// cuda-samples' transpose): one traced run of a variant on a small matrix (and a second variant
// beside it), step by step: the input and output as cells, the shared tile with its padding
// column, each warp's global accesses as 32-byte sectors and its shared accesses by bank; at full
// size every variant timed against a copy of the same bytes (CUDA).
#pragma once

#include "scene_kit/traced_mode.h"
#include "transpose_run.h"

namespace ws::app {
class TransposeMode : public TracedMode<MemorySettings, mem::TransposeRun> {
 public:
  void ui() override;
  void tick(float dt) override;
  bool busy() const override { return timing_work_.busy(); }
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  // The fast variant's rows of threads must divide the tile edge.
  void check(const MemorySettings& next) const override;

 protected:
  mem::TransposeRun run(Backend backend, int which) const override;
  int runs_shown() const override { return settings().transpose_compare ? 2 : 1; }
  void fill(RunJson& doc) const override;

 private:
  void timing_panel();
  int shown_warp_ = 0;  // launch-wide warp whose sectors and banks the figure draws
  BackgroundWork<TransposeTimings> timing_work_;
  TransposeTimings timings_;
  std::string timing_error_;
  int timing_side_ = 3;  // the full size timed: kTimedSides[timing_side_]
};
}  // namespace ws::app
