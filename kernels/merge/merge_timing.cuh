// What the merge and sort timings share (merge_timing.cu, sort_timing.cu): the event timer with
// an untimed preparation before each run (a sort sorts in place: its input is restored first),
// the `<` comparator the libraries get, and the device checks of a timed result.
//
// The checks need no reference computed by the code under test: values are the input tags (A's
// 0..m-1, B's m..m+n-1; a sort's input positions), so a correct stable result is exactly the one
// where every (key, tag) pair is strictly greater than the one before it and every key is the
// input key its tag names. A keys-only result is compared with the keys of a checked pairs run;
// an unstable sort's pairs (the networks) with those keys, each input pair appearing once.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "../common/timing.h"

namespace ws::merge::timing {

struct Less {
  template <class T>
  __host__ __device__ bool operator()(const T& x, const T& y) const {
    return x < y;
  }
};

// `prepare` (untimed) then `work` between two events, once to warm up and `repeats` times timed
// (at least 20); the median in milliseconds. Both enqueue on the default stream.
template <class Prepare, class Work>
double prepared_median_ms(int repeats, Prepare&& prepare, Work&& work) {
  prepare();
  work();
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  CudaEvent start, stop;
  std::vector<double> times;
  for (int r = 0; r < (repeats < 20 ? 20 : repeats); ++r) {
    prepare();
    WS_CUDA_CHECK(cudaEventRecord(start.get()));
    work();
    WS_CUDA_CHECK(cudaEventRecord(stop.get()));
    WS_CUDA_CHECK(cudaEventSynchronize(stop.get()));
    float ms = 0;
    WS_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
    times.push_back(ms);
  }
  return median(std::move(times));
}

// A CUB-style call(storage, bytes): the size query and the allocation only while `temp` is
// empty, then the call itself.
template <class Call>
void call_with_temp(DeviceBuffer<char>& temp, Call&& call) {
  if (temp.size() == 0) {
    size_t bytes = 0;
    WS_CUDA_CHECK(call(nullptr, bytes));
    temp = DeviceBuffer<char>(bytes > 0 ? bytes : 1);
  }
  size_t bytes = temp.bytes();
  WS_CUDA_CHECK(call(temp.data(), bytes));
}

// The input key a tag names: a merge's A then B (n_first = m), a sort's one array (b unused).
template <class Key>
__device__ __forceinline__ Key tagged_key(const Key* a, int64_t n_first, const Key* b,
                                          uint32_t tag) {
  return tag < n_first ? a[tag] : b[tag - n_first];
}

// Counts the positions k of out[0, count) that break the rules above: with tags (values not
// null) out[k] == the tagged key, tags < count, and (out, tag) strictly increasing (stable) or,
// for an unstable sort (`seen` not null: n zeroed flags), out[k] == reference[k] and no tag twice;
// without tags, out[k] == reference[k].
template <class Key>
__global__ void count_result_errors(const Key* a, int64_t n_first, const Key* b, int64_t count,
                                    const Key* out, const uint32_t* tags, const Key* reference,
                                    unsigned int* seen, unsigned long long* errors) {
  for (int64_t k = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; k < count;
       k += int64_t(gridDim.x) * blockDim.x) {
    bool ok;
    if (tags != nullptr) {
      const uint32_t t = tags[k];
      ok = int64_t(t) < count && out[k] == tagged_key(a, n_first, b, t);
      if (ok && seen != nullptr)
        ok = out[k] == reference[k] && atomicExch(seen + t, 1u) == 0u;
      else if (ok && k > 0)
        ok = out[k - 1] < out[k] || (out[k - 1] == out[k] && tags[k - 1] < t);
    } else {
      ok = out[k] == reference[k];
    }
    if (!ok) atomicAdd(errors, 1ull);
  }
}

// `stable` false: equal keys may come in any order (the sorting networks), each input pair once.
template <class Key>
int64_t result_errors(const Key* a, int64_t n_first, const Key* b, int64_t count, const Key* out,
                      const uint32_t* tags, const Key* reference, bool stable = true) {
  if (count == 0) return 0;
  DeviceBuffer<unsigned long long> errors(1);
  errors.fill_zero();
  DeviceBuffer<unsigned int> seen(stable || tags == nullptr ? 0 : size_t(count));
  seen.fill_zero();
  count_result_errors<<<1024, 256>>>(a, n_first, b, count, out, tags, reference,
                                     seen.size() > 0 ? seen.data() : nullptr, errors.data());
  WS_CUDA_CHECK_LAUNCH();
  return int64_t(errors.download()[0]);
}

}  // namespace ws::merge::timing
