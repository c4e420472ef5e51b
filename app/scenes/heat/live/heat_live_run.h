// What the heat scene's live mode runs and shows: the simulation on the backend, the textures the
// window colours from it, the brush, the clock and timings, and where the figure put its panels;
// with the figure (and its hover text), caption and panels as free functions over it.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "common/backend.h"
#include "scene_kit/hover_map.h"
#include "scenes/heat/heat_settings.h"
#include "views/stencil/field_panels_figure.h"

namespace ws::interop {
class ValueImage;
}

namespace ws::app {

struct HeatLive {
  HeatLive();
  ~HeatLive();

  // A new simulation of `s` (its start field, materials and painted map), run on by s.steps.
  void restart(Backend backend, const HeatSettings& s);
  // Runs `time_steps` steps; every 32nd call on CUDA waits to time them (step_ms).
  void advance(Backend backend, int time_steps);
  // GL: colours each panel's texture from the field (the views of `s`).
  void upload_images(Backend backend, const HeatSettings& s);
  // The cell under `point` in the last figure; false outside every panel (or a projection).
  bool cell_at(gfx::Vec2 point, const HeatSettings& s, std::array<int, 3>& cell) const;
  // One dab of the brush (or the eraser) at `point`; false when it is not over a cell.
  bool paint_at(gfx::Vec2 point, bool erase, const HeatSettings& s);
  // The material map on the host, downloaded once per change (the figure's wall veil).
  const std::vector<float>& material_on_host() const;

  std::unique_ptr<stencil::Simulation> sim;
  std::string field_label;  // where the start field came from
  int64_t time_steps = 0;
  bool running = true;
  stencil::Brush brush;
  bool probe_tool = false;                                     // a click adds a probe
  std::array<std::unique_ptr<interop::ValueImage>, 4> images;  // one per panel (2D: one)
  std::string image_notice;
  double frame_ms = 0, step_ms = 0;  // smoothed, for the panel
  int64_t advances = 0;
  int material_version = 0;  // bumped whenever the material map changes
  mutable int material_cache_version = -1;
  mutable std::vector<float> material_cache;
  mutable std::vector<FieldPanel> panels;  // set by the figure: where the pointer paints
};

// The figure: a header with the clock and the stability verdict over the field panels. Over each
// panel of cells `hover` says the temperature (and material) of the cell under the mouse, as the
// simulation has it then.
void draw_heat_live(gfx::Canvas& canvas, gfx::Theme theme, const HeatLive& live,
                    const HeatSettings& s, HoverMap& hover);
// Lecture mode: what the simulation shows now (time, the stability condition, the boundary).
std::string heat_live_caption(const HeatLive& live, const HeatSettings& s);
// Run/pause, single step, steps per frame and the clock; true when reset is pressed.
bool heat_run_panel(HeatLive& live, HeatSettings& s, Backend backend);
// The brush, its radius and value, the probe tool.
void heat_paint_panel(HeatLive& live);

}  // namespace ws::app
