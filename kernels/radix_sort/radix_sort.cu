// Radix sort on CUDA: the onesweep sort of fast mode (radix_sort_onesweep.cuh), our multi-bit
// LSD sort of PMPP 13.4-13.5, and CUB's, timed on the same keys.
//
// onesweep: see radix_sort_onesweep.cuh (a global histogram, then 4 passes of 8-bit digits, each
// reading and writing every key once, the digit offsets found by decoupled look-back).
//
// multibit (shown in the code panel between "@variant multibit" and its "@end")
//   Per pass (32 / BITS passes, least significant digit first; BITS = 4 with tiles of 4096 keys
//   or BITS = 8 with tiles of 1024, which fit the run table in 48 KB of shared memory):
//   tile_histogram_kernel  each block counts the digits of its tile of 256 * ITEMS keys into the
//                          bucket table, digit-major: table[digit * tiles + tile].   work O(n)
//   DeviceExclusiveScan    the table's exclusive scan gives every (digit, tile) its global
//                          offset (../compact/device_scan.cuh).          work O(2^BITS n / tile)
//   tile_scatter_kernel    each block ranks its keys stably (warp __match_any_sync groups equal
//                          digits, a per-digit scan over (round, warp) orders the groups), sorts
//                          the tile in shared memory by digit and writes each digit's run to its
//                          global offset: consecutive threads write consecutive addresses
//                          (the coalescing of 13.4).                      work O(n)
//   Reads every key twice and writes it once per pass.
#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <string>
#include <utility>

#include "../compact/device_scan.cuh"
#include "radix_sort_onesweep_sorter.cuh"
#include "common/cuda_check.cuh"
#include "common/cuda_timer.cuh"
#include "common/device_buffer.cuh"
#include "radix_sort_internal.h"

namespace ws::radix {

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;

template <int BITS, int ITEMS>
struct Tiling {
  static constexpr int kBuckets = 1 << BITS;
  static constexpr uint32_t kMask = kBuckets - 1;
  static constexpr int kTile = kThreads * ITEMS;
  static constexpr int kRuns = ITEMS * kWarps;  // (round, warp) groups in index order
};

// @variant multibit
template <int BITS, int ITEMS>
__global__ void __launch_bounds__(kThreads)
    tile_histogram_kernel(const uint32_t* __restrict__ keys, int64_t n, int shift, int64_t tiles,
                          uint32_t* __restrict__ table) {
  using C = Tiling<BITS, ITEMS>;
  __shared__ uint32_t histogram[C::kBuckets];
  for (int d = threadIdx.x; d < C::kBuckets; d += kThreads) histogram[d] = 0;
  __syncthreads();
  const int64_t base = static_cast<int64_t>(blockIdx.x) * C::kTile + threadIdx.x;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const int64_t i = base + k * kThreads;
    if (i < n) atomicAdd(&histogram[(keys[i] >> shift) & C::kMask], 1u);
  }
  __syncthreads();
  for (int d = threadIdx.x; d < C::kBuckets; d += kThreads) {
    table[d * tiles + blockIdx.x] = histogram[d];
  }
}

template <int BITS, int ITEMS>
__global__ void __launch_bounds__(kThreads)
    tile_scatter_kernel(const uint32_t* __restrict__ keys_in, uint32_t* __restrict__ keys_out,
                        int64_t n, int shift, int64_t tiles, const uint32_t* __restrict__ offsets) {
  using C = Tiling<BITS, ITEMS>;
  __shared__ uint32_t run_counts[C::kRuns][C::kBuckets];  // then: keys of the digit before the run
  __shared__ uint32_t digit_start[C::kBuckets];           // the digit's first slot in the tile
  __shared__ uint32_t global_start[C::kBuckets];          // the digit's first slot in the output
  __shared__ uint32_t sorted[C::kTile];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const unsigned lanes_below = (1u << lane) - 1u;
  for (int j = threadIdx.x; j < C::kRuns * C::kBuckets; j += kThreads) {
    run_counts[j / C::kBuckets][j % C::kBuckets] = 0;
  }
  __syncthreads();

  // Rank: keys with equal digits in one warp instruction form a group; a key's rank in the warp
  // is the group members on lower lanes.
  const int64_t tile_base = static_cast<int64_t>(blockIdx.x) * C::kTile;
  uint32_t key[ITEMS], rank[ITEMS];
  int digit[ITEMS];
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const int64_t i = tile_base + k * kThreads + threadIdx.x;
    const bool valid = i < n;
    key[k] = valid ? keys_in[i] : 0u;
    digit[k] = valid ? static_cast<int>((key[k] >> shift) & C::kMask) : C::kBuckets;
    const unsigned peers = __match_any_sync(0xffffffffu, digit[k]);
    rank[k] = __popc(peers & lanes_below);
    if (valid && (peers & lanes_below) == 0)
      run_counts[k * kWarps + warp][digit[k]] = __popc(peers);
  }
  __syncthreads();

  // Per digit, an exclusive scan over the runs in index order: stable ranks within the tile.
  uint32_t digit_total = 0;
  for (int d = threadIdx.x; d < C::kBuckets; d += kThreads) {
    uint32_t running = 0;
    for (int r = 0; r < C::kRuns; ++r) {
      const uint32_t c = run_counts[r][d];
      run_counts[r][d] = running;
      running += c;
    }
    digit_total = running;  // kBuckets <= kThreads: each thread has at most one digit
  }
  uint32_t tile_total = 0;
  const uint32_t start = apps::block_exclusive_sum(digit_total, &tile_total);
  if (threadIdx.x < C::kBuckets) {
    digit_start[threadIdx.x] = start;
    global_start[threadIdx.x] = offsets[threadIdx.x * tiles + blockIdx.x];
  }
  __syncthreads();

  // Sort the tile by digit in shared memory, then write each digit's run to its global place.
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    if (digit[k] < C::kBuckets) {
      sorted[digit_start[digit[k]] + run_counts[k * kWarps + warp][digit[k]] + rank[k]] = key[k];
    }
  }
  __syncthreads();
  const int64_t left = n - tile_base;
  const int count = left < C::kTile ? static_cast<int>(left) : C::kTile;
  for (int j = threadIdx.x; j < count; j += kThreads) {
    const uint32_t k = sorted[j];
    const uint32_t d = (k >> shift) & C::kMask;
    keys_out[global_start[d] + (j - digit_start[d])] = k;
  }
}

// The whole sort on device arrays: `in` is left unchanged, the result lands in `out`.
template <int BITS, int ITEMS>
class MultiBitSorter {
 public:
  using C = Tiling<BITS, ITEMS>;
  static_assert(32 % BITS == 0 && (32 / BITS) % 2 == 0, "an even number of passes ends in out");
  static_assert(C::kBuckets <= kThreads, "one digit per thread in the digit scan");

  explicit MultiBitSorter(int64_t n)
      : n_(n),
        tiles_((n + C::kTile - 1) / C::kTile),
        table_(static_cast<size_t>(tiles_ * C::kBuckets)),
        scratch_(static_cast<size_t>(n)),
        scan_(tiles_ * C::kBuckets) {}

  void sort(const uint32_t* in, uint32_t* out) {
    if (n_ == 0) return;
    const unsigned grid = static_cast<unsigned>(tiles_);
    const uint32_t* src = in;
    for (int shift = 0, pass = 0; shift < 32; shift += BITS, ++pass) {
      uint32_t* dst = pass % 2 == 0 ? scratch_.data() : out;
      tile_histogram_kernel<BITS, ITEMS><<<grid, kThreads>>>(src, n_, shift, tiles_, table_.data());
      WS_CUDA_CHECK_LAUNCH();
      scan_.run(table_.data(), table_.data());
      tile_scatter_kernel<BITS, ITEMS>
          <<<grid, kThreads>>>(src, dst, n_, shift, tiles_, table_.data());
      WS_CUDA_CHECK_LAUNCH();
      src = dst;
    }
  }

 private:
  int64_t n_, tiles_;
  DeviceBuffer<uint32_t> table_, scratch_;
  apps::DeviceExclusiveScan scan_;
};
// @end

// Policies measured on an H200 from 2^24 to 2^28 + 4096 keys (bench/dev/radix_sweep.cu: 7 rounds,
// docs/perf/radix_sweep_h200_2026-11-29_*.txt; docs/performance.md): keys 1.11-1.13x CUB, pairs
// (values loaded after the ranking, prefetched into L2 with the keys) 1.01-1.03x.
using OnesweepKeys = OnesweepSorter<onesweep::Policy<256, 32, 3>, false>;
using OnesweepPairs = OnesweepSorter<
    onesweep::Policy<384, 24, 2, onesweep::Match::Ballots, onesweep::Values::LatePrefetched>, true>;

void require_size(int64_t n) {
  WS_REQUIRE(n >= 0 && n < (int64_t{1} << 31),
             "the GPU radix sort takes 0 to 2^31 - 1 keys, not " + std::to_string(n));
  require_device_memory(static_cast<size_t>(n) * 4 * 4 + (64 << 20),
                        "radix sort of " + std::to_string(n) + " keys");
}

template <class Sort>
scan::FastRun timed(const uint32_t* host_in, uint32_t* host_out, int64_t n, int repeats,
                    Sort&& sort) {
  scan::FastRun run;
  run.n = n;
  if (n == 0) return run;
  DeviceBuffer<uint32_t> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
  in.upload(host_in, static_cast<size_t>(n));
  run.median_ms = sort(in.data(), out.data(), std::max(1, repeats));
  run.gbps = sort_gbps(n, run.median_ms);
  if (host_out != nullptr) out.download(host_out, static_cast<size_t>(n));
  return run;
}

template <class Sort>
scan::FastRun timed_pairs(const uint32_t* host_keys, const uint32_t* host_values,
                          uint32_t* host_keys_out, uint32_t* host_values_out, int64_t n,
                          int repeats, Sort&& sort) {
  scan::FastRun run;
  run.n = n;
  if (n == 0) return run;
  const size_t count = static_cast<size_t>(n);
  require_device_memory(count * 4 * 6 + (64 << 20),
                        "radix sort of " + std::to_string(n) + " key-value pairs");
  DeviceBuffer<uint32_t> keys(count), values(count), keys_out(count), values_out(count);
  keys.upload(host_keys, count);
  values.upload(host_values, count);
  run.median_ms =
      sort(keys.data(), values.data(), keys_out.data(), values_out.data(), std::max(1, repeats));
  run.gbps = sort_pairs_gbps(n, run.median_ms);
  if (host_keys_out != nullptr) keys_out.download(host_keys_out, count);
  if (host_values_out != nullptr) values_out.download(host_values_out, count);
  return run;
}

}  // namespace

scan::FastRun sort_cuda_bits(const uint32_t* host_in, uint32_t* host_out, int64_t n, int repeats,
                             int radix_bits) {
  require_size(n);
  WS_REQUIRE(radix_bits == 4 || radix_bits == 8,
             "the GPU radix sort uses 4- or 8-bit digits, not " + std::to_string(radix_bits));
  return timed(host_in, host_out, n, repeats, [&](const uint32_t* in, uint32_t* out, int reps) {
    if (radix_bits == 4) {
      MultiBitSorter<4, 16> sorter(n);
      return median_ms([&] { sorter.sort(in, out); }, 1, reps);
    }
    MultiBitSorter<8, 4> sorter(n);
    return median_ms([&] { sorter.sort(in, out); }, 1, reps);
  });
}

scan::FastRun sort_cuda(const uint32_t* host_in, uint32_t* host_out, int64_t n, int repeats) {
  require_size(n);
  // Counts of the look-back fit 30 bits; larger inputs take the multi-bit sort.
  if (n > onesweep::kMaxKeys) return sort_cuda_bits(host_in, host_out, n, repeats, 4);
  return timed(host_in, host_out, n, repeats, [&](const uint32_t* in, uint32_t* out, int reps) {
    OnesweepKeys sorter(n);
    return median_ms([&] { sorter.sort(in, out); }, 1, reps);
  });
}

scan::FastRun sort_pairs_cuda(const uint32_t* host_keys, const uint32_t* host_values,
                              uint32_t* host_keys_out, uint32_t* host_values_out, int64_t n,
                              int repeats) {
  require_size(n);
  WS_REQUIRE(n <= onesweep::kMaxKeys, "the GPU sorts at most " +
                                          std::to_string(onesweep::kMaxKeys) +
                                          " key-value pairs, not " + std::to_string(n));
  return timed_pairs(
      host_keys, host_values, host_keys_out, host_values_out, n, repeats,
      [&](const uint32_t* k, const uint32_t* v, uint32_t* ko, uint32_t* vo, int reps) {
        OnesweepPairs sorter(n);
        return median_ms([&] { sorter.sort(k, ko, v, vo); }, 1, reps);
      });
}

scan::FastRun library_pairs_cuda(const uint32_t* host_keys, const uint32_t* host_values,
                                 uint32_t* host_keys_out, uint32_t* host_values_out, int64_t n,
                                 int repeats) {
  require_size(n);
  return timed_pairs(
      host_keys, host_values, host_keys_out, host_values_out, n, repeats,
      [&](const uint32_t* k, const uint32_t* v, uint32_t* ko, uint32_t* vo, int reps) {
        const int items = static_cast<int>(n);
        size_t temp_bytes = 0;
        WS_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, k, ko, v, vo, items));
        DeviceBuffer<unsigned char> temp(std::max<size_t>(temp_bytes, 1));
        return median_ms(
            [&] {
              size_t bytes = temp_bytes;
              WS_CUDA_CHECK(
                  cub::DeviceRadixSort::SortPairs(temp.data(), bytes, k, ko, v, vo, items));
            },
            1, reps);
      });
}

scan::FastRun library_cuda(const uint32_t* host_in, uint32_t* host_out, int64_t n, int repeats) {
  require_size(n);
  return timed(host_in, host_out, n, repeats, [&](const uint32_t* in, uint32_t* out, int reps) {
    const int items = static_cast<int>(n);
    size_t temp_bytes = 0;
    WS_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, in, out, items));
    DeviceBuffer<unsigned char> temp(std::max<size_t>(temp_bytes, 1));
    return median_ms(
        [&] {
          size_t bytes = temp_bytes;
          WS_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(temp.data(), bytes, in, out, items));
        },
        1, reps);
  });
}

}  // namespace ws::radix
