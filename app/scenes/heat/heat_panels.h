// The heat scene's panels that both modes show: the grid and physics, the view (colours, slices,
// probes) and the analytic cost. A change of the parameters comes back as an edit (the mode
// applies it: parsed, then a reset); what needs no reset (the view, a new alpha or dt on a running
// simulation) goes into the settings the mode passes.
#pragma once

#include <nlohmann/json.hpp>

#include "heat_settings.h"
#include "scene_kit/mode.h"

namespace ws::app {

// Dimension, size, variant, stencil, boundary, tile, K, alpha and dt, start field and materials:
// the edit. `teach`: a switch of dimension picks teach-sized grids. `sim`: a running simulation,
// which takes a new alpha or dt without a reset (the field goes on). A refused alpha or dt goes
// to `mode`'s error line.
nlohmann::json heat_grid_controls(HeatSettings& s, bool teach, stencil::Simulation* sim,
                                  Mode& mode);
// Colormap, range, 3D slices and the probes' values (from `sim`, when there is one); true after
// a change the picture must show. A bad range goes to `mode`'s error line.
bool heat_view_panel(HeatSettings& s, const stencil::Simulation* sim, Mode& mode);
// Loads, flops, bytes and OP/B per output, and the halo fraction by tile (PMPP 8.3).
void heat_cost_panel(const stencil::Params& p);

}  // namespace ws::app
