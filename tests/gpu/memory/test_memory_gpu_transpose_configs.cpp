// Every fast configuration at full size (tile 32 and 64, float and float4) against the host
// reference, on sizes with and without multiples of 4 (float4 configurations fall back to the
// scalar tile there) and with partial tiles. time_fast_config() runs exactly what is checked here.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "gpu_test_support.h"
#include "memory/transpose.h"

namespace ws::mem {
namespace {

TEST(TransposeGpuConfigs, EveryFastConfigurationEqualsTheReference) {
  WS_SKIP_WITHOUT_GPU();
  const int sizes[][2] = {{64, 64}, {68, 132}, {260, 36}, {4, 4}, {1000, 3}, {65, 63}};
  for (const auto& size : sizes) {
    const int rows = size[0], cols = size[1];
    std::vector<float> in(size_t(rows) * cols);
    for (size_t i = 0; i < in.size(); ++i) in[i] = float(i);
    const std::vector<float> want = transpose_reference(in, rows, cols);
    for (int i = 0; i < int(fast_configs().size()); ++i) {
      EXPECT_EQ(transpose_fast_config_on_device(i, in, rows, cols), want)
          << fast_configs()[size_t(i)].name() << " " << rows << " x " << cols;
    }
  }
}

TEST(TransposeGpuConfigs, EveryFastConfigurationOnPartialTilesForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  const int rows = 68, cols = 36;  // multiples of 4, not of 32 or 64
  std::vector<float> in(size_t(rows) * cols);
  for (size_t i = 0; i < in.size(); ++i) in[i] = float(i);
  const std::vector<float> want = transpose_reference(in, rows, cols);
  for (int i = 0; i < int(fast_configs().size()); ++i)
    EXPECT_EQ(transpose_fast_config_on_device(i, in, rows, cols), want)
        << fast_configs()[size_t(i)].name();
  EXPECT_THROW(transpose_fast_config_on_device(-1, in, rows, cols), Error);
}

}  // namespace
}  // namespace ws::mem
