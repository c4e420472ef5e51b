// Shared by the two engines (sat_engine.cpp, sat_engine_cpu.cpp, sat_engine.cu): the CPU engine's
// factory and the checks both engines make on their arguments, with the same messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "sat.h"

namespace ws::sat {

std::unique_ptr<Engine> make_cpu_engine();

// Throws ws::Error for a side outside 1..kMaxSide, channels outside 1..kMaxChannels, or no planes.
void check_image_args(int width, int height, int channels, const void* planes);
// Throws ws::Error when no image is set (`what` names the call, e.g. "compute_sat").
void check_has_image(int width, const char* what);
// Throws ws::Error for a channel outside 0..channels-1.
void check_channel(int channel, int channels);
// set_depth's checks: an image is set, and the depths are there.
void check_depth_args(int width, const float* depth);
// sat(channel)'s checks: an image is set, the channel exists, and a table was computed.
void check_table_read(int width, int channel, int channels, bool has_table);
// Throws ws::Error for depth of field without a depth map, or a negative radius.
void check_filter_args(const FilterParams& params, bool has_depth);
// "4 channels of 8192 x 8192" for memory messages.
std::string image_words(int width, int height, int channels);

// The samples of the channel at `offset` a table of `accum` is computed from: the u8 planes for
// u32 tables, their float copies for the others.
inline const void* table_samples(Accum accum, const uint8_t* planes, const float* floats,
                                 size_t offset) {
  return accum == Accum::U8U32 ? static_cast<const void*>(planes + offset)
                               : static_cast<const void*>(floats + offset);
}

}  // namespace ws::sat
