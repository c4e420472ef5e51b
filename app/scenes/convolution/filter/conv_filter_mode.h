// The convolution scene's filter mode: a photo and the filtered photo side by side at full
// resolution (through interop on CUDA), the filter on sliders, and the difference against a
// second variant or the CPU reference.
#pragma once

#include "conv_filter_run.h"
#include "scene_kit/live_mode.h"

namespace ws::app {
class ConvFilterMode : public LiveMode<ConvSettings> {
 public:
  ConvFilterMode();
  void detach() override;
  void reset() override;         // starts the job (in the window on the CPU: on a worker)
  void tick(float dt) override;  // adopts its result; a failed job restores the settings shown
  bool busy() const override { return live_.busy(); }
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  gfx::Image output_image() const override;

 protected:
  void fill(RunJson& doc) const override;

 private:
  ConvLiveFilter live_;
};
}  // namespace ws::app
