// A single-pass summed-area table in full-width strips for u8 -> u32 (issue 30: SAT >= 85% of
// copy), not part of the build. sat_one_pass_sweep.cu's tiles of 512 columns needed carries from
// two directions (row carries from the left, column carries from above) and waited for both.
// Here a block owns a strip of R whole rows (1024 threads x 8 columns = 8192 columns), so a row's
// prefix never leaves the block and only one carry remains: the table row above the strip.
//   A  load     each thread loads its columns of the strip's R rows (two groups of 4 columns,
//               see sat_strips) and keeps them in registers (or loads them again in F); its
//               column sums over the strip, packed two to a word.
//   B  publish  the column sums as the strip's aggregate (8192 x u16, 16 KiB) and flag it.
//   C  look-up  warp 0 looks back over up to 32 earlier strips at once (decoupled look-back): the
//               nearest strip flagged inclusive, and the aggregates after it. The carry row is
//               the inclusive strip's last table row (read back from the table itself: nothing
//               else is published) plus the prefix across the width of the aggregates' sum.
//   D  scan     one block scan of 2 R + 2 values a thread: the strip's R rows' running column
//               sums and the aggregates' sum, each summed over each of the thread's two groups.
//   E  inclusive  the strip's last table row, written first with plain stores (it stays in L2
//               for the strips below), then the flag "inclusive".
//   F  table    the other R - 1 rows, streaming stores of 16 bytes a lane, contiguous in a warp.
// Strips are taken in order from an atomic ticket, so every strip looked at has started; flags
// carry an epoch (flag = epoch * 4 + state: 1 aggregate, 2 inclusive), so nothing is cleared
// between runs. Mode 1 skips B and C (every strip as if it were the first): timing only.
// Measured on an H200 (docs/perf/sat_strip_sweep_h200_2026-12-01_{1,2}.txt, docs/performance.md
// "A single pass in full-width strips"): every table equals variant 5's, none is faster. With 8
// contiguous columns a thread (32 bytes a row: two 16-byte stores that each write half of every
// sector) 0.19-0.42 ms even without the look-back; with the two groups of 4 columns 0.111 ms
// (72% of copy) without the look-back, but 0.19-0.39 ms with it: a strip's look-back finds the
// nearest inclusive strip tens of strips back (a strip publishes "inclusive" about 5 us after it
// starts, and strips start every 0.1 us), and each aggregate on the way is 16 KiB, not the few
// bytes of a 1D scan's look-back.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -Ibench/dev -o sat_strip_sweep \
//     bench/dev/sat_strip_sweep.cu build/kernels/sat/libws_sat.a build/kernels/libws_common.a
//   ./sat_strip_sweep [repeats]   (8192 x 8192)
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
constexpr int kThreads = 1024;
constexpr int kCols = 8;
constexpr int kWidth = kThreads * kCols;

struct Scratch {
  unsigned* flag;  // one a strip
  uint4* agg;      // strips x kThreads: a thread's 8 column sums, packed
  unsigned* ticket;
};

__device__ __forceinline__ uint32_t byte_of(uint32_t w, int c) {
  return (w >> (8 * c)) & 0xffu;
}

// v[i]: each thread's value in; out: the exclusive prefix over the block's threads (32 warps),
// and for i >= H also the block's sum of v[i - H] (the B groups follow every A group).
template <int N, int H>
__device__ __forceinline__ void block_scan_exclusive(uint32_t (&v)[N], uint32_t* smem) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  uint32_t inc[N];
#pragma unroll
  for (int i = 0; i < N; ++i) inc[i] = v[i];
#pragma unroll
  for (int d = 1; d < 32; d <<= 1)
#pragma unroll
    for (int i = 0; i < N; ++i) {
      const uint32_t t = __shfl_up_sync(kFull, inc[i], d);
      if (lane >= d) inc[i] += t;
    }
  if (lane == 31)
#pragma unroll
    for (int i = 0; i < N; ++i) smem[i * 33 + warp] = inc[i];
  __syncthreads();
  if (warp == 0)
#pragma unroll
    for (int i = 0; i < N; ++i) {
      const uint32_t x = smem[i * 33 + lane];
      uint32_t s = x;
#pragma unroll
      for (int d = 1; d < 32; d <<= 1) {
        const uint32_t t = __shfl_up_sync(kFull, s, d);
        if (lane >= d) s += t;
      }
      smem[i * 33 + lane] = s - x;
      if (lane == 31) smem[i * 33 + 32] = s;
    }
  __syncthreads();
#pragma unroll
  for (int i = 0; i < N; ++i)
    v[i] = smem[i * 33 + warp] + inc[i] - v[i] + (i >= H ? smem[(i - H) * 33 + 32] : 0u);
}

// Thread t owns two groups of 4 columns, A = 4t .. 4t + 3 and B = 4096 + 4t .. 4096 + 4t + 3, so
// that a warp's loads (4 bytes a lane) and stores (16 bytes a lane) of a row are contiguous and
// every store instruction writes whole 32-byte sectors. In the row's prefix, every A group comes
// before every B group.
template <int R, int Mode, bool Reload>
__global__ void __launch_bounds__(kThreads, 1)
    sat_strips(const uint8_t* __restrict__ in, uint32_t* __restrict__ out, Scratch s,
               unsigned epoch, unsigned strips) {
  constexpr int kHalf = kWidth / 2;
  __shared__ int s_strip, s_inc;
  __shared__ uint32_t scan_smem[33 * (2 * R + 2)];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  if (tid == 0) s_strip = int(atomicAdd(s.ticket, 1u) - (epoch - 1) * strips);
  __syncthreads();
  const int strip = s_strip;
  const size_t y0 = size_t(strip) * R;
  const int xa = tid * 4, xb = kHalf + tid * 4;
  const auto at = [&](int r, int x) { return (y0 + r) * kWidth + x; };

  // A: the strip's bytes, their column sums (two 16-bit sums a word: no carry for R <= 257) and
  // the rows' running sums over each group (v[r]: A, v[R + 1 + r]: B). Reload: the bytes are not
  // kept but loaded again in F (from L2: loaded here without the evict-first hint).
  uint32_t da[Reload ? 1 : R], db[Reload ? 1 : R];
  uint32_t v[2 * R + 2];
  uint32_t ca0 = 0, ca1 = 0, cb0 = 0, cb1 = 0;  // columns (0, 2) and (1, 3) of A and of B
  {
    uint32_t ta = 0, tb = 0;
#pragma unroll
    for (int r = 0; r < R; ++r) {
      const uint32_t* pa = reinterpret_cast<const uint32_t*>(in + at(r, xa));
      const uint32_t* pb = reinterpret_cast<const uint32_t*>(in + at(r, xb));
      const uint32_t wa = Reload ? __ldcg(pa) : __ldcs(pa), wb = Reload ? __ldcg(pb) : __ldcs(pb);
      if constexpr (!Reload) da[r] = wa, db[r] = wb;
      ca0 += wa & 0x00ff00ffu, ca1 += (wa >> 8) & 0x00ff00ffu;
      cb0 += wb & 0x00ff00ffu, cb1 += (wb >> 8) & 0x00ff00ffu;
      ta = __dp4a(wa, 0x01010101u, ta), tb = __dp4a(wb, 0x01010101u, tb);
      v[r] = ta, v[R + 1 + r] = tb;
    }
  }

  // B, C: publish the aggregate; warp 0 finds the nearest inclusive strip.
  if (Mode == 0) {
    s.agg[size_t(strip) * kThreads + tid] = make_uint4(ca0, ca1, cb0, cb1);
    __syncthreads();
    if (tid == 0) {
      __threadfence();
      st_release(s.flag + strip, epoch * 4 + 1);
    }
    if (warp == 0) {
      int base = strip - 1, inc = -1;
      while (base >= 0) {
        const int p = base - lane;
        unsigned state = 2;  // before strip 0: as if inclusive (the zero row)
        if (p >= 0) {
          unsigned f = ld_acquire(s.flag + p);
          while ((f >> 2) != epoch) f = ld_acquire(s.flag + p);
          state = f & 3u;
        }
        const unsigned incs = __ballot_sync(kFull, state == 2);
        if (incs) {
          inc = base - (__ffs(incs) - 1);
          break;
        }
        base -= 32;
      }
      if (lane == 0) s_inc = inc;
    }
    __syncthreads();
  }
  const int inc = Mode == 0 ? s_inc : -1;

  // The aggregates between the inclusive strip and this one, and the inclusive strip's last row.
  uint32_t a[4] = {0, 0, 0, 0}, b[4] = {0, 0, 0, 0};
  const int first = Mode == 0 ? inc + 1 : strip;
#pragma unroll 4
  for (int p = first; p < strip; ++p) {
    const uint4 g = __ldcg(s.agg + size_t(p) * kThreads + tid);
    a[0] += g.x & 0xffffu, a[2] += g.x >> 16, a[1] += g.y & 0xffffu, a[3] += g.y >> 16;
    b[0] += g.z & 0xffffu, b[2] += g.z >> 16, b[1] += g.w & 0xffffu, b[3] += g.w >> 16;
  }
  uint4 carry_a = make_uint4(0, 0, 0, 0), carry_b = carry_a;
  if (inc >= 0) {
    const size_t last = (size_t(inc) * R + R - 1) * kWidth;
    carry_a = __ldcg(reinterpret_cast<const uint4*>(out + last + xa));
    carry_b = __ldcg(reinterpret_cast<const uint4*>(out + last + xb));
  }

  // D: one block scan of the rows' running sums and of the aggregates, over each group.
  v[R] = a[0] + a[1] + a[2] + a[3];
  v[2 * R + 1] = b[0] + b[1] + b[2] + b[3];
  block_scan_exclusive<2 * R + 2, R + 1>(v, scan_smem);
  uint32_t base_a[4], base_b[4];  // the table row above the strip, this thread's columns
  {
    const uint32_t ca[4] = {carry_a.x, carry_a.y, carry_a.z, carry_a.w};
    const uint32_t cb[4] = {carry_b.x, carry_b.y, carry_b.z, carry_b.w};
    uint32_t ra = v[R], rb = v[2 * R + 1];
#pragma unroll
    for (int c = 0; c < 4; ++c)
      ra += a[c], rb += b[c], base_a[c] = ca[c] + ra, base_b[c] = cb[c] + rb;
  }
  const auto row_values = [](const uint32_t(&base)[4], const uint32_t(&col)[4], uint32_t run) {
    uint32_t o[4];
#pragma unroll
    for (int c = 0; c < 4; ++c) run += col[c], o[c] = base[c] + run;
    return make_uint4(o[0], o[1], o[2], o[3]);
  };

  // E: the last row first (plain stores: it stays in L2 for the strips below), then the flag.
  {
    const uint32_t csa[4] = {ca0 & 0xffffu, ca1 & 0xffffu, ca0 >> 16, ca1 >> 16};
    const uint32_t csb[4] = {cb0 & 0xffffu, cb1 & 0xffffu, cb0 >> 16, cb1 >> 16};
    *reinterpret_cast<uint4*>(out + at(R - 1, xa)) = row_values(base_a, csa, v[R - 1]);
    *reinterpret_cast<uint4*>(out + at(R - 1, xb)) = row_values(base_b, csb, v[2 * R]);
  }
  if (Mode == 0) {
    __syncthreads();
    if (tid == 0) {
      __threadfence();
      st_release(s.flag + strip, epoch * 4 + 2);
    }
  }

  // F: the other rows.
  uint32_t cola[4] = {0, 0, 0, 0}, colb[4] = {0, 0, 0, 0};
#pragma unroll
  for (int r = 0; r < R - 1; ++r) {
    uint32_t wa, wb;
    if constexpr (Reload) {
      wa = __ldcs(reinterpret_cast<const uint32_t*>(in + at(r, xa)));
      wb = __ldcs(reinterpret_cast<const uint32_t*>(in + at(r, xb)));
    } else {
      wa = da[r], wb = db[r];
    }
#pragma unroll
    for (int c = 0; c < 4; ++c) cola[c] += byte_of(wa, c), colb[c] += byte_of(wb, c);
    __stcs(reinterpret_cast<uint4*>(out + at(r, xa)), row_values(base_a, cola, v[r]));
    __stcs(reinterpret_cast<uint4*>(out + at(r, xb)), row_values(base_b, colb, v[R + 1 + r]));
  }
}

template <int R, int Mode, bool Reload = false>
void run_case(const char* name, const ws::dev::SatSweepSetup& setup, Dev& flags, Dev& agg,
              Dev& ticket) {
  const int side = setup.side;
  const uint8_t* in = setup.in.as<uint8_t>();
  uint32_t* out = setup.out.as<uint32_t>();
  const unsigned strips = unsigned(side / R);
  Scratch s{flags.as<unsigned>(), agg.as<uint4>(), ticket.as<unsigned>()};
  CK(cudaMemset(flags.p, 0, size_t(strips) * 4));
  CK(cudaMemset(ticket.p, 0, 4));
  unsigned epoch = 0;
  auto launch = [&] {
    ++epoch;
    sat_strips<R, Mode, Reload><<<strips, kThreads>>>(in, out, s, epoch, strips);
  };
  ws::dev::measure_sat_case(name, launch, setup, g_reps, Mode != 0);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::atoi(argv[1]);
  const int side = kWidth;
  ws::dev::SatSweepSetup setup(side, g_reps);
  Dev flags(size_t(side) * 4), agg(size_t(side / 4) * kThreads * 16), ticket(4);
  run_case<4, 0>("strips of 4 rows", setup, flags, agg, ticket);
  run_case<8, 0>("strips of 8 rows", setup, flags, agg, ticket);
  run_case<8, 0, true>("strips of 8 rows, bytes loaded again", setup, flags, agg, ticket);
  run_case<16, 0, true>("strips of 16 rows, bytes loaded again", setup, flags, agg, ticket);
  run_case<4, 1>("  ... 4 rows, without look-back", setup, flags, agg, ticket);
  run_case<8, 1>("  ... 8 rows, without look-back", setup, flags, agg, ticket);
  run_case<16, 1, true>("  ... 16 rows, loaded again, without look-back", setup, flags, agg,
                        ticket);
  run_case<8, 0>("strips of 8 rows (again)", setup, flags, agg, ticket);
  return 0;
}
