// The argument checks every filter makes before it touches a pixel, CPU and CUDA alike: they throw
// ws::Error saying what was wrong and what is accepted.
#pragma once

#include <cmath>
#include <string>

#include "../common/error.h"
#include "sat.h"

namespace ws::sat {

inline void check_filter_args(int w, int h, int channels, const FilterParams& params,
                              const float* depth, const char* what) {
  const std::string name = what;
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide)
    throw Error(name + ": the image is " + std::to_string(w) + " x " + std::to_string(h) +
                ", each side must be 1.." + std::to_string(kMaxSide));
  if (channels < 1 || channels > kMaxChannels)
    throw Error(name + ": " + std::to_string(channels) + " channels, accepted 1.." +
                std::to_string(kMaxChannels));
  if (params.radius < 0)
    throw Error(name + ": the radius is " + std::to_string(params.radius) + ", it must be >= 0");
  if (!params.depth_of_field) return;
  if (!std::isfinite(params.focus) || !std::isfinite(params.aperture) || params.aperture < 0)
    throw Error(name + ": depth of field needs a finite focus and a finite aperture >= 0 (got " +
                std::to_string(params.focus) + ", " + std::to_string(params.aperture) + ")");
  if (depth == nullptr) throw Error(name + ": depth of field needs a depth map (none was given)");
}

// The filters that move one window over the whole image (separable, fused) take one radius: depth
// of field is refused first, then the checks every filter makes (no depth map).
inline void check_one_radius_filter_args(int w, int h, int channels, const FilterParams& params,
                                         const char* what) {
  if (params.depth_of_field)
    throw Error(std::string(what) +
                " needs one radius for the whole image: depth of field gives each pixel its own "
                "radius (use the SAT or the direct filter)");
  check_filter_args(w, h, channels, params, nullptr, what);
}

}  // namespace ws::sat
