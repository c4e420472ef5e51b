// The contention figure: the histogram (counts per bin) above the contention heatmap (atomics per
// bin as bars, coloured by the longest chain on the bin: how many atomics one warp instruction
// queued on one copy of its counter), on one bin axis; the hot bins labelled; a colour bar; one
// line per variant on the right. More bins than pixel columns: each bar is a group of bins
// (counts and atomics summed, the chain the group's longest), and the figure says so.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "histogram_contention_scene.h"
#include "histogram_strings.h"
#include "i18n/i18n.h"
#include "interop/colormap.h"
#include "views/cell_rows.h"
#include "views/colorbar.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace hg = ws::histogram;
using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

gfx::Color colormap_color(interop::Colormap map, float v, float lo, float hi) {
  const uint32_t rgba = interop::colormap_rgba(map, v, lo, hi);
  return {uint8_t(rgba & 255), uint8_t((rgba >> 8) & 255), uint8_t((rgba >> 16) & 255), 255};
}

std::string compact(double v) {
  char text[32];
  if (v >= 1e9)
    std::snprintf(text, sizeof text, "%.3gG", v / 1e9);
  else if (v >= 1e6)
    std::snprintf(text, sizeof text, "%.3gM", v / 1e6);
  else if (v >= 1e4)
    std::snprintf(text, sizeof text, "%.3gk", v / 1e3);
  else
    std::snprintf(text, sizeof text, "%.0f", v);
  return text;
}

}  // namespace

void HistogramContentionScene::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  c.rect_filled({0, 0}, c.size(), pal.background);
  const float font = figure_font(c.size());
  columns_ = 0;
  if (!ran_) {
    c.text({font, font}, error_.empty() ? tr("no run") : error_, font, pal.mismatch);
    return;
  }
  const hg::VariantInfo& vi = hg::info(settings_->variant);
  const hg::BinSpec& bins = input_.bins;
  const int nbins = bins.count;
  const std::string title = trf("Histogram contention: {0}", histogram_variant_title_text(vi));
  char lo[32], hi[32];
  std::snprintf(lo, sizeof lo, "%g", double(bins.lo));
  std::snprintf(hi, sizeof hi, "%g", double(bins.hi));
  const std::string detail = trf("{0}, {1} bins over [{2}, {3}), {4} x {5} threads, {6} backend",
                                 histogram_input_text(*settings_, input_), nbins, lo, hi,
                                 launch_.grid_dim, launch_.block_dim, backend_name(backend()));
  const bool match = counts_ == reference_;
  const std::string line = contention_line_text(settings_->variant, model_, bins, input_.letters) +
                           (match ? tr("; counts == sequential reference")
                                  : tr("; counts DIFFER from the sequential reference"));
  const float top =
      draw_header(c, title, detail, line, histogram_variant_lesson_text(vi), pal, font);
  const Vec2 size = c.size();
  const float margin = font;
  const float right_w = std::min(size.x * 0.3f, font * 22);
  const float axis_w = font * 3.2f;
  plot_x0_ = margin + axis_w;
  plot_x1_ = size.x - right_w - margin * 2;
  const float plot_w = plot_x1_ - plot_x0_;
  const float bottom = size.y - font * 2.6f;
  // Columns: one per bin, or groups of bins when there are more bins than pixels.
  bins_per_column_ = 1;
  while ((nbins + bins_per_column_ - 1) / bins_per_column_ > int(plot_w)) bins_per_column_ *= 2;
  columns_ = (nbins + bins_per_column_ - 1) / bins_per_column_;
  std::vector<double> count(size_t(columns_), 0), expected(size_t(columns_), 0),
      atomics(size_t(columns_), 0);
  std::vector<int32_t> chain(size_t(columns_), 0);
  for (int b = 0; b < nbins; ++b) {
    const size_t k = size_t(b / bins_per_column_);
    count[k] += counts_[size_t(b)];
    expected[k] += reference_[size_t(b)];
    atomics[k] += double(model_.atomics[size_t(b)]);
    chain[k] = std::max(chain[k], model_.chain[size_t(b)]);
  }
  const float col_w = plot_w / columns_;
  const float gap = col_w >= 4 ? col_w * 0.12f : 0;
  const float mid = top + (bottom - top) * 0.44f;
  const float hist_y0 = top + font * 1.2f, hist_y1 = mid - font * 1.4f;
  const float heat_y0 = mid + font * 2.4f, heat_y1 = bottom - font * 1.3f;
  plot_y0_ = hist_y0;
  plot_y1_ = heat_y1;

  auto axis = [&](float y0, float y1, double most, const std::string& caption) {
    c.text({plot_x0_, y0 - font * 1.15f}, caption, font * 0.85f, pal.text);
    c.line({plot_x0_, y1}, {plot_x1_, y1}, pal.cell_border, 1);
    c.line({plot_x0_, y0}, {plot_x0_, y1}, pal.cell_border, 1);
    c.text({plot_x0_ - 4, y0}, compact(most), font * 0.7f, pal.text_muted, HAlign::Right,
           VAlign::Middle);
    c.text({plot_x0_ - 4, y1}, "0", font * 0.7f, pal.text_muted, HAlign::Right, VAlign::Middle);
  };

  // ---- The histogram.
  double most = 1;
  for (size_t k = 0; k < count.size(); ++k) most = std::max({most, count[k], expected[k]});
  axis(hist_y0, hist_y1, most,
       bins_per_column_ > 1
           ? trf("the histogram: samples per bin (each bar {0} bins)", bins_per_column_)
           : std::string(tr("the histogram: samples per bin")));
  const gfx::Color bar = mix(pal.background, pal.warp_color(4), 0.7f);
  for (int k = 0; k < columns_; ++k) {
    const float x0 = plot_x0_ + k * col_w + gap, x1 = plot_x0_ + (k + 1) * col_w - gap;
    const float h = hist_y1 - hist_y0;
    const float y = hist_y1 - float(count[size_t(k)] / most) * h;
    if (count[size_t(k)] > 0) c.rect_filled({x0, y}, {std::max(x1, x0 + 1), hist_y1}, bar);
    if (count[size_t(k)] != expected[size_t(k)]) {
      const float ye = hist_y1 - float(expected[size_t(k)] / most) * h;
      c.rect({x0, ye}, {std::max(x1, x0 + 1), hist_y1}, pal.mismatch, 2);
    }
  }

  // ---- The heatmap: atomics per bin, coloured by the longest chain.
  double most_atomics = 1;
  for (double a : atomics) most_atomics = std::max(most_atomics, a);
  axis(heat_y0, heat_y1, most_atomics,
       bins_per_column_ > 1
           ? trf("contention: atomics per bin, coloured by the longest chain (each bar {0} bins)",
                 bins_per_column_)
           : std::string(tr("contention: atomics per bin, coloured by the longest chain")));
  const float chain_hi = float(std::max(model_.longest_chain, 2));
  for (int k = 0; k < columns_; ++k) {
    if (atomics[size_t(k)] <= 0) continue;
    const float x0 = plot_x0_ + k * col_w + gap, x1 = plot_x0_ + (k + 1) * col_w - gap;
    const float y = heat_y1 - float(atomics[size_t(k)] / most_atomics) * (heat_y1 - heat_y0);
    const gfx::Color fill =
        colormap_color(interop::Colormap::Inferno, float(chain[size_t(k)]), 1, chain_hi);
    const Vec2 a{x0, std::min(y, heat_y1 - 1)}, b{std::max(x1, x0 + 1), heat_y1};
    c.rect_filled(a, b, fill);
    // A darker edge keeps the palest colours (the longest chains) visible on a light background.
    if (b.x - a.x >= 2.5f) c.rect(a, b, mix(fill, gfx::Color{0, 0, 0, 255}, 0.55f), 1);
  }
  // Bin axis: lo, the middle and hi under the heatmap.
  auto bin_edge = [&](int b) {
    char t[32];
    std::snprintf(t, sizeof t, "%g", double(bins.lo) + double(b) * bins.width());
    return std::string(t);
  };
  if (nbins <= 16) {
    for (int b = 0; b < nbins; ++b)
      c.text({plot_x0_ + (b + 0.5f) * col_w, heat_y1 + 2}, bin_range_text(bins, b, input_.letters),
             font * 0.7f, pal.text_muted, HAlign::Center, VAlign::Top);
  } else {
    c.text({plot_x0_, heat_y1 + 2}, bin_edge(0), font * 0.7f, pal.text_muted, HAlign::Left,
           VAlign::Top);
    c.text({(plot_x0_ + plot_x1_) / 2, heat_y1 + 2}, bin_edge(nbins / 2), font * 0.7f,
           pal.text_muted, HAlign::Center, VAlign::Top);
    c.text({plot_x1_, heat_y1 + 2}, bin_edge(nbins), font * 0.7f, pal.text_muted, HAlign::Right,
           VAlign::Top);
  }
  // Hot bins: the three with the longest chains (then most atomics), labelled above their bars
  // when the labels do not overlap.
  {
    std::vector<int> order(static_cast<size_t>(nbins));
    for (int b = 0; b < nbins; ++b) order[size_t(b)] = b;
    std::partial_sort(order.begin(), order.begin() + std::min(nbins, 3), order.end(),
                      [&](int a, int b) {
                        if (model_.chain[size_t(a)] != model_.chain[size_t(b)])
                          return model_.chain[size_t(a)] > model_.chain[size_t(b)];
                        return model_.atomics[size_t(a)] > model_.atomics[size_t(b)];
                      });
    std::vector<std::vector<std::pair<float, float>>> rows(3);  // label rows, top down
    const float lf = font * 0.7f;
    for (int i = 0; i < std::min(nbins, 3); ++i) {
      const int b = order[size_t(i)];
      if (model_.atomics[size_t(b)] == 0) break;
      const int k = b / bins_per_column_;
      const float cx = plot_x0_ + (k + 0.5f) * col_w;
      const std::string range_text = bin_range_text(bins, b, input_.letters);
      const std::string label =
          range_text == std::to_string(b)
              ? trf("bin {0}: {1} atomics, chain {2}", b,
                    compact(double(model_.atomics[size_t(b)])), model_.chain[size_t(b)])
              : trf("bin {0} ({1}): {2} atomics, chain {3}", b, range_text,
                    compact(double(model_.atomics[size_t(b)])), model_.chain[size_t(b)]);
      const float w = c.text_size(label, lf).x;
      const float x = std::clamp(cx + 4, plot_x0_ + 2, plot_x1_ - w - 2);
      for (size_t r = 0; r < rows.size(); ++r) {
        bool clash = false;
        for (const auto& [a, e] : rows[r]) clash = clash || (x < e + 6 && x + w > a - 6);
        if (clash) continue;
        rows[r].push_back({x, x + w});
        const float ly = heat_y0 + lf * 1.3f * (r + 1);
        c.line({cx, ly - lf * 0.5f}, {x - 1, ly - lf * 0.5f}, pal.text_muted, 1);
        c.text({x, ly}, label, lf, pal.text, HAlign::Left, VAlign::Bottom);
        break;
      }
    }
  }
  // ---- The right column: the colour bar and the variants.
  const float rx = plot_x1_ + margin * 1.5f;
  draw_colorbar(c, {rx, heat_y0}, {rx + font * 1.2f, heat_y1}, interop::Colormap::Inferno, 1,
                chain_hi, tr("longest chain"), font * 0.75f, pal);
  const float vx = rx + font * 4.5f, vw = size.x - vx - margin * 0.5f;
  c.text({rx, hist_y0 - font * 1.15f}, tr("the model's count for each variant"), font * 0.8f,
         pal.text);
  float vy = hist_y0 + font * 0.2f;
  const float vf = font * 0.72f;
  for (const auto& [v, cv] : all_variants_) {
    const bool chosen = v == settings_->variant;
    vy += draw_wrapped(c, {rx, vy}, contention_line_text(v, cv, bins, input_.letters), vf,
                       size.x - rx - margin * 0.5f, chosen ? pal.text : pal.text_muted, 2) +
          vf * 0.25f;
    if (vy > heat_y0 - font * 2.4f) break;
  }
  if (all_variants_.empty())
    draw_wrapped(c, {rx, vy},
                 trf("(one model run per variant is drawn up to 4M samples; this input has {0})",
                     compact(double(input_.samples.size()))),
                 vf, size.x - rx - margin * 0.5f, pal.text_muted, 3);
  (void)vx;
  (void)vw;
  std::string footer =
      trf("atomics: {0} (the model of the {1} x {2} launch); chain: atomics one warp instruction "
          "queues on one copy of a counter",
          compact(double(model_.total_atomics)), launch_.grid_dim, launch_.block_dim);
  if (!match) footer += tr("; red outline: the sequential count (lost updates)");
  draw_footer(c, footer, pal, font, match ? pal.text_muted : pal.mismatch);
}

std::string HistogramContentionScene::describe_at(gfx::Vec2 point) const {
  if (!ran_ || columns_ <= 0 || point.x < plot_x0_ || point.x >= plot_x1_ || point.y < plot_y0_ ||
      point.y > plot_y1_)
    return "";
  const int k =
      std::clamp(int((point.x - plot_x0_) / ((plot_x1_ - plot_x0_) / columns_)), 0, columns_ - 1);
  const int first = k * bins_per_column_;
  const int last = std::min(input_.bins.count, first + bins_per_column_) - 1;
  uint64_t count = 0, want = 0;
  int64_t atomics = 0;
  int32_t chain = 0;
  for (int b = first; b <= last; ++b) {
    count += counts_[size_t(b)];
    want += reference_[size_t(b)];
    atomics += model_.atomics[size_t(b)];
    chain = std::max(chain, model_.chain[size_t(b)]);
  }
  const std::string range = bin_range_text(input_.bins, first, input_.letters);
  std::string text = first != last                    ? trf("bins {0}-{1}", first, last)
                     : range == std::to_string(first) ? trf("bin {0}", first)
                                                      : trf("bin {0} ({1})", first, range);
  text = trf("{0}: {1} samples", text, count);
  if (count != want) text += trf(" (sequential: {0})", want);
  text += "\n" + trf("{0} atomics, longest chain {1}", atomics, chain);
  return text;
}

}  // namespace ws::app
