// The tiled merge figure: A and B (global) with the block's tile windows outlined, the shared
// tiles A_S and B_S (circular: the ring's start marked and the wrap drawn), C filled so far by
// thread, then each thread's co-ranks inside the tile and the three merges' global loads.
#include <algorithm>
#include <cmath>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "tiled_run.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

using gfx::Vec2;

constexpr int kA = 0, kB = 1, kC = 2, kAS = 3, kBS = 4;

// Per C cell, the thread that wrote it at or before `step` (-1: not yet); per buffer cell, whether
// `step` wrote (shared) or read (global) it for `block`.
struct TiledMarks {
  std::vector<int> c_writer;
  std::vector<std::vector<bool>> touched;  // [buffer][cell]
};

TiledMarks tiled_marks(const merge::MergeTeachRun& run, int step, int block) {
  TiledMarks k;
  k.c_writer.assign(run.a.size() + run.b.size(), -1);
  k.touched.resize(run.trace.buffers.size());
  for (size_t b = 0; b < run.trace.buffers.size(); ++b)
    k.touched[b].assign(size_t(run.trace.buffers[b].size), false);
  const int bd = std::max(1, run.params.block_dim);
  for (int s = 0; s <= step && s < int(run.trace.steps.size()); ++s)
    for (const TraceEvent& e : run.trace.steps[size_t(s)].events) {
      if (e.buffer == kC && e.kind == EventKind::Write) k.c_writer[size_t(e.address)] = e.thread;
      if (s == step && e.thread / bd == block && e.kind != EventKind::Op &&
          e.address < int(k.touched[size_t(e.buffer)].size()))
        k.touched[size_t(e.buffer)][size_t(e.address)] = true;
    }
  return k;
}

CellRow tiled_global_row(const std::string& label, const std::vector<double>& keys, ValueType type,
                         int consumed_to, const std::vector<bool>& touched, const char* name,
                         const gfx::Palette& p) {
  CellRow row{label, {}, 0.5f, ""};
  for (int i = 0; i < int(keys.size()); ++i) {
    Cell cell;
    cell.text = number(keys[size_t(i)], type);
    if (i < consumed_to) cell.fill = mix(p.cell_fill, p.inactive, 0.45f);
    cell.emphasis = touched[size_t(i)];
    cell.hover =
        trf("{0}[{1}] = {2}", name, i, cell.text) +
        (i < consumed_to ? std::string("; ") + tr("consumed by an earlier iteration") : "") +
        (cell.emphasis ? std::string("; ") + tr("loaded into the tile in this step") : "");
    row.cells.push_back(cell);
  }
  return row;
}

CellRow tiled_shared_row(const std::string& label, const std::vector<double>& now, size_t base,
                         int tile, int start, bool circular, const std::vector<bool>& touched,
                         const char* name, ValueType type) {
  CellRow row{label, {}, circular ? 0.9f : 0.5f, ""};
  for (int slot = 0; slot < tile; ++slot) {
    Cell cell;
    const double v = now[base + size_t(slot)];
    cell.unwritten = std::isnan(v);
    cell.text = cell.unwritten ? "" : number(v, type);
    cell.emphasis = touched[size_t(slot)];
    const int logical = ((slot - start) % tile + tile) % tile;
    cell.hover = circular ? trf("{0}[{1}] = {2}: key {3} of the ring from its start slot {4}", name,
                                slot, cell.text, logical, start)
                          : trf("{0}[{1}] = {2}", name, slot, cell.text);
    if (cell.emphasis) cell.hover += std::string("; ") + tr("written by this step");
    row.cells.push_back(cell);
  }
  return row;
}

// The ring's start under slot `start` and an arrow from its last slot back to its first.
void tiled_ring_marks(gfx::Canvas& c, const RowsGeometry& g, int row, int start, int tile,
                      const gfx::Palette& p, float font) {
  const Vec2 s = g.bottom_center(row, start);
  const float h = std::min(g.cell_h * 0.35f, font * 0.5f);
  c.triangle_filled({s.x, s.y + 1}, {s.x - h * 0.7f, s.y + h + 1}, {s.x + h * 0.7f, s.y + h + 1},
                    p.highlight);
  c.text({s.x + h, s.y + 1}, tr("start"), font * 0.6f, p.highlight);
  const Vec2 last = g.cell_max(row, tile - 1);
  const Vec2 first = g.cell_min(row, 0);
  const float x_out = last.x + g.cell_w * 0.3f, mid = g.top[size_t(row)] + g.cell_h / 2;
  c.line({last.x, mid}, {x_out, mid}, p.text_muted, 1.2f);
  c.line({x_out, mid}, {x_out, first.y - g.cell_h * 0.2f}, p.text_muted, 1.2f);
  c.line({x_out, first.y - g.cell_h * 0.2f}, {first.x - g.cell_w * 0.3f, first.y - g.cell_h * 0.2f},
         p.text_muted, 1.2f);
  c.line({first.x - g.cell_w * 0.3f, first.y - g.cell_h * 0.2f}, {first.x - g.cell_w * 0.3f, mid},
         p.text_muted, 1.2f);
  c.arrow({first.x - g.cell_w * 0.3f, mid}, {first.x, mid}, p.text_muted, 1.2f, h);
}

void tiled_window(gfx::Canvas& c, const RowsGeometry& g, int row, int from, int count,
                  gfx::Color col) {
  if (count <= 0 || from < 0 || from + count > g.cells[size_t(row)]) return;
  c.rect(g.cell_min(row, from) - Vec2{2, 2}, g.cell_max(row, from + count - 1) + Vec2{2, 2}, col,
         2.5f);
}

}  // namespace

void draw_tiled_teach(gfx::Canvas& c, gfx::Theme theme, const TiledTaught& taught,
                      const std::vector<MergeLoads>& loads, int step, int block, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const merge::MergeTeachRun& run = taught.run;
  const merge::MergeInfo& info = merge::merge_info(run.params.variant);
  const bool circular = run.params.variant == merge::MergeVariant::Circular;
  const int steps = int(run.trace.steps.size());
  const int shown = std::clamp(step, 0, std::max(0, steps - 1));
  const int iteration = tiled_iteration_of(run, shown);
  const merge::TileIteration* it = tiled_iteration(run, block, std::max(0, iteration));
  const merge::BlockRange* range = nullptr;
  for (const merge::BlockRange& r : run.block_ranges)
    if (r.block == block) range = &r;
  const std::string step_line =
      steps == 0 ? tr("no steps: nothing to merge") : trace_step_line(run.trace, shown);
  const float top = draw_header(
      c, trf("{0}: {1} + {2} keys", tr_text(info.title), run.a.size(), run.b.size()),
      trf("variant {0} ({1}); tile_size {2}, {3} blocks of {4} threads; block {5} shown", info.id,
          kernel_text(info.reference), run.params.tile, run.params.blocks, run.params.block_dim,
          block),
      step_line, tr_text(info.lesson), p, font);
  if (steps == 0 || !range) return;
  const TiledMarks marks = tiled_marks(run, shown, block);
  const bool started = iteration >= 0 && it;
  const int a_from = range->A_curr + (started ? it->A_consumed : 0);
  const int b_from = range->B_curr + (started ? it->B_consumed : 0);
  const std::vector<std::vector<double>>& now = taught.traced.snapshots[size_t(shown)];
  const int tile = run.params.tile;
  const size_t base = size_t(block) * size_t(tile);
  std::vector<CellRow> rows;
  rows.push_back(
      tiled_global_row(tr("A (global)"), run.a, run.trace.type, a_from, marks.touched[kA], "A", p));
  rows.push_back(
      tiled_global_row(tr("B (global)"), run.b, run.trace.type, b_from, marks.touched[kB], "B", p));
  const int a_start = circular && it ? it->A_S_start : 0;
  const int b_start = circular && it ? it->B_S_start : 0;
  const bool has_tiles = run.trace.buffers.size() > size_t(kBS);
  if (has_tiles) {
    rows.push_back(tiled_shared_row(tr("A_S (shared)"), now[kAS], base, tile, a_start, circular,
                                    marks.touched[kAS], "A_S", run.trace.type));
    rows.push_back(tiled_shared_row(tr("B_S (shared)"), now[kBS], base, tile, b_start, circular,
                                    marks.touched[kBS], "B_S", run.trace.type));
  }
  CellRow c_row{tr("C (global)"), {}, 0.4f, ""};
  for (size_t k = 0; k < run.a.size() + run.b.size(); ++k) {
    Cell cell;
    const double v = now[kC][k];
    cell.unwritten = std::isnan(v);
    cell.text = cell.unwritten ? "" : number(v, run.trace.type);
    const int w = marks.c_writer[k];
    if (w >= 0) cell.fill = mix(p.cell_fill, p.warp_color(w), 0.45f);
    cell.emphasis =
        marks.touched[kC][k] && w >= 0 && w / std::max(1, run.params.block_dim) == block;
    cell.hover = cell.unwritten ? trf("C[{0}]: not written yet", k)
                                : trf("C[{0}] = {1}, written by thread {2}", k, cell.text, w);
    c_row.cells.push_back(cell);
  }
  rows.push_back(c_row);
  const Vec2 size = c.size();
  const float rows_h = (size.y - top) * 0.55f;
  const RowsGeometry g =
      draw_rows(c, {font * 0.5f, top}, {size.x - font * 1.5f, rows_h}, rows, p, font, font * 2.6f);
  hover.add({0, top}, {size.x, top + rows_h},
            [g, rows](Vec2 point) { return describe_rows(g, rows, point); });
  if (started) {
    tiled_window(c, g, 0, a_from, it->A_in_tile, p.highlight);
    tiled_window(c, g, 1, b_from, it->B_in_tile, p.highlight);
    tiled_window(c, g, int(rows.size()) - 1, range->C_curr + it->C_completed, it->outputs,
                 p.highlight);
  }
  if (circular && has_tiles) {
    tiled_ring_marks(c, g, 2, a_start, tile, p, font);
    tiled_ring_marks(c, g, 3, b_start, tile, p, font);
  }
  const float y0 = top + rows_h + font * 0.6f, y1 = size.y - font * 1.6f;
  draw_tiled_threads(c, {font * 0.5f, y0}, {size.x * 0.55f, y1}, run, block, iteration, p, font,
                     hover);
  draw_tiled_loads(c, {size.x * 0.58f, y0}, {size.x - font * 0.5f, y1}, loads, run.params.variant,
                   p, font, hover);
  const StepCounters& k = taught.traced.counters.per_step.at(size_t(shown));
  draw_footer(
      c,
      trf("this step: sectors {0}, bank conflicts {1}, active threads {2}, divergent warps "
          "{3}, barriers {4}",
          k.global_requests, k.bank_conflicts, k.active_threads, k.divergent_warps, k.barriers),
      p, font, p.text);
}

}  // namespace ws::app
