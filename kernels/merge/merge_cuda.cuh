// What the merge kernels share on the device: the arrays of one merge as a kernel argument, and
// each variant's launches (its .cu file): the full-size kernel (NoTrace) on a stream and the
// traced teach kernel (DeviceTrace) in the twin's launch shape. merge_device.cu dispatches.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "../common/device_trace.cuh"
#include "merge_teach_body.h"

namespace ws::merge::mcuda {

// Device arrays of one merge; the three value pointers are all null (keys only) or all set.
template <class Key>
struct MergeArrays {
  const Key* a;
  const uint32_t* a_values;
  int m;
  const Key* b;
  const uint32_t* b_values;
  int n;
  Key* c;
  uint32_t* c_values;
};

// The dynamic shared memory of a tiled kernel: A_S, B_S (tile keys each), then, with values,
// A_S_values and B_S_values.
template <class Key>
size_t tiled_shared_bytes(int tile, bool with_values) {
  return size_t(2) * size_t(tile) * (sizeof(Key) + (with_values ? sizeof(uint32_t) : 0));
}

template <class Key>
void launch_sequential(const MergeArrays<Key>& io, cudaStream_t stream);
template <class Key>
void launch_basic(const MergeArrays<Key>& io, cudaStream_t stream);
template <class Key>
void launch_tiled(const MergeArrays<Key>& io, cudaStream_t stream);
template <class Key>
void launch_circular(const MergeArrays<Key>& io, cudaStream_t stream);

template <class Key>
void teach_sequential(const MergeArrays<Key>& io, const DeviceTrace& rec);
// basic (per_thread = ceil((m + n) / threads)) and fast (per_thread = items).
template <class Key>
void teach_basic(const MergeArrays<Key>& io, int blocks, int block_dim, int per_thread,
                 const DeviceTrace& rec);
template <class Key>
void teach_fast(const MergeArrays<Key>& io, int blocks, int block_dim, int items,
                const DeviceTrace& rec);
template <class Key>
void teach_tiled(const MergeArrays<Key>& io, int blocks, int block_dim, int tile,
                 const DeviceTrace& rec);
template <class Key>
void teach_circular(const MergeArrays<Key>& io, int blocks, int block_dim, int tile,
                    const DeviceTrace& rec);

}  // namespace ws::merge::mcuda
