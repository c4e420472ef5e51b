// The image mode's computation, apart from the scene so it can run on a worker thread
// (scene_kit/background_work.h): read a photo into colour planes and luminance, count every
// channel with the chosen variant on an engine and check it against the sequential reference,
// equalize, and count the equalized planes. Nothing here touches the scene, GL or ImGui.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "histogram/histogram.h"
#include "scenes/histogram/histogram_settings.h"
#include "scene_kit/background_work.h"

namespace ws::app {

// One channel's 256-bin histogram and its cumulative histogram (the inclusive scan).
struct ChannelHistogram {
  std::string name;  // "R", "G", "B", "luminance"
  std::vector<uint32_t> counts, cumulative;
};

// A photo as the mode reads it.
struct HistogramPhoto {
  std::string file, label;                  // label: "name WxH, RGB"
  int width = 0, height = 0, channels = 0;  // channels: 3 (R, G, B) or 1 (grey)
  std::vector<uint8_t> planes;              // channel-major
  std::vector<uint8_t> luminance;           // Rec. 601, as image_planes' luminance mode
};

// Reads `file` (sides up to 8192); throws ws::Error naming the file when it does not read.
std::shared_ptr<const HistogramPhoto> read_histogram_photo(const std::string& file);

struct HistogramImageResult {
  std::vector<ChannelHistogram> original, equalized_hist;  // R, G, B, luminance (grey: luminance)
  std::vector<uint8_t> equalized;  // the equalized colour planes (empty when off)
  bool matches_reference = false, equalized_matches_lut = false;
  // Wall time of the engine's work: the counting runs of every channel summed (the samples'
  // uploads and the host's luminance not included), and the equalization.
  double histogram_ms = 0, equalize_ms = 0;
};

// Histograms of `photo` with settings.variant on `engine`, equalization when settings.equalize.
// `after_equalize` runs once the engine holds the equalized planes, before its buffers are used
// for the histograms of the result (the window shows them from the device there). `control`
// (optional) gets the progress and stops the work between channels when cancelled.
HistogramImageResult compute_histogram_image(const HistogramPhoto& photo,
                                             const HistogramSettings& settings,
                                             histogram::Engine& engine,
                                             const WorkControl* control = nullptr,
                                             const std::function<void()>& after_equalize = {});

}  // namespace ws::app
