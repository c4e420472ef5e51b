// The fused box filter's tuning switches (sat_filter_fused.cu), for the timing program and the GPU
// tests; the engine calls launch_filter_box_fused, which uses kFusedDefault.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "sat.h"

namespace ws::sat {

// For timing the launches one at a time (the pixels are complete only with all three).
inline constexpr int kFusedOnly1 = 1;
inline constexpr int kFusedOnly2 = 2;
inline constexpr int kFusedOnly3 = 4;
inline constexpr int kFusedRuleRounding = 8;  // every pixel through the rule's round_mean
inline constexpr int kFused2PerSm = 16;       // two walking blocks per SM
inline constexpr int kFusedOneRow = 32;       // one output row an iteration, not two
// The walks start from launches 1 and 2's column sums even when the window is short enough for
// each walk to sum its first window itself.
inline constexpr int kFusedStripStarts = 64;
// The walks sum their first window's rows themselves at every radius (2 r + 1 rows a walk; the
// default does so only for windows of at most a walk's rows): where the two starts cross.
inline constexpr int kFusedOwnStarts = 128;
// Past the own start, the walks add launch 1's strips inside their first window themselves (no
// launch 2) at every radius (the default does so while a window spans at most 16 strips); with
// kFusedStripStarts, at every radius, the own start's included.
inline constexpr int kFusedSummedStrips = 256;
inline constexpr int kFusedDefault = 0;

void launch_filter_box_fused_flags(const uint8_t* image, int w, int h, int channels,
                                   const FilterParams& params, void* scratch, uint8_t* out,
                                   cudaStream_t stream, int flags);

}  // namespace ws::sat
