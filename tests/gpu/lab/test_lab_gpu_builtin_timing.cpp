// The histogram exercise's built-in baseline on the GPU (tier gpu, skipped without a device): CUB
// DeviceHistogram::HistogramEven over the exercise's own u8 input and its 64 bins, timed, and
// counting what the exercise's CPU reference counts (so the time compares the same job).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "gpu_test_support.h"
#include "lab/exercise.h"
#include "lab/exercise_builtin_timing.h"

namespace ws::lab {
namespace {

Size histogram_size(const Exercise& e, const std::string& name) {
  for (const Size& s : e.sizes)
    if (s.name == name) return size_for(s, Backend::Cuda);
  throw Error("the histogram exercise has no size " + name);
}

TEST(LabGpuBuiltinTiming, HistogramBaselineCountsTheExercisesBinsAndIsTimed) {
  WS_SKIP_WITHOUT_GPU();
  const Exercise& e = find_exercise("histogram");
  ASSERT_TRUE(e.builtin_time_ms);
  EXPECT_EQ(std::string(builtin_timing_name(e.id)), "CUB DeviceHistogram");
  for (const char* name : {"odd", "full"}) {
    const Size size = histogram_size(e, name);
    const Inputs inputs = e.inputs(size, 7);
    std::vector<double> counts;
    const double ms = histogram_builtin_ms(inputs, &counts);
    EXPECT_GT(ms, 0.0) << name;
    EXPECT_LT(ms, 1000.0) << name;
    // The reference's bins (value / 4 of 64) are CUB's: every sample counted once, in its bin.
    EXPECT_EQ(counts, e.reference(size, inputs)[1]) << name;
    EXPECT_GT(e.builtin_time_ms(size, inputs), 0.0) << name;
  }
}

}  // namespace
}  // namespace ws::lab
