// Generated depth maps for the depth-of-field filter (sat.h): "ramp", "bowl", "step".
#include <algorithm>
#include <cmath>

#include "../common/error.h"
#include "sat.h"

namespace ws::sat {

std::vector<float> generated_depth(const std::string& kind, int width, int height) {
  if (kind != "ramp" && kind != "bowl" && kind != "step")
    throw Error("unknown depth map \"" + kind + "\": accepted are ramp, bowl, step");
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
    throw Error("a depth map of " + std::to_string(width) + " x " + std::to_string(height) +
                ": each side must be 1.." + std::to_string(kMaxSide));
  std::vector<float> depth(size_t(width) * height);
  // Pixel centres relative to the image centre, in units of half a side: -1..1 (0 for a side 1).
  const double cx = (width - 1) / 2.0, cy = (height - 1) / 2.0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      double d = 0;
      if (kind == "ramp") {
        d = height > 1 ? double(y) / (height - 1) : 0.0;  // 0 at the top row, 1 at the bottom
      } else if (kind == "bowl") {
        const double u = cx > 0 ? (x - cx) / cx : 0.0, v = cy > 0 ? (y - cy) / cy : 0.0;
        d = std::sqrt((u * u + v * v) / 2.0);  // 0 at the centre, 1 at the corners
      } else {
        d = x < width / 2 ? 0.0 : 1.0;  // the left half 0, the right half (and middle column) 1
      }
      depth[size_t(y) * width + x] = float(std::clamp(d, 0.0, 1.0));
    }
  return depth;
}

}  // namespace ws::sat
