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
// u8 -> u32: the generic 128 x 128 tiles instead of the wide 512-column ones, and the wide
// tiles' height (64 rows unless one of these is set).
inline constexpr int kRegisterTiledNarrow = 32;
inline constexpr int kRegisterTiledWideRows32 = 64;
inline constexpr int kRegisterTiledWideRows128 = 128;
// u8 -> u32 wide path: launch 3 stores each lane's 16 columns directly (four 16-byte stores 64
// bytes apart) instead of staging the row in shared memory for 512-byte contiguous stores.
inline constexpr int kRegisterTiledWideDirect = 256;
inline constexpr int kRegisterTiledDefault = kRegisterTiledReverse | kRegisterTiledStream;

// The scratch the launch needs under `flags` (register_tiled_scratch_bytes: the default's).
size_t register_tiled_scratch_bytes_flags(Accum a, int w, int h, int flags);

void launch_register_tiled_flags(Accum a, const void* in, void* out, int w, int h, void* scratch,
                                 cudaStream_t stream, int flags);

}  // namespace ws::sat
