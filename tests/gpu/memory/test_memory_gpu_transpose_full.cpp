// The transposes at full size on the device against the host reference: every variant (and
// every fast configuration) on sizes that are not multiples of the tile or of 4, and the
// timings' bookkeeping.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "gpu_test_support.h"
#include "memory/transpose.h"

namespace ws::mem {
namespace {

const TransposeVariant kTransposeFullVariants[] = {
    TransposeVariant::NaiveRows, TransposeVariant::NaiveColumns, TransposeVariant::Tiled,
    TransposeVariant::Padded,    TransposeVariant::Diagonal,     TransposeVariant::Fast};

// Distinct values (exact in float up to 2^24) so any misplaced element shows.
std::vector<float> transpose_numbered_matrix(int rows, int cols) {
  std::vector<float> m(size_t(rows) * cols);
  for (size_t i = 0; i < m.size(); ++i) m[i] = float(i % 16777216);
  return m;
}

const std::vector<std::pair<int, int>>& transpose_full_sizes() {
  static const std::vector<std::pair<int, int>> sizes = {{1, 1},      {31, 31},  {33, 33},
                                                         {1000, 3},   {3, 1000}, {4097, 129},
                                                         {128, 4096}, {1, 777},  {96, 64}};
  return sizes;
}

TEST(TransposeGpuFull, EveryVariantEqualsTheReference) {
  WS_SKIP_WITHOUT_GPU();
  for (const auto& [rows, cols] : transpose_full_sizes()) {
    const std::vector<float> in = transpose_numbered_matrix(rows, cols);
    const std::vector<float> want = transpose_reference(in, rows, cols);
    for (TransposeVariant v : kTransposeFullVariants)
      ASSERT_EQ(transpose_on_device(v, in, rows, cols), want)
          << transpose_info(v).id << " " << rows << " x " << cols;
  }
}

TEST(TransposeGpuFull, EveryVariantOnAnOddSizeForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  const std::vector<float> in = transpose_numbered_matrix(67, 45);
  const std::vector<float> want = transpose_reference(in, 67, 45);
  for (TransposeVariant v : kTransposeFullVariants)
    EXPECT_EQ(transpose_on_device(v, in, 67, 45), want) << transpose_info(v).id;
}

TEST(TransposeGpuFull, RejectsAMatrixOfTheWrongSize) {
  WS_SKIP_WITHOUT_GPU();
  EXPECT_THROW(transpose_on_device(TransposeVariant::Fast, {1, 2, 3}, 2, 2), Error);
  EXPECT_THROW(transpose_on_device(TransposeVariant::Fast, {}, 0, 2), Error);
}

TEST(TransposeGpuTiming, EveryFastConfigurationRunsAndTimes) {
  WS_SKIP_WITHOUT_GPU();
  for (int i = 0; i < int(fast_configs().size()); ++i) {
    const TransposeTiming t = time_fast_config(i, 1024, 512, 3);
    EXPECT_TRUE(t.available) << t.name << ": " << t.note;
    EXPECT_GT(t.ms, 0.0) << t.name;
    // GB/s = 2 * bytes of the matrix / time.
    EXPECT_NEAR(t.gbps, 2.0 * 1024 * 512 * 4 / t.ms / 1e6, 1e-9 * t.gbps) << t.name;
  }
  EXPECT_FALSE(time_fast_config(int(fast_configs().size()), 64, 64, 1).available);
  const CopyTimings copy = time_copy(1024, 512, 3);
  EXPECT_TRUE(copy.kernel.available);
  EXPECT_TRUE(copy.memcpy.available);
  EXPECT_GT(copy.kernel.gbps, 0.0);
}

}  // namespace
}  // namespace ws::mem
