// Path mode's figure: the header, the merge path with every thread's diagonal and its search
// probe (path/merge_path_figure), beside it the followed thread's search as a table, pass by
// pass, and under them C, each cell coloured by the thread that wrote it (and the tags, for
// key-value pairs).
#include <algorithm>
#include <cmath>
#include <memory>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "merge_path_figure.h"
#include "merge_path_run.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

constexpr size_t kPathC = 2;  // the trace's buffer "C"

// The thread whose piece holds output k (-1: none).
int path_writer_of(const PathModel& model, int k) {
  for (const PathThread& t : model.threads)
    if (k >= t.range.k_curr && k < t.range.k_next) return t.range.thread;
  return -1;
}

MergePathProbe path_probe(const merge::CorankIteration& it, int k, int thread) {
  return {k, it.i, it.j, it.i_low, it.j_low, it.i_after, it.j_after, thread};
}

// What the path figure shows at `step`: the diagonals searched or found, the probes of the passes
// the step runs, and who wrote which output so far.
MergePathPicture path_picture(const MergeTaught& taught, const PathModel& model, int step) {
  const merge::MergeTeachRun& run = taught.run;
  MergePathPicture pic;
  pic.a = run.a;
  pic.b = run.b;
  pic.type = run.trace.type;
  const PathStep s = model.steps.at(size_t(step));
  std::vector<MergePathCut> ends;  // k_next cuts, after every k_curr one
  for (const PathThread& t : model.threads) {
    const merge::ThreadRange& r = t.range;
    const int th = r.thread;
    const bool curr_step = s.kind == PathStepKind::CorankCurr;
    const bool next_step = s.kind == PathStepKind::CorankNext;
    // k_curr: searched in the first passes, found after them.
    const bool curr_found = !curr_step || s.pass >= int(t.search_curr.size()) - 1;
    pic.cuts.push_back({r.k_curr, r.i_curr, r.j_curr, th, curr_found});
    if (curr_step && s.pass < int(t.search_curr.size()))
      pic.probes.push_back(path_probe(t.search_curr[size_t(s.pass)], r.k_curr, th));
    if (!curr_step) {
      const bool next_found = !next_step || s.pass >= int(t.search_next.size()) - 1;
      ends.push_back({r.k_next, r.i_next, r.j_next, th, next_found});
      if (next_step && s.pass < int(t.search_next.size()))
        pic.probes.push_back(path_probe(t.search_next[size_t(s.pass)], r.k_next, th));
    }
  }
  pic.cuts.insert(pic.cuts.end(), ends.begin(), ends.end());
  const std::vector<double>& c_now = taught.traced.snapshots.at(size_t(step)).at(kPathC);
  pic.writer.assign(c_now.size(), -1);
  for (size_t k = 0; k < c_now.size(); ++k)
    if (!std::isnan(c_now[k])) pic.writer[k] = path_writer_of(model, int(k));
  return pic;
}

// The followed thread's two searches as a table: one row per pass, the pass the step runs
// highlighted.
void path_draw_search_table(gfx::Canvas& c, Vec2 min, Vec2 max, const MergeTaught& taught,
                            const PathModel& model, int step, int thread, const gfx::Palette& p,
                            float font) {
  if (model.threads.empty() || model.threads[0].search_curr.empty()) return;
  const PathThread& t = model.threads.at(size_t(thread));
  const PathStep s = model.steps.at(size_t(step));
  const ValueType type = taught.run.trace.type;
  const float small = font * 0.8f, row_h = small * 1.45f;
  float y = min.y;
  // Where the outputs come from is what the searches find: said once they have.
  const std::string head =
      s.kind == PathStepKind::Merge
          ? trf("thread {0}: C[{1}..{2}) from A[{3}..{4}) and B[{5}..{6})", t.range.thread,
                t.range.k_curr, t.range.k_next, t.range.i_curr, t.range.i_next, t.range.j_curr,
                t.range.j_next)
          : trf("thread {0}: outputs C[{1}..{2})", t.range.thread, t.range.k_curr, t.range.k_next);
  c.text({min.x, y}, head, font * 0.9f, p.warp_color(t.range.thread));
  y += font * 1.5f;
  const float cols[] = {0, 3.2f, 6.4f, 9.0f, 11.6f};
  const char* heads[] = {TR_NOOP("pass"), "i_low", "j_low", "i", "j"};
  for (int side = 0; side < 2; ++side) {
    const auto& passes = side == 0 ? t.search_curr : t.search_next;
    const int k = side == 0 ? t.range.k_curr : t.range.k_next;
    if (y + row_h * 2 > max.y) break;
    c.text({min.x, y}, trf("co_rank(k = {0}): {1}", k, side == 0 ? "k_curr" : "k_next"), small,
           p.text);
    y += row_h;
    for (int col = 0; col < 5; ++col)
      c.text({min.x + cols[col] * small, y}, col == 0 ? tr(heads[col]) : heads[col], small,
             p.text_muted);
    c.text({min.x + 14.2f * small, y}, tr("test and move"), small, p.text_muted);
    y += row_h;
    const PathStepKind kind = side == 0 ? PathStepKind::CorankCurr : PathStepKind::CorankNext;
    for (size_t n = 0; n < passes.size() && y + row_h <= max.y; ++n) {
      const merge::CorankIteration& it = passes[n];
      if (s.kind == kind && s.pass == int(n))
        c.rect_filled({min.x - 3, y - 2}, {max.x, y + row_h - 2},
                      mix(p.background, p.warp_color(t.range.thread), 0.25f));
      const std::string cells[] = {std::to_string(n + 1), std::to_string(it.i_low),
                                   std::to_string(it.j_low), std::to_string(it.i),
                                   std::to_string(it.j)};
      for (int col = 0; col < 5; ++col)
        c.text({min.x + cols[col] * small, y}, cells[col], small, p.text);
      const float x = min.x + 14.2f * small;
      c.text({x, y}, fit_text(c, corank_pass_text(it, type), small, max.x - x), small, p.text);
      y += row_h;
    }
    y += row_h * 0.5f;
  }
  if (y + font * 2 < max.y)
    draw_wrapped(c, {min.x, y + font * 0.5f}, path_step_text(taught.run, model, step, thread),
                 font * 0.85f, max.x - min.x, p.text, 6);
}

// What the figure's marks mean, and the threads' colours (at most eight named).
void path_draw_legend(gfx::Canvas& c, Vec2 at, const PathModel& model, bool searches,
                      const gfx::Palette& p, float font) {
  std::vector<Swatch> marks = {
      {mix(p.background, p.text_muted, 0.18f), tr("A[i] > B[j]: B's key goes first")}};
  if (searches) marks.push_back({p.text, tr("cells a pass compares"), SwatchKind::Outline});
  const float small = font * 0.8f;
  at.y += draw_swatches(c, at, marks, p, small);
  std::vector<Swatch> threads;
  for (size_t t = 0; t < model.threads.size() && t < 8; ++t)
    threads.push_back({p.warp_color(int(t)), trf("thread {0}", t)});
  draw_swatches(c, at, threads, p, small);
}

// C (and the tags of key-value pairs) as rows of cells coloured by the writing thread.
void path_draw_output(gfx::Canvas& c, Vec2 min, Vec2 max, const MergeTaught& taught,
                      const MergePathPicture& pic, bool pairs, const gfx::Palette& p, float font,
                      HoverMap& hover) {
  const merge::MergeTeachRun& run = taught.run;
  const std::vector<double>& c_now = taught.traced.snapshots.back().at(kPathC);
  std::vector<CellRow> rows(pairs ? 2 : 1);
  rows[0].label = "C";
  if (pairs) rows[1].label = tr("tag");
  for (size_t k = 0; k < pic.writer.size(); ++k) {
    const int t = pic.writer[k];
    Cell cell;
    cell.unwritten = t < 0;
    if (t >= 0) {
      cell.text = number(c_now[k], run.trace.type);
      cell.fill = mix(p.background, p.warp_color(t), 0.45f);
      cell.hover = trf("C[{0}] = {1}, written by thread {2}", k, cell.text, t);
    } else {
      cell.hover = trf("C[{0}]: not written yet", k);
    }
    rows[0].cells.push_back(cell);
    if (!pairs) continue;
    Cell tag = cell;
    tag.text = t >= 0 && k < run.c_values.size() ? std::to_string(run.c_values[k]) : "";
    if (t >= 0) {
      const uint32_t v = run.c_values[k];
      const bool from_a = v < run.a.size();
      tag.hover = from_a ? trf("tag {0}: A[{0}]", v)
                         : trf("tag {0}: B[{1}]", v, v - uint32_t(run.a.size()));
    }
    rows[1].cells.push_back(tag);
  }
  const RowsGeometry g = draw_rows(c, min, max - min, rows, p, font, font * 3.2f);
  hover.add(min, max, [g, rows](Vec2 q) { return describe_rows(g, rows, q); });
}

}  // namespace

void draw_merge_path_teach(gfx::Canvas& c, gfx::Theme theme, const MergeTaught& taught,
                           const PathModel& model, int step, int shown_thread, bool pairs,
                           HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const merge::MergeTeachRun& run = taught.run;
  const merge::MergeInfo& info = merge::merge_info(run.params.variant);
  const int steps = int(run.trace.steps.size());
  const int shown = std::clamp(step, 0, std::max(0, steps - 1));
  const std::string step_line =
      steps == 0 ? tr("no steps: nothing to merge") : trace_step_line(run.trace, shown);
  const float top = draw_header(
      c, trf("Merge path: {0}", tr_text(info.title)),
      trf("variant {0}, {1}; A {2} keys, B {3} keys, {4}", info.id, kernel_text(info.reference),
          run.a.size(), run.b.size(),
          counted(int64_t(model.threads.size()), TR_NOOP("{0} thread"), TR_NOOP("{0} threads"))),
      step_line, tr_text(info.lesson), p, font);
  if (steps == 0) return;
  const Vec2 size = c.size();
  const float margin = font * 0.5f;
  const float out_h = font * (pairs ? 6.5f : 3.8f);
  const MergePathPicture pic = path_picture(taught, model, shown);
  const bool searches = !model.threads.empty() && !model.threads[0].search_curr.empty();
  const float split = searches ? size.x * 0.5f : size.x - margin;
  const float legend_h = font * 2.8f;
  const MergePathGeometry g = draw_merge_path(
      c, {margin, top}, {split - margin, size.y - out_h - legend_h - margin}, pic, p, font, &hover);
  path_draw_legend(c, {margin, g.max().y + font * 0.6f}, model, searches, p, font);
  if (searches)
    path_draw_search_table(c, {split + margin, top}, {size.x - margin, size.y - out_h - margin},
                           taught, model, shown, shown_thread, p, font);
  path_draw_output(c, {margin, size.y - out_h}, {size.x - margin, size.y - margin}, taught, pic,
                   pairs, p, font, hover);
}

}  // namespace ws::app
