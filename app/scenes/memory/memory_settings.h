// What the global-memory scene's modes share (issue 26; PMPP chapters 3-6): the access pattern a
// warp walks, the launch drawn over its data with its occupancy, and (S2's block) the transpose
// and matrix multiplication. The scene owns one MemorySettings, so switching modes keeps all of
// it; memory_params.cpp is the one parse.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "memory/access.h"
#include "memory/launch.h"
#include "memory/matmul.h"
#include "memory/transpose.h"

namespace ws::app {

inline constexpr const char* kMemorySceneId = "memory";

struct MemorySettings {
  // access mode (PMPP 6.1, the lecture chapter's communication patterns): the pattern, its
  // stride, offset, element size, warps (one instruction each), matrix width, window, tile pad and
  // the index array's seed, as the kernels take them.
  mem::AccessParams access = default_access();

  // warps mode (PMPP 4.4-4.7)
  // The launch drawn over its data (x = width first; 62x76 is 62 wide, 76 high).
  mem::LaunchParams launch = book_image_launch();
  // Occupancy: threads, registers per thread, shared memory per block.
  mem::OccupancyInput occupancy = {512, 31, 0};
  // The device whose limits the occupancy uses on the CPU backend (mem::named_devices()); on
  // CUDA the device's own.
  std::string device = "H100 SXM";

  static mem::AccessParams default_access() {
    mem::AccessParams p;
    p.pattern = mem::Pattern::Row;
    p.stride = 2;
    p.offset = 1;
    p.warps = 4;
    return p;
  }
  // PMPP 4.4's 62x76 picture with 16x16 blocks: 160 warps, 31 of them divergent.
  static mem::LaunchParams book_image_launch() {
    mem::LaunchParams p;
    p.dims = 2;
    p.data = {76, 62, 1};
    p.block = {16, 16, 1};
    return p;
  }

  // transpose and matmul modes (S2): matrix_params.cpp reads their keys.
  mem::TransposeVariant transpose_variant = mem::TransposeVariant::Tiled;
  std::optional<mem::TransposeVariant> transpose_compare;  // a second variant under it
  int rows = 32, cols = 32;  // the transposed matrix, 1..64 a side in teach mode
  int transpose_tile = 32;   // T, 4..32 (32: one warp per tile row, the lecture's case)
  int block_rows = 4;        // fast: rows of threads, dividing T
  mem::MatmulVariant matmul_variant = mem::MatmulVariant::Tiled;
  std::optional<mem::MatmulVariant> matmul_compare;
  // P = M N, M m x k, N k x n (PMPP's I, J, K); the default is PMPP Fig. 5.7's 4 x 4.
  int matmul_m = 4, matmul_k = 4, matmul_n = 4;
  int tile_width = 2;     // TILE_WIDTH, 2..8
  int coarse_factor = 2;  // coarsened: outputs per thread, 1..4
  int thread_tile = 2;    // register-tiled and after: TM = TN, 1..4 (TILE_WIDTH x it <= 16)
};

}  // namespace ws::app
