// Variant 7's launcher (bfs_fast.cu): the arrays its device-side level loop works in.
#pragma once

#include <cstdint>

#include "bfs_cuda.cuh"

namespace ws::bfs {

// The counters of one level's frontier, in a ring of kFastLevelSlots (level d in slot d % 3).
// `packed` is the global queue's reservation word (entries << 32 | their out-degrees summed).
// `arrive` are the grid barrier's words: every block adds its share of the level with one
// arrival (1 << kArriveShift) in each, so a word is complete when its arrivals equal the blocks:
//   arrive[0]: global queue entries (bits 0-39) and blocks that queued a big row (bits 40-51),
//   arrive[1]: their out-degrees summed, arrive[2]: vertices kept in blocks' shared memory plus
//   those with out-degree 0, arrive[3]: the kept vertices' out-degrees summed.
struct FastLevel {
  unsigned long long packed;
  unsigned long long arrive[4];
};
inline constexpr int kFastLevelSlots = 3;
inline constexpr int kArriveShift = 52;  // at most 4095 blocks
inline constexpr int kBigShift = 40;

struct FastArgs {
  DeviceAdjacency csr, csc;                // csc may equal csr (symmetric graphs)
  LevelArrays a;                           // level cleared to -1 by the caller
  int32_t* queue = nullptr;                // n: every level's frontier, one after the other
  int64_t* queue_row = nullptr;            // n: per queue entry, its vertex's CSR row start
  uint32_t* edge_start = nullptr;          // n: per queue entry, its first edge within its level
  FastLevel* levels = nullptr;             // kFastLevelSlots
  int32_t* direction = nullptr;            // n + 1: per depth, 0 top-down, 1 bottom-up
  unsigned long long* examined = nullptr;  // n + 1 or null: the model's count per bottom-up level
  unsigned long long* stamps = nullptr;    // n + 2 or null: %globaltimer at each level's start
  int32_t* depth_count = nullptr;          // levels expanded
  int32_t source = 0;
  double alpha = 15, beta = 18;
  // Blocks per SM at most (0: as many as fit). Sparse, long-diameter graphs (average degree
  // under 8: roads, grids) pay mostly for the grid barrier of each of their thousands of levels,
  // which grows with the number of blocks: the engine passes 1 for them.
  int max_blocks_per_sm = 0;
};

// The search: a one-thread setup kernel, then the cooperative level loop. Needs csr.m < 2^32.
void launch_fast(const FastArgs& f, int block_dim);

}  // namespace ws::bfs
