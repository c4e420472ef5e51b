// Variant 5's launch with its tuning switches (for the timing program and the GPU tests; the
// engine calls launch_register_tiled, which uses kRegisterTiledDefault).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "sat.h"

namespace ws::sat {

inline constexpr int kRegisterTiledReverse = 1;  // launch 3 visits the tiles in reverse order
inline constexpr int kRegisterTiledStream = 2;   // launch 3 stores with evict-first hints
// For timing the launches one at a time (the table is complete only with all three).
inline constexpr int kRegisterTiledOnly1 = 4;
inline constexpr int kRegisterTiledOnly2 = 8;
inline constexpr int kRegisterTiledOnly3 = 16;
inline constexpr int kRegisterTiledDefault = kRegisterTiledReverse | kRegisterTiledStream;

void launch_register_tiled_flags(Accum a, const void* in, void* out, int w, int h, void* scratch,
                                 cudaStream_t stream, int flags);

}  // namespace ws::sat
