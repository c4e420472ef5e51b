// Shared by the two engines (conv_engine_cpu.cpp, conv_engine.cu): the factories and the checks
// both make on their arguments, with the same messages.
#pragma once

#include <memory>
#include <string>

#include "convolution.h"

namespace ws::conv {

inline constexpr int kMaxChannels = 4;

std::unique_ptr<Engine> make_cpu_engine();
std::unique_ptr<Engine> make_cuda_engine();  // conv_engine.cu, or conv_engine_none.cpp

// Throws ws::Error for a side outside 1..kMaxSide, channels outside 1..kMaxChannels, no planes.
void check_image_args(int width, int height, int channels, const void* planes);
// Throws ws::Error when no image is set, for an unknown variant or boundary, an invalid filter,
// a Magnitude spec without its second filter, or a radius the variant does not take.
void check_filter_request(int width, Variant variant, const FilterSpec& spec, Boundary boundary);
// Throws ws::Error naming the limit when `variant` does not take filter f's radius.
void check_radius(Variant variant, const Filter& f);
// "3 channels of 4096 x 4096" for memory messages.
std::string image_words(int width, int height, int channels);

}  // namespace ws::conv
