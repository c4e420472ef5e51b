// The reduction's global-memory variants, in place in the input array (no shared memory):
//    8 simple-global      PMPP Fig. 10.6. i = 2t; for stride = 1, 2, ..., blockDim:
//                         `if (t % stride == 0) input[i] += input[i + stride]`, barrier.
//    9 convergent-global  PMPP Fig. 10.9. i = t; for stride = blockDim, ..., 1:
//                         `if (t < stride) input[i] += input[i + stride]`, barrier.
//   10 reduce-global      CS344 lesson 3. myId = blockIdx*blockDim + t; for s = blockDim/2, ..., 1:
//                         `if (t < s) d_in[myId] += d_in[myId + s]`, barrier; thread 0 writes
//                         d_out[blockIdx]; the next launch reduces d_out in place the same way.
// Work: n - 1 operations (8 and 9 also combine identity padding in fast mode); steps: log2(2B)
// levels (8, 9) or log2(B) levels (10) per pass, plus one store step.
//
// Launch shape. Teach mode (what the books launch):
//   8, 9: ONE block of N/2 threads over N inputs, N a power of two from 2 to 2048 (the books'
//         kernels have no bounds check and one block holds at most 1024 threads); --block, when
//         given, must be N/2.
//   10:   blocks of B threads (--block, default min(256, N)); N a power of two (CS344 launches
//         exactly n = blocks * threads). Pass 1 runs N/B blocks; pass k+1 reduces the previous
//         pass's block values in place with min(B, count) threads per block, until one block is
//         left and writes the result.
// Fast mode (timing, any n >= 1): the same kernels over slices of 2B inputs per block (8, 9) or B
//   (10), B = --block or 1024 (the book's largest block, N = 2048; CS344's maxThreadsPerBlock);
//   passes repeat on the block values until one block is left. The input is padded with the
//   operator's identity to whole slices, and restored before every timed run (the kernels
//   overwrite it), outside the timed region.
//
// Trace layout (teach mode), in Trace::buffers order:
//   0 "input"     global, N elements: the array every tree level overwrites in place
//   1 "result"    global, 1 element
//   2.. "partials", "partials 2", ... (global, one element per block): a pass's block values,
//                 which the next pass reduces in place (variant 10 with more than one block)
// Steps of each pass (labels prefixed "pass k: " when a run has several passes):
//   "stride s"  phase "tree", marker "@tree", one barrier: every active thread reads in[dst],
//               reads in[src], applies the operator (an Op event at dst of the pass's input
//               buffer) and writes in[dst], in that order;
//   "store result" / "store block result"  phase "finish", marker "@store": thread 0 of every
//               block reads in[its slice's first element] and writes out[blockIdx].
// Threads are numbered blockIdx.x * blockDim.x + threadIdx.x; addresses are element indices.
// The books' request count is Counters::global_lines summed over the "tree" steps (the figures
// leave out the final store); book_requests() computes it.
#pragma once

#include <cstdint>
#include <vector>

#include "../common/counters.h"
#include "reduce.h"

namespace ws::reduce {

struct GlobalPass {
  int block_dim = 1;
  int grid_dim = 1;
  int64_t n = 0;     // inputs of the pass, padded to grid_dim * span in fast mode
  int64_t span = 0;  // inputs one block reduces: 2 * block_dim (8, 9) or block_dim (10)
  bool last = false;
};

// The passes of a run. Teach mode throws ws::Error, naming --n/--block and what is accepted,
// for a size or block the kernel does not take.
std::vector<GlobalPass> plan_global_passes(const Params& p, int64_t n, bool teach);
// The first pass's block size in teach mode (resolve_block_dim for variants 8-10).
int global_teach_block_dim(const Params& p, int64_t n);

TeachRun teach_global_cpu(const Params& p, const std::vector<double>& values);
FastRun fast_global_cpu(const Params& p, const void* data, int64_t n, int repeats);

// The 128-byte requests the books count: global_lines of the tree steps.
int64_t book_requests(const Trace& trace, const Counters& counters);

}  // namespace ws::reduce
