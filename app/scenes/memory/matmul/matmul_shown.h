// What the matmul figure knows about one run at one step for the shown block (matmul_shown.cpp
// works it out, matmul_grids.cpp draws M, N, P, Mds and Nds from it, matmul_view.cpp lays them
// out with the charts).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "matmul_run.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "views/value_grid.h"

namespace ws::app {

inline constexpr int kMmM = 0, kMmN = 1, kMmP = 2, kMmMds = 3, kMmNds = 4;  // matmul.h's buffers

struct MmShown {
  const MatmulTaught* taught = nullptr;
  int step = 0, block = 0, block_threads = 1;
  // This step, the shown block's thread (within the block) that read each element of M and N,
  // wrote each element of Mds / Nds, applied a multiply-add to each output; -1: none. Other
  // blocks' reads of M and N: other_read.
  std::vector<int> m_reader, n_reader, p_thread, mds_writer, nds_writer;
  std::vector<bool> m_other, n_other;
  std::vector<int> mds_reads, nds_reads;  // reads of each shared element by the block, this step
  std::vector<double> p_value;            // P's running sums after the step (NaN: none yet)
  int mds_rows = 0, mds_cols = 0, nds_rows = 0, nds_cols = 0;
};

const mem::MatmulTeachRun& mm_run(const MmShown& s);
// The facts of `t` at `step` for block `block` (clamped into the grid).
MmShown mm_shown(const MatmulTaught& t, int step, int block);
// A thread's colour within its block: the palette's eight, shaded for threads 8..15, 16..
gfx::Color mm_thread_colour(const gfx::Palette& p, int thread);
std::string mm_number(double v);  // "" for NaN, whole numbers without decimals
// "thread (ty, tx)" as the book writes it.
std::string mm_thread_name(const MmShown& s, int local);

// The grids inside [min, max], with their hover regions: M or N (global), P with its running
// sums, and Mds or Nds (buffer kMmMds or kMmNds) of the shown block.
GridGeometry mm_global_grid(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                            const std::shared_ptr<const MmShown>& sp, bool of_m,
                            const gfx::Palette& p, float font, HoverMap& hover);
GridGeometry mm_p_grid(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                       const std::shared_ptr<const MmShown>& sp, const gfx::Palette& p, float font,
                       HoverMap& hover);
void mm_shared_grid(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                    const std::shared_ptr<const MmShown>& sp, int buffer, const gfx::Palette& p,
                    float font, HoverMap& hover);

}  // namespace ws::app
