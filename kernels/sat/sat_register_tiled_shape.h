// The tile shape of variant 5 (register-tiled), shared by the CUDA kernels
// (sat_register_tiled.cu) and their CPU twin (sat_fast_cpu.cpp), which repeats the kernels' order
// of additions so that f32 tables match the GPU's bit for bit: both take the tiles' height from
// register_tile_rows below.
#pragma once

#include <cstddef>

namespace ws::sat {

inline constexpr int kRegisterLanes = 32;                                     // one warp per tile
inline constexpr int kRegisterLaneCols = 4;                                   // columns a lane owns
inline constexpr int kRegisterTileCols = kRegisterLanes * kRegisterLaneCols;  // 128
inline constexpr int kRegisterTileRows = 128;  // the tallest tiles: rows a lane walks down

// The carries' launch (launch 2) scans the tiles' totals in 32 KiB of shared memory: at most
// 8192 tiles of 4-byte sums (u32, f32), 4096 of 8-byte ones (f64).
inline constexpr size_t kRegisterCornerBytes = 32 * 1024;
inline constexpr int register_max_tiles(size_t out_bytes) {
  return int(kRegisterCornerBytes / out_bytes);
}
// Up to this many tiles, the shortest tiles are the fastest (more warps on the GPU).
inline constexpr int kRegisterShortTiles = 2048;

inline constexpr size_t register_tile_count(int w, int h, int cols, int rows) {
  return size_t((w + cols - 1) / cols) * size_t((h + rows - 1) / rows);
}

// The height of the 128-column tiles for a table of `out_bytes`-byte sums: 32 rows up to
// kRegisterShortTiles tiles, else 64 where the carries' launch holds the tiles, else 128. A few
// tall tiles leave most of the GPU idle (each is one warp walking its rows twice): 600 x 400 u8
// in 128-row tiles is 20 warps on an H200's 132 SMs, 0.106 ms, in 32-row tiles 0.036 ms.
inline constexpr int register_tile_rows(size_t out_bytes, int w, int h) {
  if (register_tile_count(w, h, kRegisterTileCols, 32) <= size_t(kRegisterShortTiles)) return 32;
  if (register_tile_count(w, h, kRegisterTileCols, 64) <= size_t(register_max_tiles(out_bytes)))
    return 64;
  return kRegisterTileRows;
}

}  // namespace ws::sat
