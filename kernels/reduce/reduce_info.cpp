// Names, lessons and launch-shape rules shared by both backends.
#include <algorithm>
#include <cstdlib>

#include "../common/block_dim.h"
#include "../common/error.h"
#include "../common/variant_table.h"
#include "reduce.h"
#include "reduce_global.h"

namespace ws::reduce {

const std::vector<VariantInfo>& variant_infos() {
  static const std::vector<VariantInfo> infos = {
      {Variant::InterleavedDivergent, "interleaved-divergent",
       "Interleaved addressing, divergent branch", "PMPP 10.3",
       "Only every (2*stride)-th owner works, so nearly every warp diverges at every level."},
      {Variant::InterleavedStrided, "interleaved-strided", "Interleaved addressing, strided index",
       "Harris reduce1",
       "Active threads are contiguous (no divergence) but their shared-memory accesses pile up in "
       "few banks."},
      {Variant::Sequential, "sequential", "Sequential addressing (convergent)", "PMPP 10.4",
       "Halving the stride keeps the active threads in the fewest warps and the accesses "
       "conflict free."},
      {Variant::FirstAddDuringLoad, "first-add-load", "Shared memory, first add during load",
       "PMPP 10.5-10.6",
       "Adding two inputs while loading halves the shared memory and drops the idle first level."},
      {Variant::UnrollLastWarp, "unroll-last-warp", "Last warp unrolled (warp-synchronous)",
       "Harris reduce5",
       "Inside one warp __syncwarp is enough: the last six levels need no block barrier."},
      {Variant::WarpShuffle, "warp-shuffle", "Warp shuffle (__shfl_down_sync)", "PMPP 10.7 / CUB",
       "Registers exchange values directly: no shared memory until the warp totals."},
      {Variant::Coarsened, "coarsened", "Thread coarsening, grid-stride loop, vector loads",
       "PMPP 10.8",
       "Each thread first sums many inputs serially: fewer blocks, fewer levels, full bandwidth."},
      {Variant::SimpleGlobal, "simple-global", "Simple kernel, in place in global memory",
       "PMPP 10.3 Fig. 10.6",
       "Every level reads and writes global memory, and the scattered owners keep every warp "
       "touching two 128-byte lines per access: 141 requests for 256 inputs."},
      {Variant::ConvergentGlobal, "convergent-global",
       "Convergent kernel, in place in global memory", "PMPP 10.4 Fig. 10.9",
       "Contiguous owners touch one 128-byte line per warp access and whole warps retire: 36 "
       "requests for 256 inputs instead of 141."},
      {Variant::ReduceGlobal, "reduce-global",
       "reduce_global: blocks in place, then a second launch", "CS344 lesson 3",
       "Many blocks each reduce their slice in global memory; a second launch reduces the block "
       "results, and every level costs global traffic that shared memory would avoid."},
  };
  return infos;
}

const VariantInfo& info(Variant v) {
  return find_variant_info(variant_infos(), v, "reduction");
}

bool parse_variant(const std::string& text, Variant& out) {
  return parse_variant_text(variant_infos(), text, out);
}

const char* finish_name(Finish f) {
  switch (f) {
    case Finish::TwoPass:
      return "two-pass";
    case Finish::Atomic:
      return "atomic";
    default:
      return "last-block";
  }
}

bool parse_finish(const std::string& text, Finish& out) {
  for (Finish f : {Finish::TwoPass, Finish::Atomic, Finish::LastBlock}) {
    if (text == finish_name(f)) {
      out = f;
      return true;
    }
  }
  return false;
}

bool is_global_variant(Variant v) {
  return v == Variant::SimpleGlobal || v == Variant::ConvergentGlobal || v == Variant::ReduceGlobal;
}

const char* source_file(Variant v) {
  return is_global_variant(v) ? "kernels/reduce/reduce_global.cu" : "kernels/reduce/reduce.cu";
}

namespace {

int minimum_block_dim(const Params& p) {
  if (p.variant == Variant::UnrollLastWarp) return 64;
  if (p.variant == Variant::WarpShuffle || p.variant == Variant::Coarsened ||
      p.finish == Finish::LastBlock)
    return 32;
  return 1;
}

}  // namespace

int64_t inputs_per_block(const Params& p, int block_dim) {
  if (p.variant == Variant::ReduceGlobal) return block_dim;
  if (p.variant == Variant::Coarsened) return int64_t{block_dim} * p.coarsening;
  return 2 * int64_t{block_dim};
}

int64_t grid_dim_for(const Params& p, int block_dim, int64_t n) {
  const int64_t per_block = inputs_per_block(p, block_dim);
  return std::max<int64_t>(1, (n + per_block - 1) / per_block);
}

int resolve_block_dim(const Params& p, int64_t n) {
  if (is_global_variant(p.variant)) return global_teach_block_dim(p, n);
  const int minimum = minimum_block_dim(p);
  if (p.variant == Variant::Coarsened)
    WS_REQUIRE(p.coarsening >= 4 && p.coarsening % 4 == 0,
               "coarsening must be a positive multiple of 4 (vector loads), got " +
                   std::to_string(p.coarsening));
  if (p.block_dim != 0) {
    require_block_dim(p.block_dim, minimum,
                      std::string("variant '") + info(p.variant).id + "' with finish '" +
                          finish_name(p.finish) + "'");
    return p.block_dim;
  }
  // Two inputs per thread (variant 7: `coarsening`), at most 256 threads.
  const int64_t per_thread = p.variant == Variant::Coarsened ? p.coarsening : 2;
  return auto_block_dim(n, minimum, 256, [&](int b) { return int64_t{b} * per_thread; });
}

}  // namespace ws::reduce
