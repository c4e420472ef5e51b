// What the heat scene's two modes share: the grid, the physics, the start field and materials,
// the colours, probes and slices. The scene (HeatScene) owns one HeatSettings, so switching modes
// keeps all of it; each mode keeps only its own state.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "interop/colormap.h"
#include "stencil/stencil.h"

namespace ws::app {

// Everything a session, the command line and the panels set (HeatScene::parse and to_json).
struct HeatSettings {
  stencil::Params grid;   // dim, size, shape, boundary, variant, tile, K; r is derived below
  float alpha = 1.0f;     // diffusivity (cells^2 per unit time; dx = 1)
  float dt = 0.2f;        // time step: r = alpha * dt
  bool unstable = false;  // allow r above the stability limit (to watch the instability)
  int steps = 0;          // time steps run at reset (the command line's --steps)
  std::string init = "hot-square";  // hot-square | random:SEED | zero | image:PATH
  std::string material;             // "" | walls | image:PATH (dark = insulator) | painted
  // material "painted": the map as runs (encode_painted). The live mode writes it at every stroke.
  std::string painted;
  interop::Colormap colormap = interop::Colormap::Inferno;
  float lo = 0.0f, hi = 1.0f;  // colour range
  int steps_per_frame = 4;
  std::vector<std::array<int, 3>> probes;   // cells whose temperature is reported
  std::array<int, 3> slice = {-1, -1, -1};  // 3D: the x, y, z planes shown (-1: the middle)
  // Not a parameter: what the last edit gave, for the teach limits' fit on a switch to teach mode
  // (a grid too big to trace shrinks unless the edit gave its dimension; its tile becomes one that
  // suits the small grid unless the edit gave one, and so does K). Set by HeatScene::parse.
  struct {
    bool dim = false, tile = false, k = false;
  } teach_switch;

  HeatSettings();
  stencil::Params run_params() const;      // grid with r and materials filled in
  std::array<int, 3> slice_index() const;  // -1 resolved to the middle plane
};

// "NxM" in 2D, "NxMxK" in 3D.
std::string heat_size_text(const stencil::Params& p);
// One number as printf writes it with `format` ("%.4g").
std::string heat_number(const char* format, double v);
// What a reset checks before running: the stability limit (unless --unstable) and the probes.
void require_runnable(const HeatSettings& s);
// Temporal blocking's K shrinks (to 1 at least) until the tile with its halo, T+2K, fits a block
// of the grid's dimension (stencil::temporal_max_edge), so that a switch to 3D or to the variant
// without a K runs. Other variants are left alone.
void fit_steps_per_launch(stencil::Params& p);
// The variants the grid's dimension runs, as the "variant" values lecture mode's keys choose (both
// modes' rows).
std::vector<std::string> heat_variants(const HeatSettings& s);

// The field a run starts from, with the materials (and a painted map) applied.
struct HeatStart {
  std::vector<float> field, material;
  std::string label;  // where the field came from, e.g. "camera.png 512x512 -> 256x256"
};
HeatStart heat_start(const HeatSettings& s);

}  // namespace ws::app
