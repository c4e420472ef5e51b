#include "histogram_input.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "common/error.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "io/image_planes.h"

namespace ws::app {

namespace hg = ws::histogram;

namespace {

std::string read_text_file(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec))
    throw Error("--file '" + path + "' is a folder; give a text file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("--file '" + path + "' cannot be opened (does it exist?)");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.empty()) throw Error("--file '" + path + "' is empty; give a file with some text");
  return text;
}

void cut(hg::Samples& s, int64_t max) {
  if (s.size() <= max) return;
  if (s.type == hg::SampleType::U8)
    s.u8.resize(size_t(max));
  else
    s.f32.resize(size_t(max));
}

}  // namespace

hg::BinSpec resolve_bins(const HistogramSettings& s, const hg::Samples& samples) {
  if (!s.auto_range) {
    return s.width > 0 ? hg::make_bins_by_width(s.lo, s.hi, s.width)
                       : hg::make_bins(s.bins, s.lo, s.hi);
  }
  double lo = 0, hi = 0;
  try {
    hg::sample_range(samples, lo, hi);
  } catch (const std::exception& e) {
    throw Error(std::string("--range auto: ") + e.what());
  }
  if (s.width > 0) {
    // Bins of `width` from the smallest value, as many as it takes to hold the largest.
    const double count = std::floor((hi - lo) / s.width) + 1;
    if (count > hg::kMaxBins)
      throw Error("--width " + short_number(s.width) + ": the data span " + short_number(lo) +
                  ".." + short_number(hi) + " needs more than " + std::to_string(hg::kMaxBins) +
                  " bins; choose a wider bin or --bins");
    return hg::make_bins_by_width(lo, lo + count * s.width, s.width);
  }
  // `bins` equal bins from min to just above max, so the largest value is counted.
  try {
    return hg::bins_over_data(samples, s.bins);
  } catch (const std::exception& e) {
    throw Error(std::string("--range auto: ") + e.what());
  }
}

HistogramInput load_histogram_input(const HistogramSettings& s, const HistogramLimits& limits) {
  HistogramInput in;
  const std::string mode = limits.mode;
  switch (s.source) {
    case HistogramSource::Text:
      in.samples = hg::text_samples(s.text);
      in.letters = true;
      in.label = s.input_label();
      break;
    case HistogramSource::TextFile:
      in.samples = hg::text_samples(read_text_file(s.file));
      in.letters = true;
      in.label = s.input_label();
      break;
    case HistogramSource::Values:
      in.samples = hg::parse_samples(s.values);
      in.label = "typed values (" + std::to_string(in.samples.size()) + ")";
      break;
    case HistogramSource::Image: {
      const ImagePlanes image = load_image_planes(
          s.file, s.channel == "luminance" ? ColourMode::Luminance : ColourMode::Rgb);
      const int plane = s.channel == "luminance" || image.channels == 1 ? 0
                        : s.channel == "r"                              ? 0
                        : s.channel == "g"                              ? 1
                                                                        : 2;
      const size_t pixels = size_t(image.width) * image.height;
      in.samples.type = hg::SampleType::U8;
      in.samples.u8.assign(image.plane(plane), image.plane(plane) + pixels);
      in.grey = image.channels == 1 && s.channel != "luminance";
      in.image_width = image.width;
      in.image_height = image.height;
      in.label = std::filesystem::path(image.path).filename().string() + " " +
                 std::to_string(image.width) + "x" + std::to_string(image.height) + " (" +
                 (image.channels == 1 && s.channel != "luminance" ? "grey" : s.channel) + ")";
      break;
    }
    case HistogramSource::Synthetic: {
      if (s.n > limits.max_samples)
        throw Error("--n " + std::to_string(s.n) + ": " + mode + " takes up to " +
                    std::to_string(limits.max_samples) + " samples");
      const hg::BinSpec bins = resolve_bins(s, {});
      in.samples = hg::synthetic(s.dist, s.skew, s.n, s.seed, bins);
      in.label = s.input_label();
      break;
    }
  }
  in.total = in.samples.size();
  if (in.total > limits.max_samples) {
    if (!limits.truncate)
      throw Error(std::string(source_name(s.source)) + ": " + std::to_string(in.total) +
                  " samples; " + mode + " takes up to " + std::to_string(limits.max_samples));
    cut(in.samples, limits.max_samples);
    in.truncated = true;
    in.label += ", first " + std::to_string(limits.max_samples) + " of " + std::to_string(in.total);
  }
  in.bins = resolve_bins(s, in.samples);
  if (in.bins.count > limits.max_bins)
    throw Error(std::string(s.width > 0    ? "--width " + short_number(s.width) + " gives "
                            : s.auto_range ? "--range auto gives "
                                           : "--bins ") +
                std::to_string(in.bins.count) + (s.width > 0 || s.auto_range ? " bins" : "") +
                ": " + mode + " draws up to " + std::to_string(limits.max_bins) +
                " bins (the contention mode takes up to 65536)");
  return in;
}

std::string histogram_input_label_text(const HistogramSettings& s) {
  switch (s.source) {
    case HistogramSource::Text:
      return trf("text ({0} chars)", s.text.size());
    case HistogramSource::Values:
      return tr("typed values");
    case HistogramSource::TextFile:
      return trf("{0} (text file)", s.file.substr(s.file.find_last_of('/') + 1));
    case HistogramSource::Image:
      return s.file.substr(s.file.find_last_of('/') + 1) + " (" + tr_text(s.channel) + ")";
    case HistogramSource::Synthetic:
      return trf("{0}, {1} samples, seed {2}",
                 kernel_text(hg::dist_name(s.dist)) +
                     (s.dist == hg::Dist::Zipf ? " " + short_number(s.skew) : std::string()),
                 s.n, s.seed);
  }
  return "?";
}

std::string histogram_input_text(const HistogramSettings& s, const HistogramInput& in) {
  std::string text;
  switch (s.source) {
    case HistogramSource::Values:
      text = trf("typed values ({0})", in.total);
      break;
    case HistogramSource::Image:
      text = std::filesystem::path(s.file).filename().string() + " " +
             std::to_string(in.image_width) + "x" + std::to_string(in.image_height) + " (" +
             (in.grey ? tr("grey") : tr_text(s.channel)) + ")";
      break;
    default:
      text = histogram_input_label_text(s);
  }
  if (in.truncated) text = trf("{0}, first {1} of {2}", text, in.samples.size(), in.total);
  return text;
}

std::string bin_range_text(const hg::BinSpec& b, int bin, bool letters) {
  const double lo = b.lo + double(bin) * b.width();
  const double hi = std::min<double>(b.hi, lo + b.width());
  char text[64];
  if (letters && lo >= 32 && hi <= 127 && b.width() >= 1 && lo == std::floor(lo)) {
    const int first = int(lo), last = int(std::ceil(hi)) - 1;
    if (first == last)
      std::snprintf(text, sizeof text, "%c", first);
    else
      std::snprintf(text, sizeof text, "%c-%c", first, last);
    return text;
  }
  if (b.width() == 1 && lo == std::floor(lo)) {
    std::snprintf(text, sizeof text, "%g", lo);
    return text;
  }
  std::snprintf(text, sizeof text, "[%.4g, %.4g)", lo, hi);  // 4 digits: a label, not a value
  return text;
}

std::string printed(const char* format, double v) {
  char text[32];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

std::string compact_count(double v, double k_from, const char* plain) {
  if (v >= 1e9) return printed("%.3gG", v / 1e9);
  if (v >= 1e6) return printed("%.3gM", v / 1e6);
  if (v >= k_from) return printed("%.3gk", v / 1e3);
  return printed(plain, v);
}

}  // namespace ws::app
