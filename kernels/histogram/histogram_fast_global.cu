// Full-size kernels of the variants whose counters live in global memory (n samples, B bins,
// p = grid x block threads):
//   1 sequential       thread 0 alone loops over every sample: work n, steps n.
//   2 global-atomic    thread t takes samples t, t + p, ... (p >= n at full size: one each) and
//                      does atomicAdd(&hist[bin], 1): work n atomics; samples of one bin
//                      serialize on its counter in L2. inject_race: a plain read, then a write
//                      of the read value + 1 (lost updates).
//   3 private-global   the mapping of 2, atomicAdd on block b's copy (copies[b * B + bin]); after
//                      the grid-wide barrier (the kernel boundary) the merge: thread j of block b
//                      adds bins j, j + block, ... of copy b into hist when nonzero (PMPP Fig. 9.7
//                      adds into copy 0 instead). Work n + grid x B, steps n / p + B / block.
//                      The grid is capped so the copies fit in 256 MiB; threads then loop.
#include "../common/cuda_check.cuh"
#include "histogram_fast.cuh"

namespace ws::histogram {

namespace {

template <class Bins>
__global__ void sequential(Bins bins, int64_t n, uint32_t* hist) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  for (int64_t i = 0; i < n; ++i) {
    const int k = bins(i);
    if (k >= 0) hist[k] += 1;
  }
}

template <class Bins, bool Race>
__global__ void global_atomic(Bins bins, int64_t n, uint32_t* hist) {
  const int64_t p = int64_t(gridDim.x) * blockDim.x;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += p) {
    const int k = bins(i);
    if (k < 0) continue;
    if (Race) {
      volatile uint32_t* h = hist;
      const uint32_t read = h[k];  // another thread may write between this read...
      h[k] = read + 1;             // ...and this write: its update is lost
    } else {
      atomicAdd(&hist[k], 1u);
    }
  }
}

template <class Bins>
__global__ void private_global_count(Bins bins, int64_t n, int count, uint32_t* copies) {
  uint32_t* mine = copies + size_t(blockIdx.x) * count;
  const int64_t p = int64_t(gridDim.x) * blockDim.x;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += p) {
    const int k = bins(i);
    if (k >= 0) atomicAdd(&mine[k], 1u);
  }
}

__global__ void private_global_merge(const uint32_t* copies, int count, uint32_t* hist) {
  const uint32_t* mine = copies + size_t(blockIdx.x) * count;
  for (int bin = threadIdx.x; bin < count; bin += blockDim.x) {
    const uint32_t c = mine[bin];
    if (c != 0) atomicAdd(&hist[bin], c);
  }
}

}  // namespace

void launch_sequential(const FastArgs& a) {
  with_bins(a, [&](auto bins) {
    sequential<<<1, 32>>>(bins, a.n, a.hist);
    WS_CUDA_CHECK_LAUNCH();
  });
}

void launch_global_atomic(const FastArgs& a) {
  with_bins(a, [&](auto bins) {
    if (a.race)
      global_atomic<decltype(bins), true>
          <<<a.launch.grid_dim, a.launch.block_dim>>>(bins, a.n, a.hist);
    else
      global_atomic<decltype(bins), false>
          <<<a.launch.grid_dim, a.launch.block_dim>>>(bins, a.n, a.hist);
    WS_CUDA_CHECK_LAUNCH();
  });
}

void launch_private_global(const FastArgs& a, uint32_t* copies) {
  const int grid = a.launch.grid_dim, count = a.bins.count;
  WS_CUDA_CHECK(cudaMemsetAsync(copies, 0, size_t(grid) * count * sizeof(uint32_t)));
  with_bins(a, [&](auto bins) {
    private_global_count<<<grid, a.launch.block_dim>>>(bins, a.n, count, copies);
    WS_CUDA_CHECK_LAUNCH();
  });
  private_global_merge<<<grid, a.launch.block_dim>>>(copies, count, a.hist);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace ws::histogram
