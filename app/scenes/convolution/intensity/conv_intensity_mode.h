// The convolution scene's intensity mode: the chapter's arithmetic-intensity table and plot for
// the chosen radius, the bound of an infinitely large tile, the book's figures, and where every
// variant sits on the device's roofline.
#pragma once

#include "conv_intensity_run.h"
#include "scene_kit/live_mode.h"
#include "scene_kit/modal_scene.h"

namespace ws::app {
class ConvIntensityMode : public LiveMode<ConvSettings> {
 public:
  void reset() override;
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;

 protected:
  void fill(RunJson& doc) const override;

 private:
  IntensityRun run_;
};
// The intensity mode's bound: the chosen tile wider than its two halos.
std::vector<ModeLimit<ConvSettings>> conv_intensity_limits();
}  // namespace ws::app
