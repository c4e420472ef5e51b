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
// The walk's inner pixels rounded by a float estimate and one correction, not by the row's
// divisor (1024 threads only; the walk until 2026-12-02).
inline constexpr int kFusedFloatRounding = 512;
// Warp j writes its own 8 runs of 32 columns, not every 32nd run from j (1024 threads only; the
// walk until 2026-12-02): the runs near the edges all fall to the first and the last warp.
inline constexpr int kFusedWarpColumns = 1024;
// Launch 0 (widths that are not a multiple of 8) by threads of 8 bytes, or by warps of 512 bytes,
// at any size: the default takes the threads below 32 MiB of padded rows, the warps from there.
inline constexpr int kFusedPadByThreads = 2048;
inline constexpr int kFusedPadByWarps = 4096;
inline constexpr int kFusedDefault = 0;

void launch_filter_box_fused_flags(const uint8_t* image, int w, int h, int channels,
                                   const FilterParams& params, void* scratch, uint8_t* out,
                                   cudaStream_t stream, int flags);

}  // namespace ws::sat
