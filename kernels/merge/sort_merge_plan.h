// Merge sort's passes, shared by the CPU twin (sort_merge_cpu.cpp) and the CUDA kernel
// (sort_merge.cu): in the pass of width w the runs [base, base + w) and [base + w, base + 2w)
// (clipped to n) are merged; thread t writes outputs [t c, (t + 1) c) of the pass, and where that
// range crosses merges it does each piece in turn.
#pragma once

#include <cstdint>

#include "../common/host_device.h"

namespace ws::merge {

struct SortPassPiece {
  int64_t base;            // the merge's first key in the pass's input
  int32_t a_len, b_len;    // A = [base, base + a_len), B = [base + a_len, base + a_len + b_len)
  int32_t k_begin, k_end;  // the thread's outputs in this merge, relative to base
};

// The first merge a thread whose outputs start at k_lo works on.
WS_HD int64_t sort_pass_first_base(int64_t k_lo, int64_t width) {
  return k_lo / (2 * width) * (2 * width);
}

// The piece of merge `base` that the outputs [k_lo, k_hi) cover (n keys, runs of `width`).
WS_HD SortPassPiece sort_pass_piece(int64_t base, int64_t width, int64_t n, int64_t k_lo,
                                    int64_t k_hi) {
  const int64_t a_end = base + width < n ? base + width : n;
  const int64_t b_end = base + 2 * width < n ? base + 2 * width : n;
  const int64_t k_begin = (k_lo > base ? k_lo : base) - base;
  const int64_t k_end = (k_hi < b_end ? k_hi : b_end) - base;
  return {base, int32_t(a_end - base), int32_t(b_end - a_end), int32_t(k_begin), int32_t(k_end)};
}

}  // namespace ws::merge
