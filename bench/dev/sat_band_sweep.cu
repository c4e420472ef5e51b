// A summed-area table for u8 -> u32 as one launch of three pipelined stages (issue 30: SAT >= 85%
// of copy), not part of the build. Variant 5 reads the image twice from DRAM: launch 1 for the tile
// sums, launch 3 for the table, with launch 2's carries between them (0.024 + 0.009 + 0.096 ms at
// 8192^2 on an H200). Here the same three stages run in one kernel, band by band (a band: BT rows
// of 512 x TR tiles across the image), so that the second read of a band comes from the L2 cache
// while later bands are read from DRAM:
//   S  sums     a warp per tile: the tile's column sums, row sums and total (launch 1's work);
//   C  carries  4 blocks per band: the band's column carries (continuing the band above's), row
//               carries and corners (launch 2's work, one band at a time);
//   T  tables   a warp per tile: its part of the table (launch 3's work), the band's image rows
//               read again (from L2, if the band is still there).
// Blocks in index order (or by an atomic ticket: kTicket) are round after round of [S of band r,
// C of band r - 1, T of band r - LA]: a block only waits for blocks before it (C for the band's S
// blocks and the band above's C block of the same columns; T for its band's C blocks), which
// the hardware has started first, so the pipeline cannot deadlock. Each S and C block publishes
// a 64-bit flag holding a magic word and the launch's epoch, so nothing is cleared between runs.
// Every table is compared with variant 5's.
// Result (H200, 2026-12-02; docs/performance.md, "the SAT's three launches as one pipelined
// launch"): every table right, none faster than the three launches (0.140-0.165 ms against
// 0.126-0.131): T's blocks are nearly all resident at once, so the second read does not come
// from L2 (ncu: 137 MB read from DRAM, 9% of read sectors hit).
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -Ibench/dev -o sat_band_sweep \
//     bench/dev/sat_band_sweep.cu build/kernels/sat/libws_sat.a build/kernels/libws_common.a
//   ./sat_band_sweep [repeats] [side]   (side a multiple of 2048)
#include <cstdio>
#include <cstdlib>
#include <string>

#include "dev_common.cuh"
#include "sat_sweep_setup.cuh"

namespace {

using ws::dev::Dev;
using ws::dev::ld_acquire;
int g_reps = 20;
unsigned g_epoch = 0;  // one count across all cases: they share the flags
constexpr unsigned kFull = 0xffffffffu;
constexpr int kLanes = 32, kLaneCols = 16, kTileCols = 512, kWarps = 4, kBatch = 8;
constexpr int kThreads = kWarps * kLanes;

// Options.
constexpr int kNoWaitT = 1;       // T does not wait for its carries (timing only)
constexpr int kOnlyS = 2;         // only the S blocks work (timing only)
constexpr int kOnlyT = 4;         // only the T blocks work, without waiting (timing only)
constexpr int kEvictFirstT = 8;   // T's image loads evict-first (the band's last use)
constexpr int kEvictLastS = 16;   // S's image loads evict-last (kept for T)
constexpr int kPlainStores = 32;  // the table's stores plain instead of evict-first
constexpr int kSleepPoll = 64;    // 64 ns back-off between polls
constexpr int kNoChain = 128;     // C does not wait for the band above (timing only)
constexpr int kTicket = 256;      // roles by an atomic ticket instead of the block index

struct Pipe {
  int w, h, ntx, nty, band_tiles, nb, look_ahead;
  int s_blocks, c_blocks, round_blocks;  // S blocks = T blocks per band
  uint32_t *col_sums, *col_carry, *row_sums, *row_carry, *totals, *corners;
  unsigned long long *s_flag, *c_flag;  // one per S block and per C block: kMagic | epoch
  unsigned* ticket;
  int options;
};

__device__ __forceinline__ uint32_t warp_inclusive(uint32_t v, int lane) {
#pragma unroll
  for (int d = 1; d < kLanes; d *= 2) {
    const uint32_t t = __shfl_up_sync(kFull, v, d);
    if (lane >= d) v += t;
  }
  return v;
}

__device__ __forceinline__ int swizzled(int g) {
  return g ^ ((g >> 3) & 7);
}

__device__ __forceinline__ uint4 load_evict_last(const uint4* p) {
  uint4 v;
  asm volatile(
      "{\n\t.reg .b64 pol;\n\t"
      "createpolicy.fractional.L2::evict_last.b64 pol, 1.0;\n\t"
      "ld.global.nc.L2::cache_hint.v4.u32 {%0,%1,%2,%3}, [%4], pol;\n\t}"
      : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
      : "l"(p));
  return v;
}

// Rows 0 .. count - 1 of a lane's 16 columns (count <= kBatch), stride w.
template <int kKind>  // 0 __ldg, 1 evict-first, 2 evict-last
__device__ __forceinline__ void load_rows(const uint8_t* p, int w, int count,
                                          uint4 (&raw)[kBatch]) {
#pragma unroll
  for (int i = 0; i < kBatch; ++i) {
    const uint4* q = reinterpret_cast<const uint4*>(p + size_t(i) * w);
    raw[i] = i >= count   ? make_uint4(0, 0, 0, 0)
             : kKind == 1 ? __ldcs(q)
             : kKind == 2 ? load_evict_last(q)
                          : __ldg(q);
  }
}

// Every thread's writes before the block's flag (release). A flag is kMagic in the high word and
// the launch's epoch in the low one, so flags of earlier launches, and whatever the scratch held
// before, never read as this launch's.
constexpr unsigned long long kMagic = 0x5a7b0a1dull << 32;
__device__ __forceinline__ void publish(unsigned long long* flag, unsigned epoch) {
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0)
    asm volatile("st.release.gpu.global.u64 [%0], %1;" ::"l"(flag), "l"(kMagic | epoch) : "memory");
}

// Threads 0 .. count - 1 each wait for one flag, then the block goes on.
__device__ __forceinline__ void wait_flags(const unsigned long long* flags, int count,
                                           unsigned epoch, bool sleep) {
  if (int(threadIdx.x) < count) {
    const unsigned long long want = kMagic | epoch;
    for (;;) {
      unsigned long long f;
      asm volatile("ld.acquire.gpu.global.u64 %0, [%1];"
                   : "=l"(f)
                   : "l"(flags + threadIdx.x)
                   : "memory");
      if (f == want) break;
      if (sleep) __nanosleep(64);
    }
  }
  __syncthreads();
}

// ---- S: column sums (packed 16-bit pairs), row sums, total of the warp's tile (launch 1).
template <int TR, int kKind>
__device__ void sums_role(const uint8_t* __restrict__ in, const Pipe& p, int b, int k,
                          unsigned epoch) {
  constexpr int kGroup = TR < kLanes ? TR : kLanes;
  const int lane = int(threadIdx.x) % kLanes, warp = int(threadIdx.x) / kLanes;
  const int bpr = p.ntx / kWarps;
  const int tx = (k % bpr) * kWarps + warp, ty = b * p.band_tiles + k / bpr;
  const int x = tx * kTileCols + lane * kLaneCols, y0 = ty * TR;
  const uint8_t* src = in + size_t(y0) * p.w + x;
  uint32_t lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0}, mine = 0;
  uint4 cur[kBatch];
  load_rows<kKind>(src, p.w, kBatch, cur);
#pragma unroll 1
  for (int r0 = 0; r0 < TR; r0 += kBatch) {
    uint4 next[kBatch];
    load_rows<kKind>(src + size_t(r0 + kBatch) * p.w, p.w, r0 + kBatch < TR ? kBatch : 0, next);
#pragma unroll
    for (int i = 0; i < kBatch; ++i) {
      const uint32_t word[4] = {cur[i].x, cur[i].y, cur[i].z, cur[i].w};
      uint32_t s = 0;
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        lo[j] += word[j] & 0x00ff00ffu;
        hi[j] += (word[j] >> 8) & 0x00ff00ffu;
        s = __dp4a(word[j], 0x01010101u, s);
      }
      const uint32_t row = __reduce_add_sync(kFull, s);
      if (lane == (r0 + i) % kGroup) mine = row;
    }
    if ((r0 + kBatch) % kGroup == 0) {
      const int g0 = r0 + kBatch - kGroup;
      if (lane < kGroup) __stcg(p.row_sums + size_t(tx) * p.h + y0 + g0 + lane, mine);
      mine = 0;
    }
#pragma unroll
    for (int i = 0; i < kBatch; ++i) cur[i] = next[i];
  }
  uint4* col = reinterpret_cast<uint4*>(p.col_sums + size_t(ty) * p.w + x);
  uint32_t total = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const uint4 c = make_uint4(lo[j] & 0xffffu, hi[j] & 0xffffu, lo[j] >> 16, hi[j] >> 16);
    __stcg(col + j, c);
    total += (c.x + c.y) + (c.z + c.w);
  }
  total = __reduce_add_sync(kFull, total);
  if (lane == 0) __stcg(p.totals + size_t(ty) * p.ntx + tx, total);
  publish(p.s_flag + size_t(b) * p.s_blocks + k, epoch);
}

__device__ __forceinline__ uint4 add4(uint4 a, uint4 b) {
  return make_uint4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

// ---- C: the band's carries (launch 2's work), block j of c_blocks (one 4-column group a
// thread). Everything that does not need the band above is done before waiting for it: the
// band's own exclusive sums down its columns, its row carries, its corners relative to its
// first tile row. After the wait each column and corner adds one base, read from the first tile
// row of the band (written by the band above's C), and writes the next band's first row too.
constexpr int kMaxBandTiles = 16;
__device__ __noinline__ void carry_role(const Pipe& p, int b, int j, unsigned epoch) {
  const bool sleep = (p.options & kSleepPoll) != 0;
  wait_flags(p.s_flag + size_t(b) * p.s_blocks, p.s_blocks, epoch, sleep);
  const int bt = p.band_tiles, t0 = b * bt, t1 = t0 + bt;
  const int x = 4 * (j * kThreads + int(threadIdx.x));
  const bool has_col = x < p.w;
  uint4 e[kMaxBandTiles];
  uint4 total = make_uint4(0, 0, 0, 0);
  if (has_col) {
    uint4 v[kMaxBandTiles];
#pragma unroll
    for (int t = 0; t < kMaxBandTiles; ++t)
      if (t < bt)
        v[t] = __ldcg(reinterpret_cast<const uint4*>(p.col_sums + size_t(t0 + t) * p.w + x));
#pragma unroll
    for (int t = 0; t < kMaxBandTiles; ++t)
      if (t < bt) e[t] = total, total = add4(total, v[t]);
  }
  // Rows: the exclusive sums across the tile columns.
  const int TR = p.h / p.nty, rows_per_block = bt * TR / p.c_blocks;
  const int ya = t0 * TR + j * rows_per_block;
  for (int y = ya + int(threadIdx.x); y < ya + rows_per_block; y += kThreads) {
    uint32_t v[32];
#pragma unroll
    for (int tx = 0; tx < 32; ++tx)
      if (tx < p.ntx) v[tx] = __ldcg(p.row_sums + size_t(tx) * p.h + y);
    uint32_t run = 0;
#pragma unroll
    for (int tx = 0; tx < 32; ++tx)
      if (tx < p.ntx) __stcg(p.row_carry + size_t(tx) * p.h + y, run), run += v[tx];
  }
  // Corners relative to the band's first tile row: block 0, in shared memory.
  __shared__ uint32_t sums[kMaxBandTiles + 1][32];
  const bool corner_block = j == 0;
  if (corner_block) {
    for (int i = int(threadIdx.x); i < bt * p.ntx; i += kThreads)
      sums[i / p.ntx][i % p.ntx] = __ldcg(p.totals + size_t(t0) * p.ntx + i);
    __syncthreads();
    if (int(threadIdx.x) < bt) {  // each tile row: exclusive sums across
      uint32_t run = 0;
      for (int tx = 0; tx < p.ntx; ++tx) {
        const uint32_t v = sums[threadIdx.x][tx];
        sums[threadIdx.x][tx] = run;
        run += v;
      }
    }
    __syncthreads();
    if (int(threadIdx.x) < p.ntx) {  // each tile column: exclusive sums down, total at row bt
      uint32_t run = 0;
      for (int t = 0; t <= bt; ++t) {
        const uint32_t v = t < bt ? sums[t][threadIdx.x] : 0u;
        sums[t][threadIdx.x] = run;
        run += v;
      }
    }
  }
  if (b > 0 && (p.options & kNoChain) == 0)
    wait_flags(p.c_flag + size_t(b - 1) * p.c_blocks + j, 1, epoch, sleep);  // same columns above
  const bool next = t1 < p.nty;
  if (has_col) {
    const uint4 base =
        b > 0 ? __ldcg(reinterpret_cast<const uint4*>(p.col_carry + size_t(t0) * p.w + x))
              : make_uint4(0, 0, 0, 0);
#pragma unroll
    for (int t = 0; t < kMaxBandTiles; ++t)
      if (t < bt && (t > 0 || b == 0))
        __stcg(reinterpret_cast<uint4*>(p.col_carry + size_t(t0 + t) * p.w + x), add4(base, e[t]));
    if (next)
      __stcg(reinterpret_cast<uint4*>(p.col_carry + size_t(t1) * p.w + x), add4(base, total));
  }
  if (corner_block && int(threadIdx.x) < p.ntx) {
    const int tx = int(threadIdx.x);
    const uint32_t base = b > 0 ? __ldcg(p.corners + size_t(t0) * p.ntx + tx) : 0u;
    for (int t = (b > 0 ? 1 : 0); t < bt + (next ? 1 : 0); ++t)
      __stcg(p.corners + size_t(t0 + t) * p.ntx + tx, base + sums[t][tx]);
  }
  publish(p.c_flag + size_t(b) * p.c_blocks + j, epoch);
}

// ---- T: the warp's tile of the table (launch 3's work, rows staged through shared memory).
template <int TR, int kKind>
__device__ void table_role(const uint8_t* __restrict__ in, uint32_t* __restrict__ out,
                           const Pipe& p, int b, int k, unsigned epoch, uint4* stages) {
  if ((p.options & (kNoWaitT | kOnlyT)) == 0)
    wait_flags(p.c_flag + size_t(b) * p.c_blocks, p.c_blocks, epoch, (p.options & kSleepPoll) != 0);
  const int lane = int(threadIdx.x) % kLanes, warp = int(threadIdx.x) / kLanes;
  const int bpr = p.ntx / kWarps;
  const int tx = (k % bpr) * kWarps + warp, ty = b * p.band_tiles + k / bpr;
  const int x = tx * kTileCols + lane * kLaneCols, y0 = ty * TR;
  uint32_t c[kLaneCols];
  {
    const uint4* cc = reinterpret_cast<const uint4*>(p.col_carry + size_t(ty) * p.w + x);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const uint4 q = __ldcg(cc + j);
      c[4 * j] = q.x, c[4 * j + 1] = q.y, c[4 * j + 2] = q.z, c[4 * j + 3] = q.w;
    }
  }
#pragma unroll
  for (int q = 1; q < kLaneCols; ++q) c[q] += c[q - 1];
  {
    const uint32_t base = __ldcg(p.corners + size_t(ty) * p.ntx + tx) +
                          (warp_inclusive(c[kLaneCols - 1], lane) - c[kLaneCols - 1]);
#pragma unroll
    for (int q = 0; q < kLaneCols; ++q) c[q] += base;
  }
  const uint8_t* src = in + size_t(y0) * p.w + x;
  uint32_t* row_start = out + size_t(y0) * p.w + size_t(tx) * kTileCols;
  uint4* stage = stages + warp * (kTileCols / 4);
  const bool plain = (p.options & kPlainStores) != 0;
  uint32_t carry_mine = 0;
  uint4 cur[kBatch];
  load_rows<kKind>(src, p.w, kBatch, cur);
#pragma unroll 1
  for (int r0 = 0; r0 < TR; r0 += kBatch) {
    uint4 next[kBatch];
    load_rows<kKind>(src + size_t(r0 + kBatch) * p.w, p.w, r0 + kBatch < TR ? kBatch : 0, next);
    if (r0 % kLanes == 0)
      carry_mine = r0 + lane < TR ? __ldcg(p.row_carry + size_t(tx) * p.h + y0 + r0 + lane) : 0u;
#pragma unroll
    for (int i = 0; i < kBatch; ++i) {
      const uint32_t word[4] = {cur[i].x, cur[i].y, cur[i].z, cur[i].w};
      uint32_t q[kLaneCols];
#pragma unroll
      for (int m = 0; m < kLaneCols; ++m) q[m] = (word[m / 4] >> (8 * (m % 4))) & 0xffu;
#pragma unroll
      for (int m = 1; m < kLaneCols; ++m) q[m] += q[m - 1];
      const uint32_t left = __shfl_sync(kFull, carry_mine, (r0 + i) % kLanes) +
                            (warp_inclusive(q[kLaneCols - 1], lane) - q[kLaneCols - 1]);
#pragma unroll
      for (int m = 0; m < kLaneCols; ++m) c[m] += left + q[m];
#pragma unroll
      for (int j = 0; j < 4; ++j)
        stage[swizzled(4 * lane + j)] =
            make_uint4(c[4 * j], c[4 * j + 1], c[4 * j + 2], c[4 * j + 3]);
      __syncwarp();
      uint4* o = reinterpret_cast<uint4*>(row_start + size_t(r0 + i) * p.w);
#pragma unroll
      for (int m = 0; m < 4; ++m) {
        const int piece = lane + kLanes * m;
        const uint4 v = stage[swizzled(piece)];
        if (plain)
          o[piece] = v;
        else
          __stcs(o + piece, v);
      }
      __syncwarp();
    }
#pragma unroll
    for (int i = 0; i < kBatch; ++i) cur[i] = next[i];
  }
}

template <int TR, int kMinBlocks>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    sat_bands(const uint8_t* __restrict__ in, uint32_t* __restrict__ out, Pipe p, unsigned epoch,
              unsigned ticket_base) {
  __shared__ unsigned ticket_s;
  __shared__ uint4 stages[kWarps * kTileCols / 4];
  int ticket = int(blockIdx.x);
  if (p.options & kTicket) {
    if (threadIdx.x == 0) ticket_s = atomicAdd(p.ticket, 1u) - ticket_base;
    __syncthreads();
    ticket = int(ticket_s);
  }
  const int round = ticket / p.round_blocks, k = ticket % p.round_blocks;
  if (k < p.s_blocks) {
    if (round < p.nb && (p.options & kOnlyT) == 0) {
      if (p.options & kEvictLastS)
        sums_role<TR, 2>(in, p, round, k, epoch);
      else
        sums_role<TR, 0>(in, p, round, k, epoch);
    }
  } else if (k < p.s_blocks + p.c_blocks) {
    const int b = round - 1;
    if (b >= 0 && b < p.nb && (p.options & (kOnlyS | kOnlyT)) == 0)
      carry_role(p, b, k - p.s_blocks, epoch);
  } else {
    const int b = round - p.look_ahead;
    if (b >= 0 && b < p.nb && (p.options & kOnlyS) == 0) {
      if (p.options & kEvictFirstT)
        table_role<TR, 1>(in, out, p, b, k - p.s_blocks - p.c_blocks, epoch, stages);
      else
        table_role<TR, 0>(in, out, p, b, k - p.s_blocks - p.c_blocks, epoch, stages);
    }
  }
}

struct Buffers {
  Dev col_sums, col_carry, row_sums, row_carry, totals, corners, counts;
  explicit Buffers(int side)  // sized for tiles of 16 rows, the smallest swept
      : col_sums(size_t(side / 16) * side * 4),
        col_carry(size_t(side / 16) * side * 4),
        row_sums(size_t(side / kTileCols) * side * 4),
        row_carry(size_t(side / kTileCols) * side * 4),
        totals(size_t(side / 16) * (side / kTileCols) * 4),
        corners(size_t(side / 16) * (side / kTileCols) * 4),
        counts((2 * size_t(side / 16) * (side / 512) + 1) * 8) {}
};

template <int TR, int kMinBlocks = 4>
void run_case(const char* name, const ws::dev::SatSweepSetup& setup, Buffers& buf, int band_rows,
              int look_ahead, int options = 0) {
  const int c_blocks = setup.side / (4 * kThreads);
  const int side = setup.side;
  Pipe p{};
  p.w = side, p.h = side, p.ntx = side / kTileCols, p.nty = side / TR;
  p.band_tiles = band_rows / TR, p.nb = p.nty / p.band_tiles, p.look_ahead = look_ahead;
  if (side % 2048 != 0 || band_rows % TR != 0 || p.nty % p.band_tiles != 0 || look_ahead < 1 ||
      p.w % (4 * kThreads) != 0 || band_rows % c_blocks != 0 || p.band_tiles > kMaxBandTiles ||
      p.ntx > 32) {
    std::printf("%-52s skipped (shape)\n", name);
    return;
  }
  p.s_blocks = p.ntx / kWarps * p.band_tiles;
  p.c_blocks = c_blocks;
  p.round_blocks = 2 * p.s_blocks + c_blocks;
  p.col_sums = buf.col_sums.as<uint32_t>(), p.col_carry = buf.col_carry.as<uint32_t>();
  p.row_sums = buf.row_sums.as<uint32_t>(), p.row_carry = buf.row_carry.as<uint32_t>();
  p.totals = buf.totals.as<uint32_t>(), p.corners = buf.corners.as<uint32_t>();
  p.s_flag = buf.counts.as<unsigned long long>();
  p.c_flag = p.s_flag + size_t(p.nb) * p.s_blocks;
  p.ticket = reinterpret_cast<unsigned*>(p.c_flag + size_t(p.nb) * p.c_blocks);
  p.options = options;
  CK(cudaMemset(p.ticket, 0, 4));
  const int rounds = p.nb + look_ahead;
  const int grid = rounds * p.round_blocks;
  unsigned launches = 0;
  const uint8_t* in = setup.in.as<uint8_t>();
  uint32_t* out = setup.out.as<uint32_t>();
  auto launch = [&] {
    sat_bands<TR, kMinBlocks>
        <<<grid, kThreads>>>(in, out, p, ++g_epoch, launches++ * unsigned(grid));
  };
  const bool timing_only = (options & (kNoWaitT | kOnlyS | kOnlyT | kNoChain)) != 0;
  ws::dev::measure_sat_case(name, launch, setup, g_reps, timing_only);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::atoi(argv[1]);
  const int side = argc > 2 ? std::atoi(argv[2]) : 8192;
  const bool profile = argc > 3 && std::string(argv[3]) == "profile";
  ws::dev::SatSweepSetup setup(side, g_reps);
  Buffers buf(side);
  if (profile) {  // a few launches each, for Nsight Compute
    run_case<64>("64/512/2 (pipelined)", setup, buf, 512, 2);
    run_case<64>("64/512/16 (every S before every T)", setup, buf, 512, 16);
    return 0;
  }
  // Parts alone (timing only): the S stage reads the image once, the T stage reads and writes.
  run_case<64>("S blocks only (64-row tiles, 512-row bands)", setup, buf, 512, 2, kOnlyS);
  run_case<64>("T blocks only, image from DRAM", setup, buf, 512, 2, kOnlyT);
  // The pipeline, and the same kernel with its stages apart: a look-ahead of 16 bands of 512
  // rows puts every S block before every T block (launch 1's order, then launch 3's).
  for (int round = 0; round < 2; ++round) {
    for (int la : {1, 2, 4, 8, 12, 16}) {
      char name[96];
      std::snprintf(name, sizeof name, "bands: 64-row tiles, 512-row bands, look-ahead %d", la);
      run_case<64>(name, setup, buf, 512, la);
    }
    run_case<64>("bands: 64-row tiles, 1024-row bands, look-ahead 8", setup, buf, 1024, 8);
    run_case<32>("bands: 32-row tiles, 512-row bands, look-ahead 16", setup, buf, 512, 16);
    run_case<64>("64/512/16, T without waiting", setup, buf, 512, 16, kNoWaitT);
  }
  return 0;
}
