// The box filter fused with its summed-area table (FilterMethod::Fused): the table is never
// stored. For output row y the window covers rows y0..y1 (y0 = max(y - r, 0), y1 = min(y + r,
// h - 1)); the difference of two table rows, S(., y1) - S(., y0 - 1) = E, is the prefix across
// the width of V(x) = the sum of column x over rows y0..y1, and a window's sum is
// E(x1) - E(x0 - 1): two look-ups. Moving to row y + 1, V gains at most one image row at the
// bottom and loses at most one at the top (two byte adds per column); E is then one block-wide
// scan of V. The pixels follow sat_filter_rule.h's rule (clamped window, its true count, the mean
// rounded half up), so they are the table-then-filter path's bits.
//
//   0 pad rows       only for widths that are not a multiple of 8: the image copied into rows of
//                    w rounded up to 8 bytes, so that launches 1 and 3 load whole 8- or 16-byte
//                    groups (loaded byte by byte, the walk took 1.9 times as long as at the
//                    width beside; with the copy 1.27-1.34 times: H200, 2026-12-02). From 32 MiB
//                    of rows by warps (16-byte loads and shuffles, 76-79% of copy), below by
//                    threads (4-byte loads, 61-72%: faster on small images).
//   1 strip sums     the rows where the blocks' windows start (and every 128th row) cut the image
//                    into strips: the column sums of every strip (one read of the image).
//   2 start columns  per column, the strips' sums added down the image: the column sums through
//                    each start row, so a block's first V is two of them subtracted. Only for
//                    windows that span more than 16 strips (r > 192 at 8192^2): shorter ones
//                    start by adding their strips in the walk, at most 16 loads a column.
//   (launches 0-2 are in sat_filter_fused_starts.cu, what they share with the walk in
//   sat_filter_fused_parts.cuh)
//   3 walk           a block of 256, 512 or 1024 threads (8 columns each: the fewest that cover
//                    the width; 4, 2 or 1 blocks an SM) owns a run of h / (its blocks) output
//                    rows across the whole width. Per two output rows: the entering and
//                    leaving image rows (loaded an iteration ahead) added into V, V's prefix
//                    across the block (warp scans, then the earlier warps' totals in one warp
//                    reduction: one barrier for both rows), E published in shared memory (one
//                    barrier), the pixels written (in runs of 32 columns, lane-major:
//                    conflict-free reads of E, 32-byte stores; warp j takes runs j, j + warps,
//                    ..., so the runs near the edges, which take their own counts, fall to
//                    different warps). A row's inner pixels share one count, so the mean is a
//                    division by an invariant integer: an add, a multiply-high and a shift with
//                    the row's divisor (sat_filter_rule.h's mean_divisor, exact). Windows of at
//                    most kExactU32Pixels pixels keep E in 32 bits (sums modulo 2^32 are exact
//                    there), larger ones in 64 (one row an iteration). A window of at most 1.4
//                    times a block's rows (2 r + 1 <= 1.4 h / blocks, r <= 43 at 8192^2, where
//                    the two starts cross): each walk sums its first window's rows itself, and
//                    launches 1 and 2 do not run. After launch 1 the walk is a programmatic
//                    dependent launch: it starts while launch 1 ends and waits for the strip
//                    sums only where it reads them.
// Work O(n) per channel whatever r: each image row is read by launch 1 (or by the short
// windows' starts, at most 1.4 times in all) and twice by the walk (entering and leaving), each
// pixel written once, and no w h table is written or read. Steps: per block its rows (h / blocks)
// and two barriers per two rows; launch 1 O(128) rows a thread, launch 2 O(strips / 32), or
// O(16) strips a thread in the walk.
// Measured (H200, 2026-12-02 05:28 UTC, 8192 x 8192 u8, bench/dev/sat_sweep.cu, two runs;
// docs/performance.md "the fused box filter's walk: row divisors"): 0.124-0.126 ms for r <= 4
// (the table alone 0.126 ms), 0.135-0.138 at r = 16, 0.143-0.144 at r = 32, 0.150-0.158 for
// r = 48..256, 0.177 at r = 1000; the table and the filter reading it 0.24-0.30 ms; 0.40-0.43 ms
// for the 64-bit windows of r >= 2052. The walk alone 0.124-0.131 ms: about as long as the table
// alone, so every start that reads the image (0.023 ms at best) keeps r > 32 above 1.15 times
// it. The walk's history (the leaner walk, the edge columns, the divisors, the spread runs, the
// reduction, the tries that were slower) is in docs/performance.md. Narrower images take
// narrower walks (256 threads up to 2048 columns, 512 up to 4096): 1024^2 0.032 ms, 2048^2
// 0.048 ms, 4096^2 0.080 ms at r = 4, 1.35x faster than 1024 threads with most of them idle,
// and ahead of the table path (0.048, 0.056, 0.090 ms; 2026-11-30).
// Teach mode (`--kernel fused`): the same launches traced at teaching size in
// sat_filter_fused_teach.cu (strips of 8 rows, 4 columns a thread, one warp walking 8 rows a
// block, so the walks start from their own rows for r <= 3; shape in sat_filter_fused_teach.h),
// CPU twin sat_teach_fused_filter_cpu.cpp.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_load.cuh"
#include "../common/error.h"
#include "sat_filter_checks.h"
#include "sat_filter_fused_parts.cuh"
#include "sat_filter_fused_tuning.h"
#include "sat_filter_rule.h"
#include "sat_launch.h"

namespace ws::sat {

namespace rule = filter_rule;

namespace {

using namespace fused;  // the parts launches 0-2 share with the walk

constexpr unsigned kFull = 0xffffffffu;
constexpr int kMaxFusedBlocks = (kMaxFusedStarts - kMaxSide / kStripRows) / 2;

// How a walk gets V at its first row.
constexpr int kStartColumns = 0;  // launch 2's column sums through two start rows, subtracted
constexpr int kStartStrips = 1;   // launch 1's strips inside the window, added (no launch 2)
constexpr int kStartOwn = 2;      // the window's 2 r + 1 image rows, added (no launch 1 or 2)
// The most strips a window may span for the walks to add them (kStartStrips), where launch 2
// would have added every strip above each column.
constexpr int kMaxSummedStrips = 16;

struct FusedShape {
  int blocks = 0, rows_per_block = 0;
};

// A walking thread takes kWalkCols columns, so a block of T threads covers 8 T columns: the
// walks take the smallest of 256, 512 and 1024 threads that covers the image's width, and
// 1024 / T blocks an SM (64 registers a thread in every case). A narrow image then does not leave
// most of a block's threads idle at every barrier of its walk.
constexpr int kWalkCols = 8;
static_assert(1024 * kWalkCols == kMaxSide, "the widest walk covers kMaxSide columns");
// The walk's tuning ways (0: the product's), for the timing program's flags.
constexpr int kWayFloatRounding = 1;  // inner pixels by a float estimate and one correction
constexpr int kWayWarpColumns = 2;    // warp j writes its own 8 runs of 32 columns

int walk_threads(int w) {
  return w <= 256 * kWalkCols ? 256 : w <= 512 * kWalkCols ? 512 : 1024;
}

// 1024 / walk_threads(w) walking blocks per SM (kFused2PerSm: at least two).
FusedShape fused_shape(int w, int h, int flags) {
  FusedShape s;
  int device = 0, sms = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const int per_sm = std::max((flags & kFused2PerSm) != 0 ? 2 : 1, 1024 / walk_threads(w));
  const int want = std::min({h, std::max(sms, 1) * per_sm, kMaxFusedBlocks});
  s.rows_per_block = (h + want - 1) / want;
  s.blocks = (h + s.rows_per_block - 1) / s.rows_per_block;
  return s;
}

// The index of `row` in the sorted starts (it is one of them).
__device__ int start_index(const Starts& s, int row) {
  int lo = 0, hi = s.count - 1;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (s.row[mid] < row)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

// The block-wide exclusive prefix of kN values per thread (each thread's total of a row of V) at
// once: warp scans, then the earlier warps' totals (a reduction for 32-bit sums, a scan for 64).
// One barrier; `scratch` holds 32 x kN.
template <class T, int kThreads, int kN>
__device__ void block_exclusive(const T (&total)[kN], T (&before)[kN], T* scratch) {
  constexpr int kWarps = kThreads / 32;
  const int lane = int(threadIdx.x) % 32, warp = int(threadIdx.x) / 32;
  T inclusive[kN];
#pragma unroll
  for (int j = 0; j < kN; ++j) inclusive[j] = total[j];
#pragma unroll
  for (int d = 1; d < 32; d *= 2) {
#pragma unroll
    for (int j = 0; j < kN; ++j) {
      const T t = __shfl_up_sync(kFull, inclusive[j], d);
      if (lane >= d) inclusive[j] += t;
    }
  }
  if (lane == 31) {
#pragma unroll
    for (int j = 0; j < kN; ++j) scratch[j * 32 + warp] = inclusive[j];
  }
  __syncthreads();
  if constexpr (sizeof(T) == 4) {
    // The earlier warps' totals in one warp-wide reduction (REDUX): 32-bit sums, modulo 2^32
    // like the rest of E. A scan of all the warps' totals in every warp took 5 shuffle steps a
    // row, about 35 instructions a step.
#pragma unroll
    for (int j = 0; j < kN; ++j) {
      const T earlier = lane < warp ? scratch[j * 32 + lane] : T(0);
      before[j] = T(__reduce_add_sync(kFull, uint32_t(earlier))) + inclusive[j] - total[j];
    }
  } else {
    T mine[kN];
#pragma unroll
    for (int j = 0; j < kN; ++j) mine[j] = lane < kWarps ? scratch[j * 32 + lane] : T(0);
#pragma unroll
    for (int d = 1; d < kWarps; d *= 2) {
#pragma unroll
      for (int j = 0; j < kN; ++j) {
        const T t = __shfl_up_sync(kFull, mine[j], d);
        if (lane >= d) mine[j] += t;
      }
    }
#pragma unroll
    for (int j = 0; j < kN; ++j) {
      const T warp_before = __shfl_sync(kFull, mine[j], warp > 0 ? warp - 1 : 0);
      before[j] = (warp > 0 ? warp_before : T(0)) + inclusive[j] - total[j];
    }
  }
}

// A row's divisor in 8 bytes of shared memory: {multiplier, addend | shift << 24} (the addend is
// below 2^22 and the shift below 32 for every count that has a divisor).
__device__ __forceinline__ uint2 packed(const rule::MeanDivisor& d) {
  return make_uint2(d.multiplier, d.addend | d.shift << 24);
}
__device__ __forceinline__ rule::MeanDivisor unpacked(uint2 p) {
  rule::MeanDivisor d;
  d.multiplier = p.x, d.addend = p.y & 0xffffffu, d.shift = p.y >> 24;
  return d;
}

// V += the row entering at the bottom, V -= the row leaving at the top, the thread's kCols
// columns (a row that does not move is all zeros): one three-input add a column.
template <int kCols>
__device__ __forceinline__ void move_window(const RowWords<kCols>& entering,
                                            const RowWords<kCols>& leaving, uint32_t (&v)[kCols]) {
#pragma unroll
  for (int k = 0; k < kCols; ++k) {
    const uint32_t in = __byte_perm(entering.word[k / 4], 0, 0x4440 | (k % 4));
    const uint32_t out = __byte_perm(leaving.word[k / 4], 0, 0x4440 | (k % 4));
    v[k] = v[k] + in - out;
  }
}

// V += the row's samples, the thread's kCols columns (the direct start).
template <int kCols>
__device__ __forceinline__ void add_samples(const RowWords<kCols>& raw, uint32_t (&v)[kCols]) {
#pragma unroll
  for (int k = 0; k < kCols; ++k) v[k] += __byte_perm(raw.word[k / 4], 0, 0x4440 | (k % 4));
}

// 1 / x within 2^-22 (rcp.approx.ftz: one instruction; x >= 1 here).
__device__ __forceinline__ float approximate_reciprocal(float x) {
  float y;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

// sat_filter_rule.h's round_mean_small_one_sided in fewer instructions: the estimate in one fused
// multiply-add (the kernels build with -fmad=false; one rounding instead of two keeps it closer
// still, well inside the rule's 0.001), and the correction branch-free. With e = sum - q count
// (exact, |e| < 2 count), e >= half exactly when (half - 1) - e = q count + (half - 1 - sum) is
// negative (|it| < 2^31 for every window of at most kExactU32Pixels pixels), so its sign bit is
// the increment: a multiply-add and a shift-add (LEA.HI) where the rule's form took five.
__device__ __forceinline__ uint8_t round_mean_fma(uint32_t sum, uint32_t count,
                                                  uint32_t half_minus_1, float reciprocal) {
  const uint32_t q = uint32_t(__fmaf_rn(float(sum), reciprocal, 0.499f));
  const uint32_t u = q * count + (half_minus_1 - sum);
  return uint8_t(q + (u >> 31));
}

// One filtered pixel from E (the window's rows: rows_in), by the rule's round_mean.
template <class T>
__device__ __forceinline__ uint8_t pixel(const T* e, int px, int r, int w, int rows_in) {
  const int x0 = px - r < 0 ? 0 : px - r, x1 = px + r > w - 1 ? w - 1 : px + r;
  const T sum = e[x1] - (x0 > 0 ? e[x0 - 1] : T(0));
  return rule::round_mean(uint64_t(sum), int64_t(x1 - x0 + 1) * rows_in);
}

// V at a walk's first row from launch 1's strips k0 .. k1 (kStartStrips): their column sums
// added. Not inlined, and returned by value, so that the walk's registers are allocated as
// without it (inlined, the product's walk spilled in its loop).
template <int kCols>
struct ColumnSums {
  uint32_t sum[kCols];
};
template <int kCols>
__device__ __noinline__ ColumnSums<kCols> strips_added(int k0, int k1,
                                                       const uint32_t* channel_strips, int pitch,
                                                       int x) {
  ColumnSums<kCols> s = {};
  if (x >= pitch) return s;
  const uint32_t* strip = channel_strips + size_t(k0) * pitch + x;
#pragma unroll 4
  for (int k = k0; k <= k1; ++k, strip += pitch) {
#pragma unroll
    for (int q = 0; q < kCols / 4; ++q) {
      const uint4 a = __ldg(reinterpret_cast<const uint4*>(strip) + q);
      s.sum[4 * q] += a.x, s.sum[4 * q + 1] += a.y, s.sum[4 * q + 2] += a.z,
          s.sum[4 * q + 3] += a.w;
    }
  }
  return s;
}

// ---- Launch 3: the walks. Grid (blocks, channels). V(x) = the sum of column x over the
// window's rows y0..y1: it moves down with the window (one image row added at the bottom, one
// taken off at the top: two byte adds per column, no scan), and E = the prefix of V across the
// width (one block scan a row) gives each window's sum as E(x1) - E(x0 - 1). T = uint32_t for E
// (windows of at most kExactU32Pixels pixels, sums modulo 2^32) or unsigned long long; V always
// fits 32 bits (at most 255 h). kThreads x kCols >= pitch; kRows output rows an iteration. The
// image's rows, the strips, the start columns and E are `pitch` wide (w rounded up to 8: launch
// 0's copy when w is not a multiple of 8), the output's rows w.
template <class T, int kThreads, int kRows, int kDepth, bool kFast, bool kPadded, int kWay>
__global__ void __launch_bounds__(kThreads, 1024 / kThreads)
    walk(const uint8_t* __restrict__ image, int w, int h, int r, int rows_per_block, Starts starts,
         const uint32_t* __restrict__ columns, uint8_t* __restrict__ out, int start) {
  constexpr int kCols = kWalkCols;
  // kPadded: w is not a multiple of 8, the image's rows are launch 0's padded copy. Otherwise the
  // pitch is w itself, so the loop keeps no second width (with one, ptxas spilled 16-20 bytes).
  const int pitch = kPadded ? padded_pitch(w) : w;
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  T* e_rows = reinterpret_cast<T*>(shared_bytes);  // [2][kRows][pitch]: E, two buffers
  // Then (kFast, 32-bit E) the inner pixels' divisor of each of the block's output rows:
  // rule::mean_divisor of the window's pixels, packed.
  uint2* row_divisors = reinterpret_cast<uint2*>(e_rows + 2 * size_t(kRows) * pitch);
  __shared__ T scratch[32 * kRows];
  const int channel = int(blockIdx.y);
  const uint8_t* plane = image + size_t(channel) * pitch * h;
  uint8_t* out_plane = out + size_t(channel) * w * h;
  const int x = int(threadIdx.x) * kCols;
  const int ya = int(blockIdx.x) * rows_per_block, yb = min(h, ya + rows_per_block);
  const int window = 2 * r + 1;
  if constexpr (kFast && sizeof(T) == 4) {  // published by the first iteration's barriers
    for (int y = ya + int(threadIdx.x); y < yb; y += kThreads) {
      const rule::MeanDivisor d =
          rule::mean_divisor(uint64_t(window) * uint64_t(bottom_row(y, r, h) - top_row(y, r)));
      row_divisors[y - ya] = packed(d);
    }
  }

  // The image rows entering (at the bottom) and leaving (at the top) for the next kDepth
  // iterations of kRows output rows, loaded ahead: zeros for a row that does not move (the first
  // output row, rows past the block's), so V moves without a branch. A ring of kDepth slots, the
  // loop unrolled kDepth times so that each slot is a fixed set of registers (no copies), and the
  // parity of E's buffer is fixed in each copy of the body.
  constexpr int kN = 2 * kRows;
  static_assert(kDepth % 2 == 0, "E's two buffers alternate with the ring's slots");
  RowWords<kCols> ahead[kDepth][kN];
  // Every load is one 8-byte load from the thread's column pointer and one wide multiply-add for
  // the row, predicated (a row that does not move, or a thread past the width, keeps zeros); the
  // 64-bit address arithmetic and the branches around each load were a sixth of the walk's
  // instructions.
  const uint8_t* column = plane + x;
  auto words_if = [&](bool keep, int y) {
    RowWords<kCols> kept{};
    if (keep && x < w) kept = load_row_at<kCols>(column + uint64_t(uint32_t(y)) * uint32_t(pitch));
    return kept;
  };
  auto fetch = [&](int y0, RowWords<kCols>(&into)[kN]) {
#pragma unroll
    for (int i = 0; i < kRows; ++i) {
      const int y = y0 + i;
      const bool in = y < yb && y > ya;
      const int rb = bottom_row(y, r, h), rt = top_row(y, r);
      into[2 * i] = words_if(in && rb > bottom_row(y - 1, r, h), rb);
      into[2 * i + 1] = words_if(in && rt > top_row(y - 1, r), max(rt, 0));
    }
  };
#pragma unroll
  for (int d = 0; d < kDepth; ++d) fetch(ya + kRows * d, ahead[d]);

  // The walk may have started while launch 1 (or 2) still ran (a programmatic dependent launch:
  // its divisors and first rows above came meanwhile); their column sums are read below.
  if (start != kStartOwn) wait_for_the_launch_before();

  // V at the first row: the column sums through the bottom row minus those through the row
  // above the window (launch 2's start rows).
  uint32_t v[kCols];
  {
    const int rb = bottom_row(ya, r, h), rt = top_row(ya, r);
#pragma unroll
    for (int k = 0; k < kCols; ++k) v[k] = 0;
    if (start == kStartOwn) {
#pragma unroll 8
      for (int y = rt + 1; y <= rb; ++y) add_samples<kCols>(load_row<kCols>(plane, pitch, y, x), v);
    } else if (start == kStartStrips) {
      const ColumnSums<kCols> s =
          strips_added<kCols>(rt >= 0 ? start_index(starts, rt) + 1 : 0, start_index(starts, rb),
                              columns + size_t(channel) * starts.count * pitch, pitch, x);
#pragma unroll
      for (int k = 0; k < kCols; ++k) v[k] = s.sum[k];
    } else if (x < pitch) {  // launch 2's columns: through rb minus through rt
      const uint32_t* bottom =
          columns + (size_t(channel) * starts.count + start_index(starts, rb)) * pitch + x;
      const uint32_t* top =
          rt >= 0 ? columns + (size_t(channel) * starts.count + start_index(starts, rt)) * pitch + x
                  : nullptr;
#pragma unroll
      for (int q = 0; q < kCols / 4; ++q) {
        const uint4 a = __ldg(reinterpret_cast<const uint4*>(bottom) + q);
        const uint4 c = top != nullptr ? __ldg(reinterpret_cast<const uint4*>(top) + q)
                                       : make_uint4(0, 0, 0, 0);
        v[4 * q] = a.x - c.x, v[4 * q + 1] = a.y - c.y, v[4 * q + 2] = a.z - c.z,
              v[4 * q + 3] = a.w - c.w;
      }
    }
  }

  // The pixels lane-major in runs of 32 columns (so that the lanes read consecutive entries of E,
  // without bank conflicts, and store 32 consecutive bytes): warp j writes runs j, j + kWarps,
  // ..., so the few runs near the left and right edges (their own counts, several times the
  // instructions) fall to different warps, not all to the first and the last (kWayWarpColumns:
  // warp j's own 8 runs). `inside`: none of the warp's runs touches an edge.
  constexpr int kWarps = kThreads / 32;
  constexpr bool kWarpColumns = (kWay & kWayWarpColumns) != 0;
  constexpr int kRunStride = kWarpColumns ? 32 : 32 * kWarps;  // columns from run k to k + 1
  const int lane = int(threadIdx.x) % 32;
  const int warp_first = (int(threadIdx.x) / 32) * (kWarpColumns ? 32 * kCols : 32);
  const int base = warp_first + lane;
  const bool inside =
      warp_first - r - 1 >= 0 && warp_first + kRunStride * (kCols - 1) + 31 + r <= w - 1;
  // One iteration: output rows y0 .. y0 + kRows - 1 from ring slot `slot`, E in `e_base`.
  auto iterate = [&](int y0, RowWords<kCols>(&slot)[kN], T* e_base) {
    // V of each of the kRows output rows and the thread's total of it (a tree of three-input
    // adds); the prefix within the thread is taken after the scan, from the thread's offset, so
    // that no row's prefix is held through the scan (8 registers fewer than the prefix taken
    // first and the offset added to each entry: as many adds, and the tree's are fewer).
    uint32_t first_row[kCols];  // V of the first output row, while V moves on to the second
    T total[kRows], before[kRows];
    int rows_in[kRows];
#pragma unroll
    for (int i = 0; i < kRows; ++i) {
      const int y = y0 + i;
      move_window<kCols>(slot[2 * i], slot[2 * i + 1], v);
      rows_in[i] = bottom_row(y, r, h) - top_row(y, r);  // y1 - (y0 - 1): the window's rows
      T sum = T(0);
#pragma unroll
      for (int k = 0; k < kCols; ++k) sum += T(v[k]);
      total[i] = sum;
      if (i == 0 && kRows > 1) {
#pragma unroll
        for (int k = 0; k < kCols; ++k) first_row[k] = v[k];
      }
    }
    block_exclusive<T, kThreads, kRows>(total, before, scratch);
    if (x < w) {
#pragma unroll
      for (int i = 0; i < kRows; ++i) {
        T* e = e_base + size_t(i) * pitch + x;
        const uint32_t(&row)[kCols] = i == 0 && kRows > 1 ? first_row : v;
        T run[kCols];
#pragma unroll
        for (int k = 0; k < kCols; ++k) run[k] = (k > 0 ? run[k - 1] : before[i]) + T(row[k]);
        if (sizeof(T) == 4) {  // x and pitch multiples of 8: whole 16-byte stores
#pragma unroll
          for (int k = 0; k < kCols; k += 4)
            *reinterpret_cast<uint4*>(e + k) = make_uint4(
                uint32_t(run[k]), uint32_t(run[k + 1]), uint32_t(run[k + 2]), uint32_t(run[k + 3]));
        } else {
#pragma unroll
          for (int k = 0; k < kCols; ++k)
            if (x + k < w) e[k] = run[k];
        }
      }
    }
    __syncthreads();
#pragma unroll
    for (int i = 0; i < kRows; ++i) {
      const int y = y0 + i;
      if (y >= yb) break;
      const T* e = e_base + size_t(i) * pitch;
      uint8_t* dst = out_plane + size_t(y) * w;
      if (kFast && sizeof(T) == 4) {
        // 32-bit sums. Columns away from the left and right edges: the row's one count through
        // its divisor (sat_filter_rule.h's mean_by_divisor: the same pixels; kWayFloatRounding:
        // the float estimate and one correction). Near an edge each pixel its own clamped
        // count, an approximate reciprocal of it (the rounding's estimate needs 1e-3 / 256; the
        // approximation is within 2^-22) and the one-sided rounding; so too a row whose count
        // has no divisor (2^23 pixels and more). A warp whose runs are all inside tests once a
        // row; the others once for each run, the warp as one. The edge columns went through
        // the general rule (64-bit sums and counts) before: the edge warps took three times as
        // long as the others, which waited for them at the next barrier (docs/performance.md).
        constexpr bool kFloatRounding = (kWay & kWayFloatRounding) != 0;
        const rule::MeanDivisor divisor = unpacked(row_divisors[y - ya]);
        const bool by_divisor = kFloatRounding || divisor.multiplier != 0;
        const uint32_t row_count = uint32_t(window) * uint32_t(rows_in[i]);
        const uint32_t row_half_minus_1 = (row_count + 1) / 2 - 1;
        const float row_reciprocal = kFloatRounding ? rule::reciprocal_of(int64_t(row_count)) : 0;
        auto inner = [&](int px) {
          const uint32_t sum = uint32_t(e[px + r] - e[px - r - 1]);
          if constexpr (kFloatRounding) {
            dst[px] = round_mean_fma(sum, row_count, row_half_minus_1, row_reciprocal);
          } else {
            dst[px] = rule::mean_by_divisor(sum, divisor);
          }
        };
        if (inside && by_divisor) {
#pragma unroll
          for (int k = 0; k < kCols; ++k) inner(base + kRunStride * k);
        } else {
#pragma unroll
          for (int k = 0; k < kCols; ++k) {
            const int px = base + kRunStride * k, first = warp_first + kRunStride * k;
            if (by_divisor && first - r - 1 >= 0 && first + 31 + r <= w - 1) {
              inner(px);
              continue;
            }
            const int x = px < w ? px : w - 1;  // lanes past the width compute, store nothing
            const int x0 = x - r < 0 ? 0 : x - r, x1 = x + r > w - 1 ? w - 1 : x + r;
            const uint32_t sum = uint32_t(e[x1] - (x0 > 0 ? e[x0 - 1] : T(0)));
            const uint32_t count = uint32_t(x1 - x0 + 1) * uint32_t(rows_in[i]);
            const uint8_t mean = round_mean_fma(sum, count, (count + 1) / 2 - 1,
                                                approximate_reciprocal(float(count)));
            if (px < w) dst[px] = mean;
          }
        }
      } else {
#pragma unroll
        for (int k = 0; k < kCols; ++k) {
          const int px = base + kRunStride * k;
          if (px < w) dst[px] = pixel<T>(e, px, r, w, rows_in[i]);
        }
      }
    }
    // The slot's next rows, loaded last: loaded before the scan, they held 8 registers through
    // the scan and the pixels, and with the row divisors the walk spilled 52-56 bytes in its
    // loop (the padded walks 4-20). The other slot's iteration still runs while they load.
    fetch(y0 + kRows * kDepth, slot);
  };
  for (int y0 = ya; y0 < yb;) {
#pragma unroll
    for (int d = 0; d < kDepth; ++d)
      if (y0 < yb) {  // the same for every thread of the block: the barriers inside are safe
        iterate(y0, ahead[d], e_rows + size_t(d & 1) * kRows * pitch);
        y0 += kRows;
      }
  }
}

// What launch 3 takes besides its shape.
struct WalkArgs {
  const uint8_t* image;  // rows of `pitch` bytes
  int w, pitch, h, r, rows_per_block;
  const Starts* starts;
  const uint32_t* columns;
  uint8_t* out;  // rows of w bytes
  int start;
};

template <class T, int kThreads, int kRows, int kDepth, bool kFast, bool kPadded = false,
          int kWay = 0>
void launch_walk(dim3 grid, cudaStream_t stream, const WalkArgs& a) {
  const size_t divisors = kFast && sizeof(T) == 4 ? size_t(a.rows_per_block) * sizeof(uint2) : 0;
  const size_t shared = 2 * size_t(kRows) * size_t(a.pitch) * sizeof(T) + divisors;
  auto kernel = walk<T, kThreads, kRows, kDepth, kFast, kPadded, kWay>;
  WS_CUDA_CHECK(
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
  // After launch 1 or 2, a programmatic dependent launch (compute capability 9.0 and above).
  launch_maybe_dependent(kernel, grid, dim3(kThreads), shared, stream, a.start != kStartOwn,
                         a.image, a.w, a.h, a.r, a.rows_per_block, *a.starts, a.columns, a.out,
                         a.start);
}

// The same walk with walk_threads(pitch) threads.
template <class T, int kRows, int kDepth, bool kFast, bool kPadded = false>
void launch_walk_fitted(dim3 grid, cudaStream_t stream, const WalkArgs& a) {
  switch (walk_threads(a.pitch)) {
    case 256:
      return launch_walk<T, 256, kRows, kDepth, kFast, kPadded>(grid, stream, a);
    case 512:
      return launch_walk<T, 512, kRows, kDepth, kFast, kPadded>(grid, stream, a);
    default:
      return launch_walk<T, 1024, kRows, kDepth, kFast, kPadded>(grid, stream, a);
  }
}

size_t strip_rows(int w, int h) {
  return size_t(h / kStripRows) + 2 * size_t(fused_shape(w, h, kFused2PerSm).blocks);
}

}  // namespace

size_t fused_box_scratch_bytes(int w, int h, int channels) {
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide) return 0;
  // Launch 1's strips, then launch 0's padded copy of the image where w % 8 != 0.
  const size_t pitch = size_t(padded_pitch(w));
  const size_t copy = pitch != size_t(w) ? pitch * size_t(h) * size_t(channels) : 0;
  return strip_rows(w, h) * pitch * sizeof(uint32_t) * size_t(channels) + copy;
}

void launch_filter_box_fused_flags(const uint8_t* image, int w, int h, int channels,
                                   const FilterParams& params, void* scratch, uint8_t* out,
                                   cudaStream_t stream, int flags) {
  check_one_radius_filter_args(w, h, channels, params, "the fused filter");
  WS_REQUIRE(image != nullptr && out != nullptr && scratch != nullptr,
             std::string("launch_filter_box_fused: null buffer"));
  // The kernels the radius picks (the starts, the 64-bit walks), loaded at the first launch
  // (cuda_load.cuh): a live radius edit that crosses to another start would otherwise time the
  // load (0.03-0.06 ms on an H200, against 0.06-0.08 ms for a 600 x 400 photo's filter).
  static std::once_flag loaded;
  std::call_once(loaded, [] {
    fused::load_start_kernels();
    using U64 = unsigned long long;
    load_kernels_now(walk<U64, 256, 1, 2, false, false, 0>, walk<U64, 512, 1, 2, false, false, 0>,
                     walk<U64, 1024, 1, 2, false, false, 0>, walk<U64, 256, 1, 2, false, true, 0>,
                     walk<U64, 512, 1, 2, false, true, 0>, walk<U64, 1024, 1, 2, false, true, 0>);
  });
  const int r = rule::useful_radius(params.radius, w, h);
  const FusedShape shape = fused_shape(w, h, flags);
  Starts starts;
  int window_strips = 0;  // the most strips a block's first window spans
  {
    std::vector<int> rows;
    for (int b = 0; b < shape.blocks; ++b) {
      const int y = b * shape.rows_per_block;
      if (top_row(y, r) >= 0) rows.push_back(top_row(y, r));
      rows.push_back(bottom_row(y, r, h));
    }
    for (int y = kStripRows - 1; y < h; y += kStripRows)
      rows.push_back(y);  // strips of <= 128 rows
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    starts.count = int(rows.size());
    std::copy(rows.begin(), rows.end(), starts.row);
    auto index = [&](int row) {
      return int(std::lower_bound(rows.begin(), rows.end(), row) - rows.begin());
    };
    for (int b = 0; b < shape.blocks; ++b) {
      const int y = b * shape.rows_per_block, rt = top_row(y, r);
      window_strips =
          std::max(window_strips, index(bottom_row(y, r, h)) - (rt >= 0 ? index(rt) : -1));
    }
  }
  const int only = flags & (kFusedOnly1 | kFusedOnly2 | kFusedOnly3);
  const int pitch = padded_pitch(w);
  uint32_t* columns = static_cast<uint32_t*>(scratch);
  const uint8_t* image_rows = image;  // launches 1 and 3 read rows of `pitch` bytes
  if (pitch != w) {
    uint8_t* padded = static_cast<uint8_t*>(scratch) +
                      strip_rows(w, h) * size_t(pitch) * sizeof(uint32_t) * size_t(channels);
    const bool by_warps = (flags & kFusedPadByWarps) != 0 ||
                          ((flags & kFusedPadByThreads) == 0 &&
                           int64_t(pitch) * h * channels >= fused::kPadByWarpsFrom);
    if (only == 0 || (only & kFusedOnly1) != 0)  // kFusedOnly1 times launch 0 with launch 1
      fused::launch_pad_rows(image, w, pitch, h * channels, padded, by_warps, stream);
    image_rows = padded;
  }
  // A window of at most 1.4 times a walk's rows: each walk sums its first window itself (2 r + 1
  // rows), which saves launches 1 and 2 (a read of the whole image and two launches). Measured on
  // the H200 at 8192^2 (63 rows a walk; docs/performance.md, three rounds at r = 30..56 with the
  // walk a dependent launch of launch 1), the own start is as fast or faster up to r = 42-44 and
  // slower from r = 46 (0.003-0.008 ms at r = 48..54): the rule stops at r = 43 there (at r = 54
  // until 2026-12-02, measured before the dependent launch). Longer windows that span at most
  // kMaxSummedStrips of launch 1's strips (r <= 192 at 8192^2): the walks add those strips, and
  // launch 2 does not run (0.003-0.007 ms less at r = 56..128, 0-0.005 at r = 192; no difference
  // at r = 256, 21 strips; slower past it).
  int start = kStartColumns;
  if ((flags & kFusedStripStarts) != 0)
    start = (flags & kFusedSummedStrips) != 0 ? kStartStrips : kStartColumns;
  else if ((flags & kFusedOwnStarts) != 0 ||
           5 * (int64_t(2) * r + 1) <= 7 * int64_t(shape.rows_per_block))
    start = kStartOwn;
  else if ((flags & kFusedSummedStrips) != 0 || window_strips <= kMaxSummedStrips)
    start = kStartStrips;
  if (start != kStartOwn && (only == 0 || (only & kFusedOnly1) != 0))
    fused::launch_strip_sums(image_rows, pitch, h, channels, starts, columns, stream);
  if (start == kStartColumns && (only == 0 || (only & kFusedOnly2) != 0))
    fused::launch_start_columns(pitch, starts.count, channels, columns, stream);
  if (only != 0 && (only & kFusedOnly3) == 0) return;
  const bool narrow =
      int64_t(std::min(w, 2 * r + 1)) * std::min(h, 2 * r + 1) <= rule::kExactU32Pixels;
  const dim3 grid(unsigned(shape.blocks), unsigned(channels));
  const bool rule_rounding = (flags & kFusedRuleRounding) != 0;
  const bool one_row = (flags & kFusedOneRow) != 0;
  const WalkArgs args{image_rows,           w,       pitch,   h,   r,
                      shape.rows_per_block, &starts, columns, out, start};
  if (pitch != w) {  // launch 0's padded rows (the tuning flags' walks are not built for them)
    if (narrow)
      launch_walk_fitted<uint32_t, 2, 2, true, true>(grid, stream, args);
    else
      launch_walk_fitted<unsigned long long, 1, 2, false, true>(grid, stream, args);
    return;
  }
  const int way = ((flags & kFusedFloatRounding) != 0 ? kWayFloatRounding : 0) |
                  ((flags & kFusedWarpColumns) != 0 ? kWayWarpColumns : 0);
  if (narrow && one_row)
    launch_walk<uint32_t, 1024, 1, 4, true>(grid, stream, args);
  else if (narrow && !rule_rounding && way == kWayFloatRounding)
    launch_walk<uint32_t, 1024, 2, 2, true, false, kWayFloatRounding>(grid, stream, args);
  else if (narrow && !rule_rounding && way == kWayWarpColumns)
    launch_walk<uint32_t, 1024, 2, 2, true, false, kWayWarpColumns>(grid, stream, args);
  else if (narrow && !rule_rounding && way != 0)
    launch_walk<uint32_t, 1024, 2, 2, true, false, kWayFloatRounding | kWayWarpColumns>(
        grid, stream, args);
  else if (narrow && !rule_rounding)
    launch_walk_fitted<uint32_t, 2, 2, true>(grid, stream, args);
  else if (narrow)
    launch_walk<uint32_t, 1024, 2, 2, false>(grid, stream, args);
  else  // 64-bit window sums (E in 64 bits, one row an iteration: up to 128 KiB of E)
    launch_walk_fitted<unsigned long long, 1, 2, false>(grid, stream, args);
}

void launch_filter_box_fused(const uint8_t* image, int w, int h, int channels,
                             const FilterParams& params, void* scratch, uint8_t* out,
                             cudaStream_t stream) {
  launch_filter_box_fused_flags(image, w, h, channels, params, scratch, out, stream, kFusedDefault);
}

}  // namespace ws::sat
