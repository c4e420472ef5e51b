// The filter mode's pieces on the kit's live image filter (scene_kit/live_image_filter.h): what
// it reads (the input, and the depth map of depth of field as the engine's extra), how it filters
// (the table and the method, a second method first when comparing), the time-against-radius plot
// and the depth map's texture.
#pragma once

#include <memory>
#include <vector>

#include "sat/sat.h"
#include "scene_kit/live_image_filter.h"
#include "scenes/sat/sat_settings.h"

namespace ws::app {

using SatLiveFilter = LiveImageFilter<SatSettings, sat::Engine, std::vector<float>>;
SatLiveFilter::Recipe sat_filter_recipe();

// The compare method first (its pixels copied to the host), then s.method, whose output the
// engine keeps (run_live_image with `options`).
LiveImageRun run_sat_filter(sat::Engine& engine, const SatSettings& s,
                            const LiveRunOptions& options);

// One point of the time-against-radius plot.
struct RadiusTiming {
  sat::FilterMethod method;
  int radius = 0;
  double ms = 0;
};

// The depth map as grey levels in the window (the figure's last panel), uploaded once per map.
struct SatDepthView {
  std::unique_ptr<interop::PixelImage> texture;
  bool uploaded = false;
  SatDepthView();
  ~SatDepthView();
  void upload(const std::vector<float>& depth, int width, int height, Backend backend);
};

}  // namespace ws::app
