// The contention mode: any input at full size, the variant run through the engine and modelled
// (histogram_contention_run.h); its figure, the histogram over the contention heatmap, its hover
// and caption: histogram_contention_view.cpp.
#pragma once

#include "histogram_contention_run.h"
#include "scene_kit/live_mode.h"
#include "scenes/histogram/histogram_panels.h"

namespace ws::app {
class HistogramContentionMode : public LiveMode<HistogramSettings> {
 public:
  void reset() override;
  void detach() override;  // gives the engine's buffers back
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  void check(const HistogramSettings& s) const override;  // a file input reads

 protected:
  void fill(RunJson& doc) const override;

 private:
  std::unique_ptr<histogram::Engine> engine_;
  std::optional<HistogramContentionRun> run_;  // none before the first run or after a failed one
};
}  // namespace ws::app
