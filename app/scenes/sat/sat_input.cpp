#include "sat_input.h"

#include "io/image_planes.h"

namespace ws::app {

ImageInput load_sat_input(const SatSettings& s, int max_side, bool rgb) {
  return load_image_input(s.source, max_side, rgb, sat::kMaxSide);
}

sat::Plane sat_plane(const ImageInput& in, int channel) {
  sat::Plane p;
  p.width = in.width;
  p.height = in.height;
  p.values = in.plane(channel);
  return p;
}

std::vector<float> load_sat_depth(const SatSettings& s, int width, int height) {
  if (s.depth == "ramp" || s.depth == "bowl" || s.depth == "step")
    return sat::generated_depth(s.depth, width, height);
  return load_depth_map(s.depth, width, height);
}

}  // namespace ws::app
