// The formats mode's figure: the header, the format's arrays (small matrices) or the row lengths
// against the widths (large ones), and the storage table of every format.
#include <algorithm>
#include <cstdio>

#include "formats_run.h"
#include "i18n/i18n.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

std::string fixed_text(double v, const char* format) {
  char text[32];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

// A chart frame: title, axes, the y range's top label; returns the plot area.
struct ChartPlot {
  float left, right, top, bottom;
};
ChartPlot chart_frame(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const std::string& title,
                      const std::string& x_label, const std::string& top_label,
                      const gfx::Palette& p, float font) {
  c.text(min, title, font * 0.9f, p.text);
  ChartPlot plot{min.x + font * 4.5f, max.x - font * 0.5f, min.y + font * 1.8f,
                 max.y - font * 2.2f};
  c.line({plot.left, plot.bottom}, {plot.right, plot.bottom}, p.text_muted);
  c.line({plot.left, plot.top}, {plot.left, plot.bottom}, p.text_muted);
  c.text({plot.left - font * 0.3f, plot.top}, top_label, font * 0.75f, p.text_muted,
         gfx::HAlign::Right, gfx::VAlign::Middle);
  c.text({plot.left - font * 0.3f, plot.bottom}, "0", font * 0.75f, p.text_muted,
         gfx::HAlign::Right, gfx::VAlign::Middle);
  c.text({(plot.left + plot.right) / 2, max.y}, x_label, font * 0.75f, p.text_muted,
         gfx::HAlign::Center, gfx::VAlign::Bottom);
  return plot;
}

}  // namespace

float draw_storage_table(gfx::Canvas& c, gfx::Vec2 min, float width, const FormatsFacts& f,
                         const gfx::Palette& p, float font) {
  const float size = font * 0.85f, line = size * 1.5f;
  const std::vector<std::string> heads = {tr("format"), tr("float32 bytes"),
                                          tr("vs CSR"), tr("float64 bytes"),
                                          tr("vs CSR"), tr("padding (slots)")};
  const float col_w = width / float(heads.size());
  for (size_t i = 0; i < heads.size(); ++i)
    c.text({min.x + col_w * float(i), min.y}, heads[i], size, p.text_muted);
  float y = min.y + line;
  c.line({min.x, y - line * 0.15f}, {min.x + width, y - line * 0.15f}, p.cell_border);
  for (int i = 0; i < kFormatCount; ++i) {
    const auto format = spmv::SparseFormat(i);
    const spmv::FormatStorage& a = f.storage32[size_t(i)];
    const spmv::FormatStorage& b = f.storage64[size_t(i)];
    if (format == f.shown)
      c.rect_filled({min.x - size * 0.3f, y - line * 0.1f}, {min.x + width, y + line * 0.9f},
                    mix(p.background, p.highlight, 0.25f));
    const bool padded = format == spmv::SparseFormat::Ell || format == spmv::SparseFormat::Hybrid;
    const std::vector<std::string> cells = {tr_text(spmv::sparse_format_title(format)),
                                            std::to_string(a.bytes_total),
                                            fixed_text(a.ratio_to_csr, "%.2fx"),
                                            std::to_string(b.bytes_total),
                                            fixed_text(b.ratio_to_csr, "%.2fx"),
                                            padded
                                                ? fixed_text(a.padding_fraction * 100, "%.1f%%") +
                                                      " (" + std::to_string(a.padding_slots) + ")"
                                                : "-"};
    for (size_t k = 0; k < cells.size(); ++k)
      c.text({min.x + col_w * float(k), y}, fit_text(c, cells[k], size, col_w * 0.95f), size,
             p.text);
    y += line;
  }
  return y - min.y;
}

void draw_hybrid_bytes_chart(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const FormatsFacts& f,
                             const gfx::Palette& p, float font, HoverMap& hover) {
  if (f.hybrid_bytes.empty()) return;
  const int64_t most = *std::max_element(f.hybrid_bytes.begin(), f.hybrid_bytes.end());
  const ChartPlot plot = chart_frame(
      c, min, max, trf("Hybrid bytes against the ELL width ({0})", type_name(f.precision)),
      tr("ELL width W (the rest of each row goes to COO)"), std::to_string(most), p, font);
  const size_t n = f.hybrid_bytes.size();
  const float slot = (plot.right - plot.left) / float(n);
  for (size_t w = 0; w < n; ++w) {
    const float x0 = plot.left + slot * float(w), x1 = x0 + std::max(slot * 0.8f, 1.0f);
    const float y0 = plot.bottom - (plot.bottom - plot.top) * float(f.hybrid_bytes[w]) /
                                       float(std::max<int64_t>(most, 1));
    const bool chosen = int32_t(w) == f.hybrid_width;
    c.rect_filled({x0, y0}, {x1, plot.bottom}, chosen ? p.highlight : p.warp_color(1));
    if (chosen || n <= 16)
      c.text({(x0 + x1) / 2, plot.bottom + font * 0.1f}, std::to_string(w), font * 0.7f,
             chosen ? p.text : p.text_muted, gfx::HAlign::Center);
    hover.add({x0, plot.top}, {x1, plot.bottom},
              trf("width {0}: {1} bytes", w, f.hybrid_bytes[w]) +
                  (chosen ? std::string(" ") + tr("(chosen: the fewest bytes)") : std::string()));
  }
}

void draw_width_chart(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const FormatsFacts& f,
                      const gfx::Palette& p, float font, HoverMap& hover) {
  const std::vector<int32_t>& len = f.lengths_sorted;
  if (len.empty()) return;
  const ChartPlot plot =
      chart_frame(c, min, max, tr("Row lengths, longest first, against the widths"),
                  trf("rows sorted by length (JDS order), {0} rows", len.size()),
                  std::to_string(f.ell_width), p, font);
  const float h = plot.bottom - plot.top, w = plot.right - plot.left;
  const float scale = h / float(std::max(f.ell_width, 1));
  const int columns = std::max(1, std::min(int(w), int(len.size())));
  for (int i = 0; i < columns; ++i) {
    const size_t row = size_t(int64_t(i) * int64_t(len.size()) / columns);
    const float x0 = plot.left + w * float(i) / float(columns);
    const float x1 = plot.left + w * float(i + 1) / float(columns);
    c.rect_filled({x0, plot.bottom - scale * float(len[row])}, {x1, plot.bottom}, p.warp_color(0));
  }
  const float ell_y = plot.bottom - scale * float(f.ell_width);
  const float hyb_y = plot.bottom - scale * float(f.hybrid_width);
  c.line({plot.left, ell_y}, {plot.right, ell_y}, p.mismatch, 2);
  c.text({plot.right, ell_y - font * 0.1f},
         trf("ELL width {0}: all above the bars is padding", f.ell_width), font * 0.75f, p.mismatch,
         gfx::HAlign::Right, gfx::VAlign::Bottom);
  c.line({plot.left, hyb_y}, {plot.right, hyb_y}, p.highlight, 2);
  c.text({plot.right, hyb_y - font * 0.1f},
         trf("hybrid width {0}: above it goes to COO", f.hybrid_width), font * 0.75f, p.text,
         gfx::HAlign::Right, gfx::VAlign::Bottom);
  hover.add({plot.left, plot.top}, {plot.right, plot.bottom}, [plot, len](gfx::Vec2 at) {
    const float t = (at.x - plot.left) / (plot.right - plot.left);
    const size_t row = std::min(len.size() - 1, size_t(std::max(0.0f, t) * float(len.size())));
    return trf("sorted row {0}: {1} nonzeros", row, len[row]);
  });
}

void draw_formats_figure(gfx::Canvas& c, gfx::Theme theme, const FormatsFacts& f, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const spmv::CsrMatrix& m = *f.matrix;
  const float head = draw_header(
      c, trf("Formats: {0}", tr_text(spmv::sparse_format_title(f.shown))),
      trf("{0}: {1} x {2}, {3} nonzeros; values {4}", f.label, m.rows, m.cols, m.nnz(),
          type_name(f.precision)),
      trf("Format {0} of {1}", int(f.shown) + 1, kFormatCount), format_explanation(f), p, font);
  const gfx::Vec2 size = c.size();
  const float margin = font;
  const float table_h = font * 0.85f * 1.5f * 6.5f;
  const float body_bottom = size.y - margin - table_h;
  if (f.cells) {
    draw_format_cells(c, {margin, head + font * 0.5f}, {size.x - margin, body_bottom}, f, p, font,
                      hover);
  } else {
    const float mid = size.x * 0.5f;
    draw_width_chart(c, {margin, head + font * 0.5f}, {mid - margin, body_bottom - font}, f, p,
                     font, hover);
    draw_hybrid_bytes_chart(c, {mid + margin, head + font * 0.5f},
                            {size.x - margin, body_bottom - font}, f, p, font, hover);
  }
  draw_storage_table(c, {margin, body_bottom + font * 0.3f}, size.x - 2 * margin, f, p, font);
}

}  // namespace ws::app
