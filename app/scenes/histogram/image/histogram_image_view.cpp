// The image mode's figure: the original and the equalized photo side by side (GL textures in the
// window, pixels in PNG/SVG), under each its histograms: the chosen channel's 256 bars, the other
// channels as outlines, the cumulative histogram as a curve over them (right axis 0..100%). A bin
// far taller than the rest (the Black Marble's black ocean) is cut at the top and labelled with
// its share, so the other 255 bins stay readable.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "histogram_image_mode.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scenes/histogram/histogram_input.h"
#include "scene_kit/step_caption.h"
#include "views/figure_parts.h"
#include "views/value_grid.h"
#include "io/image_planes.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

gfx::Color channel_colour(const std::string& name, const gfx::Palette& p) {
  if (name == "R") return {213, 62, 48, 255};
  if (name == "G") return {46, 150, 72, 255};
  if (name == "B") return {45, 105, 215, 255};
  return p.text_muted;
}

std::string channel_key(const std::string& setting) {
  if (setting == "r") return "R";
  if (setting == "g") return "G";
  if (setting == "b") return "B";
  return "luminance";
}

// Pixels on the axes: "1.5M", "2.3k", "999".
std::string image_count_text(double v) {
  return compact_count(v, 1e3, "%.3g");
}

// A channel's name as shown ("R", "G", "B" stay; "luminance" is translated).
std::string channel_text(const std::string& name) {
  return name == "luminance" ? std::string(tr("luminance")) : name;
}

std::string percent(double share) {
  return printed("%.1f%%", share * 100);
}

// The histogram of `set` the figure shows: the channel chosen, a grey image's luminance.
const ChannelHistogram* shown_channel(const std::vector<ChannelHistogram>& set,
                                      const std::string& channel) {
  const std::string key = channel_key(channel);
  for (const ChannelHistogram& h : set)
    if (h.name == key) return &h;
  return set.empty() ? nullptr : &set.back();
}

// One panel's histograms (panel 0: the original's, 1: the equalized): the chosen channel as bars,
// the others as outlines, the cumulative curve, and after equalization its straight line.
struct HistogramPlot {
  const std::vector<ChannelHistogram>* set;
  const std::vector<ChannelHistogram>* original;
  std::string channel;  // the setting
  int channels;         // of the photo
  int panel;
};

// Where draw_histogram put the plot: its left edge, width, top and bottom (a width of 0: none).
struct PlotBox {
  float left = 0, width = 0, top = 0, bottom = 0;
};

PlotBox draw_histogram(gfx::Canvas& c, Vec2 min, Vec2 max, const HistogramPlot& plot,
                       const std::string& caption, const gfx::Palette& pal, float font) {
  const std::vector<ChannelHistogram>& set = *plot.set;
  const int panel = plot.panel;
  const ChannelHistogram* main = shown_channel(set, plot.channel);
  if (!main || main->counts.size() != 256) return {};
  const float f = font * 0.8f;
  c.text(min, caption, font * 0.85f, pal.text);
  const float left = min.x + f * 4.2f, right = max.x - f * 3.2f;
  const float top = min.y + font * 1.5f, bottom = max.y - f * 1.4f;
  const PlotBox box{left, right - left, top, bottom};
  if (right - left < 32 || bottom - top < 16) return box;
  // The y scale: linear, cut above the rest when one bin towers over all others.
  uint32_t tallest = 0, second = 0;
  for (const ChannelHistogram& h : set) {
    std::vector<uint32_t> sorted = h.counts;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    tallest = std::max(tallest, sorted[0]);
    second = std::max(second, sorted.size() > 1 ? sorted[1] : 0u);
  }
  const bool cut = tallest > 3.0 * second && second > 0;
  const double cap = std::max(1.0, cut ? second * 1.3 : tallest * 1.05);
  const double total = main->cumulative.back();
  const float bw = (right - left) / 256.0f;
  auto x_of = [&](int bin) { return left + bin * bw; };
  auto y_of = [&](double count) {
    return bottom - float(std::min(count, cap) / cap) * (bottom - top);
  };
  c.rect({left, top}, {right, bottom}, pal.cell_border, 1);
  // The shown channel as bars.
  const gfx::Color bar = channel_colour(main->name, pal).with_alpha(150);
  for (int v = 0; v < 256; ++v) {
    const uint32_t n = main->counts[size_t(v)];
    if (n == 0) continue;
    c.rect_filled({x_of(v), y_of(n)}, {x_of(v + 1), bottom}, bar);
  }
  // The other channels as step outlines.
  for (const ChannelHistogram& h : set) {
    if (&h == main) continue;
    const gfx::Color col = channel_colour(h.name, pal).with_alpha(200);
    for (int v = 0; v < 256; ++v) {
      const float y = y_of(h.counts[size_t(v)]);
      c.line({x_of(v), y}, {x_of(v + 1), y}, col, 1.2f);
      if (v < 255)
        c.line({x_of(v + 1), y}, {x_of(v + 1), y_of(h.counts[size_t(v + 1)])}, col, 1.2f);
    }
  }
  // Bins cut at the top: a notch and their share.
  if (cut)
    for (const ChannelHistogram& h : set)
      for (int v = 0; v < 256; ++v) {
        const uint32_t n = h.counts[size_t(v)];
        if (n <= cap) continue;
        const float x = x_of(v) + bw / 2;
        c.line({x - f * 0.4f, top + f * 0.5f}, {x + f * 0.4f, top + f * 0.2f}, pal.background, 3);
        if (&h == main)
          c.text({x + f * 0.5f, top + f * 0.2f},
                 trf("bin {0}: {1} (cut)", v, percent(n / std::max(1.0, total))), f, pal.text,
                 HAlign::Left, VAlign::Top);
      }
  // The cumulative histogram over the bars, on the right axis.
  if (total > 0) {
    auto yc = [&](double cum) { return bottom - float(cum / total) * (bottom - top); };
    Vec2 prev{left, bottom};
    for (int v = 0; v < 256; ++v) {
      const Vec2 next{x_of(v + 1), yc(main->cumulative[size_t(v)])};
      c.line(prev, next, pal.highlight, 2.5f);
      prev = next;
    }
    for (double t : {0.0, 0.5, 1.0})
      c.text({right + f * 0.3f, yc(t * total)}, percent(t).substr(0, percent(t).find('.')) + "%", f,
             pal.text_muted, HAlign::Left, VAlign::Middle);
    // After equalization: the straight line an equalized channel's cumulative histogram keeps to
    // at every level that occurs, from the darkest original level's count (mapped to 0) to all.
    const ChannelHistogram* before = shown_channel(*plot.original, plot.channel);
    const bool equalized_channel = main->name != "luminance" || plot.channels == 1;
    if (panel == 1 && before && equalized_channel) {
      double first = 0;
      for (uint32_t v : before->cumulative)
        if (v > 0) {
          first = v;
          break;
        }
      const Vec2 a{left, yc(first)}, b{right, yc(total)};
      for (float t = 0; t < 1; t += 0.02f) {
        const float u = std::min(1.0f, t + 0.012f);
        c.line({a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t},
               {a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u}, pal.text, 1.2f);
      }
      for (int v = 0; v < 256; ++v)  // the levels in use, on the line
        if (main->counts[size_t(v)] > 0)
          c.circle_filled({x_of(v + 1), yc(main->cumulative[size_t(v)])}, f * 0.16f, pal.highlight);
    }
  }
  for (double t : {0.0, 0.5, 1.0})
    c.text({left - f * 0.3f, y_of(cap * t)}, image_count_text(cap * t), f, pal.text_muted,
           HAlign::Right, VAlign::Middle);
  // The last level's number ends at the axis, clear of the right axis's 0% beside it.
  for (int v : {0, 64, 128, 192, 255})
    c.text({v == 255 ? right : x_of(v) + bw / 2, bottom + f * 0.15f}, std::to_string(v), f,
           pal.text_muted, v == 255 ? HAlign::Right : HAlign::Center, VAlign::Top);
  return box;
}

// The pixel (x, y) of the original photo or the equalized one: its channels' values.
std::string describe_pixel(const HistogramImageShown& shown, bool original, int x, int y) {
  const HistogramPhoto& photo = *shown.photo;
  const int64_t n = int64_t(photo.width) * photo.height, i = int64_t(y) * photo.width + x;
  const std::vector<uint8_t>& planes = original ? photo.planes : shown.result.equalized;
  std::string text =
      original ? trf("original pixel ({0}, {1}):", x, y) : trf("equalized pixel ({0}, {1}):", x, y);
  for (int c = 0; c < photo.channels; ++c)
    text += " " + std::to_string(int(planes[size_t(c * n + i)]));
  return text;
}

// A level of the original's histograms (panel 0) or the equalized ones (1): each channel's count
// and share at or below it.
std::string describe_level(const HistogramImageShown& shown, int panel, int bin) {
  const HistogramImageResult& r = shown.result;
  const std::vector<ChannelHistogram>& set = panel == 0 ? r.original : r.equalized_hist;
  std::string text =
      panel == 0 ? trf("original, level {0}:", bin) : trf("equalized, level {0}:", bin);
  for (const ChannelHistogram& h : set) {
    const double total = std::max(1.0, double(h.cumulative.back()));
    text += "\n  " + trf("{0} {1} pixels, {2} at or below", channel_text(h.name),
                         h.counts[size_t(bin)], percent(h.cumulative[size_t(bin)] / total));
  }
  return text;
}

}  // namespace

void HistogramImageMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  const float font = figure_ground(c, pal);
  const HistogramPhoto& photo = *state_.shown.photo;
  const HistogramImageResult& r = state_.shown.result;
  const std::string progress = std::to_string(int(state_.work.progress() * 100 + 0.5)) + "%";
  if (photo.planes.empty() || r.original.empty()) {
    if (busy())
      c.text({font, font}, trf("reading the photo and counting its pixels... {0}", progress), font,
             pal.text);
    else
      c.text({font, font}, error().empty() ? tr("no image") : error(), font, pal.mismatch);
    return;
  }
  const HistogramSettings& s = state_.shown.settings;
  const ChannelHistogram* lum = &r.original.back();
  const auto top_it = std::max_element(lum->counts.begin(), lum->counts.end());
  const double share = double(*top_it) / std::max(1.0, double(lum->cumulative.back()));
  std::string line =
      trf("variant {0} {1}: {2} ms for the histograms, equalization {3} ms on {4}; {5} of the "
          "luminance in bin {6}",
          int(s.variant), kernel_text(histogram::info(s.variant).id),
          printed("%.2f", r.histogram_ms), printed("%.2f", r.equalize_ms), backend_name(backend()),
          percent(share), int(top_it - lum->counts.begin())) +
      (r.matches_reference ? "" : tr("; DIFFERS FROM THE REFERENCE"));
  if (busy())  // the figure is the previous result until the worker is done
    line = trf("computing variant {0} {1} on {2}... {3} (shown: the previous result)",
               int(settings().variant), kernel_text(histogram::info(settings().variant).id),
               histogram_image_file(settings()), progress);
  const std::string curve = channel_text(shown_channel(r.original, settings().channel)
                                             ? shown_channel(r.original, settings().channel)->name
                                             : std::string("luminance"));
  const std::string image =
      photo.file + " " + std::to_string(photo.width) + "x" + std::to_string(photo.height);
  const std::string label = photo.channels == 3 ? trf("{0}, RGB", image) : trf("{0}, grey", image);
  float top = draw_header(
      c, tr("Histogram equalization: the histogram as a picture"),
      trf("{0}, 256 bins per channel; bars: {1}, outlines: the other channels, curve: the "
          "cumulative histogram of {2} (right axis)",
          label, curve, curve),
      line,
      tr("Each channel's cumulative histogram, scaled to 0..255, is the lookup table that maps "
         "it: crowded levels are spread apart, and after equalization the cumulative histogram is "
         "a straight line (above the darkest level, which stays black)."),
      pal, font);
  // One column per image: the original, and the equalized one beside it when equalization is on.
  const int columns = !r.equalized.empty() && !r.equalized_hist.empty() ? 2 : 1;
  const Vec2 size = c.size();
  const float margin = font;
  const float col_w = (size.x - (columns + 1) * margin) / columns;
  const float image_bottom = top + (size.y - top) * 0.55f;
  const int w = photo.width, h = photo.height, ch = photo.channels;
  const std::string after_caption =
      photo.channels == 1 || channel_key(s.channel) != "luminance"
          ? tr("histograms after equalization (dashed: the straight line of an "
               "equalized channel)")
          : tr("histograms after equalization (R, G, B each equalized: choose one for its line)");
  for (int k = 0; k < columns; ++k) {
    const float x0 = margin + k * (col_w + margin);
    gfx::Canvas::Raster raster;
    raster.smooth = true;
    const interop::PixelImage* tex =
        k == 0 ? state_.screen.original.get() : state_.screen.equalized.get();
    if (tex) raster.texture = tex->texture();
    const std::vector<uint8_t>* src = k == 0 ? &photo.planes : &r.equalized;
    raster.pixels = [src, w, h, ch] { return planes_to_image(*src, w, h, ch); };
    const GridGeometry geo = draw_raster_grid(
        c, {x0, top}, {x0 + col_w, image_bottom}, w, h, raster,
        k == 0 ? tr("original") : tr("equalized (live, on the engine)"), pal, font);
    hover().add({0, 0}, size, [this, geo, k](Vec2 point) {
      int x, y;
      return geo.cell_at(point, x, y) ? describe_pixel(state_.shown, k == 0, x, y) : "";
    });
    const HistogramPlot plot{k == 0 ? &r.original : &r.equalized_hist, &r.original,
                             settings().channel, photo.channels, k};
    const PlotBox box = draw_histogram(
        c, {x0, image_bottom + margin * 0.4f}, {x0 + col_w, size.y - margin * 0.3f}, plot,
        k == 0 ? std::string(tr("histograms of the original")) : after_caption, pal, font);
    if (box.width > 0)
      hover().add({box.left, box.top}, {box.left + box.width, past(box.bottom)},
                  [this, box, k](Vec2 point) {
                    const int bin = std::clamp(int((point.x - box.left) / box.width * 256), 0, 255);
                    return describe_level(state_.shown, k, bin);
                  });
  }
}

std::string HistogramImageMode::caption() const {
  const HistogramImageResult& r = state_.shown.result;
  if (r.original.empty()) return "";
  const histogram::VariantInfo& vi = histogram::info(settings().variant);
  char ms[32];
  std::snprintf(ms, sizeof ms, "%.2f", r.histogram_ms);
  std::string text =
      trf("The lower charts are the photo's histograms: pixels per level (256 bins) in each "
          "channel, counted by variant {0} ({1}) in {2} ms. {3}",
          int(vi.variant), kernel_text(vi.id), ms, kernel_text(vi.lesson));
  const ChannelHistogram& lum = r.original.back();
  const auto top = std::max_element(lum.counts.begin(), lum.counts.end());
  const double total = std::max(1.0, double(lum.cumulative.back()));
  char share[32];
  std::snprintf(share, sizeof share, "%.1f%%", double(*top) / total * 100);
  text = compose_caption(
      "", text,
      trf("{0} of the luminance falls in level {1}.", share, int(top - lum.counts.begin())));
  text = compose_caption(
      "", text,
      r.equalized.empty()
          ? std::string(tr("Equalization is off: only the original photo and its histograms are "
                           "shown."))
          : std::string(tr("Histogram equalization uses each channel's cumulative histogram (the "
                           "curve), scaled to 0..255, as a lookup table: crowded levels spread "
                           "apart, so the equalized photo's cumulative histogram is a straight "
                           "line.")));
  return text;
}

}  // namespace ws::app
