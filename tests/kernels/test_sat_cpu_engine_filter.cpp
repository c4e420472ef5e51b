// The CPU engine's filters: with a u32 table the SAT filter gives exactly the direct filter's
// pixels at every radius (also where a window's sum passes 2^32), the separable filter too,
// depth of field from a depth map, and the errors for calls without what they need.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/error.h"
#include "sat/sat.h"
#include "sat_engine_test_support.h"

namespace ws::test {
namespace {

using sat::Accum;
using sat::Engine;
using sat::FilterMethod;
using sat::FilterParams;
using sat::Variant;

using sat::test::random_planes;

TEST(SatCpuEngineFilter, SatAndSeparableGiveTheDirectPixelsAtEveryRadius) {
  auto engine = Engine::create(Backend::Cpu);
  const int w = 61, h = 47;
  const std::vector<uint8_t> px = random_planes(w, h, 3, 21);
  engine->set_image(w, h, 3, px.data());
  for (Variant v : {Variant::RowColumn, Variant::RegisterTiled}) {
    engine->compute_sat(v, Accum::U8U32);
    for (int r : {0, 1, 2, 5, 30, 100}) {
      FilterParams params;
      params.radius = r;
      engine->filter(FilterMethod::Direct, params);
      const std::vector<uint8_t> direct = engine->filtered();
      ASSERT_EQ(direct.size(), px.size());
      engine->filter(FilterMethod::Sat, params);
      EXPECT_EQ(engine->filtered(), direct) << "sat, radius " << r;
      engine->filter(FilterMethod::Separable, params);
      EXPECT_EQ(engine->filtered(), direct) << "separable, radius " << r;
      engine->filter(FilterMethod::Fused, params);
      EXPECT_EQ(engine->filtered(), direct) << "fused, radius " << r;
    }
  }
}

TEST(SatCpuEngineFilter, SatFilterWithoutATableComputesOne) {
  auto engine = Engine::create(Backend::Cpu);
  const int w = 33, h = 20;
  const std::vector<uint8_t> px = random_planes(w, h, 1, 22);
  engine->set_image(w, h, 1, px.data());
  FilterParams params;
  params.radius = 3;
  engine->filter(FilterMethod::Sat, params);
  const std::vector<uint8_t> sat_pixels = engine->filtered();
  engine->filter(FilterMethod::Direct, params);
  EXPECT_EQ(sat_pixels, engine->filtered());
}

TEST(SatCpuEngineFilter, DepthOfFieldNeedsADepthMapAndMatchesDirect) {
  auto engine = Engine::create(Backend::Cpu);
  const int w = 57, h = 41;
  const std::vector<uint8_t> px = random_planes(w, h, 2, 23);
  engine->set_image(w, h, 2, px.data());
  FilterParams params;
  params.depth_of_field = true;
  params.focus = 0.3f;
  params.aperture = 9;
  EXPECT_THROW(engine->filter(FilterMethod::Sat, params), Error);
  const std::vector<float> depth = sat::generated_depth("bowl", w, h);
  engine->set_depth(depth.data());
  engine->compute_sat(Variant::RegisterTiled, Accum::U8U32);
  engine->filter(FilterMethod::Direct, params);
  const std::vector<uint8_t> direct = engine->filtered();
  engine->filter(FilterMethod::Sat, params);
  EXPECT_EQ(engine->filtered(), direct);
  EXPECT_THROW(engine->filter(FilterMethod::Separable, params), Error);
  try {
    engine->filter(FilterMethod::Fused, params);
    FAIL() << "the fused filter took depth of field";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("one radius"), std::string::npos) << e.what();
  }
}

// Rows of 255 and 0 alternating on 8192 x 8192, radius 3000: windows of up to 6001 x 6001
// pixels sum past 2^32, and each pixel's mean is 255 x (rows of 255 in the window) / (rows).
TEST(SatCpuEngineFilter, WindowsPast32BitsAreExact) {
  const int side = sat::kMaxSide, r = 3000;
  std::vector<uint8_t> px(size_t(side) * side);
  for (int y = 0; y < side; ++y)
    std::fill(px.begin() + size_t(y) * side, px.begin() + size_t(y + 1) * side,
              uint8_t(y % 2 == 0 ? 255 : 0));
  auto engine = Engine::create(Backend::Cpu);
  engine->set_image(side, side, 1, px.data());
  engine->compute_sat(Variant::RowColumn, Accum::U8U32);
  FilterParams params;
  params.radius = r;
  engine->filter(FilterMethod::Sat, params);
  const std::vector<uint8_t> out = engine->filtered();
  for (int y = 0; y < side; y += 61)
    for (int x = 0; x < side; x += 127) {
      const int64_t y0 = std::max(0, y - r), y1 = std::min(side - 1, y + r);
      const int64_t x0 = std::max(0, x - r), x1 = std::min(side - 1, x + r);
      const int64_t rows = y1 - y0 + 1, cols = x1 - x0 + 1;
      const int64_t even = y1 / 2 - (y0 + 1) / 2 + 1;  // even rows in y0..y1
      const int64_t sum = 255 * even * cols, count = rows * cols;
      const int expect = int((2 * sum + count) / (2 * count));  // rounded half up
      ASSERT_EQ(int(out[size_t(y) * side + x]), expect) << x << ", " << y;
    }
}

}  // namespace
}  // namespace ws::test
