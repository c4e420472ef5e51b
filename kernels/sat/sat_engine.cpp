// Engine::create, and the argument checks both engines share (sat_engine_parts.h).
#include <string>

#include "../common/error.h"
#include "sat_cuda.h"
#include "sat_engine_parts.h"

namespace ws::sat {

std::unique_ptr<Engine> Engine::create(Backend backend) {
  return backend == Backend::Cuda ? make_cuda_engine() : make_cpu_engine();
}

void check_image_args(int width, int height, int channels, const void* planes) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
    throw Error("summed-area table: the image is " + std::to_string(width) + " x " +
                std::to_string(height) + "; sides of 1.." + std::to_string(kMaxSide) +
                " are accepted");
  if (channels < 1 || channels > kMaxChannels)
    throw Error("summed-area table: the image has " + std::to_string(channels) + " channels; 1.." +
                std::to_string(kMaxChannels) + " are accepted");
  if (planes == nullptr) throw Error("summed-area table: set_image got no pixels");
}

void check_has_image(int width, const char* what) {
  if (width == 0)
    throw Error(std::string("summed-area table: ") + what +
                " needs an image: call set_image first");
}

void check_channel(int channel, int channels) {
  if (channel < 0 || channel >= channels)
    throw Error("summed-area table: channel " + std::to_string(channel) + " does not exist; the " +
                "image has channels 0.." + std::to_string(channels - 1));
}

void check_filter_args(const FilterParams& params, bool has_depth) {
  if (params.radius < 0)
    throw Error("box filter: the radius is " + std::to_string(params.radius) +
                "; radii of 0 or more are accepted");
  if (params.depth_of_field && !has_depth)
    throw Error("depth of field needs a depth map: call set_depth after set_image");
}

std::string image_words(int width, int height, int channels) {
  return std::to_string(channels) + (channels == 1 ? " channel" : " channels") + " of " +
         std::to_string(width) + " x " + std::to_string(height);
}

}  // namespace ws::sat
