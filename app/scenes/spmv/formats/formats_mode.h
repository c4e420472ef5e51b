// The SpMV scene's formats mode: the same nonzeros as COO, CSR, ELL, hybrid and JDS (PMPP
// 14.2-14.6), one format a step (--format picks one): small matrices as the format's arrays in
// cells, large ones as the row-length-against-width chart; the storage of every format against
// CSR, in float32 and float64, with its padding.
#pragma once

#include "formats_run.h"
#include "scene_kit/live_mode.h"

namespace ws::app {
class FormatsMode : public LiveMode<SpmvSettings> {
 public:
  void reset() override;
  int step_count() const override { return kFormatCount; }
  int current_step() const override { return int(settings().format); }
  void seek(int step) override;
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  void fill(RunJson& doc) const override;

 private:
  FormatsFacts facts_;
};
}  // namespace ws::app
