// A single-pass summed-area table for u8 -> u32 (issue 30: SAT >= 85% of copy), not part of the
// build: bench/dev/sat_limits.cu found that a widening copy in short-lived blocks taken in order
// moves the SAT's bytes at 89-90% of copy, and long tile walks at 83%. This kernel reads the image
// once and writes the table once in that shape: one block per tile of 512 columns x TH rows, the
// tiles in row-major order (an atomic ticket, or the block index), and the carries from tiles
// still in flight by decoupled look-back in both directions (Merrill & Garland's, per row and
// per column; variant 4's algorithm with wide tiles):
//   A  load     warp k of the block loads rows k R .. k R + R - 1 of the tile, 16 bytes a lane,
//               and keeps them in registers; the rows' sums r(y) and the warp's column sums.
//   B  publish  r(y) (the row aggregates; a tile in column 0 publishes them as inclusive).
//   C  left     warp 0 looks back along the tile row: L(y) = the sum of row y left of the tile;
//               it publishes R(y) = L(y) + r(y) (inclusive). Meanwhile the other warps take
//               the horizontal prefixes of the column sums: P_k(x) (warps before k) and a(x)
//               (the whole tile: the tile's own SAT bottom row).
//   D  publish  the column aggregate a(x) + K, K = the sum of L(y) over the tile's rows: what the
//               tile adds to the SAT row below it.
//   E  up       every warp looks back up its 64 columns: T(x) = SAT(x, y0 - 1); publishes
//               V(x) = T(x) + a(x) + K (inclusive: the tile's SAT bottom row).
//   F  table    warp k: S(x) = T(x) + (L before its rows) + P_k(x); per row S += L(y) + the row's
//               prefix in the tile (16 serial adds a lane, a 5-step shuffle scan); each row
//               staged through 2 KiB of shared memory so a store instruction writes 512 bytes.
// Flags carry an epoch (flag = epoch * 4 + state, 1 aggregate, 2 inclusive), so nothing is
// cleared between runs; the ticket counter only grows.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -Ibench/dev -o sat_one_pass_sweep \
//     bench/dev/sat_one_pass_sweep.cu build/kernels/sat/libws_sat.a build/kernels/libws_common.a
//   ./sat_one_pass_sweep [repeats] [side]   (side a multiple of 512 and of 64)
#include <cstdio>
#include <cstdlib>

#include "dev_common.cuh"
#include "sat_sweep_setup.cuh"

namespace {

using ws::dev::Dev;
using ws::dev::ld_acquire;
using ws::dev::median_ms;
using ws::dev::st_release;
int g_reps = 20;
constexpr unsigned kFull = 0xffffffffu;
constexpr int kTW = 512;  // tile columns: 32 lanes x 16

struct Scratch {
  unsigned* row_flag;
  unsigned* col_flag;
  uint32_t* row_agg;  // tiles x TH
  uint32_t* row_inc;
  uint32_t* col_agg;  // tiles x 512
  uint32_t* col_inc;
  unsigned* ticket;
};

// Every lane of the warp spins on the flag itself (acquire), so its later loads see the data.
__device__ int g_sleep_ns = 0;  // a back-off between polls (set by the host per case)
__device__ __forceinline__ unsigned wait_flag(const unsigned* p, unsigned epoch) {
  unsigned f = ld_acquire(p);
  while ((f >> 2) != epoch) {
    if (g_sleep_ns > 0) __nanosleep(unsigned(g_sleep_ns));
    f = ld_acquire(p);
  }
  return f & 3u;
}

// The warp's look-back over up to 32 predecessors at a time (lane j: the j-th nearest): every lane
// waits for its predecessor's flag, a ballot finds the nearest inclusive one, and every lane adds
// its N values of each vector up to it, the loads of all of them in flight together. (The lanes
// read vectors whose flag another lane saw: the flag is loaded with acquire, the vectors with
// L2 loads after the warp's ballot; the writer fenced the vector before its release.)
template <int N, class TileOf>
__device__ __forceinline__ void look_back(const unsigned* flags, const uint32_t* agg,
                                          const uint32_t* inc, size_t vec_len, int count,
                                          TileOf tile_of, const int (&off)[N], uint32_t (&acc)[N],
                                          unsigned epoch, int lane) {
  for (int done = 0; done < count; done += 32) {
    const int k = done + lane;
    const bool valid = k < count;
    const unsigned t = valid ? tile_of(k) : 0u;
    const unsigned state = valid ? wait_flag(flags + t, epoch) : 0u;
    const unsigned incl = __ballot_sync(kFull, state == 2);
    const int last = incl ? __ffs(int(incl)) - 1 : min(31, count - done - 1);
#pragma unroll 4
    for (int j = 0; j <= last; ++j) {
      const unsigned tj = __shfl_sync(kFull, t, j);
      const unsigned sj = __shfl_sync(kFull, state, j);
      const uint32_t* src = (sj == 2 ? inc : agg) + size_t(tj) * vec_len;
#pragma unroll
      for (int q = 0; q < N; ++q) acc[q] += __ldcg(src + off[q]);
    }
    if (incl) return;
  }
}

// Inclusive warp scan of v (u32, wrapping).
__device__ __forceinline__ uint32_t warp_scan(uint32_t v, int lane) {
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    const uint32_t y = __shfl_up_sync(kFull, v, o);
    if (lane >= o) v += y;
  }
  return v;
}

// The horizontal prefix over the tile's 512 columns of c (the lane's 16), in place.
__device__ __forceinline__ void tile_prefix(uint32_t (&c)[16], int lane) {
#pragma unroll
  for (int i = 1; i < 16; ++i) c[i] += c[i - 1];
  const uint32_t incl = warp_scan(c[15], lane);
  const uint32_t excl = incl - c[15];
#pragma unroll
  for (int i = 0; i < 16; ++i) c[i] += excl;
}

__device__ __forceinline__ uint32_t byte_of(const uint4& v, int c) {
  const uint32_t w = c < 4 ? v.x : c < 8 ? v.y : c < 12 ? v.z : v.w;
  return (w >> (8 * (c & 3))) & 0xffu;
}

// Skip (timing only, the table is wrong): 1 = no look-back (every tile publishes as if it were in
// row and column 0), 2 = that and no arithmetic in F (the row's bytes widened and stored).
template <int WARPS, int R, bool ByIndex, int Skip = 0, int MinBlocks = 1>
__global__ void __launch_bounds__(WARPS * 32, MinBlocks)
    sat_one_pass(const uint8_t* in, uint32_t* out, int w, Scratch s, unsigned epoch,
                 unsigned tiles) {
  constexpr int TH = WARPS * R, RPL = TH / 32;
  static_assert(TH % 32 == 0, "warp 0 covers the tile's rows, TH / 32 a lane");
  __shared__ __align__(16) uint32_t colsum[WARPS][kTW];  // then the rows' staging
  __shared__ __align__(16) uint32_t tcol[kTW];           // T(x), then unused
  __shared__ __align__(16) uint32_t acol[kTW];           // a(x)
  __shared__ uint32_t rsum[TH], lrow[TH];
  __shared__ uint32_t k_total;
  __shared__ unsigned tile_s;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  unsigned tile;
  if constexpr (ByIndex) {
    tile = blockIdx.x;
  } else {
    if (threadIdx.x == 0) tile_s = atomicAdd(s.ticket, 1u) - (epoch - 1u) * tiles;
    __syncthreads();
    tile = tile_s;
  }
  const int tiles_x = w / kTW;
  const int Jt = int(tile) % tiles_x, It = int(tile) / tiles_x;
  const int J = Skip ? 0 : Jt, I = Skip ? 0 : It;
  const int x0 = Jt * kTW, y0 = It * TH, yw = y0 + warp * R;
  const unsigned agg = epoch * 4 + 1, inc = epoch * 4 + 2;

  // A: the warp's R rows, 16 bytes a lane, kept; row sums and the lane's column sums.
  uint4 raw[R];
  const uint8_t* p = in + size_t(yw) * w + x0 + lane * 16;
#pragma unroll
  for (int i = 0; i < R; ++i) raw[i] = __ldcs(reinterpret_cast<const uint4*>(p + size_t(i) * w));
  uint32_t cs[16];
#pragma unroll
  for (int c = 0; c < 16; ++c) cs[c] = 0;
  uint32_t my_row = 0;
#pragma unroll
  for (int i = 0; i < R; ++i) {
    const uint32_t ls = __dp4a(raw[i].x, 0x01010101u, 0u) + __dp4a(raw[i].y, 0x01010101u, 0u) +
                        __dp4a(raw[i].z, 0x01010101u, 0u) + __dp4a(raw[i].w, 0x01010101u, 0u);
    const uint32_t rs = __reduce_add_sync(kFull, ls);
    if (lane == i) my_row = rs;
#pragma unroll
    for (int c = 0; c < 16; ++c) cs[c] += byte_of(raw[i], c);
  }
#pragma unroll
  for (int q = 0; q < 4; ++q)
    reinterpret_cast<uint4*>(&colsum[warp][lane * 16])[q] =
        make_uint4(cs[4 * q], cs[4 * q + 1], cs[4 * q + 2], cs[4 * q + 3]);
  // B: the row aggregates (inclusive in tile column 0).
  if (lane < R) {
    rsum[warp * R + lane] = my_row;
    (J == 0 ? s.row_inc : s.row_agg)[size_t(tile) * TH + warp * R + lane] = my_row;
  }
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) st_release(s.row_flag + tile, J == 0 ? inc : agg);

  // C: warp 0 looks left; the others take the horizontal prefixes of the column sums.
  if (warp == 0) {
    uint32_t l[RPL];
#pragma unroll
    for (int k = 0; k < RPL; ++k) l[k] = 0;
    if (J > 0) {
      int off[RPL];
#pragma unroll
      for (int k = 0; k < RPL; ++k) off[k] = lane * RPL + k;
      look_back(
          s.row_flag, s.row_agg, s.row_inc, TH, J,
          [&](int k) { return unsigned(I * tiles_x + J - 1 - k); }, off, l, epoch, lane);
#pragma unroll
      for (int k = 0; k < RPL; ++k)
        s.row_inc[size_t(tile) * TH + lane * RPL + k] = l[k] + rsum[lane * RPL + k];
      __threadfence();
      __syncwarp();
      if (lane == 0) st_release(s.row_flag + tile, inc);
    }
    uint32_t ks = 0;
#pragma unroll
    for (int k = 0; k < RPL; ++k) lrow[lane * RPL + k] = l[k], ks += l[k];
    ks = __reduce_add_sync(kFull, ks);
    if (lane == 0) k_total = ks;
  }
  // Every warp k > 0: E_k(x) = the column sums of the warps before it; the last warp also the
  // tile's (for a(x)). Warp 0's P_0 is zero.
  uint32_t pk[16];
#pragma unroll
  for (int c = 0; c < 16; ++c) pk[c] = 0;
  if (warp > 0) {
    for (int v = 0; v < warp; ++v)
#pragma unroll
      for (int q = 0; q < 4; ++q) {
        const uint4 t = reinterpret_cast<const uint4*>(&colsum[v][lane * 16])[q];
        pk[4 * q] += t.x, pk[4 * q + 1] += t.y, pk[4 * q + 2] += t.z, pk[4 * q + 3] += t.w;
      }
    if (warp == WARPS - 1) {
      uint32_t a[16];
#pragma unroll
      for (int c = 0; c < 16; ++c) a[c] = pk[c] + cs[c];
      tile_prefix(a, lane);
#pragma unroll
      for (int q = 0; q < 4; ++q)
        reinterpret_cast<uint4*>(&acol[lane * 16])[q] =
            make_uint4(a[4 * q], a[4 * q + 1], a[4 * q + 2], a[4 * q + 3]);
    }
    tile_prefix(pk, lane);
  } else if (WARPS == 1) {
    uint32_t a[16];
#pragma unroll
    for (int c = 0; c < 16; ++c) a[c] = cs[c];
    tile_prefix(a, lane);
#pragma unroll
    for (int q = 0; q < 4; ++q)
      reinterpret_cast<uint4*>(&acol[lane * 16])[q] =
          make_uint4(a[4 * q], a[4 * q + 1], a[4 * q + 2], a[4 * q + 3]);
  }
  __syncthreads();

  // D: the column aggregate a(x) + K (inclusive in tile row 0: T = 0).
  const uint32_t K = k_total;
  for (int x = threadIdx.x; x < kTW; x += WARPS * 32)
    (I == 0 ? s.col_inc : s.col_agg)[size_t(tile) * kTW + x] = acol[x] + K;
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) st_release(s.col_flag + tile, I == 0 ? inc : agg);

  // E: each warp looks up its share of the columns.
  if (I > 0) {
    constexpr int N = kTW / (WARPS * 32);
    int off[N];
    uint32_t t[N];
#pragma unroll
    for (int q = 0; q < N; ++q) off[q] = warp * 32 + lane + q * WARPS * 32, t[q] = 0;
    look_back(
        s.col_flag, s.col_agg, s.col_inc, kTW, I,
        [&](int k) { return unsigned((I - 1 - k) * tiles_x + J); }, off, t, epoch, lane);
#pragma unroll
    for (int q = 0; q < N; ++q) tcol[off[q]] = t[q];
    for (int x = warp * 32 + lane; x < kTW; x += WARPS * 32)
      s.col_inc[size_t(tile) * kTW + x] = tcol[x] + acol[x] + K;
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) st_release(s.col_flag + tile, inc);
  } else {
    for (int x = threadIdx.x; x < kTW; x += WARPS * 32) tcol[x] = 0;
    __syncthreads();
  }

  // F: the table. S(x) = T(x) + L before the warp's rows + P_k(x).
  uint32_t lbefore = 0;
  for (int k = lane; k < warp * R; k += 32) lbefore += lrow[k];
  lbefore = __reduce_add_sync(kFull, lbefore);
  uint32_t S[16];
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    const uint4 t = reinterpret_cast<const uint4*>(&tcol[lane * 16])[q];
    S[4 * q] = t.x + pk[4 * q] + lbefore;
    S[4 * q + 1] = t.y + pk[4 * q + 1] + lbefore;
    S[4 * q + 2] = t.z + pk[4 * q + 2] + lbefore;
    S[4 * q + 3] = t.w + pk[4 * q + 3] + lbefore;
  }
  uint4* stage = reinterpret_cast<uint4*>(&colsum[warp][0]);  // 2 KiB a warp, free now
#pragma unroll
  for (int i = 0; i < R; ++i) {
    uint32_t rp[16];
#pragma unroll
    for (int c = 0; c < 16; ++c) rp[c] = byte_of(raw[i], c);
#pragma unroll
    for (int c = 1; c < 16; ++c) rp[c] += rp[c - 1];
    if constexpr (Skip == 2) {
#pragma unroll
      for (int c = 0; c < 16; ++c) S[c] = byte_of(raw[i], c);
    } else {
      const uint32_t incl = warp_scan(rp[15], lane);
      const uint32_t add = incl - rp[15] + lrow[warp * R + i];
#pragma unroll
      for (int c = 0; c < 16; ++c) S[c] += rp[c] + add;
    }
    __syncwarp();
#pragma unroll
    for (int q = 0; q < 4; ++q)
      stage[4 * lane + ((q + (lane >> 1)) & 3)] =
          make_uint4(S[4 * q], S[4 * q + 1], S[4 * q + 2], S[4 * q + 3]);
    __syncwarp();
    uint4* o = reinterpret_cast<uint4*>(out + size_t(yw + i) * w + x0);
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const int j = 32 * q + lane, src = j >> 2, piece = j & 3;
      __stcs(o + j, stage[4 * src + ((piece + (src >> 1)) & 3)]);
    }
  }
}

template <int WARPS, int R, bool ByIndex, int Skip = 0, int MinBlocks = 1>
void run_case(const char* name, const ws::dev::SatSweepSetup& setup, unsigned& epoch, Dev& flags,
              Dev& rows, Dev& cols, int sleep_ns = 0) {
  const int side = setup.side;
  const uint8_t* in = setup.in.as<uint8_t>();
  uint32_t* out = setup.out.as<uint32_t>();
  CK(cudaMemcpyToSymbol(g_sleep_ns, &sleep_ns, sizeof sleep_ns));
  constexpr int TH = WARPS * R;
  if (side % TH != 0) return;
  const unsigned tiles = unsigned((side / kTW) * (side / TH));
  Scratch s;
  s.row_flag = flags.as<unsigned>();
  s.col_flag = s.row_flag + tiles;
  s.ticket = s.col_flag + tiles;
  s.row_agg = rows.as<uint32_t>();
  s.row_inc = s.row_agg + size_t(tiles) * TH;
  s.col_agg = cols.as<uint32_t>();
  s.col_inc = s.col_agg + size_t(tiles) * kTW;
  CK(cudaMemset(flags.p, 0, (2 * size_t(tiles) + 1) * 4));
  epoch = 0;
  auto launch = [&] {
    ++epoch;
    sat_one_pass<WARPS, R, ByIndex, Skip, MinBlocks>
        <<<tiles, WARPS * 32>>>(in, out, side, s, epoch, tiles);
  };
  // Run e (from 1) takes tickets (e - 1) * tiles .. e * tiles - 1 (the counter starts at 0).
  ws::dev::measure_sat_case(name, launch, setup, g_reps, Skip != 0);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::atoi(argv[1]);
  const int side = argc > 2 ? std::atoi(argv[2]) : 8192;
  ws::dev::SatSweepSetup setup(side, g_reps);
  const size_t max_tiles = (side / kTW) * (side / 32);
  Dev flags((2 * max_tiles + 1) * 4), rows(2 * max_tiles * 32 * 4 * 2),
      cols(2 * max_tiles * kTW * 4);
  unsigned epoch = 0;
  run_case<8, 8, false>("one pass, 512 x 64 tiles, 8 warps, ticket", setup, epoch, flags, rows,
                        cols);
  run_case<8, 8, true>("one pass, 512 x 64 tiles, 8 warps, block index", setup, epoch, flags, rows,
                       cols);
  run_case<4, 8, false>("one pass, 512 x 32 tiles, 4 warps, ticket", setup, epoch, flags, rows,
                        cols);
  run_case<4, 8, true>("one pass, 512 x 32 tiles, 4 warps, block index", setup, epoch, flags, rows,
                       cols);
  run_case<8, 4, true>("one pass, 512 x 32 tiles, 8 warps, block index", setup, epoch, flags, rows,
                       cols);
  run_case<16, 4, true>("one pass, 512 x 64 tiles, 16 warps, block index", setup, epoch, flags,
                        rows, cols);
  run_case<16, 8, true>("one pass, 512 x 128 tiles, 16 warps, block index", setup, epoch, flags,
                        rows, cols);
  run_case<4, 16, true>("one pass, 512 x 64 tiles, 4 warps, block index", setup, epoch, flags, rows,
                        cols);
  run_case<4, 16, false>("one pass, 512 x 64 tiles, 4 warps, ticket", setup, epoch, flags, rows,
                         cols);
  run_case<8, 16, true>("one pass, 512 x 128 tiles, 8 warps, block index", setup, epoch, flags,
                        rows, cols);
  run_case<2, 16, true>("one pass, 512 x 32 tiles, 2 warps, block index", setup, epoch, flags, rows,
                        cols);
  run_case<4, 16, true>("one pass, 512 x 64, 4 warps, 100 ns back-off", setup, epoch, flags, rows,
                        cols, 100);
  run_case<4, 16, true>("one pass, 512 x 64, 4 warps, 400 ns back-off", setup, epoch, flags, rows,
                        cols, 400);
  run_case<4, 16, true, 0, 4>("one pass, 512 x 64, 4 warps, 4 blocks an SM", setup, epoch, flags,
                              rows, cols);
  run_case<4, 16, true, 0, 4>("one pass, 512 x 64, 4 warps, 4 blocks an SM, 100 ns", setup, epoch,
                              flags, rows, cols, 100);
  run_case<4, 16, true, 1, 4>("  ... 4 blocks an SM, without look-back", setup, epoch, flags, rows,
                              cols);
  run_case<4, 16, true, 1>("  ... 512 x 64, 4 warps, without look-back", setup, epoch, flags, rows,
                           cols);
  run_case<4, 16, true, 2>("  ... without look-back and the table's arithmetic", setup, epoch,
                           flags, rows, cols);
  run_case<8, 8, true, 1>("  ... 512 x 64, 8 warps, without look-back", setup, epoch, flags, rows,
                          cols);
  run_case<8, 8, true, 2>("  ... without look-back and the table's arithmetic", setup, epoch, flags,
                          rows, cols);
  return 0;
}
