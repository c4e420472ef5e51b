// How the network sorts launch their stages (sort.h, the CUDA sample's split): stages that stay
// inside one shared tile run together in one launch that loads the tile, runs them with a
// barrier after each, and stores it; every other stage is a launch of its own on global memory.
//   bitonic   every stage whose distance j is below the tile (each comparator's wires lie in one
//             aligned tile: lo has bit j clear, hi = lo + j);
//   odd-even  only the stages with k <= tile (the first sort of each tile): for k > tile a stage
//             j < k/2 joins (pos - j, pos) across the 2j-aligned boundaries, which cross tiles,
//             so the CUDA sample runs all of them on global memory too.
// Shared by the CPU twin, the traced CUDA launch and the full-size sort.
#pragma once

#include <cstdint>
#include <vector>

#include "network.h"

namespace ws::merge {

struct NetworkLaunch {
  bool shared = false;
  int32_t k = 2, j = 1;     // the first stage
  int32_t stages = 1;       // consecutive stages (shared) or 1 (global)
  int32_t first_stage = 0;  // index of the first stage in the network's order
  int32_t first_step = 0;   // teach trace: shared launches take stages + 2 steps (load, store)
  int32_t steps() const { return shared ? stages + 2 : 1; }
};

// wires and tile: powers of two, 2 <= tile <= wires.
std::vector<NetworkLaunch> network_schedule(NetworkKind kind, int64_t wires, int32_t tile);

}  // namespace ws::merge
