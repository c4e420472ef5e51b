// The histogram scene's input as samples and bins: the text (its letters), typed values, a text
// file's bytes, an image channel (luminance, R, G or B) or seeded synthetic samples, with the bins
// resolved (an auto range read from the data). Each mode loads it with its own limits.
#pragma once

#include <string>

#include "histogram/histogram.h"
#include "histogram_settings.h"

namespace ws::app {

struct HistogramInput {
  histogram::Samples samples;
  histogram::BinSpec bins;
  std::string label;       // e.g. "text (41 chars)", "blackmarble_night.jpg 1200x600 (luminance)"
  int64_t total = 0;       // samples the source has (more than samples.size() when truncated)
  bool truncated = false;  // the mode took the first `max_samples` of a longer input
  bool letters = false;    // text: draw the samples as their characters
  int image_width = 0, image_height = 0;  // image sources
  bool grey = false;                      // an image with one channel (a colour asked for)
};

// What a mode takes: at most `max_samples` samples and `max_bins` bins. Text, typed values and
// files longer than max_samples are cut to their first max_samples samples when `truncate` is on
// (the label says so) and refused otherwise; synthetic n above max_samples is always refused.
// Throws ws::Error naming the option and what is accepted (a missing, empty or corrupt file, too
// many bins, an auto range over data with no finite value).
struct HistogramLimits {
  int64_t max_samples = histogram::kMaxSamples;
  int max_bins = histogram::kMaxBins;
  bool truncate = false;
  const char* mode = "this mode";  // named in the messages
};
HistogramInput load_histogram_input(const HistogramSettings& s, const HistogramLimits& limits);

// The bins of the settings for these samples (auto range: min..max of the data, the largest value
// in the last bin). Throws ws::Error as make_bins does.
histogram::BinSpec resolve_bins(const HistogramSettings& s, const histogram::Samples& samples);

// What the input is, in the current language, for the panels and figures (`label` and
// HistogramSettings::input_label() stay English: the run documents carry them).
std::string histogram_input_label_text(const HistogramSettings& s);
std::string histogram_input_text(const HistogramSettings& s, const HistogramInput& in);

// `v` through a printf format of one number: "%.2f" (milliseconds), "%.1f%%" (a percentage).
std::string printed(const char* format, double v);
// A count in few characters for the figures: "1.23G", "4.5M", "12k" (thousands from `k_from`),
// below that `plain` ("%.0f").
std::string compact_count(double v, double k_from, const char* plain);

// A bin's range as a student reads it: "m-p" for the textbook's letter bins, "[12, 16)" else.
std::string bin_range_text(const histogram::BinSpec& b, int bin, bool letters);

}  // namespace ws::app
