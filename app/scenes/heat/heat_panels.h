// The heat scene's panels that both modes show: the grid and physics, the view (colours, slices,
// probes), the analytic cost and the code panel (a change goes through the kit's apply_edit).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "heat_settings.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/scene.h"

namespace ws::app {

// Dimension, size, variant, stencil, boundary, tile, K, alpha and dt, start field and materials.
// `teach`: a switch of dimension picks teach-sized grids. `sim`: a running simulation, which
// takes a new alpha or dt without a reset (the field goes on).
void heat_grid_controls(Scene& scene, HeatSettings& s, bool teach, std::string& error,
                        stencil::Simulation* sim);
// Colormap, range, 3D slices and the probes' values (from `sim`, when there is one); `changed`
// runs after a change the picture must show.
void heat_view_panel(HeatSettings& s, const stencil::Simulation* sim, std::string& error,
                     const std::function<void()>& changed);
// Loads, flops, bytes and OP/B per output, and the halo fraction by tile (PMPP 8.3).
void heat_cost_panel(const stencil::Params& p);
// The variant's kernel source with the statement `marker` highlighted ("" = none).
void heat_code_panel(stencil::Variant variant, const std::string& marker);

}  // namespace ws::app
