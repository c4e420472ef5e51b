// Inside the sorts' CUDA side (CUDA builds only: it names cudaStream_t): one full-size entry and
// one traced teach launch per variant, dispatched by sort_device.cu.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "sort.h"

namespace ws::merge {

// Full size on device memory, in place (sort.h's sort_device): `scratch` holds at least
// sort_device_scratch_bytes(...) bytes, or is null (then allocated here).
template <class Key>
void merge_sort_device(Key* keys, int64_t n, uint32_t* values, void* scratch, cudaStream_t stream);
template <class Key>
void bitonic_sort_device(Key* keys, int64_t n, uint32_t* values, void* scratch,
                         cudaStream_t stream);
template <class Key>
void odd_even_sort_device(Key* keys, int64_t n, uint32_t* values, void* scratch,
                          cudaStream_t stream);

// Teach: `run` is the CPU twin's; its events are replaced by the recorded ones and its output
// (keys and values) by the device's.
template <class Key>
void merge_sort_teach_cuda(SortTeachRun& run);
template <class Key>
void bitonic_teach_cuda(SortTeachRun& run);
template <class Key>
void odd_even_teach_cuda(SortTeachRun& run);

}  // namespace ws::merge
