// Variant 7's launcher (bfs_fast.cu): the arrays its device-side level loop works in.
#pragma once

#include <cstdint>

#include "bfs_cuda.cuh"

namespace ws::bfs {

// Per depth: the vertices that reached it (with out-degree > 0, in the queue: count << 32, and
// their out-degrees summed: the low 32 bits), those with out-degree 0, the largest out-degree,
// and (bottom-up levels) how many vertices the level left unvisited with in-edges: the list the
// next bottom-up level takes.
struct FastLevel {
  unsigned long long packed;
  unsigned int zeros;
  unsigned int max_degree;
  unsigned int left;
};

struct FastArgs {
  DeviceAdjacency csr, csc;                // csc may equal csr (symmetric graphs)
  LevelArrays a;                           // level cleared to -1 by the caller
  int32_t* queue = nullptr;                // n: every level's frontier, one after the other
  int64_t* queue_row = nullptr;            // n: per queue entry, its vertex's CSR row start
  uint32_t* edge_start = nullptr;          // n: per queue entry, its first edge within its level
  FastLevel* levels = nullptr;             // n + 2
  int32_t* left[2] = {nullptr, nullptr};   // n each: the bottom-up lists, one read, one written
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
