// The picture every scan application draws: labelled rows of cells, one cell per element, stacked
// top to bottom (compaction's input, flags, positions and output; radix sort's split columns;
// segmented scan's network levels), with arrows between cells of two rows. The layout is computed
// once per figure, drawn through Canvas (screen, PNG, SVG) and kept for hover hit tests.
#pragma once

#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"

namespace ws::app {

struct Cell {
  std::string text;             // "" draws an empty cell
  gfx::Color fill{0, 0, 0, 0};  // alpha 0: the palette's cell fill
  bool unwritten = false;       // not computed yet at this step: drawn greyed, no text
  bool hidden = false;          // no cell at this column (a sparse row, e.g. one per block)
  bool mismatch = false;        // differs from the reference: outlined in the mismatch colour
  bool emphasis = false;        // the cells this step is about: thick highlight border
  std::string hover;            // the tooltip over this cell
};

struct CellRow {
  std::string label;  // drawn left of the cells, e.g. "flag = value > 2"
  std::vector<Cell> cells;
  float gap_after = 0.35f;  // space below the row, in cell heights (arrows need about 2)
  std::string hover;        // the tooltip over the label
};

struct RowsGeometry {
  float x0 = 0, cell_w = 0, cell_h = 0, label_w = 0;
  float text_font = 0;     // the smallest row's text size
  std::vector<float> top;  // per row
  std::vector<int> cells;  // per row

  gfx::Vec2 cell_min(int row, int col) const { return {x0 + col * cell_w, top[row]}; }
  gfx::Vec2 cell_max(int row, int col) const {
    return cell_min(row, col) + gfx::Vec2{cell_w, cell_h};
  }
  gfx::Vec2 top_center(int row, int col) const { return {x0 + (col + 0.5f) * cell_w, top[row]}; }
  gfx::Vec2 bottom_center(int row, int col) const {
    return {x0 + (col + 0.5f) * cell_w, top[row] + cell_h};
  }
  float bottom() const { return top.empty() ? 0 : top.back() + cell_h; }
};

// Lays the rows out inside [origin, origin + size] and draws them. Cells are at most
// `max_cell_w` wide and `font * 2.4` high; each row's text shrinks to fit its cells and is dropped
// below 7 px (the fill colour still shows).
RowsGeometry draw_rows(gfx::Canvas& c, gfx::Vec2 origin, gfx::Vec2 size,
                       const std::vector<CellRow>& rows, const gfx::Palette& p, float font,
                       float max_cell_w);

// The row and column under `point` (figure coordinates); {-1, -1} for none; column -1 with a row
// is the row's label.
struct RowHit {
  int row = -1, col = -1;
};
RowHit hit_rows(const RowsGeometry& g, const std::vector<CellRow>& rows, gfx::Vec2 point);
// The tooltip text under `point`, or "".
std::string describe_rows(const RowsGeometry& g, const std::vector<CellRow>& rows, gfx::Vec2 point);

// An arrow from the bottom of (row_a, col_a) to the top of (row_b, col_b), in the canvas the rows
// were drawn in.
void cell_arrow(gfx::Canvas& c, const RowsGeometry& g, int row_a, int col_a, int row_b, int col_b,
                gfx::Color color, float thickness = 1.5f);

// Text helpers shared by the application views.
std::string fit_text(const gfx::Canvas& c, std::string text, float font, float width);
// Greedy word wrap into lines no wider than `width`; returns the height used.
float draw_wrapped(gfx::Canvas& c, gfx::Vec2 pos, const std::string& text, float font, float width,
                   gfx::Color color, int max_lines = 4);
// Black or white text, whichever reads on `fill`.


}  // namespace ws::app
