// The threads mode's figure and caption as free functions of one traced run (threads_facts.h):
// the matrix as cells coloured by the thread (warp) that reads each nonzero, this step's reads
// emphasised, y beside it (COO's atomics numbered in serialization order); the lanes of each warp
// at work (busy, finished, idle); the format's arrays as strips of 32-byte sectors with the
// step's reads (JDS's permutation when y is written, csr-vector's shuffle tree on the lanes); the
// facts of each step and the per-variant summary.
#pragma once

#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/teach_pipeline.h"
#include "threads_facts.h"

namespace ws::app {

using ThreadsTaught = Taught<spmv::SpmvTeachRun>;

struct ThreadsShown {
  const ThreadsTaught& taught;
  const ThreadsAnalysis& analysis;
  const std::vector<ThreadsSummary>& variants;  // 1..6 on the same input (may be empty)
  int step = 0;
};

void draw_threads(gfx::Canvas& c, gfx::Theme theme, const ThreadsShown& shown, HoverMap& hover);
std::string threads_caption(const ThreadsShown& shown);

// ---- Pieces (threads_*.cpp).
// A thread's colour: its warp's, COO's launch of the hybrid shifted to other colours.
gfx::Color threads_thread_color(const gfx::Palette& p, spmv::SpmvLaunch launch, int32_t thread);
// The matrix as cells with y beside it, in [min, max].
void draw_threads_matrix(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const ThreadsShown& shown,
                         const gfx::Palette& p, float font, HoverMap& hover);
// The warps' lanes and the arrays' strips of this step, in [min, max].
void draw_threads_warps(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const ThreadsShown& shown,
                        const gfx::Palette& p, float font, HoverMap& hover);
// The per-step facts (a window of rows around this step) and the per-variant summary.
void draw_threads_step_table(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                             const ThreadsShown& shown, const gfx::Palette& p, float font);
void draw_threads_variant_table(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                                const ThreadsShown& shown, const gfx::Palette& p, float font);

}  // namespace ws::app
