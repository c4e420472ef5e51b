// The matrix mode's figure: the pattern on the left (cells with values, x and y for small
// matrices; a binned image with its colour bar for large ones), the row-length histogram right.
#include <algorithm>
#include <cmath>
#include <limits>

#include "i18n/i18n.h"
#include "interop/colormap.h"
#include "matrix_run.h"
#include "render/image.h"
#include "views/cell_rows.h"
#include "views/colorbar.h"
#include "views/figure_parts.h"
#include "views/value_grid.h"

namespace ws::app {

namespace {

// Row `r0` to `r1` (inclusive) of `n`: the matrix rows bin `b` of `bins` covers.
std::pair<int64_t, int64_t> bin_span(int64_t b, int64_t bins, int64_t n) {
  const int64_t lo = (b * n + bins - 1) / bins;
  const int64_t hi = ((b + 1) * n + bins - 1) / bins - 1;
  return {lo, hi};
}

void draw_matrix_cells(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const MatrixFacts& f,
                       const gfx::Palette& p, float font, HoverMap& hover) {
  const spmv::CsrMatrix& m = *f.matrix;
  const int rows = std::max(m.rows, 1), cols = std::max(m.cols, 1);
  std::vector<double> dense(size_t(rows) * size_t(cols), std::numeric_limits<double>::quiet_NaN());
  for (int32_t r = 0; r < m.rows; ++r)
    for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k)
      dense[size_t(r) * size_t(cols) + size_t(m.col[size_t(k)])] = m.val[size_t(k)];
  // One cell size for A, x and y, so the product lines up row by row; `labels` is the room a
  // grid takes for its index labels.
  const float labels = font * 1.8f, caption = font * 1.6f;
  const float w = max.x - min.x - 3 * labels, h = max.y - min.y - caption - labels;
  const float cell = std::min(w / (float(cols) + 3.0f), h / float(std::max(rows, cols)));
  const gfx::Vec2 a_max{min.x + labels + cell * float(cols),
                        min.y + caption + labels + cell * float(rows)};
  const gfx::Color nonzero = mix(p.cell_fill, p.highlight, 0.45f);
  const GridGeometry a = draw_value_grid(
      c, min, a_max, m.cols, m.rows,
      [&](int x, int y) {
        GridCell g;
        const double v = dense[size_t(y) * size_t(cols) + size_t(x)];
        if (std::isnan(v)) {
          g.fill = p.cell_fill;
        } else {
          g.text = number(v, f.precision);
          g.fill = nonzero;
        }
        return g;
      },
      tr("A (nonzeros shaded)"), p, font);
  hover.add(a.min, a.cell_max(m.cols - 1, m.rows - 1), [a, dense, cols, f](gfx::Vec2 at) {
    int x = 0, y = 0;
    if (!a.cell_at(at, x, y)) return std::string();
    const double v = dense[size_t(y) * size_t(cols) + size_t(x)];
    if (std::isnan(v)) return trf("row {0}, column {1}: 0 (not stored)", y, x);
    return trf("row {0}, column {1}: {2}", y, x, number(v, f.precision));
  });
  // x beside A (one entry per column), then y = A x (one per row).
  const float gap = cell * 0.5f;
  const gfx::Vec2 x_min{a_max.x + gap, min.y};
  const GridGeometry xg = draw_value_grid(
      c, x_min, {x_min.x + labels + cell, min.y + caption + labels + cell * float(m.cols)}, 1,
      m.cols, [&](int, int y) { return GridCell{number((*f.x)[size_t(y)], f.precision)}; }, "x", p,
      font);
  const gfx::Vec2 y_min{x_min.x + labels + cell + gap, min.y};
  const GridGeometry yg = draw_value_grid(
      c, y_min, {y_min.x + labels + cell, min.y + caption + labels + cell * float(m.rows)}, 1,
      m.rows,
      [&](int, int y) {
        GridCell g{number(f.y[size_t(y)], ValueType::Float64)};
        g.fill = mix(p.cell_fill, p.write, 0.2f);
        return g;
      },
      "y = A x", p, font);
  hover.add(xg.min, xg.cell_max(0, std::max(m.cols - 1, 0)), [xg, f](gfx::Vec2 at) {
    int x = 0, y = 0;
    return xg.cell_at(at, x, y) ? trf("x[{0}] = {1}", y, number((*f.x)[size_t(y)], f.precision))
                                : std::string();
  });
  hover.add(yg.min, yg.cell_max(0, std::max(m.rows - 1, 0)), [yg, f](gfx::Vec2 at) {
    int x = 0, y = 0;
    return yg.cell_at(at, x, y) ? trf("y[{0}] = {1} (row {0} of A times x)", y,
                                      number(f.y[size_t(y)], ValueType::Float64))
                                : std::string();
  });
}

void draw_bins(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const MatrixFacts& f,
               const gfx::Palette& p, float font, HoverMap& hover) {
  const spmv::SparsityImage& img = f.image;
  if (img.width == 0 || img.height == 0) return;
  auto counts = std::make_shared<const std::vector<int64_t>>(img.counts);
  const int64_t top = std::max<int64_t>(img.max_count, 1);
  const gfx::Color ground = p.background;
  gfx::Canvas::Raster raster;
  raster.pixels = [counts, w = img.width, h = img.height, top, ground] {
    gfx::Image out(w, h);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int64_t n = (*counts)[size_t(y) * size_t(w) + size_t(x)];
        const gfx::Color col =
            n == 0 ? ground
                   : interop::colormap_color(interop::Colormap::Viridis, float(n) / float(top));
        uint8_t* px = out.pixel(x, y);
        px[0] = col.r, px[1] = col.g, px[2] = col.b, px[3] = 255;
      }
    return out;
  };
  const float bar_w = font * 5.5f;
  const GridGeometry g =
      draw_raster_grid(c, min, {max.x - bar_w, max.y}, img.width, img.height, raster,
                       trf("sparsity pattern: {0} x {1} bins", img.height, img.width), p, font);
  const float y1 = g.min.y + g.cell * float(img.height);
  draw_colorbar(c, {g.min.x + g.cell * float(img.width) + font, g.min.y},
                {g.min.x + g.cell * float(img.width) + font * 2.2f, y1}, interop::Colormap::Viridis,
                0, float(top), tr("nonzeros per bin"), font * 0.8f, p);
  const int64_t rows = f.matrix->rows, cols = f.matrix->cols;
  hover.add(g.min, {g.min.x + g.cell * float(img.width), y1},
            [g, counts, img_w = img.width, img_h = img.height, rows, cols](gfx::Vec2 at) {
              int x = 0, y = 0;
              if (!g.cell_at(at, x, y)) return std::string();
              const auto rs = bin_span(y, img_h, rows), cs = bin_span(x, img_w, cols);
              return trf("rows {0}..{1}, columns {2}..{3}: {4} nonzeros", rs.first, rs.second,
                         cs.first, cs.second, (*counts)[size_t(y) * size_t(img_w) + size_t(x)]);
            });
}

}  // namespace

void draw_row_histogram(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const spmv::RowStats& s,
                        const gfx::Palette& p, float font, HoverMap& hover) {
  c.text(min, tr("Row lengths: rows per length"), font, p.text);
  const float top = min.y + font * 2.0f, bottom = max.y - font * 2.2f;
  const float left = min.x + font * 3.0f, right = max.x;
  int64_t most = 1;
  for (const spmv::RowLengthBin& b : s.bins) most = std::max(most, b.rows);
  c.rect_filled({left, top}, {right, bottom}, mix(p.background, p.cell_fill, 0.5f));
  c.line({left, bottom}, {right, bottom}, p.text_muted);
  c.line({left, top}, {left, bottom}, p.text_muted);
  c.text({left - font * 0.3f, top}, std::to_string(most), font * 0.8f, p.text_muted,
         gfx::HAlign::Right, gfx::VAlign::Middle);
  c.text({left - font * 0.3f, bottom}, "0", font * 0.8f, p.text_muted, gfx::HAlign::Right,
         gfx::VAlign::Middle);
  const size_t n = std::max<size_t>(s.bins.size(), 1);
  const float slot = (right - left) / float(n);
  const int label_every = std::max(1, int(std::ceil(font * 2.2f / slot)));
  for (size_t i = 0; i < s.bins.size(); ++i) {
    const spmv::RowLengthBin& b = s.bins[i];
    const float x0 = left + slot * float(i), x1 = x0 + slot * 0.85f;
    const float y0 = bottom - (bottom - top) * float(b.rows) / float(most);
    const gfx::Color fill = b.lo == 0 && b.hi == 0 ? p.mismatch : p.warp_color(0);
    if (b.rows > 0) c.rect_filled({x0, y0}, {x1, bottom}, fill);
    const std::string range =
        b.lo == b.hi ? std::to_string(b.lo) : std::to_string(b.lo) + "-" + std::to_string(b.hi);
    if (int(i) % label_every == 0)
      c.text({(x0 + x1) / 2, bottom + font * 0.2f}, range, font * 0.75f, p.text_muted,
             gfx::HAlign::Center);
    hover.add({x0, top}, {x1, bottom}, trf("row length {0}: {1} rows", range, b.rows));
  }
  c.text({(left + right) / 2, max.y}, tr("nonzeros in the row"), font * 0.8f, p.text_muted,
         gfx::HAlign::Center, gfx::VAlign::Bottom);
}

void draw_matrix_figure(gfx::Canvas& c, gfx::Theme theme, const MatrixFacts& f, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const spmv::CsrMatrix& m = *f.matrix;
  const double density =
      m.rows && m.cols ? 100.0 * double(m.nnz()) / (double(m.rows) * double(m.cols)) : 0.0;
  char dense_text[32];
  std::snprintf(dense_text, sizeof dense_text, "%.3g", density);
  const float head = draw_header(
      c, trf("The matrix: {0}", f.label),
      trf("{0} x {1}, {2} nonzeros ({3}% of the entries)", m.rows, m.cols, m.nnz(), dense_text), "",
      tr("y = A x does one multiply-add per nonzero; how the nonzeros spread over the rows "
         "decides which format keeps a warp busy."),
      p, font);
  const gfx::Vec2 size = c.size();
  const float margin = font, top = head + font;
  const float split = size.x * 0.58f;
  const gfx::Vec2 left_min{margin, top}, left_max{split - margin, size.y - margin * 4.5f};
  if (f.small())
    draw_matrix_cells(c, left_min, left_max, f, p, font, hover);
  else
    draw_bins(c, left_min, left_max, f, p, font, hover);
  draw_row_histogram(c, {split, top}, {size.x - margin, size.y - margin * 4.5f}, f.stats, p, font,
                     hover);
  draw_wrapped(c, {margin, size.y - margin * 3.5f}, row_stats_text(m, f.stats), font * 0.9f,
               size.x - 2 * margin, p.text, 2);
}

}  // namespace ws::app
