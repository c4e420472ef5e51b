// The SAT scene's filter mode: a photo box-filtered (or with depth of field) at full resolution.
#pragma once

#include "sat_filter_work.h"
#include "scene_kit/live_mode.h"

namespace ws::app {
class SatFilterMode : public LiveMode<SatSettings> {
 public:
  SatFilterMode();
  void detach() override;
  void reset() override;         // starts the job (in the window on the CPU: on a worker)
  void tick(float dt) override;  // adopts its result; a failed job restores the settings shown
  bool busy() const override { return live_.busy(); }
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  gfx::Image output_image() const override;
  void measure_radius_plot(int repeats = 3);  // SAT, fused, separable and direct at r = 1..256
  const std::vector<RadiusTiming>& radius_plot() const { return plot_; }

 protected:
  void fill(RunJson& doc) const override;

 private:
  SatLiveFilter live_;
  std::vector<RadiusTiming> plot_;
  SatDepthView depth_view_;
};
}  // namespace ws::app
