// The modelled schedule of the single-pass scans (variants 8 and 9) behind the CPU twin and
// timeline_cpu. The GPU runs blocks in an order and at speeds nobody controls; the CPU twin
// replaces that with a small deterministic machine:
//   - `resident` block slots (kModelResidentBlocks by default). A block takes the next dynamic
//     index when it starts in a slot; the next block starts in the slot that frees first (the
//     lower index first on a tie), at the time it frees.
//   - Every modelled step takes one time unit: a block's local scan takes its local steps (load,
//     thread scan, section-scan levels, add back) plus a stagger of 0-2 units (a hash of its index:
//     blocks are not equally fast, which is what makes waiting visible).
//   - Chained (8): after its local scan the block polls its predecessor's flag once per unit until
//     the predecessor's running total is there, publishes its own one unit later, and stores the
//     next unit.
//   - Decoupled look-back (9): the block publishes its aggregate (flag A) when its local scan ends
//     (block 0 publishes its inclusive prefix, flag P, instead), then polls predecessors one per
//     unit from the next unit on: Invalid -> poll the same one again; A -> add its aggregate, go
//     one further back; P -> add its prefix and stop. It publishes its prefix (P) one unit later
//     and stores the next unit.
// A flag published at time u is seen by polls at times >= u. Times are in units, not ns.
#pragma once

#include <cstdint>
#include <vector>

#include "scan.h"

namespace ws::scan {

constexpr int kModelResidentBlocks = 4;

struct SinglePassSchedule {
  Timeline timeline;                  // measured = false; polls: the last kMaxPollsPerBlock kept
  std::vector<int32_t> prefix_block;  // per block: the predecessor whose prefix (P) ended its
                                      // look-back (9) or chain wait (8, always block - 1); -1 for
                                      // block 0. Blocks prefix_block+1 .. block-1 gave aggregates.
};

// The steps a block's local scan takes in the twin's trace (load, thread scan if coarsening > 1,
// one per section-scan level, add back if both are > 1).
int local_scan_steps(int block_dim, int coarsening);

// Stagger (0, 1 or 2 units) of a block's local scan in the model.
int model_stagger(int64_t block);

// Simulates `blocks` blocks of variant 8 or 9. With keep_polls false only the block records and
// prefix_block are filled (fast mode uses the look-back paths to combine in the same order).
SinglePassSchedule model_schedule(Variant variant, int64_t blocks, int local_steps,
                                  int resident = kModelResidentBlocks, bool keep_polls = true);

}  // namespace ws::scan
