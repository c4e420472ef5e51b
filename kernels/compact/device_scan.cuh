// Our exclusive scan of uint32 counts on the device, used by the fast compaction (the per-block
// kept counts) and the fast radix sort (the bucket table). Hierarchical (PMPP 11.6): each block
// scans a tile of kTile values (kItems per thread, serially, then the thread totals across the
// block with warp shuffles), writes the tile total to the next level, which is scanned the same
// way (recursively), and the scanned totals are added back. Work O(n), any n < 2^31. In place
// (in == out) is allowed. Levels are allocated once by the constructor, so run() allocates nothing
// and can be timed.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "common/cuda_check.cuh"
#include "common/device_buffer.cuh"

namespace ws::apps {

constexpr int kScanThreads = 256;
constexpr int kScanItems = 4;
constexpr int kScanTile = kScanThreads * kScanItems;

// Exclusive scan across the block of one value per thread; *total receives the block's sum.
// Every thread of the block must call it.
__device__ inline uint32_t block_exclusive_sum(uint32_t value, uint32_t* total) {
  __shared__ uint32_t warp_sums[32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  uint32_t inclusive = value;
  for (int d = 1; d < 32; d *= 2) {
    const uint32_t other = __shfl_up_sync(0xffffffffu, inclusive, d);
    if (lane >= d) inclusive += other;
  }
  if (lane == 31) warp_sums[warp] = inclusive;
  __syncthreads();
  const int warps = blockDim.x >> 5;
  if (warp == 0) {
    uint32_t w = lane < warps ? warp_sums[lane] : 0u;
    for (int d = 1; d < 32; d *= 2) {
      const uint32_t other = __shfl_up_sync(0xffffffffu, w, d);
      if (lane >= d) w += other;
    }
    if (lane < warps) warp_sums[lane] = w;  // inclusive scan of the warp sums
  }
  __syncthreads();
  const uint32_t warp_offset = warp > 0 ? warp_sums[warp - 1] : 0u;
  *total = warp_sums[warps - 1];
  __syncthreads();  // warp_sums may be reused by the next call
  return warp_offset + inclusive - value;
}

static __global__ void scan_tiles_kernel(const uint32_t* in, uint32_t* out, int64_t n,
                                  uint32_t* tile_totals) {
  const int64_t base = static_cast<int64_t>(blockIdx.x) * kScanTile + threadIdx.x * kScanItems;
  uint32_t items[kScanItems];
  uint32_t sum = 0;
  for (int k = 0; k < kScanItems; ++k) {
    items[k] = base + k < n ? in[base + k] : 0u;
    sum += items[k];
  }
  uint32_t total = 0;
  uint32_t running = block_exclusive_sum(sum, &total);
  for (int k = 0; k < kScanItems; ++k) {
    if (base + k < n) out[base + k] = running;
    running += items[k];
  }
  if (threadIdx.x == 0 && tile_totals != nullptr) tile_totals[blockIdx.x] = total;
}

static __global__ void add_tile_offsets_kernel(uint32_t* out, int64_t n, const uint32_t* tile_offsets) {
  const uint32_t offset = tile_offsets[blockIdx.x];
  const int64_t base = static_cast<int64_t>(blockIdx.x) * kScanTile;
  for (int k = threadIdx.x; k < kScanTile; k += blockDim.x) {
    if (base + k < n) out[base + k] += offset;
  }
}

class DeviceExclusiveScan {
 public:
  explicit DeviceExclusiveScan(int64_t n) : n_(n) {
    for (int64_t level = tiles(n); level > 1; level = tiles(level)) {
      totals_.emplace_back(static_cast<size_t>(level));
    }
  }

  // out[i] = in[0] + ... + in[i - 1]; in and out may be the same array.
  void run(const uint32_t* in, uint32_t* out, cudaStream_t stream = nullptr) {
    run_level(in, out, n_, 0, stream);
  }

 private:
  static int64_t tiles(int64_t n) { return (n + kScanTile - 1) / kScanTile; }

  void run_level(const uint32_t* in, uint32_t* out, int64_t n, size_t level, cudaStream_t stream) {
    if (n <= 0) return;
    const int64_t grid = tiles(n);
    uint32_t* totals = grid > 1 ? totals_[level].data() : nullptr;
    scan_tiles_kernel<<<static_cast<unsigned>(grid), kScanThreads, 0, stream>>>(in, out, n, totals);
    WS_CUDA_CHECK_LAUNCH();
    if (grid == 1) return;
    run_level(totals, totals, grid, level + 1, stream);
    add_tile_offsets_kernel<<<static_cast<unsigned>(grid), kScanThreads, 0, stream>>>(out, n,
                                                                                      totals);
    WS_CUDA_CHECK_LAUNCH();
  }

  int64_t n_;
  std::vector<DeviceBuffer<uint32_t>> totals_;
};

}  // namespace ws::apps
