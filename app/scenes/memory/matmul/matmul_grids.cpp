// The matmul figure's grids: M and N with the elements the shown block's threads load tinted by
// thread (t<n>), P with its running sums, Mds and Nds with what each thread wrote and how many
// times the block reads each element (xN).
#include "i18n/i18n.h"
#include "matmul_shown.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {
using gfx::Vec2;
}  // namespace

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

}  // namespace ws::app
