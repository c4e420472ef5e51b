// The tile shape of variant 5 (register-tiled), shared by the CUDA kernels
// (sat_register_tiled.cu) and their CPU twin (sat_fast_cpu.cpp), which repeats the kernels' order
// of additions so that f32 tables match the GPU's bit for bit.
#pragma once

namespace ws::sat {

inline constexpr int kRegisterLanes = 32;                                     // one warp per tile
inline constexpr int kRegisterLaneCols = 4;                                   // columns a lane owns
inline constexpr int kRegisterTileCols = kRegisterLanes * kRegisterLaneCols;  // 128
inline constexpr int kRegisterTileRows = 128;  // rows a lane walks down, kept as running sums

}  // namespace ws::sat
