// The filter figure: the original and the filtered image side by side (GL textures in the window,
// pixels in PNG/SVG), a header with the method, radius and time, and the time-against-radius plot
// once measured: the SAT line flat, the direct line growing as r^2.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "interop/pixel_image.h"
#include "sat_filter_mode.h"
#include "scene_kit/live_image.h"
#include "scenes/sat/sat_panels.h"
#include "scenes/sat/sat_strings.h"
#include "views/figure_parts.h"
#include "io/image_planes.h"

namespace ws::app {

namespace {

using gfx::Vec2;

// Milliseconds as the figure and captions show them.
std::string fixed3(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", ms);
  return text;
}

gfx::Color method_colour(const gfx::Palette& pal, sat::FilterMethod m) {
  // Vermillion, blue, green and orange of the colour-blind-safe warp set: no two lines alike.
  static constexpr int kColour[] = {5, 0, 2, 1};
  return pal.warp_color(kColour[static_cast<int>(m)]);
}

// A filter method by its parameter value ("sat", "direct", "separable"), as the compare panel's
// caption names it; short words in Chinese.
const char* method_name(sat::FilterMethod m) {
  switch (m) {
    case sat::FilterMethod::Sat:
      return tr("sat");
    case sat::FilterMethod::Separable:
      return tr("separable");
    case sat::FilterMethod::Direct:
      return tr("direct");
    case sat::FilterMethod::Fused:
      return tr("fused");
  }
  return "";
}

// "ramp depth", "bowl depth", "step depth" or "<file> depth": the depth map the header names.
std::string depth_text(const std::string& depth) {
  if (depth == "ramp") return tr("ramp depth");
  if (depth == "bowl") return tr("bowl depth");
  if (depth == "step") return tr("step depth");
  return trf("{0} depth", depth);
}

// The time-against-radius plot between `min` and `max`: the SAT line flat, the direct line
// growing as r^2.
void draw_plot(gfx::Canvas& c, Vec2 min, Vec2 max, const gfx::Palette& pal, float font,
               const std::vector<RadiusTiming>& plot) {
  double hi = 0;
  for (const RadiusTiming& t : plot) hi = std::max(hi, t.ms);
  if (hi <= 0) return;
  const float left = min.x + font * 4, bottom = max.y - font * 1.6f, top = min.y + font * 1.4f;
  const float right = max.x - font * 13;
  c.text(min, tr("time against radius on this image and device (ms; x: radius, log scale)"),
         font * 0.85f, pal.text);
  c.line({left, bottom}, {right, bottom}, pal.text_muted);
  c.line({left, bottom}, {left, top}, pal.text_muted);
  auto px = [&](int r) { return left + (right - left) * float(std::log2(double(r)) / 8.0); };
  auto py = [&](double ms) { return bottom - (bottom - top) * float(ms / hi); };
  for (int r : {1, 4, 16, 64, 256})
    c.text({px(r), bottom + font * 0.2f}, std::to_string(r), font * 0.75f, pal.text_muted,
           gfx::HAlign::Center, gfx::VAlign::Top);
  char label[32];
  for (double f : {0.0, 0.5, 1.0}) {
    std::snprintf(label, sizeof label, "%.3g", hi * f);
    c.text({left - font * 0.3f, py(hi * f)}, label, font * 0.75f, pal.text_muted,
           gfx::HAlign::Right, gfx::VAlign::Middle);
  }
  float key_y = top;
  for (sat::FilterMethod m : {sat::FilterMethod::Sat, sat::FilterMethod::Fused,
                              sat::FilterMethod::Separable, sat::FilterMethod::Direct}) {
    const gfx::Color col = method_colour(pal, m);
    const RadiusTiming* prev = nullptr;
    for (const RadiusTiming& t : plot) {
      if (t.method != m) continue;
      const Vec2 p{px(t.radius), py(t.ms)};
      c.circle_filled(p, font * 0.18f, col);
      if (prev) c.line({px(prev->radius), py(prev->ms)}, p, col, 2);
      prev = &t;
    }
    if (!prev) continue;
    c.line({right + font, key_y + font * 0.5f}, {right + font * 2.2f, key_y + font * 0.5f}, col, 3);
    c.text({right + font * 2.6f, key_y}, sat_method_label(m), font * 0.8f, pal.text);
    key_y += font * 1.3f;
  }
}

// What the hover says about pixel (x, y) of an image: its samples, and under depth of field the
// pixel's depth and blur radius.
std::string describe_sat_pixel(const SatLiveFilter::Shown& shown, const std::string& what,
                               const std::vector<uint8_t>& planes, int x, int y) {
  std::string text = describe_pixel(what, planes, shown.in->input, x, y);
  if (shown.settings.filter.depth_of_field && shown.extra && !shown.extra->empty()) {
    const float depth = (*shown.extra)[size_t(y) * shown.in->input.width + x];
    const sat::FilterParams& f = shown.settings.filter;
    text += "\n" + trf("depth {0}, radius {1}", std::to_string(depth).substr(0, 5),
                       sat::dof_radius(depth, f.focus, f.aperture));
  }
  return text;
}

}  // namespace

void SatFilterMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  const float font = figure_ground(c, pal);
  const Vec2 size = c.size();
  const float margin = font;
  const auto& shown = live_.shown();
  if (shown.empty()) return draw_no_image(c, busy(), live_.progress(), error(), pal, font);
  const std::string progress = std::to_string(int(live_.progress() * 100 + 0.5)) + "%";
  const SatSettings& s = shown.settings;
  const ImageInput& in = shown.in->input;
  const std::string timing =
      trf("{0} ms on {1}", fixed3(shown.run.run_ms), backend_name(backend()));
  const std::string detail = in.channels == 3
                                 ? trf("{0}, R G B filtered separately", kernel_text(in.label))
                                 : trf("{0}, luminance", kernel_text(in.label));
  // What, by which method (through the table: which variant and type), and how long.
  const std::string focus = std::to_string(s.filter.focus).substr(0, 4);
  const int aperture = int(std::lround(s.filter.aperture));
  const bool sat_method = s.method == sat::FilterMethod::Sat;
  const std::string variant = sat_variant_name(s.variant), accum = accum_label(s.accum);
  std::string line;
  if (s.filter.depth_of_field)
    line = sat_method
               ? trf("depth of field ({0}, focus {1}, aperture {2} px) by {3}, {4} {5}: {6}",
                     depth_text(s.depth), focus, aperture, sat_method_label(s.method), variant,
                     accum, timing)
               : trf("depth of field ({0}, focus {1}, aperture {2} px) by {3}: {4}",
                     depth_text(s.depth), focus, aperture, sat_method_label(s.method), timing);
  else
    line = sat_method ? trf("box filter, radius {0} by {1}, {2} {3}: {4}", s.filter.radius,
                            sat_method_label(s.method), variant, accum, timing)
                      : trf("box filter, radius {0} by {1}: {2}", s.filter.radius,
                            sat_method_label(s.method), timing);
  if (busy())  // the figure is the previous result until the worker is done
    line =
        trf("computing {0} on {1}... {2} (shown: the previous result)",
            sat_method_label(settings().method), kernel_text(settings().source.label()), progress);
  float top = draw_header(c, tr("Box filters of any size in constant time"), detail, line,
                          tr("Each output pixel is the mean of its window, clamped at the border "
                             "and divided by the true pixel count; through the table it costs "
                             "four look-ups whatever the radius."),
                          pal, font);
  const float plot_h = plot_.empty() ? 0 : std::min(size.y * 0.32f, font * 14);
  const float bottom = size.y - margin - plot_h;
  // Panels left to right: the original, the filtered image, a second method's image when
  // comparing, the depth map under depth of field (so the blur can be read off it).
  const bool dof = s.filter.depth_of_field && shown.extra && !shown.extra->empty();
  const bool compare = s.compare && !shown.run.compared.empty();
  const int w = in.width, h = in.height, ch = in.channels;
  const LiveImageView& view = live_.view();
  std::vector<ImagePanel> panels;
  panels.push_back({view.original ? view.original->texture() : 0,
                    [&shown, w, h, ch] { return planes_to_image(shown.in->bytes, w, h, ch); },
                    tr("original"),
                    [&shown](int x, int y) {
                      return describe_sat_pixel(shown, tr("original"), shown.in->bytes, x, y);
                    }});
  panels.push_back(
      {view.filtered ? view.filtered->texture() : 0,
       [&shown, w, h, ch] { return planes_to_image(shown.filtered(), w, h, ch); },
       compare ? trf("filtered: {0}", sat_method_label(s.method)) : std::string(tr("filtered")),
       [&shown](int x, int y) {
         return describe_sat_pixel(shown, tr("filtered"), shown.filtered(), x, y);
       }});
  if (compare)
    panels.push_back({view.compared ? view.compared->texture() : 0,
                      [&shown, w, h, ch] { return planes_to_image(shown.run.compared, w, h, ch); },
                      trf("{0}: {1} samples differ, {2} ms", method_name(s.compare_method),
                          shown.run.compare_differing, fixed3(shown.run.compare_ms)),
                      [&shown](int x, int y) {
                        return describe_sat_pixel(shown,
                                                  sat_method_label(shown.settings.compare_method),
                                                  shown.run.compared, x, y);
                      }});
  if (dof) {
    char focus[32];
    std::snprintf(focus, sizeof focus, "%.2f", s.filter.focus);
    panels.push_back({depth_view_.texture ? depth_view_.texture->texture() : 0,
                      [&shown, w, h] {
                        gfx::Image img(w, h);
                        for (size_t i = 0; i < size_t(w) * h; ++i) {
                          const auto g = static_cast<uint8_t>(
                              std::clamp((*shown.extra)[i], 0.0f, 1.0f) * 255.0f + 0.5f);
                          uint8_t* px = &img.rgba[i * 4];
                          px[0] = px[1] = px[2] = g;
                          px[3] = 255;
                        }
                        return img;
                      },
                      trf("depth 0 (black)..1; sharp at {0}", focus),
                      [&shown](int x, int y) {
                        return describe_sat_pixel(shown, tr("filtered"), shown.filtered(), x, y);
                      }});
  }
  draw_image_row(c, {margin, top}, {size.x - margin, bottom}, w, h, panels, hover(), pal, font);
  if (!plot_.empty())
    draw_plot(c, {margin, bottom + margin * 0.5f}, {size.x - margin, size.y - margin * 0.5f}, pal,
              font, plot_);
}

std::string SatFilterMode::caption() const {
  if (live_.shown().empty()) return error();
  const SatSettings& s = live_.shown().settings;
  const sat::Variant v = s.variant;
  std::vector<std::string> sentences;
  const int r = s.filter.radius, side = 2 * r + 1;
  char focus[32];
  std::snprintf(focus, sizeof focus, "%.2f", s.filter.focus);
  const auto aperture = static_cast<long>(std::lround(s.filter.aperture));
  if (s.filter.depth_of_field) {
    sentences.push_back(trf(
        "Depth of field: each pixel's blur radius is aperture x |depth - focus| (aperture {1} px, "
        "sharp where the depth is {0}), so every pixel averages a window of its own size.",
        focus, aperture));
    sentences.push_back(
        s.method == sat::FilterMethod::Sat
            ? tr("Through the summed-area table every window still costs four look-ups whatever "
                 "its size; a separable filter cannot do this, it needs one radius for the whole "
                 "image.")
            : tr("The direct filter adds every pixel of each window: exact, but the cost grows "
                 "with the square of the radius, where the table needs four look-ups."));
  } else if (s.method == sat::FilterMethod::Sat) {
    sentences.push_back(trf(
        "Box filter of radius {0}: each output pixel is the mean of the {1}x{1} window around it, "
        "clamped at the border.",
        r, side));
    sentences.push_back(
        tr("Through the summed-area table that is four look-ups per pixel, D - B - C + A divided "
           "by the pixels in the window, whatever the radius."));
  } else if (s.method == sat::FilterMethod::Separable) {
    sentences.push_back(
        trf("Box filter of radius {0} by separable running sums: along each row, then each column, "
            "the window's sum gains one pixel and loses one per step.",
            r));
    sentences.push_back(
        tr("That too costs the same at any radius, but it takes two passes and one radius for the "
           "whole image, so it cannot do depth of field."));
  } else if (s.method == sat::FilterMethod::Fused) {
    sentences.push_back(
        trf("Box filter of radius {0} from two rows of the summed-area table only: the row at the "
            "window's bottom edge and the row above its top edge move down one image row at a "
            "time.",
            r));
    sentences.push_back(
        tr("Their difference, summed across, gives each window's sum as two look-ups, so the "
           "whole table is never stored; like the separable filter it needs one radius."));
  } else {
    sentences.push_back(
        trf("Box filter of radius {0} by direct sums: each output pixel adds all {1} pixels of its "
            "window.",
            r, int64_t(side) * side));
    sentences.push_back(
        tr("The cost grows with the square of the radius: the baseline that the table's four "
           "look-ups beat."));
  }
  if (s.compare && !live_.shown().run.compared.empty())
    sentences.push_back(trf("Beside it, {0}: {1} samples differ.",
                            sat_method_label(s.compare_method),
                            live_.shown().run.compare_differing));
  if (s.method == sat::FilterMethod::Sat)
    sentences.push_back(
        trf("Variant {0} ({1}) built the table; table and filter took {2} ms on "
            "{3}.",
            int(v), kernel_text(sat::info(v).title), fixed3(live_.shown().run.run_ms),
            backend_name(backend())));
  else
    sentences.push_back(trf("The filter took {0} ms on {1}.", fixed3(live_.shown().run.run_ms),
                            backend_name(backend())));
  return sat_sentences(sentences);
}

}  // namespace ws::app
