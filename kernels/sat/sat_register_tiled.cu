// Variant 5, register-tiled: the fastest summed-area table here. Register-cached tiles in the
// style of Chen, Wahib et al. 2018 ("register cache": a warp keeps its tile's running sums in
// registers and scans rows with warp shuffles, never staging pixels in shared memory), with the
// carries between tiles found by a reduce-then-scan over tile aggregates.
//
// A tile is 128 columns x 8 to 128 rows (below) and belongs to one warp: lane l owns the 4
// adjacent columns 4l..4l+3 of it, so a row of the tile is one coalesced 4-byte (u8) or 16-byte
// (f32) load per lane and one coalesced 16-byte store per lane (two for a double table). Three
// launches:
//
//   1 tile sums    each warp reads its tile once: per lane 4 running column sums (serial, in
//                  registers), per row the row's sum over the tile (a 5-step shuffle butterfly),
//                  and the tile's total. Writes 1/128 of the image's size per direction.
//   2 carries      tiny: scans the aggregates. For every column, the exclusive sum over the tiles
//                  above (col_carry); for every row, over the tiles to the left (row_carry); for
//                  every tile, the sum of all tiles above and to its left (corner).
//   3 tile tables  each warp reads its tile again and writes its part of the table once. The row
//                  above the tile, SAT(x, y0 - 1) = corner + the warp's scan of col_carry, starts
//                  the lane's 4 column sums; then for each row: the lane's 4 samples scanned
//                  serially, a 5-step Kogge-Stone shuffle scan across the 32 lanes, plus the
//                  row's carry from the left, added into the column sums, stored.
//
// SAT(x, y) = corner + sum over x0..x of col_carry + sum over rows y0..y of (row_carry(y) +
// the row's prefix inside the tile): every term is one of the aggregates, so each tile is
// independent once launch 2 is done. The image is read twice and the table written once. Rows
// come in double-buffered batches of 8 (the next batch is in flight while the current one is
// summed), kept packed (a u8 row is one register per lane). Tiles of launch 3 run in the reverse
// order of launch 1, so the first ones it reads are the last ones launch 1 left in the L2 cache,
// and its stores are streaming (evict-first) so they do not push the image out.
//
// Work: per pixel 2 loads, ~5 adds, 12/4 shuffles (per lane and row: 5 butterfly + 6 scan steps
// + 1 row carry, shared by 4 pixels; u8 images 6.5/4: two rows' sums fit one word, so they share
// a butterfly and a scan), 1 store; aggregates ~n/128 + n/H for H-row tiles. Total O(n).
// Steps: 8-128 serial rows per warp (x2 launches) + 5 shuffle steps per row; the carries are
// O(h/128 + w/H) serial adds per thread of launch 2. Compare variant 4 (single pass, look-back):
// one read of the image instead of two, but look-back latency across tiles.
// u8 -> u32 on rows of whole 16-byte groups takes the wide path (sat_register_tiled_u8.cuh):
// 512 x 32 or 64 tiles, 16 columns a lane, no shuffles in launch 1, and launch 3's rows staged in
// shared memory so that every store instruction writes 512 consecutive bytes; it runs where the
// 128-column tiles would be taller than 32 rows. The 128-column tiles are 8, 16 or 32 rows high
// up to 1536, 2048 (u8: 3072) or 2048 of them (else 64 rows where launch 2 holds them, else 128):
// more warps where a few tall tiles left most of the GPU idle (narrow_rows, wide_rows below; u8 600
// x 400 0.020 ms instead of 0.106 in 128 rows, 1920 x 1080 0.021 instead of 0.041; f32 600 x 400
// 0.018 instead of 0.066, H200). Launches 2 and 3 are dependent launches
// (../common/dependent_launch.cuh): launch 2 is placed as launch 1's last blocks end and launch 3
// as launch 2's do, each waiting for the results at its start, which saves the gaps between them
// (600 x 400 0.034-0.035 ms instead of 0.036-0.037, 8192^2 0.124-0.125 instead of 0.126-0.128;
// launch 1 letting launch 2 start at its beginning was slower from 3000 x 2000 up: 0.139 ms at
// 8192^2).
// Measured (H100 80GB HBM3, 2026-11-24, 8192 x 8192 u8 -> u32; a 256 MiB memset takes 0.088 ms,
// a plain copy widening 64 MiB of u8 into 256 MiB of u32 0.130 ms):
//   these 128 x 128 tiles        0.364 ms: launch 1 0.144, 2 0.012, 3 0.216
//   wide, lanes store directly   0.251 ms: launch 1 0.031, 2 0.010, 3 0.217
//   wide, staged rows (default)  0.168 ms: launch 1 0.031, 2 0.010, 3 0.132 (512 x 32 and
//                                512 x 128 tiles: 0.172 and 0.169)
// NPP 2.5 ms, CUB 1.0 ms. Launch 3 was slow because of its stores, not its arithmetic: a lane
// storing its 16 adjacent u32 columns as four 16-byte stores 64 bytes apart half-fills every
// 32-byte sector per instruction, and the L2 takes twice the write requests and sectors (ncu:
// 15.3 M sectors, 7.3 M requests instead of 8.4 M and 2.1 M). The same load/store pattern with
// no arithmetic at all took 0.308 ms strided and 0.129 ms contiguous. Now launch 3 moves its
// bytes (64 MiB read, 256 MiB written) as fast as the widening copy does; what is left is the
// design's second read of the image (launch 1) and launch 2: a single-pass table would need one
// read of the image but its look-back across tiles (variant 4).
//
// Teach mode (the traced kernels at the end of this file; CPU twin
// sat_teach_register_tiled_cpu.cpp): the same three launches scaled down so that a 32 x 32 image
// has several tiles. A tile is T x T (--tile, 2..16) and a block of T lanes; lane l owns column l
// of the tile, one column a lane instead of 4 (the teaching shape: every add is one event). The
// row sum is a shuffle-down tree (any T, where the butterfly above needs 32 lanes), launch 2 runs
// three blocks (columns, rows, corners), and launch 3 scans across the lanes with Kogge-Stone
// shuffles. No batches, no vector loads, no two u8 rows a step, no reversed order, no streaming
// stores: those are speed, not the algorithm. The registers the design is about are traced too:
// every row, lane l records its running column sum (launch 1, "lane column sums") or its running
// column value, the table being built (launch 3, "lane table values": from SAT(x0 + l, y0 - 1)
// on), as writes to buffers of MemSpace::Register that the figure draws as rows and the memory
// counters skip. The adds happen in the twin's order, so f32 traces equal the CPU's bit for bit.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include "../common/cuda_check.cuh"
#include "../common/dependent_launch.cuh"
#include "../common/error.h"
#include "sat_launch.h"
#include "sat_register_tiled_shape.h"
#include "sat_register_tiled_tuning.h"

namespace ws::sat {

namespace {

constexpr int kLanes = kRegisterLanes;
constexpr int kCols = kRegisterTileCols;
constexpr int kRows = kRegisterTileRows;
constexpr int kWarps = 4;      // warps (tiles side by side) per block
constexpr int kBatch = 8;      // rows loaded ahead of their arithmetic
constexpr int kMinBlocks = 5;  // resident blocks per SM asked of the register allocator
constexpr unsigned kFull = 0xffffffffu;
static_assert(kRows % kLanes == 0 && kLanes % kBatch == 0, "row groups of 32 rows, whole batches");
// Launch 2 scans the tiles' totals in 32 KiB of shared memory (kRegisterCornerBytes): 8192 tiles
// of 4-byte sums (u8 -> u32 or f32 in 64-row tiles at 8192^2), 4096 of 8-byte ones (128-row tiles
// at 8192^2).
template <class Out>
__host__ __device__ constexpr int max_tiles() {
  return int(kRegisterCornerBytes / sizeof(Out));
}
static_assert(max_tiles<double>() >= (kMaxSide / kCols) * (kMaxSide / kRows), "128-row tiles fit");

// ---- 4-wide loads and stores of one lane's columns. kVec: the row is 4-aligned (w % 4 == 0 and
// aligned buffers), so one vector access; otherwise per element, columns past the image are 0.

// 4-byte elements (u32, float) as one 16-byte vector: Vec4Of<T> is uint4 or float4.
template <class T>
struct Vec4Of;
template <>
struct Vec4Of<uint32_t> {
  using type = uint4;
};
template <>
struct Vec4Of<float> {
  using type = float4;
};

// A carry row in the table type (launch 2's output), 4 columns of a lane.
template <class T>
__device__ __forceinline__ void load4_out(const T* p, int valid, bool vec, T v[4]) {
  if (vec && valid >= 4) {
    const auto q = *reinterpret_cast<const typename Vec4Of<T>::type*>(p);
    v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
  } else {
    for (int k = 0; k < 4; ++k) v[k] = k < valid ? p[k] : T(0);
  }
}
__device__ __forceinline__ void load4_out(const double* p, int valid, bool vec, double v[4]) {
  if (vec && valid >= 4) {
    const double2 a = reinterpret_cast<const double2*>(p)[0];
    const double2 b = reinterpret_cast<const double2*>(p)[1];
    v[0] = a.x, v[1] = a.y, v[2] = b.x, v[3] = b.y;
  } else {
    for (int k = 0; k < 4; ++k) v[k] = k < valid ? p[k] : 0.0;
  }
}

// 4 columns of a lane's table row; `stream`: evict-first stores (they do not push the image out
// of L2).
template <class T>
__device__ __forceinline__ void store4(T* p, int valid, bool vec, const T v[4], bool stream) {
  if (vec && valid >= 4) {
    using V = typename Vec4Of<T>::type;
    const V q{v[0], v[1], v[2], v[3]};
    if (stream)
      __stcs(reinterpret_cast<V*>(p), q);
    else
      *reinterpret_cast<V*>(p) = q;
  } else {
    for (int k = 0; k < valid && k < 4; ++k) p[k] = v[k];
  }
}
__device__ __forceinline__ void store4(double* p, int valid, bool vec, const double v[4],
                                       bool stream) {
  if (vec && valid >= 4) {
    const double2 a = make_double2(v[0], v[1]), b = make_double2(v[2], v[3]);
    if (stream) {
      __stcs(reinterpret_cast<double2*>(p), a);
      __stcs(reinterpret_cast<double2*>(p) + 1, b);
    } else {
      reinterpret_cast<double2*>(p)[0] = a;
      reinterpret_cast<double2*>(p)[1] = b;
    }
  } else {
    for (int k = 0; k < valid && k < 4; ++k) p[k] = v[k];
  }
}

// In kVec mode a lane's 4 columns are all inside the image or all outside; otherwise `valid`
// (w - x, may be 1..3) masks the last ones.
__device__ __forceinline__ int lane_valid(int w, int x, bool vec) {
  const int valid = w - x;
  return vec ? (valid >= 4 ? 4 : 0) : valid;
}

// The raw samples of one lane's 4 columns in one row, kept packed until they are used, so a
// batch of rows can be in flight while the previous one is summed: float4 for f32 images; for u8
// images a 4-byte word (one register, column 0 in the lowest byte) where the rows are 4-aligned
// (`vec`), else a uchar4 of 4 byte loads. As a uchar4 (4 registers) the aligned rows ran at half
// the speed (8184 x 8192: 0.344 ms against 0.155 as words), and packing the byte loads into a
// word was slower than the uchar4 (1366 x 768: 0.036 ms against 0.028; H200, 2026-12-02).
// uchar4 from u8, float4 from f32: one vector load, or per element where the row is not aligned.
template <class In, class Raw>
__device__ __forceinline__ void load_raw(const In* p, int valid, bool vec, Raw& r) {
  if (vec && valid >= 4) {
    r = __ldg(reinterpret_cast<const Raw*>(p));
    return;
  }
  r = Raw{valid > 0 ? __ldg(p) : In(0), valid > 1 ? __ldg(p + 1) : In(0),
          valid > 2 ? __ldg(p + 2) : In(0), valid > 3 ? __ldg(p + 3) : In(0)};
}
// Words are taken only where the rows are 4-aligned (launch_narrow), so a lane's 4 bytes are all
// inside the image (valid >= 4) or all outside.
__device__ __forceinline__ void load_raw(const uint8_t* p, int valid, bool, uint32_t& r) {
  r = valid >= 4 ? __ldg(reinterpret_cast<const unsigned*>(p)) : 0u;
}
template <class Out, class Raw>
__device__ __forceinline__ void widen4(const Raw& r, Out v[4]) {
  v[0] = Out(r.x), v[1] = Out(r.y), v[2] = Out(r.z), v[3] = Out(r.w);
}
template <class Out>
__device__ __forceinline__ void widen4(uint32_t r, Out v[4]) {
  for (int k = 0; k < 4; ++k) v[k] = Out((r >> (8 * k)) & 255u);
}
// Loads rows y .. y + count - 1 (count <= kBatch) of the lane's columns.
template <class In, class Raw>
__device__ __forceinline__ void load_batch(const In* in, int w, int x, int valid, bool vec, int y,
                                           int count, Raw (&raw)[kBatch]) {
#pragma unroll
  for (int i = 0; i < kBatch; ++i)
    if (i < count) load_raw(in + size_t(y + i) * w + x, valid, vec, raw[i]);
}

// The sum over the 32 lanes by a butterfly: every lane ends with the same value (each step adds
// two equal-shaped partial sums, and a + b == b + a in floating point too).
template <class T>
__device__ __forceinline__ T warp_total(T v) {
  for (int d = kLanes / 2; d >= 1; d /= 2) v = v + __shfl_xor_sync(kFull, v, d);
  return v;
}
// Inclusive Kogge-Stone scan across the lanes: 5 shuffle steps.
template <class T>
__device__ __forceinline__ T warp_inclusive(T v, int lane) {
  for (int d = 1; d < kLanes; d *= 2) {
    const T t = __shfl_up_sync(kFull, v, d);
    if (lane >= d) v = t + v;
  }
  return v;
}
// The exclusive prefix from the inclusive one, without a subtraction (exact for floats).
template <class T>
__device__ __forceinline__ T warp_exclusive_of(T inclusive, int lane) {
  const T t = __shfl_up_sync(kFull, inclusive, 1);
  return lane == 0 ? T(0) : t;
}

// Rows a step: u8 images take their rows two at a time, since both rows' sums over a lane (at
// most 4 x 255) and over the warp (at most 128 x 255 = 32640) fit 16 bits: one shuffle tree or
// scan of a word holding both serves the two rows. H200, 2026-12-02 (sat_narrow_sweep, two
// rounds): 4001 x 3000 0.050-0.051 ms instead of 0.055-0.056, 2051 x 1543 0.025-0.027 instead of
// 0.027-0.029, 8184 x 8192 0.149-0.152 instead of 0.153; 8191 x 8192 0.248-0.256 instead of
// 0.242-0.246.
template <class In>
inline constexpr int kRowsAStep = std::is_same_v<In, uint8_t> ? 2 : 1;
// The sum of a lane's 4 values, left to right (the CPU twin's order for floats).
template <class T>
__device__ __forceinline__ T sum4(const T v[4]) {
  return ((v[0] + v[1]) + v[2]) + v[3];
}
// The prefix of a lane's 4 values.
template <class T>
__device__ __forceinline__ void prefix4(const T v[4], T p[4]) {
  p[0] = v[0];
  p[1] = p[0] + v[1];
  p[2] = p[1] + v[2];
  p[3] = p[2] + v[3];
}

struct TileIndex {
  int tx, ty;
};
// Tiles: blocks of kWarps tiles side by side, row after row of blocks.
__device__ __forceinline__ TileIndex tile_of(int block, int ntx) {
  const int blocks_per_row = (ntx + kWarps - 1) / kWarps;
  return {(block % blocks_per_row) * kWarps + int(threadIdx.x) / kLanes, block / blocks_per_row};
}

// @variant register-tiled
// ---- Launch 1: the aggregates of each tile (kTileRows rows: 8 to kRows, narrow_rows()).
// Raw: a row's 4 samples as loaded (load_raw).
template <class In, class Out, int kTileRows, class Raw>
__global__ void __launch_bounds__(kWarps* kLanes, kMinBlocks)
    tile_sums(const In* __restrict__ in, int w, int h, int ntx, bool vec,
              Out* __restrict__ col_sums, Out* __restrict__ row_sums, Out* __restrict__ totals) {
  const int lane = int(threadIdx.x) % kLanes;
  const TileIndex t = tile_of(int(blockIdx.x), ntx);
  if (t.tx >= ntx) return;
  const int x = t.tx * kCols + lane * kRegisterLaneCols;
  const int valid = lane_valid(w, x, vec);
  // Row sums go out in groups of 32 rows (one a lane), or of the whole tile when it is shorter.
  static_assert(kTileRows % kLanes == 0 || (kLanes % kTileRows == 0 && kTileRows % kBatch == 0),
                "whole row groups, whole batches");
  const int y0 = t.ty * kTileRows, y1 = min(y0 + kTileRows, h);
  Out c[4] = {Out(0), Out(0), Out(0), Out(0)};
  const int rows = y1 - y0;
  Out mine = Out(0);  // the sum of row (r0 & ~31) + lane over the tile
  Raw cur[kBatch];
  load_batch(in, w, x, valid, vec, y0, min(kBatch, rows), cur);
  for (int r0 = 0; r0 < rows; r0 += kBatch) {
    Raw next[kBatch] = {};
    if (r0 + kBatch < rows)
      load_batch(in, w, x, valid, vec, y0 + r0 + kBatch, min(kBatch, rows - r0 - kBatch), next);
#pragma unroll
    for (int i = 0; i < kBatch; i += kRowsAStep<In>) {
      if (r0 + i < rows) {
        Out v[4];
        widen4(cur[i], v);
        for (int k = 0; k < 4; ++k) c[k] = c[k] + v[k];
        if constexpr (kRowsAStep<In> == 2) {  // rows i and i + 1 in one word (16 bits each)
          const bool second = r0 + i + 1 < rows;
          Out u[4] = {0, 0, 0, 0};
          if (second) widen4(cur[i + 1], u);
          for (int k = 0; k < 4; ++k) c[k] = c[k] + u[k];
          const Out both = warp_total(sum4(v) | sum4(u) << 16);
          if (lane == (r0 + i) % kLanes) mine = both & 0xffffu;
          if (second && lane == (r0 + i + 1) % kLanes) mine = both >> 16;
        } else {
          const Out q = warp_total(sum4(v));
          if (lane == (r0 + i) % kLanes) mine = q;
        }
      }
    }
    const int group_end = min(rows, (r0 / kLanes + 1) * kLanes);
    if (r0 + kBatch >= group_end) {  // the last batch of a 32-row group: store its row sums
      const int g0 = r0 / kLanes * kLanes;
      if (g0 + lane < group_end) row_sums[size_t(t.tx) * h + y0 + g0 + lane] = mine;
      mine = Out(0);
    }
#pragma unroll
    for (int i = 0; i < kBatch; ++i) cur[i] = next[i];
  }
  Out* col = col_sums + size_t(t.ty) * w + x;
  store4(col, valid, vec, c, false);
  const Out total = warp_total(sum4(c));
  if (lane == 0) totals[size_t(t.ty) * ntx + t.tx] = total;
  let_the_next_launch_start();  // launch 2 may be placed as the last blocks end; it waits
}

// ---- Launch 2: exclusive scans of the aggregates. Blocks [0, blocks_cols): one thread per
// column, down the tile rows; [blocks_cols, blocks_cols + blocks_rows): one thread per row,
// across the tile columns; the last block: the corners (a 2D exclusive scan of the totals).
constexpr int kCarryThreads = 256;

template <class Out>
__global__ void __launch_bounds__(kCarryThreads)
    carries(int w, int h, int ntx, int nty, int blocks_cols, int blocks_rows,
            const Out* __restrict__ col_sums, Out* __restrict__ col_carry,
            const Out* __restrict__ row_sums, Out* __restrict__ row_carry,
            const Out* __restrict__ totals, Out* __restrict__ corners) {
  wait_for_the_launch_before();  // launch 1's sums
  const int block = int(blockIdx.x);
  if (block < blocks_cols) {
    const int x = block * kCarryThreads + int(threadIdx.x);
    if (x >= w) return;
    Out run = Out(0);
#pragma unroll 16
    for (int ty = 0; ty < nty; ++ty) {
      const Out v = col_sums[size_t(ty) * w + x];
      col_carry[size_t(ty) * w + x] = run;
      run = run + v;
    }
  } else if (block < blocks_cols + blocks_rows) {
    const int y = (block - blocks_cols) * kCarryThreads + int(threadIdx.x);
    if (y >= h) return;
    Out run = Out(0);
#pragma unroll 16
    for (int tx = 0; tx < ntx; ++tx) {
      const Out v = row_sums[size_t(tx) * h + y];
      row_carry[size_t(tx) * h + y] = run;
      run = run + v;
    }
  } else {  // the corners, in shared memory: rows of tiles, then columns of tiles
    __shared__ Out sums[max_tiles<Out>()];
    const int tiles = ntx * nty;
    for (int i = int(threadIdx.x); i < tiles; i += kCarryThreads) sums[i] = totals[i];
    __syncthreads();
    for (int ty = int(threadIdx.x); ty < nty; ty += kCarryThreads) {
      Out run = Out(0);
      for (int tx = 0; tx < ntx; ++tx) {
        const Out v = sums[ty * ntx + tx];
        sums[ty * ntx + tx] = run;
        run = run + v;
      }
    }
    __syncthreads();
    for (int tx = int(threadIdx.x); tx < ntx; tx += kCarryThreads) {
      Out run = Out(0);
      for (int ty = 0; ty < nty; ++ty) {
        const Out v = sums[ty * ntx + tx];
        sums[ty * ntx + tx] = run;
        run = run + v;
      }
    }
    __syncthreads();
    for (int i = int(threadIdx.x); i < tiles; i += kCarryThreads) corners[i] = sums[i];
  }
}

// ---- Launch 3: each tile's part of the table.
template <class In, class Out, int kTileRows, class Raw>
__global__ void __launch_bounds__(kWarps* kLanes, kMinBlocks)
    tile_tables(const In* __restrict__ in, Out* __restrict__ out, int w, int h, int ntx, bool vec,
                const Out* __restrict__ col_carry, const Out* __restrict__ row_carry,
                const Out* __restrict__ corners, bool reverse, bool stream) {
  wait_for_the_launch_before();  // launch 2's carries
  const int lane = int(threadIdx.x) % kLanes;
  const int block = reverse ? int(gridDim.x - 1 - blockIdx.x) : int(blockIdx.x);
  const TileIndex t = tile_of(block, ntx);
  if (t.tx >= ntx) return;
  const int x = t.tx * kCols + lane * kRegisterLaneCols;
  const int valid = lane_valid(w, x, vec);
  const int y0 = t.ty * kTileRows, y1 = min(y0 + kTileRows, h);

  // The row above the tile: SAT(x + k, y0 - 1) = corner + col_carry summed from the tile's left
  // edge to x + k.
  Out c[4];
  load4_out(col_carry + size_t(t.ty) * w + x, valid, vec, c);
  c[1] = c[0] + c[1];
  c[2] = c[1] + c[2];
  c[3] = c[2] + c[3];
  {
    const Out base =
        corners[size_t(t.ty) * ntx + t.tx] + warp_exclusive_of(warp_inclusive(c[3], lane), lane);
    for (int k = 0; k < 4; ++k) c[k] = base + c[k];
  }

  const int rows = y1 - y0;
  Out carry_mine = Out(0);  // row_carry of row (r0 & ~31) + lane
  Raw cur[kBatch];
  load_batch(in, w, x, valid, vec, y0, min(kBatch, rows), cur);
  for (int r0 = 0; r0 < rows; r0 += kBatch) {
    Raw next[kBatch] = {};
    if (r0 + kBatch < rows)
      load_batch(in, w, x, valid, vec, y0 + r0 + kBatch, min(kBatch, rows - r0 - kBatch), next);
    if (r0 % kLanes == 0)
      carry_mine = r0 + lane < rows ? row_carry[size_t(t.tx) * h + y0 + r0 + lane] : Out(0);
    // Row r0 + i of the table from its prefix p inside the lane and `before`, the lane's
    // exclusive prefix over the warp.
    auto table_row = [&](int i, const Out p[4], Out before) {
      const Out left = __shfl_sync(kFull, carry_mine, (r0 + i) % kLanes) + before;
      for (int k = 0; k < 4; ++k) c[k] = c[k] + (left + p[k]);
      store4(out + size_t(y0 + r0 + i) * w + x, valid, vec, c, stream);
    };
#pragma unroll
    for (int i = 0; i < kBatch; i += kRowsAStep<In>) {
      if (r0 + i < rows) {
        Out v[4], p[4];
        widen4(cur[i], v);
        prefix4(v, p);
        if constexpr (kRowsAStep<In> == 2) {  // rows i and i + 1 in one word (16 bits each)
          const bool second = r0 + i + 1 < rows;
          Out u[4] = {0, 0, 0, 0}, q[4];
          if (second) widen4(cur[i + 1], u);
          prefix4(u, q);
          const Out both = warp_exclusive_of(warp_inclusive(p[3] | q[3] << 16, lane), lane);
          table_row(i, p, both & 0xffffu);
          if (second) table_row(i + 1, q, both >> 16);
        } else {
          table_row(i, p, warp_exclusive_of(warp_inclusive(p[3], lane), lane));
        }
      }
    }
#pragma unroll
    for (int i = 0; i < kBatch; ++i) cur[i] = next[i];
  }
}
// @end

#include "sat_register_tiled_u8.cuh"

size_t align_up(size_t bytes) {
  return (bytes + 255) / 256 * 256;
}

struct Shape {
  int ntx, nty;
  size_t cols, rows, tiles;  // element counts of the per-column, per-row and per-tile arrays
};
Shape shape_of(int w, int h, int cols = kCols, int rows = kRows) {
  Shape s;
  s.ntx = (w + cols - 1) / cols;
  s.nty = (h + rows - 1) / rows;
  s.cols = size_t(s.nty) * w;
  s.rows = size_t(s.ntx) * h;
  s.tiles = size_t(s.ntx) * s.nty;
  return s;
}

void check_size(int w, int h) {
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide)
    throw Error("register-tiled summed-area table: the image is " + std::to_string(w) + " x " +
                std::to_string(h) + "; sides of 1.." + std::to_string(kMaxSide) + " are accepted");
}

bool aligned(const void* p, size_t bytes) {
  return reinterpret_cast<uintptr_t>(p) % bytes == 0;
}

// The tiles' heights (register_tile_rows, sat_register_tiled_shape.h, which the CPU twin uses
// too). Short tiles cost more carries and more walks started per row, which the largest images
// feel: at 8192 x 8192 the wide path's 32-row tiles took 0.131-0.133 ms against 0.126-0.128 for
// 64 rows. Measured on an H200 (bench/dev/sat_narrow_sweep.cu and sat_sweep.cu, 2026-12-01 and
// 12-02): shorter tiles are faster until there are enough of them (register_tile_rows' limits),
// and the carries' launch holds at most max_tiles<Out>().
//
// The 128-column tiles (u8 images of up to 2048 tiles of 32 rows or whose width is not a
// multiple of 16, and float tables) under `flags`: by default register_tile_rows (u8 -> u32 600 x
// 400: 0.020 ms in 8 rows against 0.026 in 32; 3000 x 2000: 0.031 in 32 rows against 0.110 in
// 128; 4001 x 3000: 0.057 in 64 rows against 0.086 in 128, 0.074 in 32; 8184 x 8192, 8192 tiles:
// 0.157 in 64). A forced height that would make more tiles than the carries' launch holds takes
// the next one up.
// in_bytes, out_bytes: of the image's samples and of the table's sums.
int narrow_rows(size_t in_bytes, size_t out_bytes, int w, int h, int flags) {
  const size_t most = size_t(register_max_tiles(out_bytes));
  const bool fits32 = register_tile_count(w, h, kCols, 32) <= most;
  const bool fits64 = register_tile_count(w, h, kCols, 64) <= most;
  const bool fits8 = register_tile_count(w, h, kCols, 8) <= most;
  const bool fits16 = register_tile_count(w, h, kCols, 16) <= most;
  const int from32 = fits32 ? 32 : fits64 ? 64 : kRows;
  if ((flags & kRegisterTiledNarrowRows128) != 0) return kRows;
  if ((flags & kRegisterTiledNarrowRows8) != 0) return fits8 ? 8 : fits16 ? 16 : from32;
  if ((flags & kRegisterTiledNarrowRows16) != 0) return fits16 ? 16 : from32;
  if ((flags & kRegisterTiledNarrowRows32) != 0) return from32;
  if ((flags & kRegisterTiledNarrowRows64) != 0) return fits64 ? 64 : kRows;
  return register_tile_rows(in_bytes, out_bytes, w, h);
}

// The wide u8 path's tiles (sat_register_tiled_u8.cuh: 512 columns) under `flags`: 32 rows up to
// kRegisterShortTiles tiles (1920 x 1080: 0.026-0.028 ms against 0.040-0.042 in 64 rows; 4096 x
// 4096: 0.037-0.040 against 0.048-0.049), else 64 (8192 x 8192: 0.126 ms).
int wide_rows(int w, int h, int flags) {
  if ((flags & kRegisterTiledWideRows32) != 0) return 32;
  if ((flags & kRegisterTiledWideRows128) != 0) return 128;
  if ((flags & kRegisterTiledWideRows64) != 0) return 64;
  return register_tile_count(w, h, wide::kTileCols, 32) <= size_t(kRegisterShortTiles) ? 32 : 64;
}

// u8 -> u32 on rows of whole 16-byte groups (wide::applies) under `flags`: the wide tiles where
// the 128-column ones would be taller than 32 rows (more than kRegisterShortTiles tiles). Below
// that, the 128-column tiles loading each lane's 4 bytes as one word are faster (1920 x 1080:
// 0.026 ms against 0.030, 2048 x 2048: 0.027 against 0.031; 3000 x 2000 level at 0.031; 4096 x
// 4096: 0.048 against 0.039 and 8192 x 8192: 0.149 against 0.125 the other way; H200,
// docs/perf/sat_narrow_sweep_u8_words_h200_2026-12-02.txt).
bool takes_wide(int w, int h, int flags) {
  if ((flags & kRegisterTiledNarrow) != 0) return false;
  const int wide_flags = kRegisterTiledWide | kRegisterTiledWideRows32 | kRegisterTiledWideRows64 |
                         kRegisterTiledWideRows128 | kRegisterTiledWideDirect;
  return (flags & wide_flags) != 0 || register_tile_rows(1, sizeof(uint32_t), w, h) > 32;
}

// Launches 2 and 3 are dependent launches of the one before (../common/dependent_launch.cuh):
// placed while it ends, they wait for its results at their start. Not when a launch is timed
// alone (kRegisterTiledOnly*) or kRegisterTiledNoOverlap asks for plain launches.
bool overlapped(int flags) {
  const int only = flags & (kRegisterTiledOnly1 | kRegisterTiledOnly2 | kRegisterTiledOnly3);
  return only == 0 && (flags & kRegisterTiledNoOverlap) == 0;
}

template <int kTileRows>
void launch_wide(const uint8_t* in, uint32_t* out, int w, int h, void* scratch, cudaStream_t stream,
                 int flags) {
  const Shape s = shape_of(w, h, wide::kTileCols, kTileRows);
  char* bytes = static_cast<char*>(scratch);
  auto take = [&](size_t count) {
    uint32_t* p = reinterpret_cast<uint32_t*>(bytes);
    bytes += align_up(count * sizeof(uint32_t));
    return p;
  };
  uint32_t* col_sums = take(s.cols);
  uint32_t* col_carry = take(s.cols);
  uint32_t* row_sums = take(s.rows);
  uint32_t* row_carry = take(s.rows);
  uint32_t* totals = take(s.tiles);
  uint32_t* corners = take(s.tiles);
  const int blocks = (s.ntx + kWarps - 1) / kWarps * s.nty;
  const int only = flags & (kRegisterTiledOnly1 | kRegisterTiledOnly2 | kRegisterTiledOnly3);
  if (only == 0 || (only & kRegisterTiledOnly1) != 0) {
    wide::tile_sums_u8<kTileRows>
        <<<blocks, kWarps * kLanes, 0, stream>>>(in, w, h, s.ntx, col_sums, row_sums, totals);
    WS_CUDA_CHECK_LAUNCH();
  }
  if (only == 0 || (only & kRegisterTiledOnly2) != 0) {
    const int blocks_cols = (w + kCarryThreads - 1) / kCarryThreads;
    const int blocks_rows = (h + kCarryThreads - 1) / kCarryThreads;
    launch_maybe_dependent(carries<uint32_t>, blocks_cols + blocks_rows + 1, kCarryThreads, 0,
                           stream, overlapped(flags), w, h, s.ntx, s.nty, blocks_cols, blocks_rows,
                           col_sums, col_carry, row_sums, row_carry, totals, corners);
  }
  if (only == 0 || (only & kRegisterTiledOnly3) != 0) {
    const bool reverse = (flags & kRegisterTiledReverse) != 0;
    const bool streaming = (flags & kRegisterTiledStream) != 0;
    launch_maybe_dependent((flags & kRegisterTiledWideDirect) != 0
                               ? wide::tile_tables_u8<kTileRows, false>
                               : wide::tile_tables_u8<kTileRows, true>,
                           blocks, kWarps * kLanes, 0, stream, overlapped(flags), in, out, w, h,
                           s.ntx, col_carry, row_carry, corners, reverse, streaming);
  }
}

// The 128-column tiles (any width, any type), kTileRows high.
template <class In, class Out, int kTileRows>
void launch_narrow(const void* in_ptr, void* out_ptr, int w, int h, void* scratch,
                   cudaStream_t stream, int flags) {
  const Shape s = shape_of(w, h, kCols, kTileRows);
  WS_REQUIRE(s.tiles <= size_t(max_tiles<Out>()),
             std::string("register-tiled SAT: too many tiles"));
  const In* in = static_cast<const In*>(in_ptr);
  Out* out = static_cast<Out*>(out_ptr);
  char* bytes = static_cast<char*>(scratch);
  auto take = [&](size_t count) {
    Out* p = reinterpret_cast<Out*>(bytes);
    bytes += align_up(count * sizeof(Out));
    return p;
  };
  Out* col_sums = take(s.cols);
  Out* col_carry = take(s.cols);
  Out* row_sums = take(s.rows);
  Out* row_carry = take(s.rows);
  Out* totals = take(s.tiles);
  Out* corners = take(s.tiles);
  const bool vec =
      w % 4 == 0 && aligned(in, 4 * sizeof(In)) && aligned(out, 16) && aligned(scratch, 16);
  const int blocks = (s.ntx + kWarps - 1) / kWarps * s.nty;
  const int only = flags & (kRegisterTiledOnly1 | kRegisterTiledOnly2 | kRegisterTiledOnly3);
  auto launches = [&](auto raw) {  // raw: a value of the rows' Raw type (load_raw)
    using Raw = decltype(raw);
    if (only == 0 || (only & kRegisterTiledOnly1) != 0) {
      tile_sums<In, Out, kTileRows, Raw><<<blocks, kWarps * kLanes, 0, stream>>>(
          in, w, h, s.ntx, vec, col_sums, row_sums, totals);
      WS_CUDA_CHECK_LAUNCH();
    }
    if (only == 0 || (only & kRegisterTiledOnly2) != 0) {
      const int blocks_cols = (w + kCarryThreads - 1) / kCarryThreads;
      const int blocks_rows = (h + kCarryThreads - 1) / kCarryThreads;
      launch_maybe_dependent(carries<Out>, blocks_cols + blocks_rows + 1, kCarryThreads, 0, stream,
                             overlapped(flags), w, h, s.ntx, s.nty, blocks_cols, blocks_rows,
                             col_sums, col_carry, row_sums, row_carry, totals, corners);
    }
    if (only == 0 || (only & kRegisterTiledOnly3) != 0) {
      launch_maybe_dependent(tile_tables<In, Out, kTileRows, Raw>, blocks, kWarps * kLanes, 0,
                             stream, overlapped(flags), in, out, w, h, s.ntx, vec, col_carry,
                             row_carry, corners, (flags & kRegisterTiledReverse) != 0,
                             (flags & kRegisterTiledStream) != 0);
    }
  };
  if constexpr (std::is_same_v<In, uint8_t>) {
    if (vec) return launches(uint32_t{});
    return launches(uchar4{});
  } else {
    return launches(float4{});
  }
}

template <class In, class Out>
void launch_typed(const void* in_ptr, void* out_ptr, int w, int h, void* scratch,
                  cudaStream_t stream, int flags) {
  WS_REQUIRE(scratch != nullptr, std::string("register-tiled SAT: scratch memory is missing"));
  if constexpr (std::is_same_v<In, uint8_t>) {
    if (takes_wide(w, h, flags) && wide::applies(in_ptr, out_ptr, scratch, w)) {
      const uint8_t* in = static_cast<const uint8_t*>(in_ptr);
      uint32_t* out = static_cast<uint32_t*>(out_ptr);
      switch (wide_rows(w, h, flags)) {
        case 32:
          return launch_wide<32>(in, out, w, h, scratch, stream, flags);
        case 128:
          return launch_wide<128>(in, out, w, h, scratch, stream, flags);
        default:
          return launch_wide<64>(in, out, w, h, scratch, stream, flags);
      }
    }
  }
  switch (narrow_rows(sizeof(In), sizeof(Out), w, h, flags)) {
    case 8:
      return launch_narrow<In, Out, 8>(in_ptr, out_ptr, w, h, scratch, stream, flags);
    case 16:
      return launch_narrow<In, Out, 16>(in_ptr, out_ptr, w, h, scratch, stream, flags);
    case 32:
      return launch_narrow<In, Out, 32>(in_ptr, out_ptr, w, h, scratch, stream, flags);
    case 64:
      return launch_narrow<In, Out, 64>(in_ptr, out_ptr, w, h, scratch, stream, flags);
  }
  launch_narrow<In, Out, kRows>(in_ptr, out_ptr, w, h, scratch, stream, flags);
}

}  // namespace

size_t register_tiled_scratch_bytes_flags(Accum a, int w, int h, int flags) {
  check_size(w, h);
  const size_t b = size_t(output_bytes(a));
  auto bytes = [&](const Shape& s) {
    return 2 * (align_up(s.cols * b) + align_up(s.rows * b) + align_up(s.tiles * b));
  };
  const size_t in_bytes = a == Accum::U8U32 ? 1 : sizeof(float);
  const size_t narrow = bytes(shape_of(w, h, kCols, narrow_rows(in_bytes, b, w, h, flags)));
  if (a != Accum::U8U32 || !takes_wide(w, h, flags)) return narrow;
  return std::max(narrow, bytes(shape_of(w, h, wide::kTileCols, wide_rows(w, h, flags))));
}

size_t register_tiled_scratch_bytes(Accum a, int w, int h) {
  return register_tiled_scratch_bytes_flags(a, w, h, kRegisterTiledDefault);
}

void launch_register_tiled_flags(Accum a, const void* in, void* out, int w, int h, void* scratch,
                                 cudaStream_t stream, int flags) {
  check_size(w, h);
  WS_REQUIRE(in != nullptr && out != nullptr,
             std::string("register-tiled SAT: the image or the table is missing"));
  switch (a) {
    case Accum::U8U32:
      return launch_typed<uint8_t, uint32_t>(in, out, w, h, scratch, stream, flags);
    case Accum::F32F32:
      return launch_typed<float, float>(in, out, w, h, scratch, stream, flags);
    case Accum::F32F64:
      return launch_typed<float, double>(in, out, w, h, scratch, stream, flags);
  }
  throw Error("register-tiled SAT: unknown accumulation type " + std::to_string(int(a)));
}

void launch_register_tiled(Accum a, const void* in, void* out, int w, int h, void* scratch,
                           cudaStream_t stream) {
  launch_register_tiled_flags(a, in, out, w, h, scratch, stream, kRegisterTiledDefault);
}

}  // namespace ws::sat

// ================================ teach mode ===================================================
// The traced kernels of teach mode (CPU twin: sat_teach_register_tiled_cpu.cpp): the same three
// launches at teaching size. A tile is T x T (T = params.tile, 2..16) and a block of T lanes, one
// warp; lane l owns column l of the tile (the fast kernels above give a lane 4 columns, the wide
// u8 path 16: here one column a lane, so every add is one event). Tiles are blocks in row-major
// order; the carries are 3 blocks of 32 threads. Every step is deterministic (no atomics, no
// waits), so the trace is the same on every run and equal to the twin's. A lane's running value
// is recorded as a write to a register buffer (kRtLaneSums, kRtLaneValues) and never stored.
#include "sat_cuda_support.cuh"
#include "sat_teach_cpu.h"

namespace ws::sat {

namespace {

enum RtTeachArray : int {
  kRtIn,
  kRtSat,
  kRtColumnSums,
  kRtRowSums,
  kRtTotals,
  kRtColumnCarries,
  kRtRowCarries,
  kRtCorners,
  kRtLaneSums,    // registers: launch 1's running column sums
  kRtLaneValues,  // registers: launch 3's running column values (the table)
};
static_assert(kRtLaneValues < DynamicBlockTrace::kMaxBuffers, "the recorder names too few buffers");
enum RtTeachPhase : int {
  kRtSumRow,
  kRtSumStore,
  kRtColumnCarry,
  kRtRowCarry,
  kRtCornerRows,
  kRtCornerColumns,
  kRtAbove,
  kRtTableRow,
};

// The aggregates as the fast kernels lay them out: per column of the image and row of tiles
// [ty * w + x], per row of the image and column of tiles [tx * h + y], per tile [ty * ntx + tx].
template <class In, class T>
struct RtTeachArgs {
  const In* in;
  T* sat;
  int w, h, tile, ntx, nty;
  T* column_sums;
  T* row_sums;
  T* totals;
  T* column_carries;
  T* row_carries;
  T* corners;
};

// @helper register-tiled-teach
// The lanes of a T-lane block (T <= 32) as a shuffle mask.
__device__ __forceinline__ unsigned teach_lanes(int E) {
  return E >= 32 ? 0xffffffffu : (1u << E) - 1u;
}

// The sum over the tile's lanes 0..n-1 by a shuffle-down tree: lane l < d adds lane l + d, d
// halving down to 1; lane 0 ends with the sum. (The fast kernel's butterfly needs a power of two
// lanes; the tree takes any T.)
template <class T, class Rec>
__device__ T teach_tree_sum(T v, int lane, int n, int E, int array, int64_t at, Rec& rec) {
  int half = 1;
  while (2 * half < E) half *= 2;
  for (int d = half; d >= 1; d /= 2) {
    const T up = __shfl_down_sync(teach_lanes(E), v, d);
    if (lane < d && lane + d < n) v = rec.op(array, at, static_cast<T>(v + up));
  }
  return v;
}

// Kogge-Stone across the lanes: lane l >= d adds lane l - d; lanes 0..n-1 end with the inclusive
// scan.
template <class T, class Rec>
__device__ T teach_lane_scan(T v, int lane, int n, int E, int array, int64_t at, Rec& rec) {
  for (int d = 1; d < E; d *= 2) {
    const T up = __shfl_up_sync(teach_lanes(E), v, d);
    if (lane >= d && lane < n) v = rec.op(array, at, static_cast<T>(up + v));
  }
  return v;
}

// ---- Launch 1: a tile per block, lane l walks column l down the tile.
template <class In, class T, class Rec>
__global__ void teach_tile_sums(RtTeachArgs<In, T> a, Rec rec) {
  const int lane = int(threadIdx.x), E = a.tile, k = int(blockIdx.x);
  const int tx = k % a.ntx, ty = k / a.ntx, x0 = tx * E, y0 = ty * E, x = x0 + lane;
  const int n = min(E, a.w - x0), rows = min(E, a.h - y0);  // lanes and rows inside the image
  T column = T(0);                                          // lane l: the sum of column l so far
  T mine = T(0);  // lane l: the sum of row l over the tile
  for (int r = 0; r < rows; ++r) {
    rec.begin(kRtSumRow, r);
    const int y = y0 + r;
    T v = T(0);
    if (lane < n) {
      const int64_t i = int64_t{y} * a.w + x, at = int64_t{ty} * a.w + x;
      v = static_cast<T>(rec.read(kRtIn, i, a.in[i]));
      column = r == 0 ? v : rec.op(kRtColumnSums, at, static_cast<T>(column + v));  // @rt-sum-row
      rec.write(kRtLaneSums, at, column);  // the register, traced: no store
    }
    const T row = teach_tree_sum(v, lane, n, E, kRtRowSums, int64_t{tx} * a.h + y, rec);
    const T row_total = __shfl_sync(teach_lanes(E), row, 0);
    if (lane == r) mine = row_total;  // lane r stores row r's sum: one coalesced store per tile
  }
  rec.begin(kRtSumStore);
  if (lane < n) {
    const int64_t at = int64_t{ty} * a.w + x;
    a.column_sums[at] = rec.write(kRtColumnSums, at, column);  // @rt-sum-store
  }
  if (lane < rows) {
    const int64_t at = int64_t{tx} * a.h + y0 + lane;
    a.row_sums[at] = rec.write(kRtRowSums, at, mine);
  }
  const T total = teach_tree_sum(column, lane, n, E, kRtTotals, k, rec);
  if (lane == 0) a.totals[k] = rec.write(kRtTotals, k, total);
}

// Exclusive running sums of `count` elements first, first + stride, ... of src into dst (in place
// when they are the same array): the fast kernel's loop in `carries`.
template <class T, class Rec>
__device__ void teach_exclusive_line(const T* src, T* dst, int src_array, int dst_array,
                                     int64_t first, int64_t stride, int count, Rec& rec) {
  T run = T(0);
  for (int i = 0; i < count; ++i) {
    const int64_t at = first + i * stride;
    const T v = rec.read(src_array, at, src[at]);
    dst[at] = rec.write(dst_array, at, run);
    if (i + 1 < count) run = i == 0 ? v : rec.op(dst_array, at + stride, static_cast<T>(run + v));
  }
}

// ---- Launch 2: block 0 thread x: column x down the tiles; block 1 thread y: row y across the
// tiles; block 2: the corners, across each row of tiles, then down each column of tiles.
template <class In, class T, class Rec>
__global__ void teach_carries(RtTeachArgs<In, T> a, Rec rec) {
  const int t = int(threadIdx.x);
  if (blockIdx.x == 0) {
    rec.begin(kRtColumnCarry);
    if (t < a.w)
      teach_exclusive_line(a.column_sums, a.column_carries, kRtColumnSums, kRtColumnCarries, t, a.w,
                           a.nty, rec);  // @rt-column-carry
  } else if (blockIdx.x == 1) {
    rec.begin(kRtRowCarry);
    if (t < a.h)
      teach_exclusive_line(a.row_sums, a.row_carries, kRtRowSums, kRtRowCarries, t, a.h, a.ntx,
                           rec);  // @rt-row-carry
  } else {
    rec.begin(kRtCornerRows);
    if (t < a.nty)
      teach_exclusive_line(a.totals, a.corners, kRtTotals, kRtCorners, int64_t{t} * a.ntx, 1, a.ntx,
                           rec);  // @rt-corner-rows
    __syncthreads();
    rec.begin(kRtCornerColumns);
    if (t < a.ntx)
      teach_exclusive_line(a.corners, a.corners, kRtCorners, kRtCorners, t, a.ntx, a.nty,
                           rec);  // @rt-corner-columns
  }
}

// ---- Launch 3: a tile per block; the row above it, then row by row.
template <class In, class T, class Rec>
__global__ void teach_tile_tables(RtTeachArgs<In, T> a, Rec rec) {
  const int lane = int(threadIdx.x), E = a.tile, k = int(blockIdx.x);
  const int tx = k % a.ntx, ty = k / a.ntx, x0 = tx * E, y0 = ty * E, x = x0 + lane;
  const int n = min(E, a.w - x0), rows = min(E, a.h - y0);
  // SAT(x, y0 - 1) = corner + the column carries from the tile's left edge to x.
  rec.begin(kRtAbove);
  const int64_t mine = int64_t{ty} * a.w + x;
  T column = lane < n ? rec.read(kRtColumnCarries, mine, a.column_carries[mine]) : T(0);
  column = teach_lane_scan(column, lane, n, E, kRtColumnCarries, mine, rec);
  if (lane < n) {
    column = rec.op(kRtColumnCarries, mine,
                    static_cast<T>(rec.read(kRtCorners, k, a.corners[k]) + column));  // @rt-above
    rec.write(kRtLaneValues, mine, column);  // the register, traced: no store
  }
  const int64_t carry_at = int64_t{tx} * a.h + y0 + lane;  // lane r holds row r's carry
  const T carry_mine =
      lane < rows ? rec.read(kRtRowCarries, carry_at, a.row_carries[carry_at]) : T(0);
  for (int r = 0; r < rows; ++r) {
    rec.begin(kRtTableRow, r);
    const int64_t i = int64_t{y0 + r} * a.w + x;
    T v = lane < n ? static_cast<T>(rec.read(kRtIn, i, a.in[i])) : T(0);
    v = teach_lane_scan(v, lane, n, E, kRtSat, i, rec);  // the row's prefix inside the tile
    const T carry = __shfl_sync(teach_lanes(E), carry_mine, r);
    if (lane < n) {
      const T left = rec.op(kRtSat, i, static_cast<T>(carry + v));  // the row's prefix from x = 0
      column = rec.op(kRtSat, i, static_cast<T>(column + left));
      rec.write(kRtLaneValues, mine, column);
      a.sat[i] = rec.write(kRtSat, i, column);  // @rt-table-row
    }
  }
}
// @end

}  // namespace

TeachRun teach_cuda_register_tiled(const TeachParams& params, const Plane& input) {
  TeachRun run = teach_cpu_register_tiled(params, input);
  cuda_support::dispatch_accum(params.accum, [&](auto types) {
    using In = typename decltype(types)::In;
    using T = typename decltype(types)::T;
    const int E = params.tile, w = input.width, h = input.height;
    const TileGrid g = tile_grid(w, h, E);
    const size_t columns = size_t(g.tiles_y) * w, rows = size_t(g.tiles_x) * h,
                 tiles = size_t(g.count());
    cuda_support::Recording recording(run.trace);
    cuda_support::TeachImage<In, T> image(input);
    DeviceBuffer<T> aggregates(2 * (columns + rows + tiles));
    T* p = aggregates.data();
    const RtTeachArgs<In, T> a{image.in.data(),
                               image.sat.data(),
                               w,
                               h,
                               E,
                               g.tiles_x,
                               g.tiles_y,
                               p,
                               p + columns,
                               p + columns + rows,
                               p + columns + rows + tiles,
                               p + 2 * columns + rows + tiles,
                               p + 2 * (columns + rows) + tiles};
    DynamicBlockTrace rec = recording.recorder();  // no set_block: threads by blockIdx.x
    const char* names[] = {"in",
                           "sat",
                           "column sums",
                           "row sums",
                           "tile totals",
                           "column carries",
                           "row carries",
                           "corners",
                           "lane column sums",
                           "lane table values"};
    for (int i = 0; i <= kRtLaneValues; ++i)
      rec.buffers[i] = cuda_support::buffer_named(run.trace, names[i]);
    const char* markers[] = {"@rt-sum-row",   "@rt-sum-store",   "@rt-column-carry",
                             "@rt-row-carry", "@rt-corner-rows", "@rt-corner-columns",
                             "@rt-above",     "@rt-table-row"};
    for (int i = 0; i <= kRtTableRow; ++i)
      rec.phases[i] = cuda_support::step_marked(run.trace, markers[i]);
    teach_tile_sums<<<g.count(), E>>>(a, rec);
    WS_CUDA_CHECK_LAUNCH();
    teach_carries<<<3, kTeachMax>>>(a, rec);
    WS_CUDA_CHECK_LAUNCH();
    teach_tile_tables<<<g.count(), E>>>(a, rec);
    WS_CUDA_CHECK_LAUNCH();
    recording.download(run.trace);
    run.sat = image.table();
  });
  return run;
}

}  // namespace ws::sat
