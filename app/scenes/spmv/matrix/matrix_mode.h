// The SpMV scene's matrix mode: the matrix itself. Its sparsity pattern (small matrices entry by
// entry with x and y = A x beside them; larger ones binned, with a colour bar of nonzeros per bin)
// and the row-length histogram with its statistics: what decides which format suits it.
#pragma once

#include "matrix_run.h"
#include "scene_kit/live_mode.h"

namespace ws::app {
class MatrixMode : public LiveMode<SpmvSettings> {
 public:
  void reset() override;
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  void fill(RunJson& doc) const override;

 private:
  MatrixFacts facts_;
};
}  // namespace ws::app
