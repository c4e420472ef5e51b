// The matmul teach figure (PMPP Fig. 5.5-5.7): N above P, M left of P, and the shown block's Mds
// and Nds; the cells the block's threads load in the step coloured by thread (with the thread's
// number), the shared elements marked with how many times the block reads each, P's running sums
// as the multiply-adds build them; the traffic chart and the roofline on the right.
#include <algorithm>
#include <cmath>
#include <memory>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "matmul_shown.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/value_grid.h"

namespace ws::app {

namespace {

using gfx::Vec2;

void mm_draw_band(gfx::Canvas& c, Vec2 min, Vec2 max, const std::shared_ptr<const MmShown>& sp,
                  bool named, const gfx::Palette& p, float font, HoverMap& hover) {
  const MmShown& s = *sp;
  const mem::MatmulTeachRun& run = mm_run(s);
  float top = min.y;
  if (named) {
    c.text({min.x, top},
           fit_text(c,
                    std::to_string(int(run.params.variant)) + " " +
                        tr_text(mem::matmul_info(run.params.variant).title),
                    font, max.x - min.x),
           font, p.text);
    top += font * 1.4f;
  }
  const float bottom = max.y - font * 1.4f;
  const bool tiled = !s.mds_writer.empty();
  // Each grid needs room for its caption and indices besides its cells (value_grid.cpp).
  const float ox = font * 1.6f, oy = font * 2.5f, gap = font * 0.8f;
  const int grids = tiled ? 4 : 2;
  const float unit_w = (max.x - min.x - grids * ox - (grids - 1) * gap) /
                       float(run.J + run.K + (tiled ? s.mds_cols + s.nds_cols : 0));
  int tall = run.J + run.I;
  if (tiled) tall = std::max(tall, run.J + std::max(s.mds_rows, s.nds_rows));
  const float unit_h = (bottom - top - 2 * oy) / float(tall);
  const float unit = std::max(2.0f, std::min({unit_w, unit_h, font * 3.2f}));
  const float row2 = top + oy + unit * run.J;
  const float p_x = min.x + ox + unit * run.J + gap;
  mm_global_grid(c, {min.x, row2}, {min.x + ox + unit * run.J, row2 + oy + unit * run.I}, sp, true,
                 p, font, hover);
  mm_global_grid(c, {p_x, top}, {p_x + ox + unit * run.K, top + oy + unit * run.J}, sp, false, p,
                 font, hover);
  mm_p_grid(c, {p_x, row2}, {p_x + ox + unit * run.K, row2 + oy + unit * run.I}, sp, p, font,
            hover);
  if (tiled) {
    const float x = p_x + ox + unit * run.K + gap;
    const float y = top + unit * run.J * 0.5f;
    mm_shared_grid(c, {x, y}, {x + ox + unit * s.mds_cols, y + oy + unit * s.mds_rows}, sp, kMmMds,
                   p, font, hover);
    const float x2 = x + ox + unit * s.mds_cols + gap;
    mm_shared_grid(c, {x2, y}, {x2 + ox + unit * s.nds_cols, y + oy + unit * s.nds_rows}, sp,
                   kMmNds, p, font, hover);
  }
  const StepCounters& k = s.taught->traced.counters.per_step.at(size_t(s.step));
  c.text({min.x, max.y - font * 1.1f},
         fit_text(c,
                  trf("step: {0} multiply-adds, {1} global sectors, {2} bank conflicts, {3} "
                      "barriers",
                      k.ops, k.global_requests, k.bank_conflicts, k.barriers),
                  font * 0.85f, max.x - min.x),
         font * 0.85f, p.text);
}

}  // namespace

void draw_matmul_teach(gfx::Canvas& c, gfx::Theme theme, const MatmulTaught& taught,
                       const MatmulTaught* compare, int step, int block, const MatmulRoofline& roof,
                       HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const mem::MatmulTeachRun& run = taught.run;
  const mem::MatmulVariantInfo& info = mem::matmul_info(run.params.variant);
  const int steps = int(run.trace.steps.size());
  const int shown = std::clamp(step, 0, steps - 1);
  const float top = draw_header(
      c, trf("P = M N ({0} x {1} times {1} x {2}): {3}", run.I, run.J, run.K, tr_text(info.title)),
      trf("variant {0} (PMPP {1}); TILE_WIDTH {2}, blocks of {3} x {4} threads, {5} phases; "
          "t<n>: the block's thread n = ty * TILE_WIDTH + tx, xN: reads of a shared element",
          info.id, info.section, run.params.tile, run.geometry.block_x, run.geometry.block_y,
          run.geometry.phases),
      trace_step_line(run.trace, shown), tr_text(info.lesson), p, font);
  std::vector<std::shared_ptr<const MmShown>> bands;
  bands.push_back(std::make_shared<const MmShown>(mm_shown(taught, shown, block)));
  if (compare && step < int(compare->run.trace.steps.size()))
    bands.push_back(std::make_shared<const MmShown>(mm_shown(*compare, step, block)));
  const Vec2 size = c.size();
  const float margin = font * 0.5f;
  const float split = size.x * 0.6f;
  const float band_h = (size.y - top - margin) / float(bands.size());
  for (size_t i = 0; i < bands.size(); ++i)
    mm_draw_band(c, {margin, top + band_h * float(i)},
                 {split - margin, top + band_h * float(i + 1) - margin}, bands[i], bands.size() > 1,
                 p, font, hover);
  draw_matmul_charts(c, {split, top}, {size.x - margin, size.y - margin}, taught, roof, p, font,
                     hover);
}

}  // namespace ws::app
