// The memory scene's matmul mode (issue 26 mode 3; PMPP 3.4, 5.3-5.5, 6.3 and the course's
// matmul lab): one traced run of a variant on small matrices, phase by phase: M, N and P as
// cells, the block's Mds and Nds, which thread loads which element in which phase, the barriers,
// how often each loaded element is used; beside it the global traffic against TILE_WIDTH and the
// roofline of every variant (measured on CUDA, the model's positions on the CPU backend).
#pragma once

#include "matmul_run.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {
class MatmulMode : public TracedMode<MemorySettings, mem::MatmulTeachRun> {
 public:
  void ui() override;
  void tick(float dt) override;
  bool busy() const override { return measure_.busy(); }
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  void prepare() override;
  mem::MatmulTeachRun run(Backend backend, int which) const override;
  int runs_shown() const override { return settings().matmul_compare ? 2 : 1; }
  void fill(RunJson& doc) const override;

 private:
  void measure_panel();
  int shown_block_ = 0;
  mem::FloatMatrix m_, n_;
  MatmulRoofline roof_;  // the model's until a measurement is adopted
  BackgroundWork<MatmulRoofline> measure_;
  std::string measure_error_;
  int measure_side_ = 2, measure_tile_ = 1;  // kMatmulTimedSides / kMatmulTimedTiles indices
};
}  // namespace ws::app
