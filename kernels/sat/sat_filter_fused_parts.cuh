// What the fused box filter's launches share (sat_filter_fused.cu: the walk, launch 3, and the
// host side; sat_filter_fused_starts.cu: launches 0-2, which prepare the walks' starts): the
// start rows, the rows of each window, the row loads and the programmatic dependent launch
// between launch 1 and the walk. In ws::sat::fused, not an anonymous namespace, so that a unity
// build that puts both files (and the teach kernels, with their own top_row) in one translation
// unit sees one of each.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "../common/dependent_launch.cuh"
#include "sat.h"

namespace ws::sat::fused {

inline constexpr int kStripRows = 128;       // launch 1's strips are at most this tall
inline constexpr int kMaxFusedStarts = 768;  // h / kStripRows + two start rows per block

// The rows where the walks start: for block b (output rows from b * rows_per_block), the top
// walk's row max(y - r, 0) - 1 (none when -1) and the bottom walk's row min(y + r, h - 1), and
// every 128th row (so that no strip is taller than kStripRows), sorted and without repeats. Strip k
// of launch 1 is rows (start[k - 1], start[k]] (start[-1] = -1).
struct Starts {
  int count = 0;
  int row[kMaxFusedStarts];
};

// Image rows rounded up to whole 8-byte groups (launch 0 pads them when w is not a multiple of 8).
__host__ __device__ inline int padded_pitch(int w) {
  return (w + 7) & ~7;
}

__host__ __device__ inline int top_row(int y, int r) {
  return (y - r < 0 ? 0 : y - r) - 1;
}
__host__ __device__ inline int bottom_row(int y, int r, int h) {
  return y + r > h - 1 ? h - 1 : y + r;
}

// A thread's kCols columns of one image row of `pitch` bytes as kCols / 4 words: one 8- or 16-byte
// load (pitch a multiple of kCols; zeros for a thread past the row).
template <int kCols>
struct RowWords {
  uint32_t word[kCols / 4];
};
template <int kCols>
__device__ __forceinline__ RowWords<kCols> load_row(const uint8_t* plane, int pitch, int y, int x) {
  RowWords<kCols> r;
  if constexpr (kCols == 8) {
    const uint2 v = x < pitch ? __ldg(reinterpret_cast<const uint2*>(plane + size_t(y) * pitch + x))
                              : make_uint2(0, 0);
    r.word[0] = v.x, r.word[1] = v.y;
  } else {
    static_assert(kCols == 16, "8 or 16 columns a thread");
    const uint4 v = x < pitch ? __ldg(reinterpret_cast<const uint4*>(plane + size_t(y) * pitch + x))
                              : make_uint4(0, 0, 0, 0);
    r.word[0] = v.x, r.word[1] = v.y, r.word[2] = v.z, r.word[3] = v.w;
  }
  return r;
}

// A thread's kCols columns of one row at `p` (8 or 16 bytes, aligned), unconditionally.
template <int kCols>
__device__ __forceinline__ RowWords<kCols> load_row_at(const uint8_t* p) {
  RowWords<kCols> r;
  if constexpr (kCols == 8) {
    const uint2 v = __ldg(reinterpret_cast<const uint2*>(p));
    r.word[0] = v.x, r.word[1] = v.y;
  } else {
    static_assert(kCols == 16, "8 or 16 columns a thread");
    const uint4 v = __ldg(reinterpret_cast<const uint4*>(p));
    r.word[0] = v.x, r.word[1] = v.y, r.word[2] = v.z, r.word[3] = v.w;
  }
  return r;
}

// Programmatic dependent launch (../common/dependent_launch.cuh): launch 1 lets the walk start as
// soon as every one of its blocks runs; the walk waits for launch 1's results (its completion and
// memory) only where it reads them.
using ws::let_the_next_launch_start;
using ws::wait_for_the_launch_before;

// Launch 0: `plane_rows` rows of w bytes (every channel's) copied into rows of `pitch` bytes, by
// warps of 512 bytes (`by_warps`) or by threads of 8.
void launch_pad_rows(const uint8_t* image, int w, int pitch, int plane_rows, uint8_t* padded,
                     bool by_warps, cudaStream_t stream);
// From this many bytes of padded rows launch 0 is faster by warps (H200: 0.040-0.041 ms against
// 0.044-0.051 at 8183 x 8192; by threads below, 0.0105 against 0.0115 ms at 4001 x 3000).
inline constexpr int64_t kPadByWarpsFrom = int64_t{32} << 20;
// Launch 1: the column sums of every strip of every channel into `sums` (starts.count x pitch a
// channel).
void launch_strip_sums(const uint8_t* rows, int pitch, int h, int channels, const Starts& starts,
                       uint32_t* sums, cudaStream_t stream);
// Launch 2: in place, each strip's column sums become the sums over all strips up to it.
void launch_start_columns(int pitch, int strips, int channels, uint32_t* sums, cudaStream_t stream);
// Launches 1 and 2's kernels loaded now (cuda_load.cuh): which of them run depends on the radius.
void load_start_kernels();

}  // namespace ws::sat::fused
