// The sorts' CUDA entry points (sort.h): the full-size dispatch, host vectors in and out for the
// GPU tests, and the traced teach run's dispatch. The kernels are in sort_merge.cu,
// sort_bitonic.cu and sort_odd_even.cu.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/error.h"
#include "sort_cuda.h"
#include "sort_teach_cpu.h"

namespace ws::merge {

template <class Key>
void sort_device(SortVariant variant, Key* d_keys, int64_t n, uint32_t* d_values, void* d_scratch,
                 void* stream) {
  if (n < 0 || n >= (int64_t{1} << 30))
    throw Error("sort_device: 0..2^30 - 1 keys, not " + std::to_string(n));
  cudaStream_t s = static_cast<cudaStream_t>(stream);
  switch (variant) {
    case SortVariant::MergeSort:
      return merge_sort_device(d_keys, n, d_values, d_scratch, s);
    case SortVariant::Bitonic:
      return bitonic_sort_device(d_keys, n, d_values, d_scratch, s);
    case SortVariant::OddEven:
      return odd_even_sort_device(d_keys, n, d_values, d_scratch, s);
    case SortVariant::Fast:
      break;
  }
  throw Error("sort_device: variant " + std::to_string(int(variant)) +
              " is not one of 6..8 (the fast sort is merge_fast.h's)");
}

template <class Key>
SortHostResult<Key> sort_on_device(SortVariant variant, const std::vector<Key>& keys,
                                   const std::vector<uint32_t>& values) {
  WS_REQUIRE(values.empty() || values.size() == keys.size(),
             std::string("sort_on_device: values and keys differ in length"));
  const size_t n = keys.size();
  DeviceBuffer<Key> d_keys(n);
  DeviceBuffer<uint32_t> d_values(values.size());
  d_keys.upload(keys);
  d_values.upload(values);
  DeviceBuffer<unsigned char> scratch(
      sort_device_scratch_bytes(variant, int64_t(n), !values.empty()));
  sort_device(variant, d_keys.data(), int64_t(n), values.empty() ? nullptr : d_values.data(),
              scratch.size() ? scratch.data() : nullptr, nullptr);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  return {d_keys.download(), d_values.download()};
}

SortTeachRun teach_sort_cuda(const SortTeachParams& params, const std::vector<double>& keys,
                             const std::vector<uint32_t>& values) {
  SortTeachRun run = teach_sort_cpu(params, keys, values);
  const bool ints = params.key_type == KeyType::Int32;
  switch (params.variant) {
    case SortVariant::Bitonic:
      ints ? bitonic_teach_cuda<int32_t>(run) : bitonic_teach_cuda<float>(run);
      break;
    case SortVariant::OddEven:
      ints ? odd_even_teach_cuda<int32_t>(run) : odd_even_teach_cuda<float>(run);
      break;
    case SortVariant::MergeSort:
    case SortVariant::Fast:
      ints ? merge_sort_teach_cuda<int32_t>(run) : merge_sort_teach_cuda<float>(run);
      break;
  }
  return run;
}

template void sort_device<int32_t>(SortVariant, int32_t*, int64_t, uint32_t*, void*, void*);
template void sort_device<float>(SortVariant, float*, int64_t, uint32_t*, void*, void*);
template SortHostResult<int32_t> sort_on_device<int32_t>(SortVariant, const std::vector<int32_t>&,
                                                         const std::vector<uint32_t>&);
template SortHostResult<float> sort_on_device<float>(SortVariant, const std::vector<float>&,
                                                     const std::vector<uint32_t>&);

}  // namespace ws::merge
