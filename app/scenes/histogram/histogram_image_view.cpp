// The image mode's figure: the original and the equalized photo side by side (GL textures in the
// window, pixels in PNG/SVG), under each its histograms: the chosen channel's 256 bars, the other
// channels as outlines, the cumulative histogram as a curve over them (right axis 0..100%). A bin
// far taller than the rest (the Black Marble's black ocean) is cut at the top and labelled with
// its share, so the other 255 bins stay readable.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "histogram_image_scene.h"
#include "histogram_strings.h"
#include "i18n/i18n.h"
#include "interop/pixel_image.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

gfx::Image planes_image(const std::vector<uint8_t>& planes, int w, int h, int channels) {
  const size_t n = size_t(w) * h;
  if (n == 0 || planes.size() < n * channels) return {};
  gfx::Image img(w, h);
  for (size_t i = 0; i < n; ++i) {
    uint8_t* px = &img.rgba[i * 4];
    for (int k = 0; k < 3; ++k) px[k] = planes[(channels == 3 ? k : 0) * n + i];
    px[3] = 255;
  }
  return img;
}

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

std::string count_text(double v) {
  char text[32];
  if (v >= 1e6)
    std::snprintf(text, sizeof text, "%.3gM", v / 1e6);
  else if (v >= 1e3)
    std::snprintf(text, sizeof text, "%.3gk", v / 1e3);
  else
    std::snprintf(text, sizeof text, "%.3g", v);
  return text;
}

// A channel's name as shown ("R", "G", "B" stay; "luminance" is translated).
std::string channel_text(const std::string& name) {
  return name == "luminance" ? std::string(tr("luminance")) : name;
}

std::string fixed2(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", v);
  return text;
}

std::string percent(double share) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", share * 100);
  return text;
}

}  // namespace

const ChannelHistogram* HistogramImageScene::shown(const std::vector<ChannelHistogram>& set) const {
  const std::string key = channel_key(settings_->channel);
  for (const ChannelHistogram& h : set)
    if (h.name == key) return &h;
  return set.empty() ? nullptr : &set.back();  // a grey image: its luminance
}

void HistogramImageScene::draw_histogram(gfx::Canvas& c, Vec2 min, Vec2 max,
                                         const std::vector<ChannelHistogram>& set,
                                         const std::string& caption, const gfx::Palette& pal,
                                         float font, int panel) const {
  const ChannelHistogram* main = shown(set);
  if (!main || main->counts.size() != 256) return;
  const float f = font * 0.8f;
  c.text(min, caption, font * 0.85f, pal.text);
  const float left = min.x + f * 4.2f, right = max.x - f * 3.2f;
  const float top = min.y + font * 1.5f, bottom = max.y - f * 1.4f;
  plot_box_[size_t(panel)] = {left, right - left, top, bottom};
  if (right - left < 32 || bottom - top < 16) return;
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
    const ChannelHistogram* before = shown(original_);
    const bool equalized_channel = main->name != "luminance" || channels_ == 1;
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
    c.text({left - f * 0.3f, y_of(cap * t)}, count_text(cap * t), f, pal.text_muted, HAlign::Right,
           VAlign::Middle);
  // The last level's number ends at the axis, clear of the right axis's 0% beside it.
  for (int v : {0, 64, 128, 192, 255})
    c.text({v == 255 ? right : x_of(v) + bw / 2, bottom + f * 0.15f}, std::to_string(v), f,
           pal.text_muted, v == 255 ? HAlign::Right : HAlign::Center, VAlign::Top);
}

void HistogramImageScene::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  c.rect_filled({0, 0}, c.size(), pal.background);
  const float font = figure_font(c.size());
  original_geo_ = equalized_geo_ = {};
  plot_box_ = {};
  const std::string progress = std::to_string(int(work_.progress() * 100 + 0.5)) + "%";
  if (photo_->planes.empty() || original_.empty()) {
    if (busy())
      c.text({font, font}, trf("reading the photo and counting its pixels... {0}", progress), font,
             pal.text);
    else
      c.text({font, font}, error_.empty() ? tr("no image") : error_, font, pal.mismatch);
    return;
  }
  const HistogramSettings& s = shown_;
  const ChannelHistogram* lum = &original_.back();
  const auto top_it = std::max_element(lum->counts.begin(), lum->counts.end());
  const double share = double(*top_it) / std::max(1.0, double(lum->cumulative.back()));
  std::string line =
      trf("variant {0} {1}: {2} ms for the histograms, equalization {3} ms on {4}; {5} of the "
          "luminance in bin {6}",
          int(s.variant), histogram_variant_id_text(histogram::info(s.variant)),
          fixed2(histogram_ms_), fixed2(equalize_ms_), backend_name(backend()), percent(share),
          int(top_it - lum->counts.begin())) +
      (matches_reference_ ? "" : tr("; DIFFERS FROM THE REFERENCE"));
  if (busy())  // the figure is the previous result until the worker is done
    line =
        trf("computing variant {0} {1} on {2}... {3} (shown: the previous result)",
            int(settings_->variant), histogram_variant_id_text(histogram::info(settings_->variant)),
            image_file(), progress);
  const std::string curve =
      channel_text(shown(original_) ? shown(original_)->name : std::string("luminance"));
  const std::string image =
      photo_->file + " " + std::to_string(width_) + "x" + std::to_string(height_);
  const std::string label = channels_ == 3 ? trf("{0}, RGB", image) : trf("{0}, grey", image);
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
  const Vec2 size = c.size();
  const float margin = font;
  const bool eq = !equalized_.empty() && !equalized_hist_.empty();
  const int columns = eq ? 2 : 1;
  const float col_w = (size.x - (columns + 1) * margin) / columns;
  const float image_bottom = top + (size.y - top) * 0.55f;
  const int w = width_, h = height_, ch = channels_;
  const std::string after_caption =
      channels_ == 1 || channel_key(s.channel) != "luminance"
          ? tr("histograms after equalization (dashed: the straight line of an "
               "equalized channel)")
          : tr("histograms after equalization (R, G, B each equalized: choose one for its line)");
  for (int k = 0; k < columns; ++k) {
    const float x0 = margin + k * (col_w + margin);
    gfx::Canvas::Raster raster;
    raster.smooth = true;
    const interop::PixelImage* tex = k == 0 ? original_tex_.get() : equalized_tex_.get();
    if (tex) raster.texture = tex->texture();
    const std::vector<uint8_t>* src = k == 0 ? &photo_->planes : &equalized_;
    raster.pixels = [src, w, h, ch] { return planes_image(*src, w, h, ch); };
    GridGeometry geo = draw_raster_grid(
        c, {x0, top}, {x0 + col_w, image_bottom}, w, h, raster,
        k == 0 ? tr("original") : tr("equalized (live, on the engine)"), pal, font);
    (k == 0 ? original_geo_ : equalized_geo_) = geo;
    draw_histogram(c, {x0, image_bottom + margin * 0.4f}, {x0 + col_w, size.y - margin * 0.3f},
                   k == 0 ? original_ : equalized_hist_,
                   k == 0 ? std::string(tr("histograms of the original")) : after_caption, pal,
                   font, k);
  }
}

std::string HistogramImageScene::describe_at(Vec2 point) const {
  int x, y;
  const bool on_original = original_geo_.cell_at(point, x, y);
  if (on_original || equalized_geo_.cell_at(point, x, y)) {
    const int64_t n = int64_t(width_) * height_, i = int64_t(y) * width_ + x;
    const std::vector<uint8_t>& planes = on_original ? photo_->planes : equalized_;
    std::string text = on_original ? trf("original pixel ({0}, {1}):", x, y)
                                   : trf("equalized pixel ({0}, {1}):", x, y);
    for (int c = 0; c < channels_; ++c)
      text += " " + std::to_string(int(planes[size_t(c * n + i)]));
    return text;
  }
  for (int panel = 0; panel < 2; ++panel) {
    const auto& box = plot_box_[size_t(panel)];
    if (box[1] <= 0 || point.x < box[0] || point.x >= box[0] + box[1] || point.y < box[2] ||
        point.y > box[3])
      continue;
    const int bin = std::clamp(int((point.x - box[0]) / box[1] * 256), 0, 255);
    const std::vector<ChannelHistogram>& set = panel == 0 ? original_ : equalized_hist_;
    std::string text =
        panel == 0 ? trf("original, level {0}:", bin) : trf("equalized, level {0}:", bin);
    for (const ChannelHistogram& h : set) {
      const double total = std::max(1.0, double(h.cumulative.back()));
      text += "\n  " + trf("{0} {1} pixels, {2} at or below", channel_text(h.name),
                           h.counts[size_t(bin)], percent(h.cumulative[size_t(bin)] / total));
    }
    return text;
  }
  return "";
}

}  // namespace ws::app
