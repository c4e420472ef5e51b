// Full-size kernels of the variants with a private copy per block in shared memory (n samples,
// B bins, p = grid x block threads, C = coarsening), each followed by its merge: thread j adds
// bins j, j + block, ... of the block's copy into the global hist when nonzero.
//   4 private-shared     thread t takes samples t, t + p, ... (one each at full size) and does a
//                        shared atomicAdd: work n shared atomics + grid x B merge reads, steps
//                        n / p + B / block. inject_race: a plain read-modify-write of the shared
//                        counter (racecheck reports it).
//   5 coarse-contiguous  thread t takes samples tC .. tC + C - 1: grid = n / (block C), fewer
//                        copies to merge, but a warp's 32 reads are C samples apart (uncoalesced).
//   6 coarse-interleaved thread t takes t, t + p, ...: the same work, every warp read coalesced.
//   7 aggregated         the mapping of 6; a thread counts a run of samples of one bin in a
//                        register and adds the run's length in one atomic (PMPP Fig. 9.15): work
//                        one atomic per run.
// Bins beyond what one shared copy holds (kWindow counters, 64 KiB): the block repeats its loop
// for each window of kWindow bins, counting only the samples in the window (65536 bins: 4 passes
// over the block's samples). Correct but slow with many bins: the reason variant 8
// handles large bin counts differently.
#include <algorithm>

#include "../common/cuda_check.cuh"
#include "histogram_fast.cuh"

namespace ws::histogram {

namespace {

constexpr int kWindow = 16384;

enum class Mapping { Interleaved, Contiguous };

template <class Bins, Mapping M, bool Aggregate, bool Race>
__global__ void private_shared(Bins bins, int64_t n, int count, int window, int coarsening,
                               uint32_t* hist) {
  extern __shared__ uint32_t copy[];
  const int64_t t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t p = int64_t(gridDim.x) * blockDim.x;
  for (int w0 = 0; w0 < count; w0 += window) {
    const int w_end = min(count, w0 + window);
    for (int j = threadIdx.x; j < w_end - w0; j += blockDim.x) copy[j] = 0;
    __syncthreads();
    int prev = -1;
    uint32_t acc = 0;
    const int64_t first = M == Mapping::Contiguous ? t * coarsening : t;
    const int64_t last = M == Mapping::Contiguous ? min(n, first + coarsening) : n;
    const int64_t step = M == Mapping::Contiguous ? 1 : p;
    for (int64_t i = first; i < last; i += step) {
      const int k = bins(i);
      if (k < w0 || k >= w_end) continue;  // out of range (-1) or another window
      if (Aggregate) {
        if (k == prev) {
          ++acc;
        } else {
          if (acc > 0) atomicAdd(&copy[prev - w0], acc);
          prev = k, acc = 1;
        }
      } else if (Race) {
        volatile uint32_t* c = copy;
        const uint32_t read = c[k - w0];  // another thread may write between this read...
        c[k - w0] = read + 1;             // ...and this write: its update is lost
      } else {
        atomicAdd(&copy[k - w0], 1u);
      }
    }
    if (Aggregate && acc > 0) atomicAdd(&copy[prev - w0], acc);  // the last run
    __syncthreads();
    for (int j = threadIdx.x; j < w_end - w0; j += blockDim.x) {
      const uint32_t c = copy[j];
      if (c != 0) atomicAdd(&hist[w0 + j], c);
    }
    __syncthreads();  // the copy is reused by the next window
  }
}

template <class Bins, Mapping M, bool Aggregate, bool Race>
void launch_typed(Bins bins, const FastArgs& a) {
  const int window = std::min(a.bins.count, kWindow);
  const size_t shared = size_t(window) * sizeof(uint32_t);
  auto kernel = private_shared<Bins, M, Aggregate, Race>;
  if (shared > 48 * 1024)
    WS_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
  kernel<<<a.launch.grid_dim, a.launch.block_dim, shared>>>(bins, a.n, a.bins.count, window,
                                                            a.launch.coarsening, a.hist);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace

void launch_private_shared(Variant v, const FastArgs& a) {
  with_bins(a, [&](auto bins) {
    using B = decltype(bins);
    switch (v) {
      case Variant::PrivateShared:
        if (a.race)
          launch_typed<B, Mapping::Interleaved, false, true>(bins, a);
        else
          launch_typed<B, Mapping::Interleaved, false, false>(bins, a);
        break;
      case Variant::CoarseContiguous:
        launch_typed<B, Mapping::Contiguous, false, false>(bins, a);
        break;
      case Variant::CoarseInterleaved:
        launch_typed<B, Mapping::Interleaved, false, false>(bins, a);
        break;
      default:  // Aggregated
        launch_typed<B, Mapping::Interleaved, true, false>(bins, a);
        break;
    }
  });
}

}  // namespace ws::histogram
