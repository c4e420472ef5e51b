// Engine::create, and the argument checks both engines share (conv_engine_parts.h).
#include <string>

#include "../common/error.h"
#include "conv_engine_parts.h"

namespace ws::conv {

std::unique_ptr<Engine> Engine::create(Backend backend) {
  return backend == Backend::Cuda ? make_cuda_engine() : make_cpu_engine();
}

void check_image_args(int width, int height, int channels, const void* planes) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
    throw Error("convolution: the image is " + std::to_string(width) + " x " +
                std::to_string(height) + "; sides of 1.." + std::to_string(kMaxSide) +
                " are accepted");
  if (channels < 1 || channels > kMaxChannels)
    throw Error("convolution: the image has " + std::to_string(channels) + " channels; 1.." +
                std::to_string(kMaxChannels) + " are accepted");
  if (planes == nullptr) throw Error("convolution: set_image got no pixels");
}

void check_radius(Variant variant, const Filter& f) {
  const int limit = is_tiled(variant) ? kMaxTiledRadius : kMaxRadius;
  if (f.radius() > limit)
    throw Error("radius " + std::to_string(f.radius()) + " is too large for " + info(variant).id +
                "; it takes 0.." + std::to_string(limit) + " (up to " +
                std::to_string(2 * limit + 1) + " x " + std::to_string(2 * limit + 1) + ")");
}

void check_filter_request(int width, Variant variant, const FilterSpec& spec, Boundary boundary) {
  if (width == 0) throw Error("convolution: filter needs an image: call set_image first");
  info(variant);  // throws for an unknown variant
  if (int(boundary) > 2)
    throw Error("unknown boundary rule " + std::to_string(int(boundary)) +
                "; zero, clamp and mirror are accepted");
  validate(spec.filter);
  check_radius(variant, spec.filter);
  if (spec.post == Post::Magnitude) {
    if (!spec.second) throw Error("filter '" + spec.name + "': a magnitude needs two filters");
    validate(*spec.second);
    check_radius(variant, *spec.second);
  }
}

std::string image_words(int width, int height, int channels) {
  return std::to_string(channels) + (channels == 1 ? " channel" : " channels") + " of " +
         std::to_string(width) + " x " + std::to_string(height);
}

}  // namespace ws::conv
