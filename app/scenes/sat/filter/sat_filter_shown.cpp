#include "sat_filter_shown.h"

#include <algorithm>

#include "interop/pixel_image.h"

namespace ws::app {

const std::vector<uint8_t>& SatFilterShown::filtered() const {
  if (!run.filtered_on_host) {
    run.filtered = engine ? engine->filtered() : std::vector<uint8_t>{};
    run.filtered_on_host = true;
  }
  return run.filtered;
}

SatFilterView::SatFilterView() = default;
SatFilterView::~SatFilterView() = default;

void SatFilterView::upload(const SatFilterShown& shown, Backend backend) {
  const ImageInput& in = shown.in->input;
  if (!original) original = std::make_unique<interop::PixelImage>(backend);
  if (!filtered) filtered = std::make_unique<interop::PixelImage>(backend);
  const int channels = in.channels == 3 ? 3 : 1;
  if (shown.has_depth() && !depth_uploaded) {
    // The depth map as grey levels, uploaded once per map (the figure's third panel).
    if (!depth) depth = std::make_unique<interop::PixelImage>(backend);
    std::vector<uint8_t> grey(shown.depth->size());
    for (size_t i = 0; i < grey.size(); ++i)
      grey[i] = static_cast<uint8_t>(std::clamp((*shown.depth)[i], 0.0f, 1.0f) * 255.0f + 0.5f);
    depth->set_planes(grey.data(), in.width, in.height, 1);
    depth_uploaded = true;
  }
  if (!original_uploaded) {
    original->set_planes(shown.in->bytes.data(), in.width, in.height, channels);
    original_uploaded = true;
  }
  if (shown.engine->device_filtered())
    filtered->set_device_planes(shown.engine->device_filtered(), in.width, in.height, channels);
  else
    filtered->set_planes(shown.filtered().data(), in.width, in.height, channels);
}

}  // namespace ws::app
