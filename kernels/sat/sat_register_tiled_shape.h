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
// The wide u8 tiles (512 columns) are 32 rows high up to this many of them, else 64.
inline constexpr int kRegisterShortTiles = 2048;

inline constexpr size_t register_tile_count(int w, int h, int cols, int rows) {
  return size_t((w + cols - 1) / cols) * size_t((h + rows - 1) / rows);
}

// The height of the 128-column tiles for `in_bytes`-byte samples and `out_bytes`-byte sums: 8
// rows up to 1536 such tiles, else 16 up to 2048 (3072 for u8 images), else 32 up to 2048, else
// 64 where the carries' launch holds the tiles, else 128. A few tall tiles leave most of the GPU
// idle (each is one warp walking its rows twice, one dependent step a row); short tiles cost more
// carries and more walks started, which large images feel. H200, 2026-12-02
// (bench/dev/sat_narrow_sweep.cu): 600 x 400 u8 in 128-row tiles 0.106 ms, 32 rows 0.026, 8 rows
// 0.020; 1366 x 768 (1056 tiles of 8 rows) 8 rows 0.018, 16 rows 0.019; 1920 x 1080 (2025 tiles
// of 8 rows) 8 rows 0.019, 16 rows 0.018; 3000 x 2000 (3000 tiles of 16 rows) u8 in 16 rows
// 0.027, in 32 0.030, but f32 in 16 rows 0.035, in 32 0.032; 3840 x 2160 (4050 tiles of 16 rows)
// u8 in 16 rows 0.029, in 32 0.028.
inline constexpr int register_tile_rows(size_t in_bytes, size_t out_bytes, int w, int h) {
  const size_t most16 = in_bytes == 1 ? 3072 : size_t(kRegisterShortTiles);
  if (register_tile_count(w, h, kRegisterTileCols, 8) <= 1536) return 8;
  if (register_tile_count(w, h, kRegisterTileCols, 16) <= most16) return 16;
  if (register_tile_count(w, h, kRegisterTileCols, 32) <= size_t(kRegisterShortTiles)) return 32;
  if (register_tile_count(w, h, kRegisterTileCols, 64) <= size_t(register_max_tiles(out_bytes)))
    return 64;
  return kRegisterTileRows;
}

}  // namespace ws::sat
