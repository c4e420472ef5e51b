// The image mode: a photo's channel histograms and live equalization (histogram_image_run.h).
#pragma once

#include "histogram_image_run.h"

namespace ws::app {
class HistogramImageMode : public LiveMode<HistogramSettings> {
 public:
  HistogramImageMode();
  void reset() override;  // in the window: a job on a worker (CPU backend), taken by tick()
  void detach() override;
  void tick(float dt) override;  // a failed or cancelled job keeps what is shown
  bool busy() const override { return state_.work.busy(); }
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;  // and its hover regions
  std::string caption() const override;
  gfx::Image output_image() const override;  // the equalized image (the original when off)
  const HistogramImageShown& shown() const { return state_.shown; }
  void cancel_background_work() { state_.work.cancel(); }  // the panel's Cancel

 protected:
  void fill(RunJson& doc) const override;

 private:
  HistogramImageState state_;  // the job, what is shown, the engine and textures
};
}  // namespace ws::app
