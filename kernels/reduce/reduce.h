// Parallel reduction: variants, parameters, teach-mode traces and fast-mode timings.
// CUDA-free API: the CPU reference (reduce_cpu.cpp) and the CUDA kernels (reduce.cu) both sit
// behind it and produce identical traces for integer data.
//
// Every block-level variant reduces a contiguous slice of the input per block; a finish strategy
// (two passes, atomics, or the last block) combines the block results.
//   1 interleaved-divergent  PMPP 10.3 / Harris reduce0: owner thread t combines s[2t] and
//                            s[2t+stride] when t % stride == 0 (the element index 2t is a multiple
//                            of 2*stride); warps diverge at every level.
//   2 interleaved-strided    Harris reduce1: thread t combines s[2*stride*t]; contiguous active
//                            threads, but shared-memory bank conflicts grow with the stride.
//   3 sequential             PMPP 10.4 / Harris reduce2: stride halves from blockDim; active
//                            threads stay contiguous and accesses conflict free.
//   4 first-add-load         PMPP 10.5-10.6 / Harris reduce3: each thread adds two inputs while
//                            loading, so a block covers 2*blockDim inputs with blockDim of shared.
//   5 unroll-last-warp       Harris reduce4-5, rewritten for independent thread scheduling: the
//                            last 6 levels run in one warp with __syncwarp instead of barriers.
//   6 warp-shuffle           each warp reduces in registers with __shfl_down_sync, warp totals go
//                            through shared memory to the first warp.
//   7 coarsened              PMPP 10.8: a grid-stride loop with 4-wide vector loads accumulates
//                            `coarsening` inputs per thread serially, then a warp-shuffle finish.
//   8 simple-global          PMPP Fig. 10.6: the simple kernel, in place in GLOBAL memory, one
//   block
//                            of N/2 threads; owner thread t adds input[2t + stride] into input[2t]
//                            when t % stride == 0 (stride 1, 2, 4, ..., blockDim).
//   9 convergent-global      PMPP Fig. 10.9: in place in global memory, one block of N/2 threads;
//                            thread t adds input[t + stride] into input[t] when t < stride (stride
//                            blockDim, ..., 1).
//  10 reduce-global          CS344 lesson 3 `reduce_global`: each block reduces its blockDim-wide
//                            slice of the input in place (s = blockDim/2 .. 1, tid < s), thread 0
//                            writes the block's value; a second launch reduces the block values.
// Variants 8-10 (reduce_global.h) have no load step and no shared memory: every tree level reads
// and writes the input array itself, so the counters show the global traffic (global_lines, the
// book's 128-byte requests, beside global_requests, the 32-byte sectors).
// Work: every variant performs O(n) operations; steps: O(log blockDim) tree levels per pass
// (plus n / (gridDim*blockDim) serial steps for the coarsened variant).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/binary_op.h"
#include "../common/trace.h"

namespace ws::reduce {

enum class Variant : uint8_t {
  InterleavedDivergent = 1,
  InterleavedStrided = 2,
  Sequential = 3,
  FirstAddDuringLoad = 4,
  UnrollLastWarp = 5,
  WarpShuffle = 6,
  Coarsened = 7,
  SimpleGlobal = 8,      // PMPP Fig. 10.6 (reduce_global.h)
  ConvergentGlobal = 9,  // PMPP Fig. 10.9
  ReduceGlobal = 10,     // CS344 lesson 3, reduce_global
};

// Variants 8-10 reduce in place in global memory (reduce_global.h).
bool is_global_variant(Variant v);
// The kernel source file of a variant, for the code panel: "kernels/reduce/reduce.cu" or
// "kernels/reduce/reduce_global.cu".
const char* source_file(Variant v);

// How the per-block results become one value.
enum class Finish : uint8_t {
  TwoPass = 0,    // blocks write partials; the same kernel runs again on them until one is left
  Atomic = 1,     // thread 0 of every block combines its result into the output atomically
  LastBlock = 2,  // partials + __threadfence + a retirement counter; the last block finishes
};

struct VariantInfo {
  Variant variant;
  const char* id;      // command-line name, e.g. "sequential"
  const char* title;   // e.g. "Sequential addressing (convergent)"
  const char* pmpp;    // section reference
  const char* lesson;  // one sentence a student should take away
};

const std::vector<VariantInfo>& variant_infos();
const VariantInfo& info(Variant v);
bool parse_variant(const std::string& text, Variant& out);  // accepts the id or its number
const char* finish_name(Finish f);
bool parse_finish(const std::string& text, Finish& out);

struct Params {
  Variant variant = Variant::Sequential;
  Finish finish = Finish::TwoPass;
  BinaryOp op = BinaryOp::Sum;
  ValueType type = ValueType::Int32;
  int block_dim = 0;    // threads per block; 0 = automatic (see resolve_block_dim)
  int coarsening = 16;  // inputs per thread for the coarsened variant (a multiple of 4)
};

// Block size a run uses: `block_dim` when set, else the smallest power of two that covers the
// input in one block, clamped to the variant's minimum (32 for shuffles, 64 for the unrolled warp)
// and to 256. Throws ws::Error when the variant cannot run with the requested size.
int resolve_block_dim(const Params& p, int64_t n);
// Inputs one block consumes in one pass, and the number of blocks of a pass over n inputs.
int64_t inputs_per_block(const Params& p, int block_dim);
int64_t grid_dim_for(const Params& p, int block_dim, int64_t n);

// Teach mode: the reduction of `values` (exact int32 or float32 values) with its full trace.
struct TeachRun {
  double result = 0;
  Trace trace;
};

constexpr int64_t kTeachMaxN = 4096;

TeachRun teach_cpu(const Params& p, const std::vector<double>& values);

// Fast mode: the same schedule without a trace, timed (median of `repeats` runs, host clock).
// `data` points to n int32_t or float values per p.type.
struct FastRun {
  double result = 0;
  double median_ms = 0;
  double gbps = 0;  // input bytes read / time
  int64_t n = 0;
};

constexpr int64_t kCpuFastMaxN = int64_t{1} << 24;

FastRun fast_cpu(const Params& p, const void* data, int64_t n, int repeats);

// The sequential answer, in the element type (left to right, as a CPU loop would).
double reduce_serial(BinaryOp op, ValueType type, const std::vector<double>& values);

}  // namespace ws::reduce
