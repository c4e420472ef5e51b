// Kernel timing with CUDA events: warm-up runs first, then the median of the timed repeats
// (timing.h's median(), which ignores the odd run disturbed by clocks or other work).
#pragma once

#include <cuda_runtime.h>

#include <chrono>
#include <vector>

#include "cuda_check.cuh"
#include "error.h"
#include "timing.h"

namespace ws {

class CudaEvent {
 public:
  CudaEvent() { WS_CUDA_CHECK(cudaEventCreate(&event_)); }
  ~CudaEvent() { cudaEventDestroy(event_); }
  CudaEvent(const CudaEvent&) = delete;
  CudaEvent& operator=(const CudaEvent&) = delete;
  cudaEvent_t get() const { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};

// The least time the warm-up runs take: a GPU that sat idle while the host prepared the data
// (a benchmark's row) runs at lower clocks for the first milliseconds. Measured on an H200
// (docs/performance.md, "Performance round two, histogram"): the first row of the histogram
// benchmark, after one 25 us warm-up run, took 0.026-0.027 ms; the same row third, 0.023 ms.
constexpr double kMinWarmupMs = 5.0;

// Runs `work` (which enqueues GPU work on the default stream) `warmup` times untimed, and more
// until the warm-up has taken kMinWarmupMs, then `repeats` times between two events; returns the
// median in milliseconds.
template <class Work>
double median_ms(Work&& work, int warmup, int repeats) {
  WS_REQUIRE(repeats >= 1, std::string("timing needs at least one repeat"));
  const auto begin = std::chrono::steady_clock::now();
  for (int i = 0; i < warmup; ++i) work();
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  for (int batch = 1;
       std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count() <
       kMinWarmupMs;
       batch = batch < 256 ? batch * 2 : batch) {
    for (int i = 0; i < batch; ++i) work();
    WS_CUDA_CHECK(cudaDeviceSynchronize());
  }
  CudaEvent start, stop;
  std::vector<double> times;
  times.reserve(repeats);
  for (int i = 0; i < repeats; ++i) {
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

}  // namespace ws
