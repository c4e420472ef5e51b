// A single-pass summed-area table in column chunks for u8 -> u32 (issue 30: SAT >= 85% of copy),
// not part of the build. The single passes before (sat_one_pass_sweep.cu's tiles,
// sat_strip_sweep.cu's full-width strips) kept many long-lived blocks spread over the whole
// table, or looked back over large aggregates. Here one persistent block a column chunk (CW
// columns, all rows: 128 blocks of 64 columns at 8192 wide, about one an SM) walks its chunk
// down in bands of BH rows, so every block works near the same rows at the same time (a narrow
// moving window, like the one-shot widening copy), and the column carries never leave a block.
// Only the row carries cross blocks, and they are one value a row: the table at the column left
// of the chunk, SAT(y, x0 - 1) = the sum over the chunks to the left of their own local tables'
// last column (each chunk's local table: its columns only, every row above).
//   1 local   the band's local table: each lane 4 columns of RPT rows, the row prefix over the
//             chunk's lanes by shuffles, the column prefix in the thread and over the row groups
//             through shared memory, plus the running column sums of the bands above.
//   2 publish the band's last local column (one u64 a row: value | epoch << 32, so nothing is
//             cleared and no fence is needed) as the chunk's aggregate.
//   3 group   the last chunk of each group of 16 sums its group's aggregates of the band before
//             (b - 1) and publishes that group total.
//   4 look-up for band b - 2: the aggregates of the chunks before it in its group and the totals
//             of the groups before its group (at most 15 + 15 values a row, read at once); no
//             chain: nothing waited for depends on another block's look-up.
//   5 table   band b - 2's local table (kept in shared memory) plus each row's carry, written.
// Chunks are taken from an atomic ticket in start order, and every wait is for a lower ticket,
// so nothing can deadlock. Mode 1 skips 2-4 (carry 0: timing only); mode 2 is the walk alone
// (each block widens its chunk's bytes into the table, no arithmetic: timing only).
// Measured on an H200 (docs/perf/sat_chunk_sweep_h200_2026-12-02_{1,2}.txt, docs/performance.md
// "a single pass in column chunks"): every table equals variant 5's, none is faster: the whole
// pass 0.224-0.232 ms (variant 5 0.126), the local tables without carries 0.149-0.156, and even
// the walk alone 0.102-0.108 ms (74-78% of copy): one long-lived block an SM does not keep
// enough bytes in flight.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -Ibench/dev -o sat_chunk_sweep \
//     bench/dev/sat_chunk_sweep.cu build/kernels/sat/libws_sat.a build/kernels/libws_common.a
//   ./sat_chunk_sweep [repeats]   (8192 x 8192)
#include <cstdio>
#include <cstdlib>

#include "dev_common.cuh"
#include "sat_sweep_setup.cuh"
#include "scan/scan_single_pass_fast.cuh"

namespace {

using ws::dev::Dev;
int g_reps = 20;
constexpr unsigned kFull = 0xffffffffu;
constexpr int kGroup = 16;  // chunks a group
constexpr int kLag = 2;     // bands between a band's local table and its table
constexpr int kSide = 8192;
// Sized for the narrowest chunks (32 columns: 256 chunks) and the shortest bands (64 rows).
constexpr size_t kAggBytes = size_t(kSide / 64) * 256 * 64 * 8;
constexpr size_t kTotalBytes = size_t(kSide / 64) * 16 * 64 * 8;

struct Scratch {
  unsigned long long* agg;    // [band][chunk][row]
  unsigned long long* total;  // [band][group][row]
  unsigned* ticket;
};

// The scan's status words: one relaxed 64-bit load or store at GPU scope.
using ws::scan::fast::load_status;
using ws::scan::fast::store_status;
__device__ __forceinline__ unsigned long long tagged(uint32_t v, unsigned epoch) {
  return (static_cast<unsigned long long>(epoch) << 32) | v;
}

// The sum of `count` (<= 16) records p[i * stride], each waited for until it carries `epoch`;
// every pending record is read at once, then the ones not yet there again.
__device__ __forceinline__ uint32_t sum_published(const unsigned long long* p, size_t stride,
                                                  int count, unsigned epoch) {
  uint32_t sum = 0;
  unsigned pending = (1u << count) - 1u;
  while (pending != 0) {
    unsigned long long w[kGroup];
#pragma unroll
    for (int i = 0; i < kGroup; ++i)
      if ((pending >> i) & 1u) w[i] = load_status(p + i * stride);
#pragma unroll
    for (int i = 0; i < kGroup; ++i)
      if (((pending >> i) & 1u) && unsigned(w[i] >> 32) == epoch) {
        sum += uint32_t(w[i]);
        pending &= ~(1u << i);
      }
  }
  return sum;
}

template <int CW, int BH, int T, int Mode>
__global__ void __launch_bounds__(T)
    sat_chunks(const uint8_t* __restrict__ in, uint32_t* __restrict__ out, int side, Scratch s,
               unsigned epoch) {
  constexpr int WPR = CW / 4;  // lanes a row (4 columns each)
  constexpr int G = T / WPR;   // row groups
  constexpr int RPT = BH / G;  // rows a thread in a band
  constexpr int kSlots = kLag + 1;
  static_assert(BH % G == 0 && WPR <= 32 && BH <= T, "shape");
  extern __shared__ uint4 ring[];  // [kSlots][BH][WPR]: local tables waiting for their carries
  __shared__ uint4 col_tot[G][WPR], col_off[G][WPR];
  __shared__ uint32_t aggs[kSlots][BH], carry[BH];
  __shared__ unsigned chunk_s;
  const int tid = threadIdx.x, q = tid % WPR, g = tid / WPR;
  if (tid == 0) chunk_s = atomicAdd(s.ticket, 1u) - (epoch - 1) * gridDim.x;
  __syncthreads();
  const int nc = gridDim.x, chunk = int(chunk_s), group = chunk / kGroup;
  const int ng = (nc + kGroup - 1) / kGroup, x = chunk * CW + q * 4, nb = side / BH;
  const bool group_last = chunk % kGroup == kGroup - 1 || chunk == nc - 1;
  auto at = [&](int b, int row) { return size_t(b * BH + row) * side + x; };
  uint32_t col_run = 0;  // threads tid < CW: column tid's local sum over the bands so far
  uint32_t next[RPT];
#pragma unroll
  for (int k = 0; k < RPT; ++k)
    next[k] = __ldcs(reinterpret_cast<const unsigned*>(in + at(0, g * RPT + k)));

  for (int b = 0; b < nb + kLag; ++b) {
    if (b < nb) {
      uint32_t cur[RPT];
#pragma unroll
      for (int k = 0; k < RPT; ++k) cur[k] = next[k];
      if (b + 1 < nb)
#pragma unroll
        for (int k = 0; k < RPT; ++k)
          next[k] = __ldcs(reinterpret_cast<const unsigned*>(in + at(b + 1, g * RPT + k)));
      if constexpr (Mode == 2) {
#pragma unroll
        for (int k = 0; k < RPT; ++k) {
          const uint32_t w = cur[k];
          __stcs(reinterpret_cast<uint4*>(out + at(b, g * RPT + k)),
                 make_uint4(w & 255u, (w >> 8) & 255u, (w >> 16) & 255u, w >> 24));
        }
        continue;
      } else {
        // 1: the band's local table.
        uint32_t v[RPT][4];
#pragma unroll
        for (int k = 0; k < RPT; ++k) {
          const uint32_t w = cur[k];
          uint32_t p[4] = {w & 255u, (w >> 8) & 255u, (w >> 16) & 255u, w >> 24};
          p[1] += p[0], p[2] += p[1], p[3] += p[2];
          uint32_t e = p[3];
#pragma unroll
          for (int d = 1; d < WPR; d <<= 1) {
            const uint32_t u = __shfl_up_sync(kFull, e, d, WPR);
            if (q >= d) e += u;
          }
          e -= p[3];
#pragma unroll
          for (int c = 0; c < 4; ++c) v[k][c] = p[c] + e + (k > 0 ? v[k - 1][c] : 0u);
        }
        col_tot[g][q] = make_uint4(v[RPT - 1][0], v[RPT - 1][1], v[RPT - 1][2], v[RPT - 1][3]);
        __syncthreads();
        if (tid < CW) {
          const uint32_t* tot = reinterpret_cast<const uint32_t*>(col_tot);
          uint32_t* off = reinterpret_cast<uint32_t*>(col_off);
#pragma unroll
          for (int i = 0; i < G; ++i) {
            const uint32_t t = tot[i * CW + tid];
            off[i * CW + tid] = col_run;
            col_run += t;
          }
        }
        __syncthreads();
        const uint4 o = col_off[g][q];
        uint4* slot = ring + size_t(b % kSlots) * BH * WPR;
#pragma unroll
        for (int k = 0; k < RPT; ++k) {
          const uint4 t = make_uint4(v[k][0] + o.x, v[k][1] + o.y, v[k][2] + o.z, v[k][3] + o.w);
          slot[(g * RPT + k) * WPR + q] = t;
          if (q == WPR - 1) {
            aggs[b % kSlots][g * RPT + k] = t.w;
            // 2: the aggregate.
            if (Mode == 0)
              store_status(s.agg + (size_t(b) * nc + chunk) * BH + g * RPT + k, tagged(t.w, epoch));
          }
        }
      }
    }
    if constexpr (Mode == 2) continue;
    __syncthreads();          // aggs[] of this band, the ring
    const int lb = b - kLag;  // the band whose table is written now
    if (tid < BH) {
      uint32_t c = 0;
      if (Mode == 0) {
        // 3: the group total of band b - 1.
        if (group_last && b >= 1 && b - 1 < nb) {
          const int first = group * kGroup;
          const uint32_t t = sum_published(s.agg + (size_t(b - 1) * nc + first) * BH + tid, BH,
                                           chunk - first, epoch) +
                             aggs[(b - 1) % kSlots][tid];
          store_status(s.total + (size_t(b - 1) * ng + group) * BH + tid, tagged(t, epoch));
        }
        // 4: band lb's carry.
        if (lb >= 0) {
          const int first = group * kGroup;
          c = sum_published(s.agg + (size_t(lb) * nc + first) * BH + tid, BH, chunk - first,
                            epoch) +
              sum_published(s.total + size_t(lb) * ng * BH + tid, BH, group, epoch);
        }
      }
      carry[tid] = c;
    }
    __syncthreads();
    if (lb >= 0) {
      // 5: band lb's table.
      const uint4* slot = ring + size_t(lb % kSlots) * BH * WPR;
#pragma unroll
      for (int k = 0; k < RPT; ++k) {
        const int row = g * RPT + k;
        const uint32_t c = carry[row];
        const uint4 t = slot[row * WPR + q];
        __stcs(reinterpret_cast<uint4*>(out + at(lb, row)),
               make_uint4(t.x + c, t.y + c, t.z + c, t.w + c));
      }
    }
  }
}

template <int CW, int BH, int T, int Mode>
void run_case(const char* name, const ws::dev::SatSweepSetup& setup, Dev& agg, Dev& total,
              Dev& ticket) {
  const int side = setup.side, nc = side / CW;
  const size_t ring = size_t(kLag + 1) * BH * CW * 4;
  auto kernel = sat_chunks<CW, BH, T, Mode>;
  CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(ring)));
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, T, ring));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  if (per_sm * prop.multiProcessorCount < nc) {
    std::printf("%-52s skipped: %d blocks an SM hold %d of %d chunks\n", name, per_sm,
                per_sm * prop.multiProcessorCount, nc);
    return;
  }
  Scratch s{agg.as<unsigned long long>(), total.as<unsigned long long>(), ticket.as<unsigned>()};
  CK(cudaMemset(agg.p, 0, kAggBytes));
  CK(cudaMemset(total.p, 0, kTotalBytes));
  CK(cudaMemset(ticket.p, 0, 4));
  unsigned epoch = 0;
  auto launch = [&] {
    ++epoch;
    kernel<<<nc, T, ring>>>(setup.in.as<uint8_t>(), setup.out.as<uint32_t>(), side, s, epoch);
    CK(cudaGetLastError());
  };
  ws::dev::measure_sat_case(name, launch, setup, g_reps, Mode != 0);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::atoi(argv[1]);
  ws::dev::SatSweepSetup setup(kSide, g_reps);
  Dev agg(kAggBytes), total(kTotalBytes), ticket(4);
  run_case<64, 128, 256, 2>("walk alone: 64 cols, 128-row bands, 256 thr", setup, agg, total,
                            ticket);
  run_case<64, 128, 512, 2>("walk alone: 64 cols, 128-row bands, 512 thr", setup, agg, total,
                            ticket);
  run_case<32, 128, 256, 2>("walk alone: 32 cols, 128-row bands, 256 thr", setup, agg, total,
                            ticket);
  run_case<64, 128, 256, 1>("no look-up: 64 cols, 128-row bands, 256 thr", setup, agg, total,
                            ticket);
  run_case<64, 128, 512, 1>("no look-up: 64 cols, 128-row bands, 512 thr", setup, agg, total,
                            ticket);
  run_case<64, 128, 256, 0>("chunks: 64 cols, 128-row bands, 256 thr", setup, agg, total, ticket);
  run_case<64, 128, 512, 0>("chunks: 64 cols, 128-row bands, 512 thr", setup, agg, total, ticket);
  run_case<64, 64, 256, 0>("chunks: 64 cols, 64-row bands, 256 thr", setup, agg, total, ticket);
  run_case<32, 128, 256, 0>("chunks: 32 cols, 128-row bands, 256 thr", setup, agg, total, ticket);
  run_case<32, 64, 256, 0>("chunks: 32 cols, 64-row bands, 256 thr", setup, agg, total, ticket);
  run_case<64, 128, 256, 0>("chunks: 64 cols, 128-row bands, 256 thr (again)", setup, agg, total,
                            ticket);
  return 0;
}
