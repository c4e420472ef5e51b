// The filters built on the summed-area table, on the CPU: the direct filter against means from
// the exact double table, the SAT filter (u32, f64, and f32 where its sums are exact) and the
// separable filter against the direct filter at every radius up to past the image, depth of field,
// u32 tables of 8192 x 8192 images whose windows sum past 2^32, and the generated depth maps.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/split_mix.h"
#include "sat/sat.h"
#include "sat/sat_filter_cpu.h"
#include "sat/sat_filter_rule.h"

namespace ws::sat {
namespace {

struct Shape {
  int w, h;
};
// 1x1, 1xN, Nx1, primes, 2^k +- 1.
const std::vector<Shape> kShapes = {{1, 1},   {1, 37},  {37, 1}, {2, 3},  {13, 17},
                                    {17, 15}, {31, 33}, {65, 7}, {9, 63}, {29, 31}};
const std::vector<uint64_t> kSeeds = {1, 7, 2024};

std::vector<uint8_t> random_image(int w, int h, uint64_t seed) {
  SplitMix64 rng{seed * 1000003 + uint64_t(w) * 8191 + uint64_t(h)};
  std::vector<uint8_t> img(size_t(w) * h);
  for (uint8_t& v : img) v = uint8_t(rng.next() >> 56);
  return img;
}

Plane plane_of(const std::vector<uint8_t>& img, int w, int h) {
  Plane p;
  p.width = w;
  p.height = h;
  p.values.assign(img.begin(), img.end());
  return p;
}

// The table in the accumulation type's own storage, from the sequential reference.
struct Table {
  Accum accum;
  std::vector<uint32_t> u32;
  std::vector<float> f32;
  std::vector<double> f64;
  const void* data() const {
    return accum == Accum::U8U32
               ? static_cast<const void*>(u32.data())
               : (accum == Accum::F32F32 ? static_cast<const void*>(f32.data()) : f64.data());
  }
};

Table table_of(const std::vector<uint8_t>& img, int w, int h, Accum a) {
  const std::vector<double> t = sat_sequential(plane_of(img, w, h), a);
  Table out{a, {}, {}, {}};
  if (a == Accum::U8U32) out.u32.assign(t.begin(), t.end());
  if (a == Accum::F32F32) out.f32.assign(t.begin(), t.end());
  if (a == Accum::F32F64) out.f64 = t;
  return out;
}

// An independent reference: the window's exact sum from the double table, the mean rounded half up
// as floor(mean + 0.5).
uint8_t reference_mean(const std::vector<double>& exact, int w, int h, int x, int y, int r) {
  const double sum = rect_sum(exact, w, h, Accum::F32F64, x - r, y - r, x + r, y + r);
  const double count = double(std::min(x + r, w - 1) - std::max(x - r, 0) + 1) *
                       double(std::min(y + r, h - 1) - std::max(y - r, 0) + 1);
  return uint8_t(std::floor(sum / count + 0.5));
}

FilterParams box(int r) {
  FilterParams p;
  p.radius = r;
  return p;
}

std::vector<uint8_t> run_sat(const Table& t, int w, int h, const FilterParams& p,
                             const float* depth = nullptr) {
  std::vector<uint8_t> out(size_t(w) * h, 0xAB);
  filter_sat_cpu(t.accum, t.data(), w, h, p, depth, out.data());
  return out;
}

std::vector<uint8_t> run_direct(const std::vector<uint8_t>& img, int w, int h,
                                const FilterParams& p, const float* depth = nullptr) {
  std::vector<uint8_t> out(size_t(w) * h, 0xCD);
  filter_direct_cpu(img.data(), w, h, p, depth, out.data());
  return out;
}

std::string where(const Shape& s, uint64_t seed, int r) {
  return std::to_string(s.w) + "x" + std::to_string(s.h) + " seed " + std::to_string(seed) + " r " +
         std::to_string(r);
}

TEST(SatCpuFilter, DirectEqualsRoundedExactMeans) {
  for (const Shape& s : kShapes)
    for (uint64_t seed : kSeeds) {
      const std::vector<uint8_t> img = random_image(s.w, s.h, seed);
      const std::vector<double> exact = sat_reference(plane_of(img, s.w, s.h));
      for (int r : {0, 1, 2, 5, std::max(s.w, s.h) + 1}) {
        const std::vector<uint8_t> out = run_direct(img, s.w, s.h, box(r));
        for (int y = 0; y < s.h; ++y)
          for (int x = 0; x < s.w; ++x)
            ASSERT_EQ(int(out[size_t(y) * s.w + x]), int(reference_mean(exact, s.w, s.h, x, y, r)))
                << where(s, seed, r) << " at " << x << "," << y;
      }
    }
}

TEST(SatCpuFilter, RoundsHalfUp) {
  // 1 x 2 image {0, 1}, r = 1: every window is both pixels, mean 0.5 -> 1. {0, 0, 1}: 1/3 -> 0 at
  // the middle (r = 1), and 0.5 -> 1 at the right end.
  const std::vector<uint8_t> img = {0, 1};
  EXPECT_EQ(run_direct(img, 2, 1, box(1)), (std::vector<uint8_t>{1, 1}));
  EXPECT_EQ(run_sat(table_of(img, 2, 1, Accum::U8U32), 2, 1, box(1)), (std::vector<uint8_t>{1, 1}));
  const std::vector<uint8_t> img3 = {0, 0, 1};
  EXPECT_EQ(run_direct(img3, 3, 1, box(1)), (std::vector<uint8_t>{0, 0, 1}));
  EXPECT_EQ(run_sat(table_of(img3, 3, 1, Accum::F32F32), 3, 1, box(1)),
            (std::vector<uint8_t>{0, 0, 1}));
}

TEST(SatCpuFilter, RoundingEqualsIntegerDivision) {
  // floor((2 sum + count) / (2 count)) by 64-bit division, against the filters' rounding (a float
  // estimate corrected by integer comparisons), at the ends, around every tie, and at random.
  SplitMix64 rng{42};
  std::vector<int64_t> counts = {1, 2, 3, 4, 9, 255, 256, 4095, 16843009, 16843010, 67108864};
  for (int i = 0; i < 200; ++i) counts.push_back(1 + int64_t(rng.next() % 67108864));
  for (int64_t count : counts) {
    std::vector<uint64_t> sums = {0, uint64_t(255 * count)};
    for (int k = 1; k <= 255; k += 17) {  // around the ties sum / count = k - 1/2
      const uint64_t tie2 = uint64_t(2 * k - 1) * uint64_t(count);  // 2 sum at the tie
      for (int64_t d : {-2, -1, 0, 1, 2})
        if (int64_t(tie2 / 2) + d >= 0) sums.push_back(uint64_t(int64_t(tie2 / 2) + d));
    }
    for (int i = 0; i < 20; ++i) sums.push_back(rng.next() % (255 * uint64_t(count) + 1));
    for (uint64_t sum : sums) {
      if (sum > 255 * uint64_t(count)) continue;
      const uint64_t expect = (2 * sum + uint64_t(count)) / (2 * uint64_t(count));
      ASSERT_EQ(uint64_t(filter_rule::round_mean(sum, count)), expect)
          << "sum " << sum << " count " << count;
      ASSERT_EQ(uint64_t(filter_rule::round_mean(double(sum), count)), expect)
          << "sum " << sum << " count " << count;
    }
  }
}

TEST(SatCpuFilter, OneSidedRoundingEqualsIntegerDivision) {
  // The GPU box filter's rounding (one correction after an estimate biased down) against 64-bit
  // division, for every window that fits 32 bits: the ends, around every tie, and at random.
  SplitMix64 rng{43};
  std::vector<int64_t> counts = {1, 2, 3, 4, 5, 9, 255, 256, 4095, 16843008, 16843009};
  for (int i = 0; i < 200; ++i) counts.push_back(1 + int64_t(rng.next() % 16843009));
  for (int64_t count : counts) {
    std::vector<uint64_t> sums = {0, 1, uint64_t(255 * count)};
    for (int k = 1; k <= 256; ++k) {  // around the ties sum / count = k - 1/2
      const uint64_t tie2 = uint64_t(2 * k - 1) * uint64_t(count);
      for (int64_t d : {-2, -1, 0, 1, 2})
        if (int64_t(tie2 / 2) + d >= 0) sums.push_back(uint64_t(int64_t(tie2 / 2) + d));
    }
    for (int i = 0; i < 50; ++i) sums.push_back(rng.next() % (255 * uint64_t(count) + 1));
    const uint32_t c = uint32_t(count);
    const int32_t half = int32_t((c + 1) / 2);
    const float reciprocal = filter_rule::reciprocal_of(count);
    for (uint64_t sum : sums) {
      if (sum > 255 * uint64_t(count)) continue;
      const uint64_t expect = (2 * sum + uint64_t(count)) / (2 * uint64_t(count));
      ASSERT_EQ(
          uint64_t(filter_rule::round_mean_small_one_sided(uint32_t(sum), c, half, reciprocal)),
          expect)
          << "sum " << sum << " count " << count;
    }
  }
}

TEST(SatCpuFilter, MultiplyHighRoundingEqualsIntegerDivision) {
  // The fused GPU filter's inner pixels (an add, a multiply-high and a shift with the row's
  // divisor) against 64-bit division: every count up to 20,000, then powers of two and their
  // neighbours and random counts up to the largest that has a divisor (2^23 - 1); the ends,
  // around every tie and at random.
  SplitMix64 rng{47};
  std::vector<uint64_t> counts;
  for (uint64_t c = 1; c <= 20000; ++c) counts.push_back(c);
  for (int b = 15; b <= 23; ++b)
    for (int64_t d : {-1, 0, 1}) counts.push_back(uint64_t((int64_t(1) << b) + d));
  for (int i = 0; i < 300; ++i) counts.push_back(1 + rng.next() % ((uint64_t(1) << 23) - 1));
  for (uint64_t count : counts) {
    const filter_rule::MeanDivisor d = filter_rule::mean_divisor(count);
    if (count >= (uint64_t(1) << 23)) {
      EXPECT_EQ(d.multiplier, 0u) << "count " << count << " has no 32-bit divisor";
      continue;
    }
    ASSERT_NE(d.multiplier, 0u) << "count " << count;
    std::vector<uint64_t> sums = {0, 1, 255 * count};
    for (uint64_t k = 1; k <= 256; ++k) {  // around the ties sum / count = k - 1/2
      const uint64_t tie2 = (2 * k - 1) * count;
      for (int64_t e : {-2, -1, 0, 1, 2})
        if (int64_t(tie2 / 2) + e >= 0) sums.push_back(uint64_t(int64_t(tie2 / 2) + e));
    }
    for (int i = 0; i < 8; ++i) sums.push_back(rng.next() % (255 * count + 1));
    for (uint64_t sum : sums) {
      if (sum > 255 * count) continue;
      const uint64_t expect = (2 * sum + count) / (2 * count);
      ASSERT_EQ(uint64_t(filter_rule::mean_by_divisor(uint32_t(sum), d)), expect)
          << "sum " << sum << " count " << count;
    }
  }
}

TEST(SatCpuFilter, SatEqualsDirectAtEveryRadius) {
  for (const Shape& s : kShapes)
    for (uint64_t seed : kSeeds) {
      const std::vector<uint8_t> img = random_image(s.w, s.h, seed);
      // f32 sums are exact here: 255 * 65 * 7 < 2^24.
      const std::vector<Table> tables = {table_of(img, s.w, s.h, Accum::U8U32),
                                         table_of(img, s.w, s.h, Accum::F32F64),
                                         table_of(img, s.w, s.h, Accum::F32F32)};
      for (int r = 0; r <= std::max(s.w, s.h) + 2; ++r) {
        const std::vector<uint8_t> direct = run_direct(img, s.w, s.h, box(r));
        for (const Table& t : tables)
          ASSERT_EQ(run_sat(t, s.w, s.h, box(r)), direct)
              << accum_name(t.accum) << " " << where(s, seed, r);
      }
    }
}

TEST(SatCpuFilter, SeparableEqualsDirectAtEveryRadius) {
  for (const Shape& s : kShapes)
    for (uint64_t seed : kSeeds) {
      const std::vector<uint8_t> img = random_image(s.w, s.h, seed);
      for (int r = 0; r <= std::max(s.w, s.h) + 2; ++r) {
        std::vector<uint8_t> out(img.size(), 0xEF);
        filter_separable_cpu(img.data(), s.w, s.h, box(r), out.data());
        ASSERT_EQ(out, run_direct(img, s.w, s.h, box(r))) << where(s, seed, r);
      }
    }
}

TEST(SatCpuFilter, WalkEqualsDirectAtEveryRadius) {
  for (const Shape& s : kShapes)
    for (uint64_t seed : kSeeds) {
      const std::vector<uint8_t> img = random_image(s.w, s.h, seed);
      for (int r = 0; r <= std::max(s.w, s.h) + 2; ++r) {
        std::vector<uint8_t> out(img.size(), 0xEF);
        filter_box_walk_cpu(img.data(), s.w, s.h, box(r), out.data());
        ASSERT_EQ(out, run_direct(img, s.w, s.h, box(r))) << where(s, seed, r);
      }
    }
}

TEST(SatCpuFilter, WalkRejectsBadArguments) {
  std::vector<uint8_t> img(25, 1), out(25);
  EXPECT_THROW(filter_box_walk_cpu(img.data(), 5, 5, box(-1), out.data()), Error);
  EXPECT_THROW(filter_box_walk_cpu(img.data(), 0, 5, box(1), out.data()), Error);
  EXPECT_THROW(filter_box_walk_cpu(img.data(), kMaxSide + 1, 1, box(1), out.data()), Error);
  FilterParams dof = box(1);
  dof.depth_of_field = true;
  EXPECT_THROW(filter_box_walk_cpu(img.data(), 5, 5, dof, out.data()), Error);
}

TEST(SatCpuFilter, HugeRadiusIsTheWholeImageMean) {
  const std::vector<uint8_t> img = random_image(13, 17, 3);
  const std::vector<double> exact = sat_reference(plane_of(img, 13, 17));
  const uint8_t mean = uint8_t(std::floor(exact.back() / (13 * 17) + 0.5));
  const std::vector<uint8_t> all(img.size(), mean);
  EXPECT_EQ(run_direct(img, 13, 17, box(2147483647)), all);
  EXPECT_EQ(run_sat(table_of(img, 13, 17, Accum::U8U32), 13, 17, box(2147483647)), all);
  std::vector<uint8_t> out(img.size());
  filter_separable_cpu(img.data(), 13, 17, box(2147483647), out.data());
  EXPECT_EQ(out, all);
  filter_box_walk_cpu(img.data(), 13, 17, box(2147483647), out.data());
  EXPECT_EQ(out, all);
}

TEST(SatCpuFilter, SeparableRejectsDepthOfField) {
  const std::vector<uint8_t> img = random_image(5, 5, 1);
  FilterParams p;
  p.depth_of_field = true;
  std::vector<uint8_t> out(img.size());
  try {
    filter_separable_cpu(img.data(), 5, 5, p, out.data());
    FAIL() << "the separable filter accepted depth of field";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("one radius for the whole image"), std::string::npos)
        << e.what();
  }
}

TEST(SatCpuFilter, RejectsBadArguments) {
  const std::vector<uint8_t> img = random_image(5, 5, 1);
  const Table t = table_of(img, 5, 5, Accum::U8U32);
  std::vector<uint8_t> out(img.size());
  EXPECT_THROW(filter_direct_cpu(img.data(), 5, 5, box(-1), nullptr, out.data()), Error);
  EXPECT_THROW(filter_sat_cpu(Accum::U8U32, t.data(), 0, 5, box(1), nullptr, out.data()), Error);
  FilterParams dof;
  dof.depth_of_field = true;
  EXPECT_THROW(filter_sat_cpu(Accum::U8U32, t.data(), 5, 5, dof, nullptr, out.data()), Error);
  const std::vector<float> depth(img.size(), 0.5f);
  dof.aperture = -1;
  EXPECT_THROW(filter_direct_cpu(img.data(), 5, 5, dof, depth.data(), out.data()), Error);
}

TEST(SatCpuFilter, FlatDepthOfFieldEqualsTheBoxFilter) {
  const Shape s{31, 33};
  const std::vector<uint8_t> img = random_image(s.w, s.h, 5);
  const Table t = table_of(img, s.w, s.h, Accum::U8U32);
  for (float d : {0.0f, 0.3f, 0.5f, 0.77f, 1.0f})
    for (float aperture : {0.0f, 4.0f, 16.0f, 100.0f}) {
      FilterParams p;
      p.depth_of_field = true;
      p.focus = 0.5f;
      p.aperture = aperture;
      p.radius = 999;  // ignored with depth of field
      const std::vector<float> depth(img.size(), d);
      const int r = dof_radius(d, p.focus, aperture);
      EXPECT_EQ(run_sat(t, s.w, s.h, p, depth.data()), run_sat(t, s.w, s.h, box(r)))
          << "depth " << d << " aperture " << aperture;
      EXPECT_EQ(run_direct(img, s.w, s.h, p, depth.data()), run_direct(img, s.w, s.h, box(r)))
          << "depth " << d << " aperture " << aperture;
    }
}

TEST(SatCpuFilter, DepthOfFieldSatEqualsDirectAndPerPixelMeans) {
  for (const Shape& s : {Shape{1, 1}, Shape{1, 29}, Shape{29, 1}, Shape{31, 33}, Shape{64, 17}})
    for (const char* kind : {"ramp", "bowl", "step"}) {
      const std::vector<uint8_t> img = random_image(s.w, s.h, 11);
      const std::vector<float> depth = generated_depth(kind, s.w, s.h);
      const std::vector<double> exact = sat_reference(plane_of(img, s.w, s.h));
      const std::vector<Table> tables = {table_of(img, s.w, s.h, Accum::U8U32),
                                         table_of(img, s.w, s.h, Accum::F32F64),
                                         table_of(img, s.w, s.h, Accum::F32F32)};
      for (float focus : {0.0f, 0.35f, 1.0f})
        for (float aperture : {0.0f, 2.5f, 9.0f, 70.0f}) {
          FilterParams p;
          p.depth_of_field = true;
          p.focus = focus;
          p.aperture = aperture;
          const std::vector<uint8_t> direct = run_direct(img, s.w, s.h, p, depth.data());
          const std::string at = std::to_string(s.w) + "x" + std::to_string(s.h) + " " + kind +
                                 " focus " + std::to_string(focus) + " aperture " +
                                 std::to_string(aperture);
          for (int y = 0; y < s.h; ++y)
            for (int x = 0; x < s.w; ++x) {
              const int r = dof_radius(depth[size_t(y) * s.w + x], focus, aperture);
              ASSERT_EQ(int(direct[size_t(y) * s.w + x]),
                        int(reference_mean(exact, s.w, s.h, x, y, r)))
                  << at << " at " << x << "," << y;
            }
          for (const Table& t : tables)
            ASSERT_EQ(run_sat(t, s.w, s.h, p, depth.data()), direct)
                << accum_name(t.accum) << " " << at;
        }
    }
}

// ---- 8192 x 8192: u32 tables whose windows sum past 2^32.
struct BigImage {
  static constexpr int kSide = kMaxSide;
  std::vector<uint8_t> image;
  std::vector<uint32_t> row_prefix;  // per row, exact (at most 8192 * 255)
  std::vector<uint32_t> table;       // the u32 SAT, modulo 2^32

  explicit BigImage(std::vector<uint8_t> img) : image(std::move(img)) {
    const size_t n = size_t(kSide) * kSide;
    row_prefix.resize(n);
    for (size_t y = 0; y < size_t(kSide); ++y) {
      uint32_t run = 0;
      for (size_t x = 0; x < size_t(kSide); ++x)
        row_prefix[y * kSide + x] = run += image[y * kSide + x];
    }
    table = row_prefix;
    for (size_t i = kSide; i < n; ++i) table[i] += table[i - kSide];
  }
  // Brute force by rows: the 64-bit sum of each clamped row's part of the window.
  uint8_t mean(int x, int y, int r) const {
    const int x0 = std::max(x - r, 0), x1 = std::min(x + r, kSide - 1);
    const int y0 = std::max(y - r, 0), y1 = std::min(y + r, kSide - 1);
    uint64_t sum = 0;
    for (int yy = y0; yy <= y1; ++yy) {
      const uint32_t* row = row_prefix.data() + size_t(yy) * kSide;
      sum += row[x1] - (x0 > 0 ? row[x0 - 1] : 0);
    }
    const uint64_t count = uint64_t(x1 - x0 + 1) * uint64_t(y1 - y0 + 1);
    return uint8_t(std::floor(double(sum) / double(count) + 0.5));
  }
};

// A few hundred pixels: the corners, the edges, and seeded random ones.
std::vector<std::pair<int, int>> sampled_pixels(uint64_t seed) {
  const int last = BigImage::kSide - 1;
  std::vector<std::pair<int, int>> at = {{0, 0},       {last, 0},    {0, last},   {last, last},
                                         {4096, 4096}, {2051, 2052}, {last, 4000}};
  SplitMix64 rng{seed};
  while (at.size() < 300)
    at.push_back({int(rng.next() % BigImage::kSide), int(rng.next() % BigImage::kSide)});
  return at;
}

TEST(SatCpuFilter, U32TableOf8192SquaredOf255sGives255AtEveryRadius) {
  const BigImage big(std::vector<uint8_t>(size_t(BigImage::kSide) * BigImage::kSide, 255));
  EXPECT_LT(uint64_t(big.table.back()), 255ull * BigImage::kSide * BigImage::kSide);  // wrapped
  std::vector<uint8_t> out(big.image.size());
  for (int r : {0, 1, 2051, 2052, 5000, 8192}) {
    filter_sat_cpu(Accum::U8U32, big.table.data(), BigImage::kSide, BigImage::kSide, box(r),
                   nullptr, out.data());
    for (auto [x, y] : sampled_pixels(uint64_t(r) + 1)) {
      ASSERT_EQ(int(big.mean(x, y, r)), 255) << "brute force at " << x << "," << y;
      ASSERT_EQ(int(out[size_t(y) * BigImage::kSide + x]), 255)
          << "r " << r << " at " << x << "," << y;
    }
  }
}

TEST(SatCpuFilter, U32TableOfRandom8192SquaredEqualsBruteForceAtBigRadii) {
  const BigImage big(random_image(BigImage::kSide, BigImage::kSide, 99));
  std::vector<uint8_t> out(big.image.size()), walked(big.image.size());
  for (int r : {2052, 8191}) {
    filter_sat_cpu(Accum::U8U32, big.table.data(), BigImage::kSide, BigImage::kSide, box(r),
                   nullptr, out.data());
    for (auto [x, y] : sampled_pixels(uint64_t(r) * 3))
      ASSERT_EQ(int(out[size_t(y) * BigImage::kSide + x]), int(big.mean(x, y, r)))
          << "r " << r << " at " << x << "," << y;
    // The walk's 64-bit sums give the same pixels as the split u32 windows.
    filter_box_walk_cpu(big.image.data(), BigImage::kSide, BigImage::kSide, box(r), walked.data());
    ASSERT_EQ(walked, out) << "r " << r;
  }
}

// ---- Generated depth maps.
TEST(SatCpuFilter, GeneratedDepthShapes) {
  for (const Shape& s : {Shape{1, 1}, Shape{1, 9}, Shape{9, 1}, Shape{17, 32}, Shape{33, 31}}) {
    const std::vector<float> ramp = generated_depth("ramp", s.w, s.h);
    const std::vector<float> bowl = generated_depth("bowl", s.w, s.h);
    const std::vector<float> step = generated_depth("step", s.w, s.h);
    ASSERT_EQ(ramp.size(), size_t(s.w) * s.h);
    ASSERT_EQ(bowl.size(), size_t(s.w) * s.h);
    ASSERT_EQ(step.size(), size_t(s.w) * s.h);
    for (int y = 0; y < s.h; ++y)
      for (int x = 0; x < s.w; ++x) {
        const size_t i = size_t(y) * s.w + x;
        for (float d : {ramp[i], bowl[i], step[i]}) {
          ASSERT_GE(d, 0.0f);
          ASSERT_LE(d, 1.0f);
        }
        // ramp: the same along a row, growing down the rows, 0 on top and 1 at the bottom.
        EXPECT_EQ(ramp[i], ramp[size_t(y) * s.w]);
        if (y > 0) {
          EXPECT_GT(ramp[i], ramp[i - s.w]);
        }
        // step: 0 left of the middle, 1 from the middle on; a row's columns step once.
        EXPECT_EQ(step[i], x < s.w / 2 ? 0.0f : 1.0f);
        // bowl: mirror-symmetric, rising away from the centre.
        EXPECT_FLOAT_EQ(bowl[i], bowl[size_t(s.h - 1 - y) * s.w + (s.w - 1 - x)]);
      }
    if (s.h > 1) {
      EXPECT_EQ(ramp.front(), 0.0f);
      EXPECT_EQ(ramp.back(), 1.0f);
    }
    if (s.w > 2 && s.h > 2) {
      EXPECT_EQ(bowl.front(), 1.0f);
      EXPECT_EQ(bowl.back(), 1.0f);
      const size_t centre = size_t(s.h / 2) * s.w + s.w / 2;
      EXPECT_LT(bowl[centre], 0.1f);
      EXPECT_LT(bowl[centre], bowl[size_t(s.h / 2) * s.w]);  // centre below the left edge
    }
  }
  // An odd square's bowl is 0 exactly at its centre pixel.
  EXPECT_EQ(generated_depth("bowl", 5, 5)[12], 0.0f);
}

TEST(SatCpuFilter, GeneratedDepthRejectsUnknownKinds) {
  try {
    generated_depth("wave", 4, 4);
    FAIL() << "accepted an unknown depth map";
  } catch (const Error& e) {
    const std::string msg = e.what();
    for (const char* word : {"wave", "ramp", "bowl", "step"})
      EXPECT_NE(msg.find(word), std::string::npos) << msg;
  }
  EXPECT_THROW(generated_depth("ramp", 0, 4), Error);
}

}  // namespace
}  // namespace ws::sat
