// The teaching shape of the fused box filter (sat_filter_fused.cu), shared by its traced CUDA
// kernels (sat_filter_fused_teach.cu) and its CPU twin (sat_teach_fused_filter_cpu.cpp): the fast
// kernel's three launches with its constants scaled down so that a 32 x 32 image has several
// strips, walking blocks and threads.
//   fast kernel                                    teach version
//   launch 1: 16 (or 8) columns a thread,          4 columns a thread, one step per row of the
//             strips of at most 128 rows           strips, strips of at most 8 rows
//   launch 2: 32 warps split a column's strips     2 segments (warps) of 32 lanes
//   launch 3: 256-1024 threads, 8 columns each,    ceil(w / 4) threads (one warp), 4 columns each,
//             h / (the SMs' blocks) rows a block   8 rows a block
//   a window of at most a block's rows (2 r + 1 <= rows a block): launch 3 alone, each walk
//   summing its first window's rows itself (r <= 3 here); the fast kernel goes on to 1.4 times
//   a block's rows (r <= 43 at 8192 x 8192), where the two starts were measured to cross: a
//   tuning of when, not of what, so the teach version keeps the plain rule
// What is speed and not the algorithm is left out: vector loads, rows loaded two iterations
// ahead, the packed 16-bit sums of launch 1, the one-sided rounding of the pixels (with the row's
// count inside, each pixel's own near the edges), and (one warp a block) the block scan's second
// level: each warp's total through shared memory and a barrier, which a block of one warp does
// not need.
#pragma once

#include <vector>

#include "../common/host_device.h"
#include "sat.h"

namespace ws::sat::fused_teach {

inline constexpr int kSumCols = 4;       // launch 1: columns a thread sums
inline constexpr int kStripRows = 8;     // launch 1: a strip is at most this tall
inline constexpr int kSegments = 2;      // launch 2: warps splitting a column's strips
inline constexpr int kLanes = 32;        // launch 2: a warp's lanes, one column each
inline constexpr int kWalkCols = 4;      // launch 3: columns a thread walks
inline constexpr int kRowsPerBlock = 8;  // launch 3: output rows a block walks
inline constexpr int kRows = 2;          // launch 3: output rows an iteration
inline constexpr int kMaxStarts = 16;    // h / kStripRows + two rows a block, for h <= kTeachMax
static_assert(kTeachMax / kStripRows + 2 * (kTeachMax / kRowsPerBlock) <= kMaxStarts,
              "the start rows of a teaching image fit");
static_assert(kTeachMax <= kLanes, "launch 2: a lane per column of the image");
static_assert(kTeachMax / kWalkCols <= 32, "launch 3: a block is one warp");

// The window of output row y: its rows are top_row + 1 .. bottom_row (top_row -1: from row 0).
WS_HD int top_row(int y, int r) {
  return (y - r < 0 ? 0 : y - r) - 1;
}
WS_HD int bottom_row(int y, int r, int h) {
  return y + r > h - 1 ? h - 1 : y + r;
}
// Output row y of a block that starts at row ya: whether its window takes in a new image row at
// the bottom and drops one at the top, the window having reached rows `bottom` and `top` (at most
// one of each per output row).
struct WindowMove {
  bool enters, leaves;
};
WS_HD WindowMove window_move(int y, int ya, int r, int h, int bottom, int top) {
  return {y > ya && bottom_row(y, r, h) > bottom, y > ya && top_row(y, r) > top};
}
// Where E's row `i` of an iteration lies in the block's shared E: two buffers of kRows rows of w,
// alternating by iteration (`iteration & 1`), so one barrier an iteration suffices.
WS_HD int e_at(int iteration, int i, int x, int w) {
  return ((iteration & 1) * kRows + i) * w + x;
}

struct Shape {
  int w = 0, h = 0, r = 0;  // r: the useful radius (rule::useful_radius)
  int blocks = 0, rows_per_block = 0, walk_threads = 0, sum_threads = 0;
  int iterations = 0;       // the most iterations a block walks
  bool direct = false;      // 2 r + 1 <= rows_per_block: no launches 1 and 2 (see above)
  int strip_height = 0;     // the tallest strip
  std::vector<int> starts;  // sorted start rows; strip k is rows starts[k - 1] + 1 .. starts[k]
  int strips() const { return int(starts.size()); }
  int start_index(int row) const;  // the index of `row` in starts (it is one of them)
  int first_row(int k) const { return k == 0 ? 0 : starts[size_t(k) - 1] + 1; }
};
// The shape of a w x h image (up to kTeachMax) at `radius` (any radius >= 0).
Shape shape_of(int w, int h, int radius);

}  // namespace ws::sat::fused_teach
