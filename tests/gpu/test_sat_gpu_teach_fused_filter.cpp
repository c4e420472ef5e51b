// The fused box filter's traced teach kernels (sat_filter_fused_teach.cu) on the GPU: the trace
// equals the CPU twin's event for event and the output its pixels (and so the direct filter's),
// on shapes up to 32 x 32 with r = 0, windows clamped on every side and radii past the image; and
// small runs for compute-sanitizer (memcheck, racecheck, synccheck).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/error.h"
#include "gpu_test_support.h"
#include "sat/sat.h"
#include "sat/sat_filter_cpu.h"
#include "../kernels/sat_teach_test_support.h"

namespace ws::sat {
namespace {

using test::random_plane;
const auto fused = test::fused_filter_params;

void expect_fused_equal(int w, int h, int r, uint64_t seed) {
  const Plane img = random_plane(w, h, Accum::U8U32, seed);
  const TeachRun cpu = teach(fused(r), img, Backend::Cpu);
  const TeachRun gpu = teach(fused(r), img, Backend::Cuda);
  const std::string what =
      "fused " + std::to_string(w) + "x" + std::to_string(h) + " r " + std::to_string(r);
  EXPECT_EQ(compare_traces(cpu.trace, gpu.trace), "") << what;
  EXPECT_EQ(gpu.filtered, cpu.filtered) << what;
  const std::vector<uint8_t> bytes(img.values.begin(), img.values.end());
  std::vector<uint8_t> direct(bytes.size());
  FilterParams fp;
  fp.radius = r;
  filter_direct_cpu(bytes.data(), w, h, fp, nullptr, direct.data());
  EXPECT_EQ(gpu.filtered, std::vector<double>(direct.begin(), direct.end())) << what;
}

TEST(SatGpuTeachFusedFilter, TracesEqualTheCpuTwin) {
  WS_SKIP_WITHOUT_GPU();
  const std::pair<int, int> shapes[] = {{1, 1},  {3, 3},  {32, 32}, {17, 5}, {1, 31},
                                        {29, 1}, {13, 9}, {31, 17}, {7, 32}};
  for (auto [w, h] : shapes)
    for (int r : {0, 1, 2, 5, 16, 32, 100}) expect_fused_equal(w, h, r, 13);
}

// Small runs for compute-sanitizer: several blocks, strips and iterations; windows clamped on
// every side, r = 0, and a radius past the image.
TEST(SatGpuTeachFusedFilter, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  expect_fused_equal(32, 32, 3, 41);
  expect_fused_equal(29, 23, 0, 42);
  expect_fused_equal(13, 19, 40, 43);
}

TEST(SatGpuTeachFusedFilter, BadRequestsThrowOnTheDeviceToo) {
  WS_SKIP_WITHOUT_GPU();
  TeachParams p = fused(2);
  p.accum = Accum::F32F64;
  EXPECT_THROW(teach(p, random_plane(4, 4, Accum::F32F64, 1), Backend::Cuda), Error);
  EXPECT_THROW(teach(fused(-1), random_plane(4, 4, Accum::U8U32, 1), Backend::Cuda), Error);
}

}  // namespace
}  // namespace ws::sat
