// ws::median_ms (kernels/common/cuda_timer.cuh), the timing every benchmark uses: it warms up for
// at least kMinWarmupMs besides the warm-up runs it is asked for, so a row timed right after the
// host prepared its data is not measured at the GPU's idle clocks, and it returns the median of
// the timed repeats.
#include <gtest/gtest.h>

#include <chrono>

#include "common/cuda_timer.cuh"
#include "common/device_buffer.cuh"
#include "gpu_test_support.h"

namespace ws {
namespace {

TEST(CudaTimer, WarmsUpForItsMinimumTimeBeforeTiming) {
  WS_SKIP_WITHOUT_GPU();
  DeviceBuffer<unsigned char> buffer(256);
  int calls = 0;
  const auto begin = std::chrono::steady_clock::now();
  const double ms = median_ms(
      [&] {
        ++calls;
        WS_CUDA_CHECK(cudaMemsetAsync(buffer.data(), 0, 256));
      },
      1, 3);
  const double elapsed =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  EXPECT_GT(ms, 0.0);
  EXPECT_GE(elapsed, kMinWarmupMs);
  // A 256-byte memset takes microseconds: the warm-up ran it far more often than the one time
  // asked for (1 warm-up run + 3 timed ones without the minimum).
  EXPECT_GT(calls, 1 + 3 + 10);
}

}  // namespace
}  // namespace ws
