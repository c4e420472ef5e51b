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

void check_depth_args(int width, const float* depth) {
  check_has_image(width, "set_depth");
  if (depth == nullptr) throw Error("summed-area table: set_depth got no depths");
}

void check_table_read(int width, int channel, int channels, bool has_table) {
  check_has_image(width, "sat");
  check_channel(channel, channels);
  if (!has_table) throw Error("summed-area table: no table yet: call compute_sat first");
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
