// What the heat scene's two modes share: the grid, the physics, the start field and materials,
// the colours, probes and slices. The live simulation and teach mode hold one HeatSettings
// together, so switching modes keeps all of it; each mode keeps only its own state.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "interop/colormap.h"
#include "stencil/stencil.h"

namespace ws::app {

inline constexpr const char* kHeatSceneId = "heat";

// Everything a session, the command line and the panels set (heat_params_json / parse).
struct HeatSettings {
  stencil::Params grid;   // dim, size, shape, boundary, variant, tile, K; r is derived below
  float alpha = 1.0f;     // diffusivity (cells^2 per unit time; dx = 1)
  float dt = 0.2f;        // time step: r = alpha * dt
  bool unstable = false;  // allow r above the stability limit (to watch the instability)
  int steps = 0;          // time steps run at reset (the command line's --steps)
  std::string init = "hot-square";  // hot-square | random:SEED | zero | image:PATH
  std::string material;             // "" | walls | image:PATH (dark = insulator) | painted
  std::string painted;              // material "painted": the map as runs (encode_painted)
  interop::Colormap colormap = interop::Colormap::Inferno;
  float lo = 0.0f, hi = 1.0f;  // colour range
  int steps_per_frame = 4;
  std::vector<std::array<int, 3>> probes;   // cells whose temperature is reported
  std::array<int, 3> slice = {-1, -1, -1};  // 3D: the x, y, z planes shown (-1: the middle)

  HeatSettings();
  stencil::Params run_params() const;      // grid with r and materials filled in
  std::array<int, 3> slice_index() const;  // -1 resolved to the middle plane
};

// The parameters as JSON (`painted`: the painted map as text, see painted_text of the live mode).
nlohmann::json heat_params_json(const HeatSettings& s, const std::string& painted);
// `j` read over `current` (nothing changes on a bad key or value: ws::Error names it).
HeatSettings parse_heat_params(const HeatSettings& current, const nlohmann::json& j);
// Teach mode traces every thread: the grid must be small (the message says how small).
void require_teach_grid(const stencil::Params& p);
// What reset() checks before running: the stability limit (unless --unstable) and the probes.
void require_runnable(const HeatSettings& s);

// The field a run starts from, with the materials (and a painted map) applied.
struct HeatStart {
  std::vector<float> field, material;
  std::string label;  // where the field came from, e.g. "camera.png 512x512 -> 256x256"
};
HeatStart heat_start(const HeatSettings& s);

}  // namespace ws::app
