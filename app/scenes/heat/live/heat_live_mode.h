// The heat scene's live mode: a simulation painted on and probed as it runs (heat_live_run.h).
#pragma once

#include "heat_live_run.h"
#include "scene_kit/live_mode.h"

namespace ws::app {
class HeatLiveMode : public LiveMode<HeatSettings> {
 public:
  HeatLiveMode();  // fast mode offers the benchmark's grids
  void reset() override;
  void detach() override;
  void tick(float dt) override;
  void frame_drawn() override;
  void tick_skipped() override;
  bool live() const override { return live_.running; }
  void advance_frame() override;
  void pointer(const Scene::Pointer& p) override;
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  const stencil::Simulation* simulation() const { return live_.sim.get(); }

 private:
  void fill(RunJson& doc) const override;
  HeatLive live_;
};
}  // namespace ws::app
