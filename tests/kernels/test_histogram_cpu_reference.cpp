// The sequential reference histogram: counts per bin against a brute-force count written here,
// the sum of counts against an independent count of in-range samples, over sizes 0..33 and
// 2^k +- 1, bin counts 1 to 65536, several seeds and both sample types.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/error.h"
#include "common/split_mix.h"
#include "histogram/histogram.h"

namespace ws::histogram {
namespace {

std::vector<int64_t> sizes() {
  std::vector<int64_t> out;
  for (int64_t n = 0; n <= 33; ++n) out.push_back(n);
  for (int k = 6; k <= 16; k += 5) {
    out.push_back((int64_t{1} << k) - 1);
    out.push_back((int64_t{1} << k) + 1);
  }
  return out;
}

const int kBinCounts[] = {1, 7, 255, 256, 4096, 65536};

// Samples a bit outside [0, count) too, some NaN and infinite, the rest integers and halves: with
// bins over [0, count) the bin of x is floor(x), computed here without bin_of.
Samples integer_samples(int64_t n, int count, uint64_t seed) {
  SplitMix64 rng{seed};
  Samples s;
  s.f32.resize(size_t(n));
  for (float& x : s.f32) {
    const uint64_t r = rng.next();
    if (r % 17 == 0)
      x = (r & 64) ? NAN : ((r & 128) ? INFINITY : -INFINITY);
    else
      x = float(int64_t(rng.next() % uint64_t(count + 4)) - 2) + ((r & 32) ? 0.5f : 0.0f);
  }
  return s;
}

TEST(HistogramReference, CountsEveryBinLikeABruteForceLoop) {
  for (int count : kBinCounts)
    for (int64_t n : sizes())
      for (uint64_t seed : {1u, 2u}) {
        const Samples s = integer_samples(n, count, seed * 1000 + uint64_t(n));
        const std::vector<uint32_t> counts = histogram_reference(s, make_bins(count, 0, count));
        ASSERT_EQ(int(counts.size()), count);
        std::vector<uint32_t> brute(size_t(count), 0);
        for (float x : s.f32)
          if (x >= 0 && x < float(count)) ++brute[size_t(std::floor(x))];
        ASSERT_EQ(counts, brute) << count << " bins, n " << n;
      }
}

TEST(HistogramReference, TheCountsAddUpToTheSamplesInRange) {
  for (int count : kBinCounts)
    for (Dist d : {Dist::Uniform, Dist::Normal, Dist::Zipf, Dist::Sorted})
      for (int64_t n : sizes()) {
        const BinSpec b = make_bins(count, -1.5, 2.25);
        // Samples drawn over a wider range than the bins, so some fall outside.
        const Samples s = synthetic(d, 1.1, n, uint64_t(n) + 3, make_bins(count, -2, 3));
        int64_t inside = 0;
        for (float x : s.f32) inside += (x >= -1.5f && x < 2.25f) ? 1 : 0;
        ASSERT_EQ(in_range(histogram_reference(s, b)), inside) << dist_name(d) << " n " << n;
      }
}

TEST(HistogramReference, BytesCountLikeTheSameValuesAsFloats) {
  SplitMix64 rng{11};
  for (int count : {1, 7, 255, 256, 4096})
    for (auto [lo, hi] : {std::pair<double, double>{0, 256}, {10.5, 200}, {-5, 1000}}) {
      Samples bytes, floats;
      bytes.type = SampleType::U8;
      for (int i = 0; i < 3001; ++i) {
        bytes.u8.push_back(uint8_t(rng.next()));
        floats.f32.push_back(float(bytes.u8.back()));
      }
      const BinSpec b = make_bins(count, lo, hi);
      EXPECT_EQ(histogram_reference(bytes, b), histogram_reference(floats, b));
    }
}

TEST(HistogramReference, InRangeSumsWithoutOverflow) {
  EXPECT_EQ(in_range({}), 0);
  EXPECT_EQ(in_range({4000000000u, 4000000000u, 1u}), int64_t{8000000001});
}

}  // namespace
}  // namespace ws::histogram

namespace ws::histogram {
namespace {

TEST(HistogramEqualization, TheLookupTableStretchesTheCumulativeHistogram) {
  // Three values present: 10 (1 pixel), 20 (1), 30 (2): cdf 1, 2, 4 -> 0, 255/3, 255.
  std::vector<uint32_t> counts(256, 0);
  counts[10] = 1;
  counts[20] = 1;
  counts[30] = 2;
  std::vector<uint8_t> lut = equalization_lut(counts);
  EXPECT_EQ(lut[0], 0);
  EXPECT_EQ(lut[10], 0);
  EXPECT_EQ(lut[19], 0);
  EXPECT_EQ(lut[20], 85);
  EXPECT_EQ(lut[29], 85);
  EXPECT_EQ(lut[30], 255);
  EXPECT_EQ(lut[255], 255);
  // A flat histogram is already equalized.
  lut = equalization_lut(std::vector<uint32_t>(256, 7));
  for (int v = 0; v < 256; ++v) EXPECT_EQ(lut[size_t(v)], v);
  // One value everywhere, or no pixel at all: the identity.
  counts.assign(256, 0);
  counts[77] = 1000;
  lut = equalization_lut(counts);
  for (int v = 0; v < 256; ++v) EXPECT_EQ(lut[size_t(v)], v);
  lut = equalization_lut(std::vector<uint32_t>(256, 0));
  for (int v = 0; v < 256; ++v) EXPECT_EQ(lut[size_t(v)], v);
  EXPECT_THROW(equalization_lut(std::vector<uint32_t>(255, 1)), Error);
}

TEST(HistogramEqualization, TablesOfRandomImagesRiseFromZeroToFullScale) {
  SplitMix64 rng{3};
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<uint32_t> counts(256, 0);
    const int lo = int(rng.next() % 200), width = 2 + int(rng.next() % uint64_t(255 - lo));
    for (int i = 0; i < 5000; ++i) ++counts[size_t(lo + int(rng.next() % uint64_t(width)))];
    counts[size_t(lo)] += 1;
    const std::vector<uint8_t> lut = equalization_lut(counts);
    int darkest = 0, brightest = 255;
    while (counts[size_t(darkest)] == 0) ++darkest;
    while (counts[size_t(brightest)] == 0) --brightest;
    EXPECT_EQ(lut[size_t(darkest)], 0);
    EXPECT_EQ(lut[size_t(brightest)], 255);
    EXPECT_TRUE(std::is_sorted(lut.begin(), lut.end()));
    // Against the formula in doubles.
    double cdf = 0, total = 0;
    for (uint32_t c : counts) total += c;
    for (int v = 0; v < 256; ++v) {
      cdf += counts[size_t(v)];
      const double want =
          std::max(0.0, (cdf - counts[size_t(darkest)]) * 255 / (total - counts[size_t(darkest)]));
      EXPECT_NEAR(lut[size_t(v)], want, 0.5 + 1e-9) << v;
    }
  }
}

}  // namespace
}  // namespace ws::histogram
