// Variant 7, bitonic sort (Batcher 1968; cuda-samples sortingNetworks' bitonicSortShared,
// bitonicMergeGlobal, bitonicMergeShared): a sorting network on N = 2^L wires (n keys padded with
// +inf). For k = 2, 4, ..., N and j = k/2, ..., 1, thread t compare-exchanges wires
// lo = 2t - (t & (j - 1)) and lo + j, ascending where bit k of lo is clear: runs of k are built
// from bitonic sequences of two runs of k/2 sorted in opposite directions.
//   work    (N/2) L (L + 1) / 2 compare-exchanges, every thread busy in every stage
//   steps   L (L + 1) / 2 stages; those with j < tile run inside a block's shared tile with a
//           barrier after each (one launch for a run of them), the others one global launch each
//   memory  shared stage (k 2, j 1): lanes read words 2t and 2t + 1, a 2-way bank conflict; at
//           j = 32 (and 64, ...) consecutive words, conflict free
#include <cuda_runtime.h>

#include "network_sort_cuda.cuh"
#include "sort_cuda.h"

namespace ws::merge {

namespace {

// @variant bitonic
// One launch for a run of `stages` shared stages starting at (k, j): block b sorts its tile of
// keys [b tile, (b + 1) tile) in shared memory.
template <class Key, bool kValues, class Rec>
__global__ void bitonic_shared_kernel(Key* keys, uint32_t* values, int tile, int k, int j,
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
    const WirePair p = bitonic_pair(t, k, j);
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

// One stage (k, j) with j >= tile on global memory: one comparator a thread.
template <class Key, bool kValues, class Rec>
__global__ void bitonic_global_kernel(Key* keys, uint32_t* values, int64_t k, int64_t j,
                                      int64_t comparators, Rec rec) {
  const int64_t t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= comparators) return;
  rec.begin(kNetGlobal);
  const WirePair p = bitonic_pair(t, k, j);
  net_compare_exchange<kValues>(rec, kNetKeys, keys, values, p.lo, p.hi,
                                p.ascending);  // @stage-global
}
// @end

struct BitonicKernels {
  template <class Key, bool kValues, class Rec>
  static NetworkKernels<Key, kValues, Rec> get() {
    return {bitonic_shared_kernel<Key, kValues, Rec>, bitonic_global_kernel<Key, kValues, Rec>};
  }
};

}  // namespace

template <class Key>
void bitonic_sort_device(Key* keys, int64_t n, uint32_t* values, void* scratch,
                         cudaStream_t stream) {
  net_sort_device<BitonicKernels>(NetworkKind::Bitonic, keys, n, values, scratch, stream);
}

template <class Key>
void bitonic_teach_cuda(SortTeachRun& run) {
  net_teach_cuda<BitonicKernels, Key>(run);
}

template void bitonic_sort_device<int32_t>(int32_t*, int64_t, uint32_t*, void*, cudaStream_t);
template void bitonic_sort_device<float>(float*, int64_t, uint32_t*, void*, cudaStream_t);
template void bitonic_teach_cuda<int32_t>(SortTeachRun&);
template void bitonic_teach_cuda<float>(SortTeachRun&);

}  // namespace ws::merge
