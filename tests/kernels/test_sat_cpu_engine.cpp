// The CPU engine's tables: every variant x accumulation type against the independent references
// (sat_reference in double, sat_sequential in the table type) on small, odd and tile-crossing
// shapes; a 8192 x 8192 image of 255s whose u32 table wraps, with exact rectangle sums; the
// errors a user gets for bad sizes, channel counts and calls out of order.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "common/cuda_device.h"
#include "common/error.h"
#include "sat/sat.h"
#include "sat_engine_test_support.h"

namespace ws::test {
namespace {

using sat::Accum;
using sat::Engine;
using sat::Plane;
using sat::Variant;

using sat::test::channel_label;
using sat::test::kEngineAccums;
using sat::test::kEngineVariants;
using sat::test::plane_of;
using sat::test::random_planes;

// u32 and f64 tables exactly; f32 exactly where every partial sum is an integer below 2^24
// (then no order rounds), else within a bound that grows with the additions on a path.
void expect_table(const std::vector<double>& got, const Plane& p, Accum a,
                  const std::string& what) {
  const std::vector<double> exact = sat::sat_reference(p);
  const std::vector<double> seq = sat::sat_sequential(p, a);
  ASSERT_EQ(got.size(), exact.size()) << what;
  const bool f32_exact = exact.empty() || exact.back() < 16777216.0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (a == Accum::F32F32 && !f32_exact) {
      const double tol = exact[i] * double(p.width + p.height + 64) * 0x1.0p-24;
      ASSERT_NEAR(got[i], exact[i], tol) << what << " at " << i;
    } else {
      ASSERT_EQ(got[i], seq[i]) << what << " at pixel " << i % p.width << ", " << i / p.width;
    }
  }
}

void check_all(Engine& engine, int w, int h, int channels, uint64_t seed) {
  const std::vector<uint8_t> px = random_planes(w, h, channels, seed);
  engine.set_image(w, h, channels, px.data());
  for (Variant v : kEngineVariants)
    for (Accum a : kEngineAccums) {
      engine.compute_sat(v, a);
      for (int c = 0; c < channels; ++c)
        expect_table(engine.sat(c), plane_of(px, w, h, c), a, channel_label(v, a, w, h, c));
    }
}

TEST(SatCpuEngine, EveryVariantAndAccumOnSmallShapes) {
  auto engine = Engine::create(Backend::Cpu);
  EXPECT_EQ(engine->backend(), Backend::Cpu);
  const int sides[] = {1, 2, 3, 4, 5, 7, 8, 13, 16, 17, 31, 32, 33};
  uint64_t seed = 1;
  for (int w : sides)
    for (int h : sides)
      if ((w + h) % 3 == 0 || w == 1 || h == 1 || w == 33 || h == 33)
        check_all(*engine, w, h, 1, seed++);
}

TEST(SatCpuEngine, EveryVariantOnOddAndTileCrossingShapes) {
  auto engine = Engine::create(Backend::Cpu);
  // 2^k +- 1 around the register-tiled variant's 128 x 128 tiles, lines, primes, 3 channels.
  const std::pair<int, int> shapes[] = {{1, 129},   {129, 1},   {127, 3}, {255, 130},
                                        {257, 129}, {131, 263}, {1, 1},   {65, 33}};
  uint64_t seed = 100;
  for (auto [w, h] : shapes) check_all(*engine, w, h, w * h > 20000 ? 1 : 3, seed++);
}

TEST(SatCpuEngine, FloatTablesStayCloseWhenSumsRound) {
  // Sums beyond 2^24: the f32 tables round (in each variant's own order), the f64 ones do not.
  auto engine = Engine::create(Backend::Cpu);
  const int w = 509, h = 383;
  const std::vector<uint8_t> px = random_planes(w, h, 1, 7);
  engine->set_image(w, h, 1, px.data());
  const Plane p = plane_of(px, w, h, 0);
  ASSERT_GT(sat::sat_reference(p).back(), 16777216.0);
  for (Variant v : kEngineVariants)
    for (Accum a : {Accum::F32F32, Accum::F32F64}) {
      engine->compute_sat(v, a);
      expect_table(engine->sat(0), p, a, channel_label(v, a, w, h, 0));
    }
}

TEST(SatCpuEngine, Wrapped8192TableOf255sGivesExactRectangleSums) {
  const int side = sat::kMaxSide;
  auto engine = Engine::create(Backend::Cpu);
  const std::vector<uint8_t> px(size_t(side) * side, 255);
  engine->set_image(side, side, 1, px.data());
  engine->compute_sat(Variant::RowColumn, Accum::U8U32);
  const std::vector<double> t = engine->sat(0);
  ASSERT_EQ(t.size(), px.size());
  // The wrapped sequential table of 255s: 255 (x+1)(y+1) modulo 2^32 (it wraps past 2^32).
  ASSERT_GT(255.0 * side * side, 4294967296.0);  // the true total does not fit in 32 bits
  for (int y = 0; y < side; y = y + 7 < side || y == side - 1 ? y + 7 : side - 1)
    for (int x = 0; x < side; ++x) {
      const uint32_t expect = uint32_t(uint64_t(255) * uint64_t(x + 1) * uint64_t(y + 1));
      ASSERT_EQ(t[size_t(y) * side + x], double(expect)) << x << ", " << y;
    }
  // Rectangles whose true sum is below 2^32 come out exact from the four look-ups.
  struct Rect {
    int x0, y0, x1, y1;
  };
  const Rect rects[] = {{0, 0, 0, 0},           {8191, 8191, 8191, 8191},
                        {0, 0, 8191, 2000},     {3000, 100, 8191, 1999},
                        {17, 6000, 4100, 8191}, {4095, 4095, 8000, 8100},
                        {1, 8190, 8191, 8191}};
  for (const Rect& r : rects) {
    const double area = double(r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
    ASSERT_LT(255 * area, 4294967296.0);
    EXPECT_EQ(sat::rect_sum(t, side, side, Accum::U8U32, r.x0, r.y0, r.x1, r.y1), 255 * area)
        << r.x0 << "," << r.y0 << " .. " << r.x1 << "," << r.y1;
  }
}

TEST(SatCpuEngine, RejectsBadImagesAndKeepsThePreviousOne) {
  auto engine = Engine::create(Backend::Cpu);
  const std::vector<uint8_t> px(size_t(9000) * 2 * 5, 1);
  auto message_of = [&](int w, int h, int c, const uint8_t* p) {
    try {
      engine->set_image(w, h, c, p);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message_of(0, 5, 1, px.data()).find("1..8192"), std::string::npos);
  EXPECT_NE(message_of(5, 0, 1, px.data()).find("1..8192"), std::string::npos);
  EXPECT_NE(message_of(8193, 1, 1, px.data()).find("8193 x 1"), std::string::npos);
  EXPECT_NE(message_of(-3, 4, 1, px.data()).find("1..8192"), std::string::npos);
  EXPECT_NE(message_of(4, 4, 0, px.data()).find("1..4"), std::string::npos);
  EXPECT_NE(message_of(4, 4, 5, px.data()).find("5 channels"), std::string::npos);
  EXPECT_NE(message_of(4, 4, 1, nullptr).find("no pixels"), std::string::npos);

  // Nothing set yet: the calls that need an image say so.
  EXPECT_THROW(engine->compute_sat(Variant::RowColumn, Accum::U8U32), Error);
  EXPECT_THROW(engine->sat(0), Error);
  EXPECT_THROW(engine->set_depth(nullptr), Error);

  engine->set_image(3, 2, 2, px.data());
  EXPECT_THROW(engine->set_image(8193, 2, 1, px.data()), Error);
  EXPECT_EQ(engine->width(), 3);
  EXPECT_EQ(engine->height(), 2);
  EXPECT_EQ(engine->channels(), 2);
  EXPECT_THROW(engine->sat(0), Error);  // no table yet
  engine->compute_sat(Variant::BlockScan, Accum::U8U32);
  EXPECT_EQ(engine->sat(1).back(), 6.0);
  EXPECT_THROW(engine->sat(2), Error);
  EXPECT_THROW(engine->sat(-1), Error);
}

TEST(SatCpuEngine, TimingLeavesTheTimedTable) {
  auto engine = Engine::create(Backend::Cpu);
  const int w = 70, h = 45;
  const std::vector<uint8_t> px = random_planes(w, h, 2, 3);
  engine->set_image(w, h, 2, px.data());
  const double ms = engine->time_sat_ms(Variant::RegisterTiled, Accum::F32F64, 3);
  EXPECT_GE(ms, 0.0);
  for (int c = 0; c < 2; ++c)
    expect_table(engine->sat(c), plane_of(px, w, h, c), Accum::F32F64, "timed table");
}

TEST(SatCpuEngine, CudaBackendWithoutDeviceSaysWhy) {
  if (cuda_device_available()) GTEST_SKIP() << "a CUDA device is present";
  try {
    Engine::create(Backend::Cuda);
    FAIL() << "Engine::create(Cuda) without a device did not throw";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("CUDA"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ws::test
