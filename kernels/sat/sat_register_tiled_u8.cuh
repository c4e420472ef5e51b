// Variant 5's wide path for 8-bit images and u32 tables (included by sat_register_tiled.cu, inside
// its anonymous namespace; it reuses that file's launch 2, `carries`). Integer sums wrap the same
// way in any order, so this path is free to add in its own order: the table is the same bits.
//
// A tile is 512 columns x kTileRows rows (64 by default) and belongs to one warp: lane l owns the
// 16 adjacent columns 16l..16l+15, so a row of the tile is one 16-byte load per lane (512
// consecutive bytes per warp) and four 512-byte warp stores. 16 columns per lane instead of the
// generic path's 4 means 4x fewer shuffles per pixel; with integer sums the row totals of
// launch 1 need no shuffles at all:
//
//   1 tile sums    per row and lane: the 16 samples added into 16 column sums kept packed two
//                  per register (16-bit halves: at most 128 rows x 255 < 2^16, so no carries
//                  cross), the lane's row sum by 4 dot-product instructions (__dp4a with
//                  0x01010101), the warp's row sum by one __reduce_add_sync. ~3 integer
//                  operations per 4 pixels.
//   3 tile tables  the generic path's steps with 16 columns a lane: the lane's 16 samples
//                  scanned serially, one 5-step Kogge-Stone shuffle scan of the lane totals
//                  (the exclusive prefix is the inclusive one minus the lane's own total: exact
//                  modulo 2^32), the row's carry, 16 three-input adds into the column sums.
//                  Per row and lane: 1 load, ~32 shifts/adds for 16 samples, 6 shuffles, 16 adds,
//                  ~0.4 shuffles per pixel instead of 2.5. The row's 512 sums then go through the
//                  warp's 2 KiB of shared memory (4 16-byte writes, 4 reads per lane, swizzled so
//                  neither side has bank conflicts): lane l stores 16-byte pieces l, l + 32,
//                  l + 64, l + 96 of the row, so each store instruction covers 512 consecutive
//                  bytes, whole 32-byte sectors. Stored straight from the registers (the lane's
//                  4 pieces, 64 bytes apart; kRegisterTiledWideDirect) each instruction writes
//                  half of 32 sectors, and the L2 handles twice the sectors: 0.217 ms instead of
//                  0.132 at 8192 x 8192 on an H100.
// Work per pixel: 2 loads (16 pixels per load), ~4 integer operations, 1/2.7 of a shuffle, a
// quarter of a 16-byte store (plus a quarter of a 16-byte shared write and read). Steps: kTileRows
// serial rows per warp in each launch.
#pragma once

namespace wide {

constexpr int kLaneCols = 16;                  // one 16-byte load of 8-bit samples
constexpr int kTileCols = kLanes * kLaneCols;  // 512
constexpr int kWideBatch = 8;                  // rows loaded ahead of their arithmetic
constexpr int kWideMinBlocks = 4;              // 4 x 4 warps per SM: ~128 registers a thread

// The path applies to rows of whole 16-byte groups on 16-byte aligned buffers.
inline bool applies(const void* in, const void* out, const void* scratch, int w) {
  return w % kLaneCols == 0 && reinterpret_cast<uintptr_t>(in) % 16 == 0 &&
         reinterpret_cast<uintptr_t>(out) % 16 == 0 &&
         reinterpret_cast<uintptr_t>(scratch) % 16 == 0;
}

__device__ __forceinline__ TileIndex tile_of_wide(int block, int ntx) {
  const int blocks_per_row = (ntx + kWarps - 1) / kWarps;
  return {(block % blocks_per_row) * kWarps + int(threadIdx.x) / kLanes, block / blocks_per_row};
}

// Rows y .. y + count - 1 (count <= kWideBatch) of the lane's 16 columns; zeros for a lane
// outside the image.
__device__ __forceinline__ void load_rows(const uint8_t* p, int w, bool active, int count,
                                          uint4 (&raw)[kWideBatch]) {
#pragma unroll
  for (int i = 0; i < kWideBatch; ++i)
    raw[i] = active && i < count ? __ldg(reinterpret_cast<const uint4*>(p + size_t(i) * w))
                                 : make_uint4(0, 0, 0, 0);
}

// ---- Launch 1: column sums, row sums and the total of each tile.
template <int kTileRows>
__global__ void __launch_bounds__(kWarps* kLanes, kWideMinBlocks)
    tile_sums_u8(const uint8_t* __restrict__ in, int w, int h, int ntx,
                 uint32_t* __restrict__ col_sums, uint32_t* __restrict__ row_sums,
                 uint32_t* __restrict__ totals) {
  static_assert(kTileRows * 255 < 65536, "packed 16-bit column sums must not overflow");
  const int lane = int(threadIdx.x) % kLanes;
  const TileIndex t = tile_of_wide(int(blockIdx.x), ntx);
  if (t.tx >= ntx) return;
  const int x = t.tx * kTileCols + lane * kLaneCols;
  const bool active = x < w;  // w % 16 == 0: all 16 columns inside the image, or none
  const int y0 = t.ty * kTileRows, rows = min(kTileRows, h - y0);
  const uint8_t* src = in + size_t(y0) * w + x;
  // lo[j]: the sums of bytes 0 and 2 of word j (low and high 16 bits), hi[j]: bytes 1 and 3.
  uint32_t lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0};
  uint32_t mine = 0;  // the sum of row (r0 & ~31) + lane over the tile
  uint4 cur[kWideBatch];
  load_rows(src, w, active, min(kWideBatch, rows), cur);
  for (int r0 = 0; r0 < rows; r0 += kWideBatch) {
    uint4 next[kWideBatch];
    load_rows(src + size_t(r0 + kWideBatch) * w, w, active && r0 + kWideBatch < rows,
              rows - r0 - kWideBatch, next);
#pragma unroll
    for (int i = 0; i < kWideBatch; ++i) {
      if (r0 + i < rows) {
        const uint32_t word[4] = {cur[i].x, cur[i].y, cur[i].z, cur[i].w};
        uint32_t s = 0;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
          lo[j] += word[j] & 0x00ff00ffu;
          hi[j] += (word[j] >> 8) & 0x00ff00ffu;
          s = __dp4a(word[j], 0x01010101u, s);
        }
        const uint32_t row = __reduce_add_sync(kFull, s);
        if (lane == (r0 + i) % kLanes) mine = row;
      }
    }
    const int group_end = min(rows, (r0 / kLanes + 1) * kLanes);
    if (r0 + kWideBatch >= group_end) {  // the last batch of a 32-row group: store its row sums
      const int g0 = r0 / kLanes * kLanes;
      if (g0 + lane < group_end) row_sums[size_t(t.tx) * h + y0 + g0 + lane] = mine;
      mine = 0;
    }
#pragma unroll
    for (int i = 0; i < kWideBatch; ++i) cur[i] = next[i];
  }
  uint32_t total = 0;
  if (active) {
    uint4* col = reinterpret_cast<uint4*>(col_sums + size_t(t.ty) * w + x);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const uint4 c = make_uint4(lo[j] & 0xffffu, hi[j] & 0xffffu, lo[j] >> 16, hi[j] >> 16);
      col[j] = c;
      total += (c.x + c.y) + (c.z + c.w);
    }
  }
  total = __reduce_add_sync(kFull, total);
  if (lane == 0) totals[size_t(t.ty) * ntx + t.tx] = total;
  let_the_next_launch_start();  // launch 2 may be placed as the last blocks end; it waits
}

// The shared-memory slot of 16-byte piece g of a staged row: XOR-swizzled so that both the
// lane-major writes (lane l: pieces 4l..4l+3) and the piece-major reads (lane l: l + 32 m) of
// 8 lanes at a time fall on 8 different 16-byte bank groups.
__device__ __forceinline__ int swizzled(int g) {
  return g ^ ((g >> 3) & 7);
}

// ---- Launch 3: each tile's part of the table.
template <int kTileRows, bool kStaged>
__global__ void __launch_bounds__(kWarps* kLanes, kWideMinBlocks)
    tile_tables_u8(const uint8_t* __restrict__ in, uint32_t* __restrict__ out, int w, int h,
                   int ntx, const uint32_t* __restrict__ col_carry,
                   const uint32_t* __restrict__ row_carry, const uint32_t* __restrict__ corners,
                   bool reverse, bool stream) {
  wait_for_the_launch_before();  // launch 2's carries
  const int lane = int(threadIdx.x) % kLanes;
  const int block = reverse ? int(gridDim.x - 1 - blockIdx.x) : int(blockIdx.x);
  const TileIndex t = tile_of_wide(block, ntx);
  if (t.tx >= ntx) return;
  const int x = t.tx * kTileCols + lane * kLaneCols;
  const bool active = x < w;
  const int y0 = t.ty * kTileRows, rows = min(kTileRows, h - y0);

  // The row above the tile: SAT(x + k, y0 - 1) = corner + col_carry summed from the tile's left
  // edge to x + k.
  uint32_t c[kLaneCols];
  if (active) {
    const uint4* cc = reinterpret_cast<const uint4*>(col_carry + size_t(t.ty) * w + x);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const uint4 q = __ldg(cc + j);
      c[4 * j] = q.x, c[4 * j + 1] = q.y, c[4 * j + 2] = q.z, c[4 * j + 3] = q.w;
    }
  } else {
#pragma unroll
    for (int k = 0; k < kLaneCols; ++k) c[k] = 0;
  }
#pragma unroll
  for (int k = 1; k < kLaneCols; ++k) c[k] += c[k - 1];
  {
    const uint32_t base = corners[size_t(t.ty) * ntx + t.tx] +
                          (warp_inclusive(c[kLaneCols - 1], lane) - c[kLaneCols - 1]);
#pragma unroll
    for (int k = 0; k < kLaneCols; ++k) c[k] += base;
  }

  const uint8_t* src = in + size_t(y0) * w + x;
  uint32_t* dst = out + size_t(y0) * w + x;
  uint32_t* row_start = out + size_t(y0) * w + size_t(t.tx) * kTileCols;
  const int pieces = min(kTileCols, w - t.tx * kTileCols) / 4;  // 16-byte pieces in the image
  __shared__ uint4 stages[kStaged ? kWarps : 1][kStaged ? kTileCols / 4 : 1];
  uint4* stage = stages[kStaged ? int(threadIdx.x) / kLanes : 0];
  uint32_t carry_mine = 0;  // row_carry of row (r0 & ~31) + lane
  uint4 cur[kWideBatch];
  load_rows(src, w, active, min(kWideBatch, rows), cur);
  for (int r0 = 0; r0 < rows; r0 += kWideBatch) {
    uint4 next[kWideBatch];
    load_rows(src + size_t(r0 + kWideBatch) * w, w, active && r0 + kWideBatch < rows,
              rows - r0 - kWideBatch, next);
    if (r0 % kLanes == 0)
      carry_mine = r0 + lane < rows ? row_carry[size_t(t.tx) * h + y0 + r0 + lane] : 0u;
#pragma unroll
    for (int i = 0; i < kWideBatch; ++i) {
      if (r0 + i < rows) {
        const uint32_t word[4] = {cur[i].x, cur[i].y, cur[i].z, cur[i].w};
        uint32_t p[kLaneCols];  // the row's prefix over the lane's 16 columns
#pragma unroll
        for (int k = 0; k < kLaneCols; ++k) p[k] = (word[k / 4] >> (8 * (k % 4))) & 0xffu;
#pragma unroll
        for (int k = 1; k < kLaneCols; ++k) p[k] += p[k - 1];
        const uint32_t left = __shfl_sync(kFull, carry_mine, (r0 + i) % kLanes) +
                              (warp_inclusive(p[kLaneCols - 1], lane) - p[kLaneCols - 1]);
#pragma unroll
        for (int k = 0; k < kLaneCols; ++k) c[k] += left + p[k];
        if constexpr (kStaged) {
          // Through the warp's 2 KiB of shared memory: lane l then stores 16-byte pieces l,
          // l + 32, l + 64, l + 96 of the tile's row, so each store instruction writes 512
          // consecutive bytes (whole 32-byte sectors) instead of 16 bytes every 64.
#pragma unroll
          for (int j = 0; j < 4; ++j)
            stage[swizzled(4 * lane + j)] =
                make_uint4(c[4 * j], c[4 * j + 1], c[4 * j + 2], c[4 * j + 3]);
          __syncwarp();
          uint4* o = reinterpret_cast<uint4*>(row_start + size_t(r0 + i) * w);
#pragma unroll
          for (int m = 0; m < 4; ++m) {
            const int piece = lane + kLanes * m;
            if (piece < pieces) {
              const uint4 q = stage[swizzled(piece)];
              if (stream)
                __stcs(o + piece, q);
              else
                o[piece] = q;
            }
          }
          __syncwarp();
        } else if (active) {
          uint4* o = reinterpret_cast<uint4*>(dst + size_t(r0 + i) * w);
#pragma unroll
          for (int j = 0; j < 4; ++j) {
            const uint4 q = make_uint4(c[4 * j], c[4 * j + 1], c[4 * j + 2], c[4 * j + 3]);
            if (stream)
              __stcs(o + j, q);
            else
              o[j] = q;
          }
        }
      }
    }
#pragma unroll
    for (int i = 0; i < kWideBatch; ++i) cur[i] = next[i];
  }
}

}  // namespace wide
