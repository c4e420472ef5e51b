// The contention figure and caption: the histogram (counts per bin) above the contention heatmap
// (atomics per bin as bars, coloured by the longest chain on the bin: how many atomics one warp
// instruction queued on one copy of its counter), on one bin axis; the hot bins labelled; a colour
// bar; one line per variant on the right. More bins than pixel columns: each bar is a group of bins
// (counts and atomics summed, the chain the group's longest), and the figure says so.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "histogram_contention_mode.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scene_kit/step_caption.h"
#include "scenes/histogram/histogram_report.h"
#include "interop/colormap.h"
#include "views/cell_rows.h"
#include "views/colorbar.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace hg = ws::histogram;
using gfx::HAlign;
using gfx::VAlign;

namespace {

gfx::Color colormap_color(interop::Colormap map, float v, float lo, float hi) {
  const uint32_t rgba = interop::colormap_rgba(map, v, lo, hi);
  return {uint8_t(rgba & 255), uint8_t((rgba >> 8) & 255), uint8_t((rgba >> 16) & 255), 255};
}

// Atomics and samples on the axes and labels: "1.23G", "4.5M", "12k", "9999".
std::string compact(double v) {
  return compact_count(v, 1e4, "%.0f");
}

// Where the plot's columns lie: x0..x1 over the bins, y0..y1 from the histogram's top to the
// heatmap's axis.
struct Columns {
  float x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  int columns = 0, bins_per_column = 1;
};

// The column at `point` (inside the plot): its bins' counts against the sequential ones, atomics
// and longest chain.
std::string describe_column(const HistogramContentionRun& r, const Columns& h, gfx::Vec2 point) {
  const int k = std::clamp(int((point.x - h.x0) / ((h.x1 - h.x0) / h.columns)), 0, h.columns - 1);
  const int first = k * h.bins_per_column;
  const int last = std::min(r.input.bins.count, first + h.bins_per_column) - 1;
  uint64_t count = 0, want = 0;
  int64_t atomics = 0;
  int32_t chain = 0;
  for (int b = first; b <= last; ++b) {
    count += r.counts[size_t(b)];
    want += r.reference[size_t(b)];
    atomics += r.model.atomics[size_t(b)];
    chain = std::max(chain, r.model.chain[size_t(b)]);
  }
  const std::string range = bin_range_text(r.input.bins, first, r.input.letters);
  std::string text = first != last                    ? trf("bins {0}-{1}", first, last)
                     : range == std::to_string(first) ? trf("bin {0}", first)
                                                      : trf("bin {0} ({1})", first, range);
  text = trf("{0}: {1} samples", text, count);
  if (count != want) text += trf(" (sequential: {0})", want);
  text += "\n" + trf("{0} atomics, longest chain {1}", atomics, chain);
  return text;
}

}  // namespace

void HistogramContentionMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  if (!run_) {
    draw_no_run(c, pal, error());
    return;
  }
  const float font = figure_ground(c, pal);
  const HistogramContentionRun& r = *run_;
  const HistogramInput& in = r.input;
  const hg::Contention& model = r.model;
  const hg::Variant variant = settings().variant;
  const hg::VariantInfo& vi = hg::info(variant);
  const hg::BinSpec& bins = in.bins;
  const int nbins = bins.count;
  const std::string title = trf("Histogram contention: {0}", kernel_text(vi.title));
  char lo[32], hi[32];
  std::snprintf(lo, sizeof lo, "%g", double(bins.lo));
  std::snprintf(hi, sizeof hi, "%g", double(bins.hi));
  const std::string detail = trf("{0}, {1} bins over [{2}, {3}), {4} x {5} threads, {6} backend",
                                 histogram_input_text(settings(), in), nbins, lo, hi,
                                 r.launch.grid_dim, r.launch.block_dim, backend_name(backend()));
  const bool match = r.counts == r.reference;
  const std::string line = contention_line(variant, model, bins, in.letters, true) +
                           (match ? tr("; counts == sequential reference")
                                  : tr("; counts DIFFER from the sequential reference"));
  const float top = draw_header(c, title, detail, line, kernel_text(vi.lesson), pal, font);
  const gfx::Vec2 size = c.size();
  const float margin = font;
  const float right_w = std::min(size.x * 0.3f, font * 22);
  const float axis_w = font * 3.2f;
  Columns h;  // the plot's columns (a group of bins each when there are more bins than pixels)
  h.x0 = margin + axis_w;
  h.x1 = size.x - right_w - margin * 2;
  const float plot_w = h.x1 - h.x0;
  const float bottom = size.y - font * 2.6f;
  // Columns: one per bin, or groups of bins when there are more bins than pixels.
  h.bins_per_column = 1;
  while ((nbins + h.bins_per_column - 1) / h.bins_per_column > int(plot_w)) h.bins_per_column *= 2;
  h.columns = (nbins + h.bins_per_column - 1) / h.bins_per_column;
  std::vector<double> count(size_t(h.columns), 0), expected(size_t(h.columns), 0),
      atomics(size_t(h.columns), 0);
  std::vector<int32_t> chain(size_t(h.columns), 0);
  for (int b = 0; b < nbins; ++b) {
    const size_t k = size_t(b / h.bins_per_column);
    count[k] += r.counts[size_t(b)];
    expected[k] += r.reference[size_t(b)];
    atomics[k] += double(model.atomics[size_t(b)]);
    chain[k] = std::max(chain[k], model.chain[size_t(b)]);
  }
  const float col_w = plot_w / h.columns;
  const float gap = col_w >= 4 ? col_w * 0.12f : 0;
  const float mid = top + (bottom - top) * 0.44f;
  const float hist_y0 = top + font * 1.2f, hist_y1 = mid - font * 1.4f;
  const float heat_y0 = mid + font * 2.4f, heat_y1 = bottom - font * 1.3f;
  h.y0 = hist_y0;
  h.y1 = heat_y1;
  // A column under the pointer, in the histogram or the heatmap: its counts and atomics.
  hover().add({h.x0, h.y0}, {h.x1, past(h.y1)}, [this, h](gfx::Vec2 point) {
    return run_ ? describe_column(*run_, h, point) : std::string();  // none once detached
  });

  auto axis = [&](float y0, float y1, double most, const std::string& caption) {
    c.text({h.x0, y0 - font * 1.15f}, caption, font * 0.85f, pal.text);
    c.line({h.x0, y1}, {h.x1, y1}, pal.cell_border, 1);
    c.line({h.x0, y0}, {h.x0, y1}, pal.cell_border, 1);
    c.text({h.x0 - 4, y0}, compact(most), font * 0.7f, pal.text_muted, HAlign::Right,
           VAlign::Middle);
    c.text({h.x0 - 4, y1}, "0", font * 0.7f, pal.text_muted, HAlign::Right, VAlign::Middle);
  };

  // ---- The histogram.
  double most = 1;
  for (size_t k = 0; k < count.size(); ++k) most = std::max({most, count[k], expected[k]});
  axis(hist_y0, hist_y1, most,
       h.bins_per_column > 1
           ? trf("the histogram: samples per bin (each bar {0} bins)", h.bins_per_column)
           : std::string(tr("the histogram: samples per bin")));
  const gfx::Color bar = mix(pal.background, pal.warp_color(4), 0.7f);
  for (int k = 0; k < h.columns; ++k) {
    const float x0 = h.x0 + k * col_w + gap, x1 = h.x0 + (k + 1) * col_w - gap;
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
       h.bins_per_column > 1
           ? trf("contention: atomics per bin, coloured by the longest chain (each bar {0} bins)",
                 h.bins_per_column)
           : std::string(tr("contention: atomics per bin, coloured by the longest chain")));
  const float chain_hi = float(std::max(model.longest_chain, 2));
  for (int k = 0; k < h.columns; ++k) {
    if (atomics[size_t(k)] <= 0) continue;
    const float x0 = h.x0 + k * col_w + gap, x1 = h.x0 + (k + 1) * col_w - gap;
    const float y = heat_y1 - float(atomics[size_t(k)] / most_atomics) * (heat_y1 - heat_y0);
    const gfx::Color fill =
        colormap_color(interop::Colormap::Inferno, float(chain[size_t(k)]), 1, chain_hi);
    const gfx::Vec2 a{x0, std::min(y, heat_y1 - 1)}, b{std::max(x1, x0 + 1), heat_y1};
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
      c.text({h.x0 + (b + 0.5f) * col_w, heat_y1 + 2}, bin_range_text(bins, b, in.letters),
             font * 0.7f, pal.text_muted, HAlign::Center, VAlign::Top);
  } else {
    c.text({h.x0, heat_y1 + 2}, bin_edge(0), font * 0.7f, pal.text_muted, HAlign::Left,
           VAlign::Top);
    c.text({(h.x0 + h.x1) / 2, heat_y1 + 2}, bin_edge(nbins / 2), font * 0.7f, pal.text_muted,
           HAlign::Center, VAlign::Top);
    c.text({h.x1, heat_y1 + 2}, bin_edge(nbins), font * 0.7f, pal.text_muted, HAlign::Right,
           VAlign::Top);
  }
  // Hot bins: the three with the longest chains (then most atomics), labelled above their bars
  // when the labels do not overlap.
  {
    std::vector<int> order(static_cast<size_t>(nbins));
    for (int b = 0; b < nbins; ++b) order[size_t(b)] = b;
    std::partial_sort(order.begin(), order.begin() + std::min(nbins, 3), order.end(),
                      [&](int a, int b) {
                        if (model.chain[size_t(a)] != model.chain[size_t(b)])
                          return model.chain[size_t(a)] > model.chain[size_t(b)];
                        return model.atomics[size_t(a)] > model.atomics[size_t(b)];
                      });
    std::vector<std::vector<std::pair<float, float>>> rows(3);  // label rows, top down
    const float lf = font * 0.7f;
    for (int i = 0; i < std::min(nbins, 3); ++i) {
      const int b = order[size_t(i)];
      if (model.atomics[size_t(b)] == 0) break;
      const int k = b / h.bins_per_column;
      const float cx = h.x0 + (k + 0.5f) * col_w;
      const std::string range_text = bin_range_text(bins, b, in.letters);
      const std::string label =
          range_text == std::to_string(b)
              ? trf("bin {0}: {1} atomics, chain {2}", b, compact(double(model.atomics[size_t(b)])),
                    model.chain[size_t(b)])
              : trf("bin {0} ({1}): {2} atomics, chain {3}", b, range_text,
                    compact(double(model.atomics[size_t(b)])), model.chain[size_t(b)]);
      const float w = c.text_size(label, lf).x;
      const float x = std::clamp(cx + 4, h.x0 + 2, h.x1 - w - 2);
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
  const float rx = h.x1 + margin * 1.5f;
  draw_colorbar(c, {rx, heat_y0}, {rx + font * 1.2f, heat_y1}, interop::Colormap::Inferno, 1,
                chain_hi, tr("longest chain"), font * 0.75f, pal);
  const float vx = rx + font * 4.5f, vw = size.x - vx - margin * 0.5f;
  c.text({rx, hist_y0 - font * 1.15f}, tr("the model's count for each variant"), font * 0.8f,
         pal.text);
  float vy = hist_y0 + font * 0.2f;
  const float vf = font * 0.72f;
  for (const auto& [v, cv] : r.all_variants) {
    const bool chosen = v == variant;
    vy += draw_wrapped(c, {rx, vy}, contention_line(v, cv, bins, in.letters, true), vf,
                       size.x - rx - margin * 0.5f, chosen ? pal.text : pal.text_muted, 2) +
          vf * 0.25f;
    if (vy > heat_y0 - font * 2.4f) break;
  }
  if (r.all_variants.empty())
    draw_wrapped(c, {rx, vy},
                 trf("(one model run per variant is drawn up to 4M samples; this input has {0})",
                     compact(double(in.samples.size()))),
                 vf, size.x - rx - margin * 0.5f, pal.text_muted, 3);
  (void)vx;
  (void)vw;
  std::string footer =
      trf("atomics: {0} (the model of the {1} x {2} launch); chain: atomics one warp instruction "
          "queues on one copy of a counter",
          compact(double(model.total_atomics())), r.launch.grid_dim, r.launch.block_dim);
  if (!match) footer += tr("; red outline: the sequential count (lost updates)");
  draw_footer(c, footer, pal, font, match ? pal.text_muted : pal.mismatch);
}

std::string HistogramContentionMode::caption() const {
  if (!run_) return "";
  const HistogramContentionRun& r = *run_;
  using V = hg::Variant;
  const std::string shows =
      tr("The upper chart counts the samples per bin; the heatmap below shows how many atomics "
         "the variant issues on each bin, coloured by the longest chain: how many of them one "
         "warp instruction queues on one copy of the counter.");
  std::string why;
  switch (settings().variant) {
    case V::Sequential:
      why =
          tr("The sequential loop issues no atomics at all, so the heatmap stays empty: there is "
             "no contention because nothing runs in parallel.");
      break;
    case V::GlobalAtomic:
      why =
          tr("With global atomics every sample is an atomic on its bin's one global counter, so "
             "the tall bars of the histogram are also the hot, long-chained bars of the "
             "heatmap.");
      break;
    case V::PrivateGlobal:
      why =
          tr("Private copies per block spread each bin's atomics over the blocks' copies: a "
             "chain only holds threads of one block, and the merge adds one atomic per block "
             "per bin.");
      break;
    case V::PrivateShared:
      why =
          tr("The same atomics as with private copies, but in shared memory, where each costs "
             "a few cycles instead of a round trip to L2; the global counters see only the "
             "merge.");
      break;
    case V::CoarseContiguous:
      why =
          tr("Coarsening with contiguous runs: fewer threads and fewer copies to merge; a "
             "warp's lanes read samples far apart, so how long the chains are depends on how "
             "the data is ordered.");
      break;
    case V::CoarseInterleaved:
      why =
          tr("Coarsening with interleaved samples: fewer copies to merge and coalesced reads; "
             "a warp's lanes read neighbouring samples, so a bin that is common in one stretch "
             "of the data still makes long chains.");
      break;
    case V::Aggregated:
      why =
          tr("Aggregation adds a run of equal samples with one atomic: sorted data and flat "
             "image regions need far fewer atomics, random data about as many as before.");
      break;
    case V::WarpAggregated:
      why =
          tr("Warp aggregation merges the lanes of a warp that hit one bin into a single "
             "atomic: no chain is longer than one per warp instruction, however skewed the "
             "input.");
      break;
  }
  std::string facts = trf("The model: {0}.", contention_line(settings().variant, r.model,
                                                             r.input.bins, r.input.letters, true));
  facts = compose_caption("", facts,
                          r.counts == r.reference
                              ? std::string(tr("The counts equal the sequential histogram."))
                              : std::string(tr("The counts differ from the sequential histogram: "
                                               "the injected race lost updates.")));
  return compose_caption("", compose_caption("", shows, why), facts);
}

}  // namespace ws::app
