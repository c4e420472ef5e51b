// What the transpose figure knows about one run at one step (transpose_view.cpp draws the grids,
// transpose_shown.cpp works these out and draws the shown warp's accesses as sectors and banks).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "transpose_run.h"
#include "views/warp_access_list.h"

namespace ws::app {

inline constexpr int kTpIn = 0, kTpOut = 1, kTpTile = 2;  // transpose.h's buffers

// Who touched what in one step: the thread that read each input element, wrote each output
// element, and wrote / read each element of the shown block's tile (-1: none).
struct TpCells {
  std::vector<int32_t> in_reader, out_writer, tile_writer, tile_reader;
};

struct TpShown {
  const TransposeTaught* taught = nullptr;
  int step = 0;
  int warp = 0;  // launch-wide
  int block = 0;
  int warps_per_block = 1;
  TpCells cells;
  std::vector<WarpAccess> accesses;  // the shown warp's, this step
};

const mem::TransposeRun& tp_run(const TpShown& s);
// The launch-wide warp of a thread.
int tp_warp_of(const TpShown& s, int32_t thread);
// The facts of `t` at `step` for launch-wide warp `warp` (clamped into the launch).
TpShown tp_shown(const TransposeTaught& t, int step, int warp);
// "thread 5 (block 0, tx 5, ty 0; warp 0, lane 5)".
std::string tp_thread_text(const TpShown& s, int32_t thread);
// A global element's place in memory: element, byte, sector, line.
std::string tp_memory_text(int32_t element);
// A cell's tint by the warp of the thread that touched it (the shown warp strongest).
gfx::Color tp_warp_fill(const TpShown& s, const gfx::Palette& p, int32_t thread);
std::string tp_value(double v);  // "" for NaN
// One access of the shown warp as a row at `at`: its sectors (global) or banks (shared) and its
// numbers; returns the row's height.
float tp_draw_access(gfx::Canvas& c, gfx::Vec2 at, float width, const TpShown& s,
                     const WarpAccess& a, const gfx::Palette& p, float font, HoverMap& hover);

}  // namespace ws::app
