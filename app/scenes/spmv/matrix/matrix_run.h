// What the SpMV scene's matrix mode computes and draws, as free functions: the facts of the
// matrix (row statistics, the binned pattern, y = A x for small ones) and the figure.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scenes/spmv/spmv_settings.h"

namespace ws::app {

// Bins of the sparsity image at most, each way (a larger matrix is binned).
inline constexpr int kSparsityMaxBins = 128;

struct MatrixFacts {
  std::shared_ptr<const spmv::CsrMatrix> matrix;
  std::shared_ptr<const std::vector<double>> x;
  std::string label;  // matrix_label
  spmv::RowStats stats;
  spmv::SparsityImage image;
  std::vector<double> y;  // small matrices: the double reference y = A x; else empty
  ValueType precision = ValueType::Float32;
  bool small() const {
    return matrix && matrix->rows <= kSpmvCellsMaxSide && matrix->cols <= kSpmvCellsMaxSide;
  }
};
MatrixFacts matrix_facts(const SpmvSettings& s);

// The figure: header, the pattern (cells or bins) with x and y for small matrices, the row-length
// histogram and its statistics; hover regions for entries, bins and bars.
void draw_matrix_figure(gfx::Canvas& c, gfx::Theme theme, const MatrixFacts& f, HoverMap& hover);
// The histogram alone in [min, max] (the formats mode's large-matrix figure uses it too).
void draw_row_histogram(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const spmv::RowStats& stats,
                        const gfx::Palette& p, float font, HoverMap& hover);
// "rows 5300, nonzeros 21842; row lengths 2..14, mean 4.1, stddev 1.6; 0 empty rows".
std::string row_stats_text(const spmv::CsrMatrix& m, const spmv::RowStats& s);
std::string matrix_caption(const MatrixFacts& f);

}  // namespace ws::app
