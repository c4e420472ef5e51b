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
// u8 -> u32 on rows of whole 16-byte groups: the generic 128-column tiles or the wide
// 512-column ones at any size (the default: the 128-column tiles where they are 32 rows high, up
// to 2048 tiles, else the wide ones), and the wide tiles' height (the default: 32 rows up to 2048
// tiles, else 64). Forcing a height or kRegisterTiledWideDirect takes the wide tiles too.
inline constexpr int kRegisterTiledNarrow = 32;
inline constexpr int kRegisterTiledWide = 16384;
inline constexpr int kRegisterTiledWideRows32 = 64;
inline constexpr int kRegisterTiledWideRows128 = 128;
inline constexpr int kRegisterTiledWideRows64 = 4096;
// u8 -> u32 wide path: launch 3 stores each lane's 16 columns directly (four 16-byte stores 64
// bytes apart) instead of staging the row in shared memory for 512-byte contiguous stores.
inline constexpr int kRegisterTiledWideDirect = 256;
// The 128-column tiles (every type): 8-, 16-, 32-, 64- or 128-row tiles (the next height up where
// the carries' launch would not hold the tiles: 8192 of 4-byte sums, 4096 of 8-byte ones; the
// default: register_tile_rows, sat_register_tiled_shape.h).
inline constexpr int kRegisterTiledNarrowRows32 = 512;
inline constexpr int kRegisterTiledNarrowRows64 = 1024;
inline constexpr int kRegisterTiledNarrowRows128 = 2048;
inline constexpr int kRegisterTiledNarrowRows16 = 32768;
inline constexpr int kRegisterTiledNarrowRows8 = 65536;
// Launches 2 and 3 as plain launches, not dependent launches of the one before.
inline constexpr int kRegisterTiledNoOverlap = 8192;
inline constexpr int kRegisterTiledDefault = kRegisterTiledReverse | kRegisterTiledStream;

// The scratch the launch needs under `flags` (register_tiled_scratch_bytes: the default's).
size_t register_tiled_scratch_bytes_flags(Accum a, int w, int h, int flags);

void launch_register_tiled_flags(Accum a, const void* in, void* out, int w, int h, void* scratch,
                                 cudaStream_t stream, int flags);

}  // namespace ws::sat
