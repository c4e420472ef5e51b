#include "conv_filter_run.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ws::app {

namespace {

// The difference view is on: against the CPU reference (compare-cpu) or a second variant.
bool comparing(const ConvSettings& s) {
  return s.compare || s.compare_cpu;
}

uint8_t reference_pixel(double a, double b, conv::Post post, double bias) {
  double v = a;
  if (post == conv::Post::Absolute) v = std::fabs(a);
  if (post == conv::Post::Magnitude) v = std::sqrt(a * a + b * b);
  v = std::floor(v + bias + 0.5);
  return static_cast<uint8_t>(v < 0 ? 0 : v > 255 ? 255 : v);
}

}  // namespace

conv::FilterSpec conv_live_spec(const ConvSettings& s, int height) {
  return s.filter_spec(height == 1 ? 1 : 2);
}

std::vector<uint8_t> conv_reference_pixels(const ImageInput& in, const conv::FilterSpec& spec,
                                           conv::Boundary boundary) {
  const int64_t n = in.pixels();
  std::vector<uint8_t> out(size_t(n) * in.channels);
  for (int c = 0; c < in.channels; ++c) {
    conv::Plane plane;
    plane.width = in.width;
    plane.height = in.height;
    plane.values = in.plane(c);
    const std::vector<double> a = conv::convolve_reference(plane, spec.filter, boundary);
    std::vector<double> b;
    if (spec.second) b = conv::convolve_reference(plane, *spec.second, boundary);
    for (int64_t i = 0; i < n; ++i)
      out[size_t(c * n + i)] =
          reference_pixel(a[size_t(i)], b.empty() ? 0.0 : b[size_t(i)], spec.post, spec.bias);
  }
  return out;
}

ConvLiveFilter::Recipe conv_filter_recipe() {
  ConvLiveFilter::Recipe r;
  r.input_key = [](const ConvSettings& s) { return s.source.key(); };
  r.read = [](const ConvSettings& s) {
    return read_live_image(s.source, conv::kMaxSide, conv::kMaxSide);
  };
  r.create = [](Backend backend) { return conv::Engine::create(backend); };
  // The CPU reference is computed on the worker, once per image, filter and ghost-cell rule.
  r.extra_key = [](const ConvSettings& s) {
    if (!s.compare_cpu) return std::string();
    char sigma[32];
    std::snprintf(sigma, sizeof sigma, "%.17g", s.sigma);
    return s.filter + "|" + std::to_string(s.radius) + "|" + sigma + "|" +
           conv::boundary_name(s.boundary);
  };
  r.read_extra = [](const ConvSettings& s, const ImageInput& in) {
    return std::make_shared<const std::vector<uint8_t>>(
        conv_reference_pixels(in, conv_live_spec(s, in.height), s.boundary));
  };
  r.run = [](conv::Engine& engine, const ConvSettings& s, const LiveImage& image,
             const std::vector<uint8_t>* reference, const LiveRunOptions& options) {
    const conv::FilterSpec spec = conv_live_spec(s, image.input.height);
    std::function<std::vector<uint8_t>()> compare;
    if (s.compare_cpu && reference)
      compare = [reference] { return *reference; };
    else if (comparing(s))
      compare = [&] {
        engine.filter(s.compare_variant, spec, s.boundary);
        engine.synchronize();
        return engine.filtered();
      };
    return run_live_image(
        engine, [&] { engine.filter(s.variant, spec, s.boundary); }, compare, options,
        kConvDifferenceGain);
  };
  // No warm_key: every CUDA run warms up first. A filter edit picks a kernel per radius (the fast
  // variant) and uploads the new weights (0.015-0.03 ms on an H200 beside a 0.045 ms filter), so
  // a run without a warm-up would time the upload whenever the filter changed.
  return r;
}

std::string conv_filter_words(const ConvSettings& s, const conv::FilterSpec& spec) {
  std::string words = spec.name + " " + std::to_string(spec.filter.width) + "x" +
                      std::to_string(spec.filter.height);
  if (spec.name == "gaussian") {
    char sigma[32];
    std::snprintf(sigma, sizeof sigma, "%.3g",
                  s.sigma > 0 ? s.sigma : std::max(0.5, s.radius / 2.0));
    words += " (sigma " + std::string(sigma) + ")";
  }
  return words;
}

double conv_gpixels_per_s(int64_t pixels, double ms) {
  return ms > 0 ? double(pixels) / (ms * 1e6) : 0.0;
}

std::string conv_compare_words(const ConvSettings& s) {
  return s.compare_cpu ? std::string("CPU reference (double)")
                       : std::string(conv::info(s.compare_variant).id);
}

std::vector<ModeLimit<ConvSettings>> conv_filter_limits() {
  auto tiled_shown = [](const ConvSettings& s) {
    return conv::is_tiled(s.variant) ||
           (s.compare && !s.compare_cpu && conv::is_tiled(s.compare_variant));
  };
  return {{"radius",
           [tiled_shown](const ConvSettings& s) {
             return tiled_shown(s) ? std::optional<int64_t>(s.radius) : std::nullopt;
           },
           0, conv::kMaxTiledRadius,
           "radius {0}: the tiled variants (3-5) keep the tile and its halo in shared memory and "
           "take radius 0..7 (filters up to 15 x 15); basic and constant take radius up to 31",
           "", nullptr, nullptr}};
}

void conv_filter_takes_photo(ConvSettings& s, const ParamReader& keys) {
  const bool input_named = keys.has("values") || keys.has("image") || keys.has("size");
  if (!s.source.values.empty() && !input_named) {
    s.source.values.clear();
    s.source.image = kConvFilterPhoto;
  }
  // The book's 1D weights sum to 13: on a photo they would only saturate it.
  if (s.filter == kConvBookFilter && !keys.has("filter")) s.filter = kConvFilterOnPhoto;
  // A whole photo is filtered live: the notes' first kernel gives way to the fastest one.
  if (s.variant == conv::Variant::Basic && !keys.has("variant")) s.variant = conv::Variant::Fast;
}

}  // namespace ws::app
