// Variant 8, Batcher's odd-even merge sort (Batcher 1968; Knuth TAOCP 5.3.4; cuda-samples
// sortingNetworks' oddEvenMergeSortShared, oddEvenMergeGlobal): for k = 2, 4, ..., N and
// j = k/2, ..., 1, thread t looks at pos = 2t - (t & (j - 1)); the first stage of a merge
// (j = k/2) compare-exchanges (pos, pos + j), the later ones (pos - j, pos) where the thread's
// offset within the half run, t & (k/2 - 1), is at least j; everything ascending.
//   work    (L^2 - L + 4) N / 4 - 1 compare-exchanges: fewer than bitonic's (N/2) L (L + 1) / 2,
//           but the threads without a comparator sit idle (divergent warps in every j < k/2)
//   steps   L (L + 1) / 2 stages; those with k <= tile run inside a block's shared tile (one
//           launch), every later one on global memory (its pairs cross tile boundaries)
#include <cuda_runtime.h>

#include "network_sort_cuda.cuh"
#include "sort_cuda.h"

namespace ws::merge {

namespace {

// @variant odd-even
// One launch for a run of `stages` shared stages starting at (k, j): block b sorts its tile of
// keys [b tile, (b + 1) tile) in shared memory.
template <class Key, bool kValues, class Rec>
__global__ void odd_even_shared_kernel(Key* keys, uint32_t* values, int tile, int k, int j,
                                       int stages, Rec rec) {
  __shared__ Key s_keys[kNetTileMax];
  __shared__ uint32_t s_values[kValues ? kNetTileMax : 1];
  const int l = int(threadIdx.x), half = tile / 2;
  const int64_t base = int64_t(blockIdx.x) * tile;
  const int64_t t = int64_t(blockIdx.x) * blockDim.x + l;  // the thread's comparator slot
  rec.begin(kNetLoad);
  for (int a = l; a < tile; a += half) {  // wires l and l + tile/2: coalesced
    s_keys[a] = rec.write(kNetTile, a, rec.read(kNetKeys, base + a, keys[base + a]));  // @tile-load
    if constexpr (kValues) s_values[a] = values[base + a];
  }
  __syncthreads();
  for (int s = 0; s < stages; ++s) {
    rec.begin(kNetShared, s);
    const WirePair p = odd_even_pair(t, k, j);
    if (p.active)
      net_compare_exchange<kValues>(rec, kNetTile, s_keys, s_values, p.lo - base, p.hi - base,
                                    p.ascending);  // @stage-shared
    __syncthreads();
    j /= 2;
    if (j == 0) {  // the next size of runs
      k *= 2;
      j = k / 2;
    }
  }
  rec.begin(kNetStore);
  for (int a = l; a < tile; a += half) {
    keys[base + a] =
        rec.write(kNetKeys, base + a, rec.read(kNetTile, a, s_keys[a]));  // @tile-store
    if constexpr (kValues) values[base + a] = s_values[a];
  }
}

// One stage (k, j) with k > tile on global memory: one comparator a thread.
template <class Key, bool kValues, class Rec>
__global__ void odd_even_global_kernel(Key* keys, uint32_t* values, int64_t k, int64_t j,
                                       int64_t comparators, Rec rec) {
  const int64_t t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= comparators) return;
  rec.begin(kNetGlobal);
  const WirePair p = odd_even_pair(t, k, j);
  if (!p.active) return;  // no comparator in this stage: an idle lane
  net_compare_exchange<kValues>(rec, kNetKeys, keys, values, p.lo, p.hi,
                                p.ascending);  // @stage-global
}
// @end

struct OddEvenKernels {
  template <class Key, bool kValues, class Rec>
  static NetworkKernels<Key, kValues, Rec> get() {
    return {odd_even_shared_kernel<Key, kValues, Rec>, odd_even_global_kernel<Key, kValues, Rec>};
  }
};

}  // namespace

template <class Key>
void odd_even_sort_device(Key* keys, int64_t n, uint32_t* values, void* scratch,
                          cudaStream_t stream) {
  net_sort_device<OddEvenKernels>(NetworkKind::OddEvenMerge, keys, n, values, scratch, stream);
}

template <class Key>
void odd_even_teach_cuda(SortTeachRun& run) {
  net_teach_cuda<OddEvenKernels, Key>(run);
}

template void odd_even_sort_device<int32_t>(int32_t*, int64_t, uint32_t*, void*, cudaStream_t);
template void odd_even_sort_device<float>(float*, int64_t, uint32_t*, void*, cudaStream_t);
template void odd_even_teach_cuda<int32_t>(SortTeachRun&);
template void odd_even_teach_cuda<float>(SortTeachRun&);

}  // namespace ws::merge
