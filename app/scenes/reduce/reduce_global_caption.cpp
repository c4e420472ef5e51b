// The global-memory variants in lecture mode (8 simple-global, 9 convergent-global, 10
// reduce-global): why each tree level costs the requests it does, and the catalog keys of their
// titles and lessons (kernels/reduce/reduce_info.cpp).
#include "i18n/i18n.h"
#include "reduce/reduce_global.h"
#include "reduce_run.h"

namespace ws::app {

namespace {

[[maybe_unused]] const char* const kGlobalVariantText[] = {
    TR_NOOP("PMPP 10.3 Fig. 10.6"),
    TR_NOOP("PMPP 10.4 Fig. 10.9"),
    TR_NOOP("CS344 lesson 3"),
    TR_NOOP("Simple kernel, in place in global memory"),
    TR_NOOP("Every level reads and writes global memory, and the scattered owners keep every warp "
            "touching two 128-byte lines per access: 141 requests for 256 inputs."),
    TR_NOOP("Convergent kernel, in place in global memory"),
    TR_NOOP("Contiguous owners touch one 128-byte line per warp access and whole warps retire: 36 "
            "requests for 256 inputs instead of 141."),
    TR_NOOP("reduce_global: blocks in place, then a second launch"),
    TR_NOOP("Many blocks each reduce their slice in global memory; a second launch reduces the "
            "block results, and every level costs global traffic that shared memory would "
            "avoid."),
};

}  // namespace

std::string global_tree_why(reduce::Variant v, int stride, int warp) {
  using reduce::Variant;
  if (v == Variant::SimpleGlobal) {
    if (stride < warp)
      return trf(
          "Stride {0}: thread t works when t % {0} == 0 and adds input[2t + {0}] into input[2t], "
          "in place in global memory. The owners are scattered over each warp's 64 elements, so "
          "each of the two reads and the write touches two 128-byte lines per warp.",
          stride);
    return trf(
        "Stride {0}: at most one owner per warp is left; each of its two reads and its write is "
        "still a whole 128-byte request for one 4-byte value, and every level waits at the "
        "barrier.",
        stride);
  }
  if (v == Variant::ConvergentGlobal) {
    if (stride >= warp)
      return trf(
          "Stride {0}: threads 0 to {1} add input[t + {0}] into input[t] in global memory. "
          "Neighbouring lanes touch neighbouring words, so every warp access is one 128-byte "
          "line, and the warps past the stride have nothing to do.",
          stride, stride - 1);
    return trf(
        "Stride {0}: fewer threads than a warp; warp 0 alone still makes three requests (two "
        "reads and a write, one line each) and the block waits at the barrier.",
        stride);
  }
  return trf(
      "Each block folds the upper half of its slice onto the lower half: thread tid < {0} adds "
      "d_in[myId + {0}] into d_in[myId], in place in global memory, then __syncthreads. Every "
      "level goes through global memory, which shared memory would have kept on chip.",
      stride);
}

std::string global_requests_text(const Trace& trace, const Counters& counters) {
  const int64_t book = reduce::book_requests(trace, counters);
  return trf(
      "{0} requests as the book counts them (128-byte lines of the tree levels) + {1} for "
      "the final store",
      book, counters.global_lines - book);
}

}  // namespace ws::app
