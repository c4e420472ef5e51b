#include "histogram_image_work.h"

#include <chrono>

#include "io/image_planes.h"

namespace ws::app {

namespace {

// Rec. 601 luminance with the rule of image_planes.h's luminance mode.
std::vector<uint8_t> luminance_of(const std::vector<uint8_t>& planes, int64_t pixels,
                                  int channels) {
  if (channels == 1) return std::vector<uint8_t>(planes.begin(), planes.begin() + pixels);
  std::vector<uint8_t> y(static_cast<size_t>(pixels));
  const uint8_t *r = planes.data(), *g = r + pixels, *b = g + pixels;
  for (int64_t i = 0; i < pixels; ++i)
    y[size_t(i)] = static_cast<uint8_t>((77 * r[i] + 150 * g[i] + 29 * b[i] + 128) >> 8);
  return y;
}

std::vector<uint32_t> inclusive_scan(const std::vector<uint32_t>& counts) {
  std::vector<uint32_t> out(counts.size());
  uint32_t sum = 0;
  for (size_t i = 0; i < counts.size(); ++i) out[i] = sum += counts[i];
  return out;
}

histogram::Samples byte_samples(const uint8_t* data, int64_t n) {
  histogram::Samples s;
  s.type = histogram::SampleType::U8;
  s.u8.assign(data, data + n);
  return s;
}

double elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// Progress over the stages of one computation: `done` of `total` channel counts.
struct Stages {
  const WorkControl* control;
  int total, done = 0;
  void next() {
    if (!control) return;
    control->check();
    control->report(0.1 + 0.9 * double(++done) / total);
  }
};

// Every channel's histogram of `planes` (channel-major, `channels` planes of `pixels`), with the
// engine's variant, and the luminance's after the colour planes. `counting_ms` gets the time of
// the engine's counting runs alone (not the host's luminance, copies or the uploads).
std::vector<ChannelHistogram> channel_histograms(const std::vector<uint8_t>& planes, int64_t pixels,
                                                 int channels, const HistogramSettings& settings,
                                                 histogram::Engine& engine, Stages& stages,
                                                 double& counting_ms) {
  const histogram::BinSpec bins = histogram::make_bins(256, 0, 256);
  histogram::RunParams run;
  run.variant = settings.variant;
  run.launch = settings.launch;
  std::vector<ChannelHistogram> out;
  auto add = [&](const std::string& name, const uint8_t* data) {
    ChannelHistogram h;
    h.name = name;
    engine.set_samples(byte_samples(data, pixels));
    const auto start = std::chrono::steady_clock::now();
    h.counts = engine.run(bins, run);
    counting_ms += elapsed_ms(start);
    h.cumulative = inclusive_scan(h.counts);
    out.push_back(std::move(h));
    stages.next();
  };
  if (channels == 3) {
    for (int c = 0; c < 3; ++c) add(std::string(1, "RGB"[c]), planes.data() + c * pixels);
    const std::vector<uint8_t> lum = luminance_of(planes, pixels, 3);
    add("luminance", lum.data());
  } else {
    add("luminance", planes.data());
  }
  return out;
}

}  // namespace

std::shared_ptr<const HistogramPhoto> read_histogram_photo(const std::string& file) {
  ImagePlanes img = load_image_planes(file, ColourMode::Rgb, 8192);
  auto photo = std::make_shared<HistogramPhoto>();
  const int64_t pixels = int64_t(img.width) * img.height;
  photo->luminance = luminance_of(img.planes, pixels, img.channels);
  photo->file = file;
  photo->width = img.width;
  photo->height = img.height;
  photo->channels = img.channels;
  photo->planes = std::move(img.planes);
  photo->label = file + " " + std::to_string(img.width) + "x" + std::to_string(img.height) +
                 (img.channels == 3 ? ", RGB" : ", grey");
  return photo;
}

HistogramImageResult compute_histogram_image(const HistogramPhoto& photo,
                                             const HistogramSettings& settings,
                                             histogram::Engine& engine, const WorkControl* control,
                                             const std::function<void()>& after_equalize) {
  HistogramImageResult r;
  const int64_t pixels = int64_t(photo.width) * photo.height;
  const histogram::BinSpec bins = histogram::make_bins(256, 0, 256);
  const int per_set = photo.channels == 3 ? 4 : 1;
  Stages stages{control, settings.equalize ? 2 * per_set + 1 : per_set};
  if (control) control->check();
  // The histograms of the original, with the chosen variant, checked against the reference.
  r.original = channel_histograms(photo.planes, pixels, photo.channels, settings, engine, stages,
                                  r.histogram_ms);
  r.matches_reference = true;
  for (int c = 0; c < int(r.original.size()); ++c) {
    const uint8_t* plane = c < photo.channels && photo.channels == 3
                               ? photo.planes.data() + c * pixels
                               : photo.luminance.data();
    r.matches_reference = r.matches_reference &&
                          r.original[size_t(c)].counts ==
                              histogram::histogram_reference(byte_samples(plane, pixels), bins);
  }
  if (!settings.equalize) return r;
  // Equalization on the engine: counts -> scan -> lookup table -> every pixel mapped.
  histogram::Samples all;
  all.type = histogram::SampleType::U8;
  all.u8 = photo.planes;
  engine.set_samples(all);
  const auto start = std::chrono::steady_clock::now();
  engine.equalize(photo.width, photo.height, photo.channels);
  engine.synchronize();
  r.equalize_ms = elapsed_ms(start);
  r.equalized = engine.equalized();
  stages.next();
  if (after_equalize) after_equalize();
  // The host check: each plane through equalization_lut of its counts.
  r.equalized_matches_lut = r.equalized.size() == photo.planes.size();
  for (int c = 0; c < photo.channels && r.equalized_matches_lut; ++c) {
    const std::vector<uint8_t> lut = histogram::equalization_lut(r.original[size_t(c)].counts);
    for (int64_t i = 0; i < pixels; ++i)
      if (r.equalized[size_t(c * pixels + i)] != lut[photo.planes[size_t(c * pixels + i)]]) {
        r.equalized_matches_lut = false;
        break;
      }
  }
  double equalized_counting_ms = 0;  // not shown: the caption times the original's histograms
  r.equalized_hist = channel_histograms(r.equalized, pixels, photo.channels, settings, engine,
                                        stages, equalized_counting_ms);
  return r;
}

}  // namespace ws::app
