// A small matrix's format as cells: COO's triples, CSR's row pointers with arrows to where each
// row starts, ELL's padded rows x width grids (padding greyed, the memory order numbered) and its
// column-major memory, the hybrid's ELL part and COO overflow, JDS's permutation, diagonals and
// their pointers.
#include <algorithm>
#include <functional>

#include "formats_run.h"
#include "i18n/i18n.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/value_grid.h"

namespace ws::app {

namespace {

// Where element i of an array laid out `per_line` cells a row, from row `first`, is drawn.
struct ArrayCells {
  int first = 0, per_line = 1;
  int row(int i) const { return first + i / per_line; }
  int col(int i) const { return i % per_line; }
};

ArrayCells add_array_cells(std::vector<CellRow>& rows, const std::string& label, int n,
                           int per_line, const std::function<Cell(int)>& cell,
                           float gap_after = 0.35f) {
  ArrayCells place{int(rows.size()), std::max(1, per_line)};
  const int lines = std::max(1, (n + place.per_line - 1) / place.per_line);
  for (int l = 0; l < lines; ++l) {
    CellRow row;
    row.label = l == 0 ? label : "";
    for (int i = l * place.per_line; i < std::min(n, (l + 1) * place.per_line); ++i)
      row.cells.push_back(cell(i));
    if (row.cells.empty()) row.cells.push_back(Cell{"", {}, false, true});
    row.gap_after = l + 1 == lines ? gap_after : 0.15f;
    rows.push_back(std::move(row));
  }
  return place;
}

gfx::Color format_tint(const gfx::Palette& p, int index) {
  return mix(p.cell_fill, p.warp_color(index), 0.35f);
}

Cell index_value_cell(int32_t v, gfx::Color fill, std::string hover) {
  Cell c{std::to_string(v), fill};
  c.hover = std::move(hover);
  return c;
}

struct DrawnRows {
  std::vector<CellRow> rows;
  RowsGeometry geometry;
};

void finish_rows(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, DrawnRows& d, const gfx::Palette& p,
                 float font, HoverMap& hover) {
  d.geometry = draw_rows(c, min, max - min, d.rows, p, font, font * 3.2f);
  hover.add(min, max,
            [g = d.geometry, rows = d.rows](gfx::Vec2 at) { return describe_rows(g, rows, at); });
}

void add_coo_rows(std::vector<CellRow>& rows, const spmv::CooMatrix& coo, ValueType type,
                  const gfx::Palette& p, const std::string& prefix) {
  const int n = int(coo.nnz()), line = std::min(std::max(n, 1), 32);
  auto fill = [&](int i) { return format_tint(p, coo.row[size_t(i)]); };
  add_array_cells(rows, prefix + "row", n, line, [&](int i) {
    return index_value_cell(coo.row[size_t(i)], fill(i),
                            trf("nonzero {0}: row {1}", i, coo.row[size_t(i)]));
  });
  add_array_cells(rows, prefix + "col", n, line, [&](int i) {
    return index_value_cell(coo.col[size_t(i)], fill(i),
                            trf("nonzero {0}: column {1}", i, coo.col[size_t(i)]));
  });
  add_array_cells(rows, prefix + "val", n, line, [&](int i) {
    Cell cell{number(coo.val[size_t(i)], type), fill(i)};
    cell.hover = trf("nonzero {0}: value {1}", i, cell.text);
    return cell;
  });
}

// ELL's col and val as rows x width grids side by side; each cell numbered with its memory index
// k * rows + r, padding greyed with a '*'.
void draw_ell_grids(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const spmv::EllMatrix& ell,
                    ValueType type, const gfx::Palette& p, float font, HoverMap& hover) {
  if (ell.width == 0 || ell.rows == 0) {
    c.text(min, tr("(width 0: no ELL part)"), font * 0.85f, p.text_muted);
    return;
  }
  const float half = (max.x - min.x) / 2;
  for (int which = 0; which < 2; ++which) {
    const gfx::Vec2 gmin{min.x + half * float(which), min.y};
    const GridGeometry g = draw_value_grid(
        c, gmin, {gmin.x + half - font, max.y}, ell.width, ell.rows,
        [&](int k, int r) {
          const size_t slot = size_t(k) * size_t(ell.rows) + size_t(r);
          GridCell cell;
          cell.note = "@" + std::to_string(slot);
          if (ell.padded[slot]) {
            cell.text = "*";
            cell.fill = p.cell_unwritten;
          } else {
            cell.text = which == 0 ? std::to_string(ell.col[slot]) : number(ell.val[slot], type);
            cell.fill = format_tint(p, r);
          }
          return cell;
        },
        which == 0 ? tr("col: rows x width (padding *)") : tr("val: rows x width (padding *)"), p,
        font);
    hover.add(g.min, g.cell_max(ell.width - 1, ell.rows - 1), [g, ell](gfx::Vec2 at) {
      int k = 0, r = 0;
      if (!g.cell_at(at, k, r)) return std::string();
      const size_t slot = size_t(k) * size_t(ell.rows) + size_t(r);
      return ell.padded[slot] ? trf("row {0}, slot {1}: padding, memory index {2}", r, k, slot)
                              : trf("row {0}, slot {1}: column {2}, memory index {3}", r, k,
                                    ell.col[slot], slot);
    });
  }
}

// ELL's val array as it lies in memory: one line per slot k (k * rows + r), padding greyed.
void add_ell_memory(std::vector<CellRow>& rows, const spmv::EllMatrix& ell, ValueType type,
                    const gfx::Palette& p, const std::string& label) {
  for (int k = 0; k < ell.width; ++k) {
    CellRow row;
    row.label = trf("{0}, slot {1}: @{2}..{3}", label, k, k * ell.rows, (k + 1) * ell.rows - 1);
    for (int r = 0; r < ell.rows; ++r) {
      const size_t slot = size_t(k) * size_t(ell.rows) + size_t(r);
      Cell cell;
      if (ell.padded[slot]) {
        cell.text = "*";
        cell.fill = p.cell_unwritten;
        cell.hover = trf("memory index {0}: padding of row {1}", slot, r);
      } else {
        cell.text = number(ell.val[slot], type);
        cell.fill = format_tint(p, r);
        cell.hover = trf("memory index {0}: row {1}, slot {2}", slot, r, k);
      }
      row.cells.push_back(cell);
    }
    row.gap_after = 0.15f;
    rows.push_back(std::move(row));
  }
}

void draw_csr(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const FormatsFacts& f,
              const gfx::Palette& p, float font, HoverMap& hover) {
  const spmv::CsrMatrix& m = *f.matrix;
  const int n = int(m.nnz()), line = std::min(std::max(n, 1), 32);
  std::vector<int32_t> row_of(static_cast<size_t>(n));
  for (int32_t r = 0; r < m.rows; ++r)
    for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k) row_of[size_t(k)] = r;
  DrawnRows d;
  const ArrayCells rp = add_array_cells(
      d.rows, "row_ptr", m.rows + 1, m.rows + 1,
      [&](int r) {
        return index_value_cell(m.row_ptr[size_t(r)], r < m.rows ? format_tint(p, r) : p.cell_fill,
                                r < m.rows ? trf("row {0} starts at {1}", r, m.row_ptr[size_t(r)])
                                           : trf("the end: {0} nonzeros", m.row_ptr[size_t(r)]));
      },
      2.4f);
  const ArrayCells cp = add_array_cells(d.rows, "col", n, line, [&](int i) {
    return index_value_cell(
        m.col[size_t(i)], format_tint(p, row_of[size_t(i)]),
        trf("nonzero {0}: row {1}, column {2}", i, row_of[size_t(i)], m.col[size_t(i)]));
  });
  add_array_cells(d.rows, "val", n, line, [&](int i) {
    Cell cell{number(m.val[size_t(i)], f.precision), format_tint(p, row_of[size_t(i)])};
    cell.hover = trf("nonzero {0}: value {1}", i, cell.text);
    return cell;
  });
  finish_rows(c, min, max, d, p, font, hover);
  for (int32_t r = 0; r < m.rows; ++r) {
    const int32_t start = m.row_ptr[size_t(r)];
    if (start >= n || m.row_length(r) == 0) continue;
    cell_arrow(c, d.geometry, rp.row(r), rp.col(r), cp.row(start), cp.col(start), p.warp_color(r));
  }
}

void draw_jds(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const FormatsFacts& f,
              const gfx::Palette& p, float font, HoverMap& hover) {
  const spmv::JdsMatrix& j = f.jds;
  const int n = int(j.col.size()), line = std::min(std::max(n, 1), 32);
  std::vector<int32_t> diagonal_of(static_cast<size_t>(n));
  for (int t = 0; t < j.diagonals(); ++t)
    for (int32_t k = j.iter_ptr[size_t(t)]; k < j.iter_ptr[size_t(t) + 1]; ++k)
      diagonal_of[size_t(k)] = t;
  DrawnRows d;
  add_array_cells(d.rows, "perm", j.rows, j.rows, [&](int i) {
    return index_value_cell(j.perm[size_t(i)], format_tint(p, j.perm[size_t(i)]),
                            trf("sorted row {0} is row {1} ({2} nonzeros)", i, j.perm[size_t(i)],
                                j.row_length[size_t(i)]));
  });
  const ArrayCells ip = add_array_cells(
      d.rows, "iter_ptr", j.diagonals() + 1, j.diagonals() + 1,
      [&](int t) {
        return index_value_cell(j.iter_ptr[size_t(t)],
                                (t < j.diagonals() ? format_tint(p, t) : p.cell_fill),
                                trf("diagonal {0} starts at {1}", t, j.iter_ptr[size_t(t)]));
      },
      2.4f);
  const ArrayCells cp = add_array_cells(d.rows, "col", n, line, [&](int i) {
    return index_value_cell(
        j.col[size_t(i)], format_tint(p, diagonal_of[size_t(i)]),
        trf("diagonal {0}: column {1}", diagonal_of[size_t(i)], j.col[size_t(i)]));
  });
  add_array_cells(d.rows, "val", n, line, [&](int i) {
    Cell cell{number(j.val[size_t(i)], f.precision), format_tint(p, diagonal_of[size_t(i)])};
    cell.hover = trf("diagonal {0}: value {1}", diagonal_of[size_t(i)], cell.text);
    return cell;
  });
  finish_rows(c, min, max, d, p, font, hover);
  for (int t = 0; t < j.diagonals(); ++t) {
    const int32_t start = j.iter_ptr[size_t(t)];
    if (start < n)
      cell_arrow(c, d.geometry, ip.row(t), ip.col(t), cp.row(start), cp.col(start),
                 p.warp_color(t));
  }
}

}  // namespace

void draw_format_cells(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const FormatsFacts& f,
                       const gfx::Palette& p, float font, HoverMap& hover) {
  const float h = max.y - min.y;
  switch (f.shown) {
    case spmv::SparseFormat::Coo: {
      DrawnRows d;
      add_coo_rows(d.rows, f.coo, f.precision, p, "");
      finish_rows(c, min, max, d, p, font, hover);
      return;
    }
    case spmv::SparseFormat::Csr:
      draw_csr(c, min, max, f, p, font, hover);
      return;
    case spmv::SparseFormat::Ell: {
      draw_ell_grids(c, min, {max.x, min.y + h * 0.55f}, f.ell, f.precision, p, font, hover);
      DrawnRows d;
      add_ell_memory(d.rows, f.ell, f.precision, p, "val");
      finish_rows(c, {min.x, min.y + h * 0.6f}, max, d, p, font, hover);
      return;
    }
    case spmv::SparseFormat::Hybrid: {
      const float split = min.x + (max.x - min.x) * 0.62f;
      draw_ell_grids(c, min, {split, min.y + h * 0.55f}, f.hybrid.ell, f.precision, p, font, hover);
      DrawnRows d;
      add_coo_rows(d.rows, f.hybrid.coo, f.precision, p, "COO ");
      finish_rows(c, {min.x, min.y + h * 0.6f}, {split, max.y}, d, p, font, hover);
      draw_hybrid_bytes_chart(c, {split + font, min.y}, max, f, p, font, hover);
      return;
    }
    case spmv::SparseFormat::Jds:
      draw_jds(c, min, max, f, p, font, hover);
      return;
  }
}

}  // namespace ws::app
