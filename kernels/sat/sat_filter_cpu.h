// The filters on the CPU, one channel at a time (sat_filter_cpu.cpp): the CPU engine and the tests
// call them; the CUDA filters (sat_launch.h) give the same pixels. Each output pixel is the mean
// over its window clamped to the image, divided by the clamped window's true pixel count,
// rounded half up to 0..255; depth of field takes each pixel's radius from dof_radius().
#pragma once

#include <cstdint>

#include "sat.h"

namespace ws::sat {

// table: the channel's SAT in Accum's table type (uint32_t, float or double), w h values.
// depth: w h values in 0..1 when params.depth_of_field, else ignored (may be null).
void filter_sat_cpu(Accum a, const void* table, int w, int h, const FilterParams& params,
                    const float* depth, uint8_t* out);
// Sums the clamped window directly: O(r^2) per pixel.
void filter_direct_cpu(const uint8_t* image, int w, int h, const FilterParams& params,
                       const float* depth, uint8_t* out);
// A running sum along rows, then along columns. Rejects depth of field (ws::Error: the separable
// filter needs one radius for the whole image).
void filter_separable_cpu(const uint8_t* image, int w, int h, const FilterParams& params,
                          uint8_t* out);
// The box filter fused with its table (sat_filter_walk_cpu.cpp, the twin of sat_filter_fused.cu):
// two rows of the table walked down the image. Rejects depth of field and bad arguments (ws::Error)
// as the separable filter does.
void filter_box_walk_cpu(const uint8_t* image, int w, int h, const FilterParams& params,
                         uint8_t* out);

}  // namespace ws::sat
