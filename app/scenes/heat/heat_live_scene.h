// The heat scene's live mode: a 2D or 3D heat simulation by an explicit stencil that runs every
// frame and that the user paints on (walls, heaters, conductors) and probes with the mouse.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "heat_settings.h"
#include "i18n/i18n.h"
#include "scene_kit/fast_panel.h"
#include "scene_kit/scene.h"
#include "views/stencil/field_panels_figure.h"

namespace ws::interop {
class ValueImage;
}

namespace ws::app {

class HeatLiveScene : public Scene {
 public:
  explicit HeatLiveScene(std::shared_ptr<HeatSettings> settings);
  ~HeatLiveScene() override;
  const char* id() const override { return "live"; }
  const char* title() const override { return TR_NOOP("live simulation"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override;
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override { return 1; }
  int current_step() const override { return 0; }
  void seek(int /*step*/) override {}
  void tick(float dt) override;
  // CUDA: maps the field textures for the next frame's colormap right after the window queued
  // this frame's draw (Handoff::MapAhead: a 4096^2 frame in 0.63 ms instead of 3.1 ms on an H200,
  // docs/performance.md); tick_skipped() unmaps them.
  void frame_drawn() override;
  void tick_skipped() override;
  bool live() const override { return running_; }
  void advance_frame() override;
  void pointer(const Pointer& p) override;
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  // Lecture mode: the variants this dimension runs; the caption says what the simulation shows now
  // (time, the stability condition, the boundary).
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;
  nlohmann::json results_json() const override;
  BenchJob bench_job(const BenchRequest& request) const override;

  const stencil::Simulation* simulation() const { return sim_.get(); }
  // Strokes painted since the last reset go into the settings (before the other mode reads them).
  void keep_painted();

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  // The painted map as session text: from the simulation when strokes were painted since.
  std::string painted_text() const;
  void advance(int time_steps);
  void upload_images();  // GL: refresh the textures from the simulation
  void paint_at(gfx::Vec2 point, bool erase);
  bool cell_at(gfx::Vec2 point, std::array<int, 3>& cell) const;
  // The views the figure shows, as (axis, index): 2D the grid; 3D the x, y and z planes through
  // the chosen cell and the maximum along z (index stencil::kMaxProjection).
  std::vector<std::pair<int, int>> panel_views() const;
  void draw_header(gfx::Canvas& c, const gfx::Palette& pal, float font) const;
  const std::vector<float>& material_on_host() const;
  void panel_run();
  void panel_paint();

  std::shared_ptr<HeatSettings> settings_;
  SceneContext* context_ = nullptr;
  std::string error_;
  // Fast mode: the benchmark's grids (2D N x N, 3D N^3); 1024 x 1024 first, quick on any backend.
  FastPanel fast_{{"1024", "2048", "4096", "8192", "128x128x128", "256x256x256", "512x512x512"}, 0};
  std::string field_label_;
  std::unique_ptr<stencil::Simulation> sim_;
  int64_t time_steps_ = 0;
  bool running_ = true;
  stencil::Brush brush_;
  bool probe_tool_ = false;  // a click adds a probe instead of painting
  std::array<std::unique_ptr<interop::ValueImage>, 4> images_;  // one per panel (2D: one)
  std::string image_notice_;
  double frame_ms_ = 0, step_ms_ = 0;  // smoothed, for the panel
  int64_t advances_ = 0;
  int material_version_ = 0;    // bumped whenever the material map changes
  bool painted_dirty_ = false;  // strokes painted since settings_->painted was written
  mutable int material_cache_version_ = -1;
  mutable std::vector<float> material_cache_;  // the map on the host, for the wall veil
  mutable std::vector<FieldPanel> panels_;     // set by draw()
};

}  // namespace ws::app
