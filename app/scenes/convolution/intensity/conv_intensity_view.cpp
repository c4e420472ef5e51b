// The intensity figure: the chapter's table (OP/B of every variant at input tiles 8, 16, 32 and
// the chosen one, and the bound of an infinitely large tile) with the book's figures checked, the
// OP/B against the tile edge as lines, and the roofline with every variant's point on it.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "conv_intensity_run.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/line_chart.h"
#include "views/sub_canvas.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

std::string decimals(double v, int digits) {
  char text[32];
  // Halves round up, as the book prints them (3.125 is 3.13).
  std::snprintf(text, sizeof text, "%.*f", digits, v + 1e-9);
  return text;
}

std::string variant_label(conv::Variant v) {
  return std::to_string(int(v)) + " " + conv::info(v).id;
}

// The table and the book's figures inside [min, max]; returns the bottom.
float draw_table(gfx::Canvas& c, Vec2 min, Vec2 max, const IntensityRun& run, const gfx::Palette& p,
                 float font) {
  std::vector<int> tiles(std::begin(kIntensityTableTiles), std::end(kIntensityTableTiles));
  const bool extra = std::find(tiles.begin(), tiles.end(), run.tile) == tiles.end();
  const int columns = static_cast<int>(tiles.size()) + (extra ? 1 : 0) + 1;
  const float label_w = std::min((max.x - min.x) * 0.36f, font * 9.5f);
  const float col_w = (max.x - min.x - label_w) / columns;
  const float row_h = font * 1.55f;
  float y = min.y;
  c.text({min.x, y}, tr("OP/B (f32) by input tile edge"), font, p.text);
  y += row_h;
  auto header = [&](int k, const std::string& text, bool chosen) {
    c.text({min.x + label_w + (k + 0.5f) * col_w, y + row_h / 2}, text, font * 0.85f,
           chosen ? p.highlight : p.text_muted, HAlign::Center, VAlign::Middle);
  };
  for (size_t k = 0; k < tiles.size(); ++k)
    header(int(k), std::to_string(tiles[k]) + "x" + std::to_string(tiles[k]), tiles[k] == run.tile);
  if (extra)
    header(int(tiles.size()), std::to_string(run.tile) + "x" + std::to_string(run.tile), true);
  header(columns - 1, tr("bound"), false);
  y += row_h;
  c.line({min.x, y}, {max.x, y}, p.cell_border, 1);
  for (const IntensityVariant& v : run.variants) {
    const gfx::Color colour = p.warp_color(int(v.variant) - 1);
    c.rect_filled({min.x, y + row_h * 0.3f}, {min.x + font * 0.6f, y + row_h * 0.7f}, colour);
    c.text({min.x + font * 0.9f, y + row_h / 2},
           fit_text(c, variant_label(v.variant), font * 0.9f, label_w - font), font * 0.9f, p.text,
           HAlign::Left, VAlign::Middle);
    auto cell = [&](int k, const std::string& text) {
      c.text({min.x + label_w + (k + 0.5f) * col_w, y + row_h / 2}, text, font * 0.9f, p.text,
             HAlign::Center, VAlign::Middle);
    };
    if (!v.takes_radius) {
      cell(columns / 2, tr("radius > 7: not tiled"));
    } else {
      for (size_t k = 0; k < v.table.size(); ++k)
        cell(int(k), v.table[k].op_per_byte ? decimals(*v.table[k].op_per_byte, 2) : "-");
      if (extra)
        cell(int(tiles.size()), v.chosen.op_per_byte ? decimals(*v.chosen.op_per_byte, 2) : "-");
      cell(columns - 1, decimals(v.bound, 2));
    }
    y += row_h;
  }
  c.line({min.x, y}, {max.x, y}, p.cell_border, 1);
  y += font * 0.6f;
  c.text({min.x, y},
         fit_text(c,
                  tr("\"-\": the tile is no wider than its two halos. 3 and 5: block = input "
                     "tile; 4: block = output tile."),
                  font * 0.75f, max.x - min.x),
         font * 0.75f, p.text_muted);
  y += font * 1.5f;
  c.text({min.x, y}, tr("The book's figures (PMPP 7.4), recomputed"), font, p.text);
  y += row_h;
  for (const BookFigure& f : run.book) {
    if (y + row_h > max.y) break;
    const bool ok = f.matches();
    c.circle_filled({min.x + font * 0.35f, y + row_h / 2}, font * 0.3f,
                    ok ? p.warp_color(2) : p.mismatch);
    const std::string line = trf("{0}: book {1}, computed {2}", tr_text(f.what),
                                 decimals(f.book, f.book == std::floor(f.book * 10) / 10 ? 1 : 2),
                                 decimals(f.computed, 3));
    c.text({min.x + font * 0.9f, y + row_h / 2}, fit_text(c, line, font * 0.85f, max.x - min.x),
           font * 0.85f, ok ? p.text : p.mismatch, HAlign::Left, VAlign::Middle);
    y += row_h;
  }
  return y;
}

// OP/B against the tile edge, one line per variant, the bound dashed.
void draw_curves(gfx::Canvas& c, const IntensityRun& run, const gfx::Palette& p) {
  LineChart chart;
  chart.title = trf("OP/B against the input tile edge, {0}x{0} filter", 2 * run.radius + 1);
  chart.x_label = tr("input tile edge (threads per side)");
  chart.y_label = tr("OP/B");
  for (int t = 8; t <= 32; t += 4) chart.x_ticks.emplace_back(t, std::to_string(t));
  double bound = 0;
  for (const IntensityVariant& v : run.variants) {
    if (!v.takes_radius) continue;
    LineSeries s;
    s.name = variant_label(v.variant);
    for (const IntensityPoint& pt : v.curve)
      if (pt.op_per_byte) s.points.push_back({double(pt.tile), *pt.op_per_byte, true});
    if (!s.points.empty()) chart.series.push_back(s);
    bound = std::max(bound, v.bound);
  }
  chart.series.push_back(
      {tr("bound (infinite tile)"), true, {{8, bound, true}, {32, bound, true}}});
  draw_line_chart(c, chart, p);
}

// The roofline, log-log: attainable GFLOP/s = min(peak, OP/B x bandwidth), the ridge marked, every
// variant at the chosen tile.
void draw_roofline(gfx::Canvas& c, Vec2 min, Vec2 max, const IntensityRun& run,
                   const gfx::Palette& p, float font, HoverMap& hover) {
  const Roofline& roof = run.roof;
  c.text(min,
         fit_text(c,
                  trf("Roofline of {0}: {1} GFLOP/s, {2} GB/s, ridge {3} OP/B",
                      kernel_text(roof.device), with_commas(int64_t(roof.peak_gflops)),
                      with_commas(int64_t(roof.bandwidth_gbps)), decimals(roof.ridge(), 2)),
                  font, max.x - min.x),
         font, p.text);
  const float left = min.x + font * 4.2f, right = max.x - font;
  const float top = min.y + font * 2.7f, bottom = max.y - font * 2.6f;
  if (right <= left || bottom <= top || roof.bandwidth_gbps <= 0) return;
  const double x_lo = 0.1, x_hi = 100;
  const double y_hi = roof.peak_gflops * 2, y_lo = std::min(y_hi / 1e4, roof.bandwidth_gbps * 0.05);
  auto px = [&](double x) {
    return left + float(std::log10(x / x_lo) / std::log10(x_hi / x_lo)) * (right - left);
  };
  auto py = [&](double y) {
    return bottom - float(std::log10(y / y_lo) / std::log10(y_hi / y_lo)) * (bottom - top);
  };
  c.line({left, bottom}, {right, bottom}, p.text_muted, 1.5f);
  c.line({left, bottom}, {left, top}, p.text_muted, 1.5f);
  for (double x : {0.1, 1.0, 10.0, 100.0}) {
    c.line({px(x), bottom}, {px(x), bottom + font * 0.3f}, p.text_muted, 1);
    c.text({px(x), bottom + font * 0.35f}, conv_tick(x), font * 0.75f, p.text_muted, HAlign::Center,
           VAlign::Top);
  }
  for (double y = std::pow(10.0, std::ceil(std::log10(y_lo))); y <= y_hi; y *= 10) {
    c.line({left, py(y)}, {right, py(y)}, p.cell_border, 1);
    c.text({left - font * 0.3f, py(y)}, conv_tick(y), font * 0.75f, p.text_muted, HAlign::Right,
           VAlign::Middle);
  }
  c.text({(left + right) / 2, bottom + font * 1.3f}, tr("OP/B (log)"), font * 0.8f, p.text,
         HAlign::Center, VAlign::Top);
  c.text({min.x, top - font * 0.2f}, tr("GFLOP/s"), font * 0.8f, p.text, HAlign::Left,
         VAlign::Bottom);
  // The roof: the slope of the bandwidth up to the ridge, then the flat peak.
  const double ridge = roof.ridge();
  const double x_start = std::max(x_lo, y_lo / roof.bandwidth_gbps);
  c.line({px(x_start), py(x_start * roof.bandwidth_gbps)}, {px(ridge), py(roof.peak_gflops)},
         p.text, 2.5f);
  c.line({px(ridge), py(roof.peak_gflops)}, {px(x_hi), py(roof.peak_gflops)}, p.text, 2.5f);
  c.line({px(ridge), py(roof.peak_gflops)}, {px(ridge), bottom}, p.text_muted, 1);
  c.text({px(ridge) + font * 0.3f, bottom - font * 0.2f}, trf("ridge {0}", decimals(ridge, 1)),
         font * 0.75f, p.text_muted, HAlign::Left, VAlign::Bottom);
  for (const IntensityVariant& v : run.variants) {
    if (!v.chosen.op_per_byte || v.attainable_gflops <= 0) continue;
    const double x = std::clamp(*v.chosen.op_per_byte, x_lo, x_hi);
    const Vec2 at{px(x), py(v.attainable_gflops)};
    const gfx::Color colour = p.warp_color(int(v.variant) - 1);
    c.circle_filled(at, font * 0.38f, colour);
    // Variants at the same point share one label ("3 5").
    std::string label;
    for (const IntensityVariant& u : run.variants)
      if (u.chosen.op_per_byte && *u.chosen.op_per_byte == *v.chosen.op_per_byte)
        label += (label.empty() ? "" : " ") + std::to_string(int(u.variant));
    c.text({at.x, at.y - font * 0.45f}, label, font * 0.8f, p.text, HAlign::Center, VAlign::Bottom);
    const bool memory_bound = x < ridge;
    const std::string text =
        trf("{0}: {1} OP/B at a {2}x{2} tile, at most {3} GFLOP/s ({4})", variant_label(v.variant),
            decimals(*v.chosen.op_per_byte, 2), run.tile, with_commas(int64_t(v.attainable_gflops)),
            memory_bound ? tr("memory-bound") : tr("compute-bound"));
    hover.add(at - Vec2{font * 0.5f, font * 0.5f}, at + Vec2{font * 0.5f, font * 0.5f}, text);
  }
  if (roof.assumed)
    c.text({left + font * 0.5f, top}, tr("CPU backend: the device is assumed"), font * 0.75f,
           p.mismatch, HAlign::Left, VAlign::Top);
}

}  // namespace

std::string conv_tick(double v) {
  char text[32];
  if (v >= 1e6)
    std::snprintf(text, sizeof text, "%.0fM", v / 1e6);
  else if (v >= 1e3)
    std::snprintf(text, sizeof text, "%.0fk", v / 1e3);
  else if (v >= 1)
    std::snprintf(text, sizeof text, "%.0f", v);
  else
    std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

void draw_intensity(gfx::Canvas& c, gfx::Theme theme, const IntensityRun& run, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const int f = 2 * run.radius + 1;
  const float top = draw_header(
      c, trf("Arithmetic intensity: a {0}x{0} filter (radius {1})", f, run.radius),
      trf("f32 inputs, 2D tiles; the chosen input tile {0}x{0}; roofline: {1}", run.tile,
          kernel_text(run.roof.device)),
      "",
      tr("Tiling reuses every loaded input for up to (2r + 1)^2 outputs: the bigger the tile, "
         "the closer to the bound (2r + 1)^2 / 2 OP/B."),
      p, font);
  const Vec2 size = c.size();
  const float margin = font;
  const float split = size.x * 0.46f;
  draw_table(c, {margin, top + margin * 0.5f}, {split - margin, size.y - margin}, run, p, font);
  const float right_h = size.y - top - margin;
  SubCanvas curves(c, {split, top}, {size.x - split - margin, right_h * 0.5f});
  draw_curves(curves, run, p);
  draw_roofline(c, {split, top + right_h * 0.52f}, {size.x - margin, size.y - margin}, run, p, font,
                hover);
}

}  // namespace ws::app
