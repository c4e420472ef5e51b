// One traced stencil launch as a teaching figure: the global grid with the output tiles, the focus
// block's input tile and halo, what was read and written in this step, the cells a fixed boundary
// leaves alone; and beside it the focus block's shared-memory tile with its threads (idle ones
// grey, busy ones coloured by warp). Hovering a cell says which thread loaded or wrote it (the
// words of views/trace_tree_view). Any scene that teaches a tiled stencil can draw it.
#pragma once

#include <string>
#include <vector>

#include "interop/colormap.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "stencil/stencil.h"

namespace ws::app {

struct StencilTeachInput {
  const stencil::TeachRun* run = nullptr;
  const std::vector<std::vector<std::vector<double>>>* snapshots = nullptr;  // [step][buffer]
  int step = 0;
  int focus_block = -1;    // the block drawn in detail (-1 or out of range: the middle one)
  int slice_z = 0;         // 3D: the z plane asked for (the figure shows the focus block's plane)
  std::string difference;  // how a GPU trace differs from its CPU twin ("" = it does not)
  interop::Colormap colormap = interop::Colormap::Inferno;
  float lo = 0, hi = 1;  // colour range of the values
};

// Where the figure put the global grid and the focus block's shared tile: for hover and focus.
struct StencilTeachGeometry {
  gfx::Vec2 grid_min;  // the global grid
  float cell = 0;
  int plane = 0;       // 3D: the z plane shown
  gfx::Vec2 tile_min;  // the focus block's shared tile
  float tile_cell = 0;
  int tile_w = 0, tile_planes = 0;
  std::vector<int> tile_shown;  // the tile's plane drawn in each panel, left to right
  float tile_gap = 0;
  int focus = 0;  // the block drawn in detail
};

// Draws into the whole canvas (over a background already filled).
StencilTeachGeometry draw_stencil_teach_figure(gfx::Canvas& c, const StencilTeachInput& in,
                                               const gfx::Palette& pal);

// The cell (x, y) of the global grid at `point`, in the plane shown; false outside it.
bool stencil_grid_cell_at(const StencilTeachGeometry& g, const stencil::Params& p, gfx::Vec2 point,
                          int& x, int& y);
// The block whose output tile holds the grid cell at `point` (-1 outside the grid).
int stencil_block_at(const StencilTeachGeometry& g, const stencil::Params& p, gfx::Vec2 point);
// What a student reads on hovering `point`: a grid cell (who wrote or read it in this step) or a
// slot of the focus block's shared tile; "" over nothing.
std::string describe_stencil_teach_at(
    const StencilTeachGeometry& g, const stencil::TeachRun& run,
    const std::vector<std::vector<std::vector<double>>>& snapshots, int step, gfx::Vec2 point);

}  // namespace ws::app
