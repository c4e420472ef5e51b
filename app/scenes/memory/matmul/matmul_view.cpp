// The matmul teach figure (PMPP Fig. 5.5-5.7): N above P, M left of P, and the shown block's Mds
// and Nds; the cells the block's threads load in the step coloured by thread (with the thread's
// number), the shared elements marked with how many times the block reads each, P's running sums
// as the multiply-adds build them; the traffic chart and the roofline on the right.
#include <algorithm>
#include <cmath>
#include <memory>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "matmul_run.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/value_grid.h"

namespace ws::app {

namespace {

using gfx::Vec2;

constexpr int kMmM = 0, kMmN = 1, kMmP = 2, kMmMds = 3, kMmNds = 4;  // matmul.h's buffers

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

const mem::MatmulTeachRun& mm_run(const MmShown& s) {
  return s.taught->run;
}

// The shared tiles' shape as matmul.h lays them out (variant 5: two buffers, Mds transposed).
void mm_shared_shape(const mem::MatmulTeachRun& run, int buffer, int& rows, int& cols) {
  const mem::MatmulTeachGeometry& g = run.geometry;
  const bool m = buffer == kMmMds;
  switch (run.params.variant) {
    case mem::MatmulVariant::Tiled:
    case mem::MatmulVariant::Coarsened:
      rows = cols = run.params.tile;
      break;
    case mem::MatmulVariant::Vectorized:
      rows = 2 * g.tile_k;
      cols = m ? g.tile_m : g.tile_n;
      break;
    default:
      rows = m ? g.tile_m : g.tile_k;
      cols = m ? g.tile_k : g.tile_n;
  }
  const int size = run.trace.buffers[size_t(buffer)].size;
  if (rows * cols != size) {  // a layout this view does not know: one row per 8
    cols = std::min(size, 8);
    rows = (size + cols - 1) / std::max(1, cols);
  }
}

MmShown mm_shown(const MatmulTaught& t, int step, int block) {
  MmShown s;
  s.taught = &t;
  const mem::MatmulTeachRun& run = t.run;
  s.step = std::clamp(step, 0, int(run.trace.steps.size()) - 1);
  s.block_threads = run.geometry.block_x * run.geometry.block_y;
  s.block = std::clamp(block, 0, run.geometry.grid_x * run.geometry.grid_y - 1);
  s.m_reader.assign(size_t(run.I) * run.J, -1);
  s.n_reader.assign(size_t(run.J) * run.K, -1);
  s.m_other.assign(s.m_reader.size(), false);
  s.n_other.assign(s.n_reader.size(), false);
  s.p_thread.assign(size_t(run.I) * run.K, -1);
  s.p_value.assign(s.p_thread.size(), std::nan(""));
  const bool tiled = run.trace.buffers.size() > kMmNds;
  if (tiled) {
    mm_shared_shape(run, kMmMds, s.mds_rows, s.mds_cols);
    mm_shared_shape(run, kMmNds, s.nds_rows, s.nds_cols);
    s.mds_writer.assign(size_t(run.trace.buffers[kMmMds].size), -1);
    s.nds_writer.assign(size_t(run.trace.buffers[kMmNds].size), -1);
    s.mds_reads = shared_reads(run, s.step, s.block, kMmMds);
    s.nds_reads = shared_reads(run, s.step, s.block, kMmNds);
  }
  for (int k = 0; k <= s.step; ++k)
    for (const TraceEvent& e : run.trace.steps[size_t(k)].events)
      if (e.kind == EventKind::Op && e.buffer == kMmP && e.address >= 0)
        s.p_value[size_t(e.address)] = e.value;
  for (const TraceEvent& e : run.trace.steps[size_t(s.step)].events) {
    if (e.address < 0) continue;
    const bool mine = e.thread / s.block_threads == s.block;
    const int local = e.thread % s.block_threads;
    if (e.kind == EventKind::Read && (e.buffer == kMmM || e.buffer == kMmN)) {
      std::vector<int>& reader = e.buffer == kMmM ? s.m_reader : s.n_reader;
      std::vector<bool>& other = e.buffer == kMmM ? s.m_other : s.n_other;
      if (mine)
        reader[size_t(e.address)] = local;
      else
        other[size_t(e.address)] = true;
    }
    if (mine && e.kind == EventKind::Op && e.buffer == kMmP) s.p_thread[size_t(e.address)] = local;
    if (mine && e.kind == EventKind::Write && e.buffer == kMmP)
      s.p_thread[size_t(e.address)] = local;
    if (mine && tiled && e.kind == EventKind::Write && (e.buffer == kMmMds || e.buffer == kMmNds))
      (e.buffer == kMmMds ? s.mds_writer : s.nds_writer)[size_t(e.address)] = local;
  }
  return s;
}

// A thread's colour within its block: the palette's eight, shaded for threads 8..15, 16..
gfx::Color mm_thread_colour(const gfx::Palette& p, int thread) {
  return mix(p.warp_color(thread % 8), p.text, 0.25f * float((thread / 8) % 3));
}

std::string mm_number(double v) {
  if (std::isnan(v)) return "";
  return v == std::floor(v) ? std::to_string(int64_t(v)) : std::to_string(v);
}

std::string mm_thread_name(const MmShown& s, int local) {
  const int bx = mm_run(s).geometry.block_x;
  return trf("thread ({0}, {1})", local / bx, local % bx);  // (ty, tx) as the book writes it
}

// M or N (global) inside [min, max].
GridGeometry mm_global_grid(gfx::Canvas& c, Vec2 min, Vec2 max,
                            const std::shared_ptr<const MmShown>& sp, bool of_m,
                            const gfx::Palette& p, float font, HoverMap& hover) {
  const MmShown& s = *sp;
  const mem::MatmulTeachRun& run = mm_run(s);
  const mem::FloatMatrix& matrix = of_m ? run.M : run.N;
  const std::vector<int>& reader = of_m ? s.m_reader : s.n_reader;
  const std::vector<bool>& other = of_m ? s.m_other : s.n_other;
  const GridGeometry g = draw_value_grid(
      c, min, max, matrix.cols, matrix.rows,
      [&](int x, int y) {
        GridCell cell;
        const size_t i = size_t(y) * matrix.cols + x;
        cell.text = mm_number(matrix.values[i]);
        if (reader[i] >= 0) {
          cell.fill = mix(p.background, mm_thread_colour(p, reader[i]), 0.75f);
          cell.read = true;
          cell.note = "t" + std::to_string(reader[i]);
        } else if (other[i]) {
          cell.read = true;
        }
        return cell;
      },
      of_m ? trf("M: {0} x {1}", matrix.rows, matrix.cols)
           : trf("N: {0} x {1}", matrix.rows, matrix.cols),
      p, font);
  hover.add(g.min, g.cell_max(matrix.cols - 1, matrix.rows - 1), [sp, g, of_m](Vec2 point) {
    int x = 0, y = 0;
    if (!g.cell_at(point, x, y)) return std::string();
    const MmShown& s = *sp;
    const mem::FloatMatrix& m = of_m ? mm_run(s).M : mm_run(s).N;
    const size_t i = size_t(y) * m.cols + x;
    std::string text = trf("{0}[{1}][{2}] = {3}: element {4}, sector {5}", of_m ? "M" : "N", y, x,
                           mm_number(m.values[i]), i, i * 4 / 32);
    const int t = (of_m ? s.m_reader : s.n_reader)[i];
    if (t >= 0)
      text += "; " + trf("loaded in this step by {0} of block {1}", mm_thread_name(s, t), s.block);
    return text;
  });
  return g;
}

GridGeometry mm_p_grid(gfx::Canvas& c, Vec2 min, Vec2 max, const std::shared_ptr<const MmShown>& sp,
                       const gfx::Palette& p, float font, HoverMap& hover) {
  const MmShown& s = *sp;
  const mem::MatmulTeachRun& run = mm_run(s);
  const GridGeometry g = draw_value_grid(
      c, min, max, run.K, run.I,
      [&](int x, int y) {
        GridCell cell;
        const size_t i = size_t(y) * run.K + x;
        cell.text = mm_number(s.p_value[i]);
        cell.unwritten = cell.text.empty();
        if (s.p_thread[i] >= 0) {
          cell.fill = mix(p.background, mm_thread_colour(p, s.p_thread[i]), 0.75f);
          cell.written = true;
          cell.note = "t" + std::to_string(s.p_thread[i]);
        }
        return cell;
      },
      trf("P = M N: {0} x {1} (running sums)", run.I, run.K), p, font);
  hover.add(g.min, g.cell_max(run.K - 1, run.I - 1), [sp, g](Vec2 point) {
    int x = 0, y = 0;
    if (!g.cell_at(point, x, y)) return std::string();
    const MmShown& s = *sp;
    const size_t i = size_t(y) * mm_run(s).K + x;
    std::string text = trf("P[{0}][{1}] = {2}", y, x, mm_number(s.p_value[i]));
    if (s.p_thread[i] >= 0) text += "; " + trf("computed by {0}", mm_thread_name(s, s.p_thread[i]));
    return text;
  });
  return g;
}

void mm_shared_grid(gfx::Canvas& c, Vec2 min, Vec2 max, const std::shared_ptr<const MmShown>& sp,
                    int buffer, const gfx::Palette& p, float font, HoverMap& hover) {
  const MmShown& s = *sp;
  const mem::MatmulTeachRun& run = mm_run(s);
  const bool is_m = buffer == kMmMds;
  const int rows = is_m ? s.mds_rows : s.nds_rows, cols = is_m ? s.mds_cols : s.nds_cols;
  const size_t base = size_t(s.block) * run.trace.buffers[size_t(buffer)].size;
  const std::vector<double>& now = s.taught->traced.snapshots[size_t(s.step)][size_t(buffer)];
  const std::vector<int>& writer = is_m ? s.mds_writer : s.nds_writer;
  const std::vector<int>& reads = is_m ? s.mds_reads : s.nds_reads;
  const GridGeometry g = draw_value_grid(
      c, min, max, cols, rows,
      [&](int x, int y) {
        GridCell cell;
        const int a = y * cols + x;
        if (a >= int(writer.size())) return cell;
        cell.text = mm_number(now[base + size_t(a)]);
        cell.unwritten = cell.text.empty();
        if (writer[size_t(a)] >= 0) {
          cell.fill = mix(p.background, mm_thread_colour(p, writer[size_t(a)]), 0.75f);
          cell.written = true;
          cell.note = "t" + std::to_string(writer[size_t(a)]);
        }
        if (reads[size_t(a)] > 0) {
          cell.read = true;
          cell.note = "x" + std::to_string(reads[size_t(a)]);
        }
        return cell;
      },
      trf("{0}, block {1}", is_m ? "Mds" : "Nds", s.block), p, font);
  hover.add(g.min, g.cell_max(cols - 1, rows - 1), [sp, g, cols, is_m](Vec2 point) {
    int x = 0, y = 0;
    if (!g.cell_at(point, x, y)) return std::string();
    const MmShown& s = *sp;
    const size_t a = size_t(y) * cols + x;
    const std::vector<int>& w = is_m ? s.mds_writer : s.nds_writer;
    const std::vector<int>& r = is_m ? s.mds_reads : s.nds_reads;
    if (a >= w.size()) return std::string();
    std::string text = trf("{0}[{1}][{2}]: bank {3}", is_m ? "Mds" : "Nds", y, x, a % 32);
    if (w[a] >= 0) text += "; " + trf("written by {0}", mm_thread_name(s, w[a]));
    if (r[a] > 0) text += "; " + trf("read {0} times by the block's threads in this step", r[a]);
    return text;
  });
}

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
  const TraceStep& ts = run.trace.steps[size_t(shown)];
  const float top = draw_header(
      c, trf("P = M N ({0} x {1} times {1} x {2}): {3}", run.I, run.J, run.K, tr_text(info.title)),
      trf("variant {0} (PMPP {1}); TILE_WIDTH {2}, blocks of {3} x {4} threads, {5} phases; "
          "t<n>: the block's thread n = ty * TILE_WIDTH + tx, xN: reads of a shared element",
          info.id, info.section, run.params.tile, run.geometry.block_x, run.geometry.block_y,
          run.geometry.phases),
      trf("Step {0} of {1}: {2}", shown + 1, steps, step_name_with_phase(ts.label, ts.phase)),
      tr_text(info.lesson), p, font);
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
