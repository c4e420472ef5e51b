// Internal to the CUDA backend (reduce.cu <-> reduce_fast.cu); CUDA-free so that it stays a plain
// header. Not part of the public API: use reduce_cuda.h.
#pragma once

#include <cstdint>
#include <vector>

#include "reduce.h"

namespace ws::reduce::detail {

// The launch shape of one pass; TwoPass runs passes until one block is left.
struct PassShape {
  int block_dim = 1;
  int grid_dim = 1;
  int64_t n = 0;      // inputs of this pass
  bool last = false;  // writes the final result
};

// The passes of a run, by the model's rules (reduce_cpu.cpp). `grid_cap` > 0 limits every pass's
// grid (only for the grid-stride variant 7, whose blocks loop over any number of inputs).
std::vector<PassShape> plan_passes(const Params& p, int64_t n, int64_t grid_cap);

// One uninstrumented pass on the default stream. Pointers are int32_t* or float* per the type.
struct FastPass {
  PassShape shape;
  const void* input = nullptr;
  Finish finish = Finish::TwoPass;
  void* partials = nullptr;  // TwoPass: this pass's output (the result on the last pass);
                             // LastBlock: one slot per block
  void* result = nullptr;    // Atomic (holds the identity before the launch) and LastBlock
  unsigned int* retirement = nullptr;  // LastBlock: 0 before the launch, 0 again after it
};
void launch_fast_pass(Variant v, BinaryOp op, ValueType type, const FastPass& pass);

// Resident blocks per SM of the fast kernel at this block size (occupancy API).
int fast_blocks_per_sm(Variant v, BinaryOp op, ValueType type, int block_dim);

}  // namespace ws::reduce::detail
