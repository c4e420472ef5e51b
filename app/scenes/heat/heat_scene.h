// The heat-flow scene (PMPP chapter 8): a 2D or 3D heat simulation by an explicit stencil that the
// user paints on while it runs (live mode), and one traced launch of a variant on a small grid
// that shows tiles, halo cells and which thread loaded what (teach mode).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/counters.h"
#include "interop/colormap.h"
#include "scenes/scene.h"
#include "stencil/stencil.h"
#include "views/trace_tree_view.h"

namespace ws::interop {
class ValueImage;
}

namespace ws::app {

// Everything a session, the command line and the panels set (params_to_json / params_from_json).
struct HeatSettings {
  stencil::Params grid;   // dim, size, shape, boundary, variant, tile, K; r is derived below
  float alpha = 1.0f;     // diffusivity (cells^2 per unit time; dx = 1)
  float dt = 0.2f;        // time step: r = alpha * dt
  bool unstable = false;  // allow r above the stability limit (to watch the instability)
  int steps = 0;          // time steps run at reset (the command line's --steps)
  std::string init = "hot-square";  // hot-square | random:SEED | zero | image:PATH
  std::string material;             // "" | walls | image:PATH (dark = insulator) | painted
  std::string painted;              // material "painted": the map as runs (encode_painted)
  bool teach = false;               // teach mode: one traced launch on a small grid
  interop::Colormap colormap = interop::Colormap::Inferno;
  float lo = 0.0f, hi = 1.0f;  // colour range
  int steps_per_frame = 4;
  std::vector<std::array<int, 3>> probes;   // cells whose temperature is reported
  std::array<int, 3> slice = {-1, -1, -1};  // 3D: the x, y, z planes shown (-1: the middle)
};

// Where the last draw() put a field panel: for painting and probing with the mouse.
struct HeatPanel {
  gfx::Vec2 min, max;  // the image rectangle
  int axis = 2;        // the plane shown (2: z = const, and every 2D grid)
  int index = 0;       // its coordinate, or stencil::kMaxProjection (a projection: no painting)
  int width = 0, height = 0;  // cells across and down
};

class HeatScene : public Scene {
 public:
  HeatScene();
  ~HeatScene() override;
  const char* id() const override { return "heat"; }
  const char* title() const override { return "Heat flow (stencil)"; }
  SceneCapabilities capabilities() const override {
    SceneCapabilities c;
    c.steps = settings_.teach;
    c.live = !settings_.teach;
    c.grid_size = true;
    c.takes_image = true;
    c.benchable = true;
    return c;
  }
  void attach(SceneContext& context) override;
  void detach() override;
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override;
  int current_step() const override { return step_; }
  void seek(int step) override;
  void tick(float dt) override;
  bool live() const override { return !settings_.teach && running_; }
  void pointer(const Pointer& p) override;
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  nlohmann::json results_json() const override;

  const HeatSettings& settings() const { return settings_; }
  int64_t time_steps() const { return time_steps_; }
  const stencil::Simulation* simulation() const { return sim_.get(); }

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  stencil::Params run_params() const;  // settings_.grid with r filled in
  // The painted map as session text: from the simulation when strokes were painted since.
  std::string painted_text() const;
  void apply_painted(std::vector<float>& material, std::vector<float>& field) const;
  std::vector<float> make_field(std::string& label) const;
  std::vector<float> make_material() const;
  void reset_teach();
  void advance(int time_steps);
  void upload_images();  // GL: refresh the textures from the simulation
  void paint_at(gfx::Vec2 point, bool erase);
  bool cell_at(gfx::Vec2 point, std::array<int, 3>& cell) const;
  std::array<int, 3> slice_index() const;  // resolved -1 = middle
  // The views the live figure shows, as (axis, index): 2D the grid; 3D the x, y and z planes
  // through the chosen cell and the maximum along z (index stencil::kMaxProjection).
  std::vector<std::pair<int, int>> panel_views() const;

  // views (heat_view.cpp)
  void draw_live(gfx::Canvas& c, gfx::Theme theme) const;
  void draw_teach(gfx::Canvas& c, gfx::Theme theme) const;
  std::vector<float> host_slice(int axis, int index) const;

  // panels (heat_panels.cpp)
  void panel_simulation();
  void panel_paint();
  void panel_view();
  void panel_teach();
  void panel_cost() const;

  SceneContext* context_ = nullptr;
  HeatSettings settings_;
  std::string error_;
  std::string field_label_;

  // live mode
  std::unique_ptr<stencil::Simulation> sim_;
  int64_t time_steps_ = 0;
  bool running_ = true;
  stencil::Brush brush_;
  bool probe_tool_ = false;  // a click adds a probe instead of painting
  std::array<std::unique_ptr<interop::ValueImage>, 4> images_;  // one per panel (2D: one)
  std::string image_notice_;
  double frame_ms_ = 0, step_ms_ = 0;  // smoothed, for the panel
  int64_t advances_ = 0;

  // teach mode
  std::optional<stencil::TeachRun> teach_;
  Counters teach_counters_;
  std::vector<std::vector<std::vector<double>>> teach_snapshots_;
  std::string teach_check_;  // CUDA: the CPU trace comparison, "" when equal
  int step_ = 0;

  int material_version_ = 0;    // bumped whenever the material map changes
  bool painted_dirty_ = false;  // strokes painted since settings_.painted was written
  mutable int material_cache_version_ = -1;
  mutable std::vector<float> material_cache_;  // the map on the host, for the wall veil
  mutable std::vector<HeatPanel> panels_;      // set by draw()
  int focus_block_ = -1;                       // teach: the block under the mouse (-1: middle)
  struct TeachGeometry {
    gfx::Vec2 grid_min;  // the global grid
    float cell = 0;
    int plane = 0;       // 3D: the z plane shown
    gfx::Vec2 tile_min;  // the focus block's shared tile
    float tile_cell = 0;
    int tile_w = 0, tile_h = 0, tile_planes = 0;
    float tile_gap = 0;
    int focus = 0;  // the block drawn in detail
  };
  mutable TeachGeometry teach_geo_;  // set by draw_teach, for hover and focus
};

}  // namespace ws::app
