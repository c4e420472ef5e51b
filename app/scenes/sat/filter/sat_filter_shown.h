// What the filter figure shows: the image, depth map and engine of the last finished job, its run
// and the time-against-radius plot; the GL textures they are drawn from in the window.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sat_filter_work.h"

namespace ws::interop {
class PixelImage;
}

namespace ws::app {

// One point of the time-against-radius plot.
struct RadiusTiming {
  sat::FilterMethod method;
  int radius = 0;
  double ms = 0;
};

struct SatFilterShown {
  SatSettings settings;  // those of the image shown (a job may be computing others)
  std::shared_ptr<const SatFilterImage> in = std::make_shared<SatFilterImage>();
  std::shared_ptr<const std::vector<float>> depth;
  std::string depth_key;  // what `depth` was loaded from
  std::unique_ptr<sat::Engine> engine;
  mutable SatFilterRun run;  // the filtered image is read from the engine when first asked for
  std::vector<RadiusTiming> plot;

  bool empty() const { return !engine || in->input.pixels() == 0; }
  bool has_depth() const { return settings.filter.depth_of_field && depth && !depth->empty(); }
  // The filtered image on the host (channel-major).
  const std::vector<uint8_t>& filtered() const;
};

// The window's textures of the figure (null on the command line and before the first upload).
struct SatFilterView {
  std::unique_ptr<interop::PixelImage> original, filtered, depth;
  bool original_uploaded = false, depth_uploaded = false;
  SatFilterView();
  ~SatFilterView();
  // GL is current: the original once per input, the depth map once per map, the filtered image
  // every run (from the device on CUDA).
  void upload(const SatFilterShown& shown, Backend backend);
};

}  // namespace ws::app
