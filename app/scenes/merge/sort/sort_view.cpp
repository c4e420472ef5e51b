// The merge sort figure: the input and the keys after each pass as rows (each pass's merges
// coloured, its runs outlined, the step's pass marked), and under them the merge path of the
// merge selected (--merge-at or a click), its threads' cuts on it.
#include <algorithm>
#include <cmath>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scenes/merge/path/merge_path_figure.h"
#include "sort_run.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

using gfx::Vec2;

// The keys of level `level` (0: the input; p + 1: after pass p) at `step`; NaN before the pass
// wrote them.
std::vector<double> sort_level_keys(const SortTaught& t, int level, int step) {
  const merge::SortTeachRun& run = t.run;
  if (level == 0) return run.input;
  const int written = 2 * (level - 1) + 1;
  if (step < written) return std::vector<double>(run.input.size(), std::nan(""));
  const int out = 1 - run.passes[size_t(level) - 1].input_buffer;
  return t.traced.snapshots[size_t(written)][size_t(out)];
}

// The thread that writes output k of pass `pass` (-1: none).
int sort_writer(const merge::MergePass& pass, int k) {
  for (const merge::MergeSortThreadRange& r : pass.ranges) {
    const int start = pass.merges[size_t(r.merge)].a_begin;
    if (k >= start + r.k_begin && k < start + r.k_end) return r.thread;
  }
  return -1;
}

void sort_draw_path(gfx::Canvas& c, Vec2 min, Vec2 max, const SortTaught& t, int pass, int index,
                    int step, const gfx::Palette& p, float font, HoverMap& hover) {
  const merge::SortTeachRun& run = t.run;
  const merge::MergePass& mp = run.passes[size_t(pass)];
  const merge::MergePiece& m = mp.merges[size_t(index)];
  const std::vector<double> in = sort_level_keys(t, pass, step >= 2 * pass ? 2 * pass : step);
  MergePathPicture pic;
  pic.type = run.trace.type;
  if (std::any_of(in.begin(), in.end(), [](double v) { return std::isnan(v); })) {
    c.text(min,
           trf("The merge path of pass {0}, merge {1} appears when the pass starts.", pass, index),
           font * 0.85f, p.text_muted);
    return;
  }
  pic.a.assign(in.begin() + m.a_begin, in.begin() + m.a_end);
  pic.b.assign(in.begin() + m.b_begin, in.begin() + m.b_end);
  const int first = m.a_begin, outputs = (m.a_end - m.a_begin) + (m.b_end - m.b_begin);
  const bool written = step >= 2 * pass + 1;
  for (int k = 0; k < outputs; ++k) pic.writer.push_back(written ? sort_writer(mp, first + k) : -1);
  // Where each thread's piece of this merge starts: the co-rank its search found.
  for (const merge::MergeSortThreadRange& r : mp.ranges)
    if (r.merge == index && r.k_begin > 0)
      pic.cuts.push_back({r.k_begin, r.i_begin, r.j_begin, r.thread});
  pic.caption =
      trf("Pass {0}, merge {1} (--merge-at {2},{1}): A = keys [{3}, {4}), B = keys "
          "[{5}, {6}); the path cut where each thread's outputs begin",
          pass, index, pass + 1, m.a_begin, m.a_end, m.b_begin, m.b_end);
  draw_merge_path(c, min, max, pic, p, font, &hover);
}

}  // namespace

void draw_sort_teach(gfx::Canvas& c, gfx::Theme theme, const SortTaught& t, int step, int pass,
                     int index, HoverMap& hover, std::vector<MergeHit>* merge_hits) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const merge::SortTeachRun& run = t.run;
  const merge::SortInfo& info = merge::sort_info(run.params.variant);
  const int steps = int(run.trace.steps.size());
  const int shown = std::clamp(step, 0, std::max(0, steps - 1));
  const std::string step_line = steps == 0 ? tr("no steps: one key or none is sorted already")
                                           : trace_step_line(run.trace, shown);
  const float top = draw_header(
      c, trf("{0}: {1} keys, {2} passes", tr_text(info.title), run.input.size(), run.passes.size()),
      trf("variant {0} ({1}); {2} threads a block, {3} outputs a thread; passes = ceil(log2 n)",
          info.id, kernel_text(info.reference), run.params.block_dim, run.params.per_thread),
      step_line, tr_text(info.lesson), p, font);
  const int current_pass = steps ? shown / 2 : -1;
  std::vector<CellRow> rows;
  for (int level = 0; level <= int(run.passes.size()); ++level) {
    const std::vector<double> keys = sort_level_keys(t, level, shown);
    CellRow row{level == 0 ? tr("level 0: input")
                           : trf("level {0}: runs of {1} (pass {2})", level,
                                 run.passes[size_t(level) - 1].width * 2, level - 1),
                {},
                0.45f,
                ""};
    for (int k = 0; k < int(keys.size()); ++k) {
      Cell cell;
      cell.unwritten = std::isnan(keys[size_t(k)]);
      cell.text = cell.unwritten ? "" : number(keys[size_t(k)], run.trace.type);
      if (level > 0 && !cell.unwritten) {
        const merge::MergePass& mp = run.passes[size_t(level) - 1];
        for (size_t m = 0; m < mp.merges.size(); ++m)
          if (k >= mp.merges[m].a_begin && k < std::max(mp.merges[m].a_end, mp.merges[m].b_end))
            cell.fill = mix(p.cell_fill, p.warp_color(int(m)), 0.4f);
        cell.hover = trf("level {0} (after pass {1}): key {2} = {3}, written by thread {4}", level,
                         level - 1, k, cell.text, sort_writer(mp, k));
      } else {
        cell.hover = cell.unwritten ? trf("pass {0} has not written key {1} yet", level - 1, k)
                                    : trf("input key {0} = {1}", k, cell.text);
      }
      cell.emphasis = level == current_pass + 1 && shown % 2 == 1;
      row.cells.push_back(cell);
    }
    rows.push_back(row);
  }
  const Vec2 size = c.size();
  const bool path = pass >= 0 && pass < int(run.passes.size());
  const float rows_h =
      std::min((size.y - top) * (path ? 0.45f : 0.9f), font * 2.6f * float(rows.size()));
  const RowsGeometry g =
      draw_rows(c, {font * 0.5f, top}, {size.x - font, rows_h}, rows, p, font, font * 2.4f);
  hover.add({0, top}, {size.x, top + rows_h},
            [g, rows](Vec2 point) { return describe_rows(g, rows, point); });
  // Runs outlined: a level's merges; the selected merge's inputs and output in the highlight.
  for (int level = 1; level <= int(run.passes.size()); ++level) {
    const merge::MergePass& mp = run.passes[size_t(level) - 1];
    for (size_t m = 0; m < mp.merges.size(); ++m) {
      const int from = mp.merges[m].a_begin;
      const int to = std::max(mp.merges[m].a_end, mp.merges[m].b_end) - 1;
      if (to < from) continue;
      const Vec2 lo = g.cell_min(level, from), hi = g.cell_max(level, to);
      const bool selected = level - 1 == pass && int(m) == index;
      c.rect(lo, hi, selected ? p.highlight : p.text_muted, selected ? 3.0f : 1.2f);
      if (merge_hits) merge_hits->push_back({lo, hi, level - 1, int(m)});
      if (selected) {
        const merge::MergePiece& sm = mp.merges[m];
        if (sm.a_end > sm.a_begin)
          c.rect(g.cell_min(level - 1, sm.a_begin), g.cell_max(level - 1, sm.a_end - 1),
                 p.highlight, 2.0f);
        if (sm.b_end > sm.b_begin)
          c.rect(g.cell_min(level - 1, sm.b_begin), g.cell_max(level - 1, sm.b_end - 1),
                 p.highlight, 2.0f);
      }
    }
  }
  if (current_pass >= 0 && current_pass < int(run.passes.size()))
    c.rect({1, g.top[size_t(current_pass) + 1] - 2},
           {g.label_w - 4, g.top[size_t(current_pass) + 1] + g.cell_h + 2}, p.highlight, 2.0f);
  if (path)
    sort_draw_path(c, {font * 0.5f, top + rows_h + font * 0.5f},
                   {size.x - font * 0.5f, size.y - font * 1.6f}, t, pass, index, shown, p, font,
                   hover);
  draw_footer(c, tr("Click a merge to draw its merge path (--merge-at level,index)."), p, font,
              p.text_muted);
}

}  // namespace ws::app
