// The transpose teach figure: per run, the input, the shared tile of the shown warp's block (its
// padding column greyed) and the output as cells coloured by the warp that touched them in the
// step, then the shown warp's accesses of the step: a global one as the 32-byte sectors it
// touches, a shared one as its 32 banks, and the step's counters.
#include <algorithm>
#include <cmath>
#include <memory>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "transpose_shown.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/value_grid.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

// The three grids of one run inside [min, max].
void tp_draw_grids(gfx::Canvas& c, Vec2 min, Vec2 max, const std::shared_ptr<const TpShown>& sp,
                   const gfx::Palette& p, float font, HoverMap& hover) {
  const TpShown& s = *sp;
  const mem::TransposeRun& run = tp_run(s);
  const mem::TransposeGeometry& g = run.geometry;
  const bool tiled = run.trace.buffers.size() > kTpTile;
  const int tile_w = g.tile + g.pad;
  const float gap = font * 1.5f;
  const float total_cols = float(run.cols + run.rows + (tiled ? tile_w : 0));
  const float room = max.x - min.x - gap * (tiled ? 2 : 1);
  const float unit = room / total_cols;
  const std::vector<double>& out_now = s.taught->traced.snapshots[size_t(s.step)][kTpOut];
  float x = min.x;
  const GridGeometry in_geo = draw_value_grid(
      c, {x, min.y}, {x + unit * run.cols, max.y}, run.cols, run.rows,
      [&](int cx, int cy) {
        GridCell cell;
        const size_t i = size_t(cy) * run.cols + cx;
        cell.text = tp_value(run.input[i]);
        const int32_t t = s.cells.in_reader[i];
        if (t >= 0) {
          cell.fill = tp_warp_fill(s, p, t);
          cell.read = true;
          cell.emphasis = tp_warp_of(s, t) == s.warp;
        }
        return cell;
      },
      trf("in: {0} x {1}, global", run.rows, run.cols), p, font);
  hover.add(in_geo.min, in_geo.cell_max(run.cols - 1, run.rows - 1), [sp, in_geo](Vec2 point) {
    const TpShown& s = *sp;
    int cx = 0, cy = 0;
    if (!in_geo.cell_at(point, cx, cy)) return std::string();
    const mem::TransposeRun& r = tp_run(s);
    const int32_t i = cy * r.cols + cx;
    std::string text =
        trf("in[{0}][{1}] = {2}: ", cy, cx, tp_value(r.input[size_t(i)])) + tp_memory_text(i);
    const int32_t t = s.cells.in_reader[size_t(i)];
    if (t >= 0) text += "; " + trf("read by {0}", tp_thread_text(s, t));
    return text;
  });
  x += unit * run.cols + gap;
  if (tiled) {
    const size_t base = size_t(s.block) * run.trace.buffers[kTpTile].size;
    const std::vector<double>& tile_now = s.taught->traced.snapshots[size_t(s.step)][kTpTile];
    const GridGeometry tile_geo = draw_value_grid(
        c, {x, min.y}, {x + unit * tile_w, max.y}, tile_w, g.tile,
        [&](int cx, int cy) {
          GridCell cell;
          const int a = cy * tile_w + cx;
          if (cx >= g.tile) {
            cell.unwritten = true;  // the padding column: never written, never read
            return cell;
          }
          cell.text = tp_value(tile_now[base + size_t(a)]);
          cell.unwritten = cell.text.empty();
          const int32_t w = s.cells.tile_writer[size_t(a)], r = s.cells.tile_reader[size_t(a)];
          const int32_t t = r >= 0 ? r : w;
          if (t >= 0) {
            cell.fill = tp_warp_fill(s, p, t);
            cell.read = r >= 0;
            cell.written = w >= 0;
            cell.emphasis = tp_warp_of(s, t) == s.warp;
          }
          cell.note = std::to_string(shared_bank(a, 4));
          return cell;
        },
        g.pad ? trf("tile of block {0}: {1} x ({1} + 1), shared", s.block, g.tile)
              : trf("tile of block {0}: {1} x {1}, shared", s.block, g.tile),
        p, font);
    hover.add(tile_geo.min, tile_geo.cell_max(tile_w - 1, g.tile - 1),
              [sp, tile_geo, tile_w, tile = g.tile](Vec2 point) {
                const TpShown& s = *sp;
                int cx = 0, cy = 0;
                if (!tile_geo.cell_at(point, cx, cy)) return std::string();
                const int a = cy * tile_w + cx;
                std::string text =
                    trf("tile[{0}][{1}]: word {2}, bank {3}", cy, cx, a, shared_bank(a, 4));
                if (cx >= tile) return text + "; " + tr("the padding column: never used");
                if (const int32_t w = s.cells.tile_writer[size_t(a)]; w >= 0)
                  text += "; " + trf("written by {0}", tp_thread_text(s, w));
                if (const int32_t r = s.cells.tile_reader[size_t(a)]; r >= 0)
                  text += "; " + trf("read by {0}", tp_thread_text(s, r));
                return text;
              });
    x += unit * tile_w + gap;
  }
  const GridGeometry out_geo = draw_value_grid(
      c, {x, min.y}, {max.x, max.y}, run.rows, run.cols,
      [&](int cx, int cy) {
        GridCell cell;
        const size_t i = size_t(cy) * run.rows + cx;
        cell.text = tp_value(out_now[i]);
        cell.unwritten = cell.text.empty();
        const int32_t t = s.cells.out_writer[i];
        if (t >= 0) {
          cell.fill = tp_warp_fill(s, p, t);
          cell.written = true;
          cell.emphasis = tp_warp_of(s, t) == s.warp;
        }
        return cell;
      },
      trf("out: {0} x {1}, global", run.cols, run.rows), p, font);
  hover.add(out_geo.min, out_geo.cell_max(run.rows - 1, run.cols - 1), [sp, out_geo](Vec2 point) {
    const TpShown& s = *sp;
    int cx = 0, cy = 0;
    if (!out_geo.cell_at(point, cx, cy)) return std::string();
    const mem::TransposeRun& r = tp_run(s);
    const int32_t i = cy * r.rows + cx;
    std::string text = trf("out[{0}][{1}]: ", cy, cx) + tp_memory_text(i);
    if (const int32_t t = s.cells.out_writer[size_t(i)]; t >= 0)
      text += "; " + trf("written by {0}", tp_thread_text(s, t));
    return text;
  });
}

void tp_draw_band(gfx::Canvas& c, Vec2 min, Vec2 max, const std::shared_ptr<const TpShown>& sp,
                  bool named, const gfx::Palette& p, float font, HoverMap& hover) {
  const TpShown& s = *sp;
  const mem::TransposeRun& run = tp_run(s);
  float top = min.y;
  if (named) {
    c.text({min.x, top},
           fit_text(c,
                    std::to_string(int(run.params.variant)) + " " +
                        tr_text(mem::transpose_info(run.params.variant).title),
                    font, max.x - min.x),
           font, p.text);
    top += font * 1.4f;
  }
  const int accesses = std::max<int>(1, int(s.accesses.size()));
  const float strip_h = font * 1.5f * (accesses + 1) + font * 1.2f;
  tp_draw_grids(c, {min.x, top}, {max.x, max.y - strip_h}, sp, p, font, hover);
  float y = max.y - strip_h + font * 0.4f;
  c.text({min.x, y},
         trf("warp {0} (block {1}): its accesses in this step, sectors and banks", s.warp, s.block),
         font * 0.85f, p.text_muted);
  y += font * 1.3f;
  if (s.accesses.empty()) {
    c.text({min.x, y}, tr("no access by this warp in this step"), font * 0.8f, p.text_muted);
    y += font * 1.5f;
  }
  for (const WarpAccess& a : s.accesses)
    y += tp_draw_access(c, {min.x, y}, max.x - min.x, s, a, p, font, hover);
  const StepCounters& k = s.taught->traced.counters.per_step.at(size_t(s.step));
  c.text({min.x, max.y - font * 1.1f},
         fit_text(c,
                  trf("step: {0} sectors, {1} lines, {2} bank conflicts (worst {3}-way), {4} "
                      "barriers",
                      k.global_requests, k.global_lines, k.bank_conflicts,
                      std::max<int64_t>(1, k.max_bank_ways), k.barriers),
                  font * 0.85f, max.x - min.x),
         font * 0.85f, p.text);
}

}  // namespace
void draw_transpose_teach(gfx::Canvas& c, gfx::Theme theme, const TransposeTaught& taught,
                          const TransposeTaught* compare, int step, int warp, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const mem::TransposeRun& run = taught.run;
  const mem::TransposeInfo& info = mem::transpose_info(run.params.variant);
  const int steps = int(run.trace.steps.size());
  const int shown = std::clamp(step, 0, steps - 1);
  const float top = draw_header(
      c, trf("Transpose {0} x {1}: {2}", run.rows, run.cols, tr_text(info.title)),
      trf("variant {0} ({1}); tile {2}, blocks of {3} x {4} threads; f32, 32-byte sectors, "
          "32 banks",
          info.id, kernel_text(info.reference), run.geometry.tile, run.geometry.block_x,
          run.geometry.block_y),
      trace_step_line(run.trace, shown), tr_text(info.lesson), p, font);
  // Shared pointers keep the shown facts alive for the hover map's closures.
  std::vector<std::shared_ptr<const TpShown>> kept;
  kept.push_back(std::make_shared<TpShown>(tp_shown(taught, shown, warp)));
  if (compare && step < int(compare->run.trace.steps.size()))
    kept.push_back(std::make_shared<TpShown>(tp_shown(*compare, step, warp)));
  const Vec2 size = c.size();
  const float margin = font * 0.5f;
  const float band_h = (size.y - top - margin) / float(kept.size());
  for (size_t i = 0; i < kept.size(); ++i)
    tp_draw_band(c, {margin, top + band_h * float(i)},
                 {size.x - margin, top + band_h * float(i + 1) - margin}, kept[i], kept.size() > 1,
                 p, font, hover);
}

}  // namespace ws::app
