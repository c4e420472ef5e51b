// The filter figure: the photo and the filtered photo side by side at full resolution (GL textures
// in the window, pixels in PNG/SVG), and with a comparison the amplified |difference| against a
// second variant or the CPU reference; a header with the filter, the variant and the time.
#include <cstdio>
#include <string>
#include <vector>

#include "conv_filter_mode.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "interop/pixel_image.h"
#include "io/image_planes.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

std::string fixed(double v, const char* format) {
  char text[32];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

// The compare panel's name: the CPU reference or "variant <id>".
std::string compare_name(const ConvSettings& s) {
  return s.compare_cpu ? std::string(tr("CPU reference"))
                       : trf("variant {0}", conv::info(s.compare_variant).id);
}

// What the hover says about a pixel of the difference panel: both images' samples.
std::string describe_difference(const ConvLiveFilter::Shown& shown, int x, int y) {
  const ImageInput& in = shown.in->input;
  return describe_pixel(tr("filtered"), shown.filtered(), in, x, y) + "\n" +
         describe_pixel(compare_name(shown.settings), shown.run.compared, in, x, y);
}

}  // namespace

void ConvFilterMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  const float font = figure_ground(c, pal);
  const auto& shown = live_.shown();
  if (shown.empty()) return draw_no_image(c, busy(), live_.progress(), error(), pal, font);
  const gfx::Vec2 size = c.size();
  const ConvSettings& s = shown.settings;
  const ImageInput& in = shown.in->input;
  const conv::FilterSpec spec = conv_live_spec(s, in.height);
  const std::string detail = in.channels == 3
                                 ? trf("{0}, R G B filtered separately", kernel_text(in.label))
                                 : trf("{0}, luminance", kernel_text(in.label));
  std::string line = trf(
      "{0}, {1} ghost cells, variant {2}: {3} ms, {4} Gpixels/s on {5}", conv_filter_words(s, spec),
      conv::boundary_name(s.boundary), conv::info(s.variant).id, fixed(shown.run.run_ms, "%.3f"),
      fixed(conv_gpixels_per_s(in.pixels(), shown.run.run_ms), "%.3g"), backend_name(backend()));
  if (busy())  // the figure is the previous result until the worker is done
    line = trf("filtering {0}... {1}% (shown: the previous result)",
               kernel_text(settings().source.label()), int(live_.progress() * 100 + 0.5));
  const float top = draw_header(
      c, tr("Convolution on the whole photo"), detail, line,
      tr("Each output pixel is the weighted sum of its neighbourhood; ghost cells stand in for "
         "the pixels outside the photo."),
      pal, font);
  const int w = in.width, h = in.height, ch = in.channels;
  const LiveImageView& view = live_.view();
  std::vector<ImagePanel> panels;
  panels.push_back({view.original ? view.original->texture() : 0,
                    [&shown, w, h, ch] { return planes_to_image(shown.in->bytes, w, h, ch); },
                    tr("original"),
                    [&shown](int x, int y) {
                      return describe_pixel(tr("original"), shown.in->bytes, shown.in->input, x, y);
                    }});
  panels.push_back({view.filtered ? view.filtered->texture() : 0,
                    [&shown, w, h, ch] { return planes_to_image(shown.filtered(), w, h, ch); },
                    trf("filtered: variant {0}", conv::info(s.variant).id),
                    [&shown](int x, int y) {
                      return describe_pixel(tr("filtered"), shown.filtered(), shown.in->input, x,
                                            y);
                    }});
  if (!shown.run.difference.empty())
    panels.push_back(
        {view.compared ? view.compared->texture() : 0,
         [&shown, w, h, ch] { return planes_to_image(shown.run.difference, w, h, ch); },
         trf("|difference| x{0} against {1}: {2} samples differ, largest {3}", kConvDifferenceGain,
             compare_name(s), shown.run.compare_differing, shown.run.compare_largest),
         [&shown](int x, int y) { return describe_difference(shown, x, y); }});
  draw_image_row(c, {font, top}, {size.x - font, size.y - font}, w, h, panels, hover(), pal, font);
}

std::string ConvFilterMode::caption() const {
  const auto& shown = live_.shown();
  if (shown.empty()) return error();
  const ConvSettings& s = shown.settings;
  const ImageInput& in = shown.in->input;
  const conv::FilterSpec spec = conv_live_spec(s, in.height);
  std::string text =
      trf("{0} over {1}: each output pixel sums {2} weighted neighbours; variant {3} ({4}) took "
          "{5} ms on {6}, {7} Gpixels/s.",
          conv_filter_words(s, spec), kernel_text(in.label), spec.filter.taps(),
          conv::info(s.variant).id, kernel_text(conv::info(s.variant).title),
          fixed(shown.run.run_ms, "%.3f"), backend_name(backend()),
          fixed(conv_gpixels_per_s(in.pixels(), shown.run.run_ms), "%.3g"));
  if (!shown.run.difference.empty())
    text += (i18n::language() == i18n::Language::Chinese ? "" : " ") +
            trf("Against {0}: {1} samples differ, the largest by {2}.", compare_name(s),
                shown.run.compare_differing, shown.run.compare_largest);
  return text;
}

}  // namespace ws::app
