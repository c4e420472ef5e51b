// Samples: the text's bytes, typed values and their messages, the distribution names, and the
// seeded synthetic data (deterministic, in range, shaped as documented; the array form equal to the
// vector form); the data's own range.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "common/error.h"
#include "histogram/histogram.h"
#include "histogram/histogram_synthetic.h"

namespace ws::histogram {
namespace {

std::string error_of(const std::string& values) {
  try {
    parse_samples(values);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

// Bin specs of every shape the scene offers (integer and odd ranges, 1 to 65536 bins).
std::vector<BinSpec> bin_shapes() {
  return {make_bins(256, 0, 256),       textbook_bins(),        make_bins(1, -3, 5),
          make_bins(255, 0.5, 1000.25), make_bins(4096, -1, 1), make_bins(65536, 0, 1)};
}

const Dist kAllDists[] = {Dist::Uniform, Dist::Normal, Dist::Zipf, Dist::AllEqual, Dist::Sorted};

TEST(HistogramSamples, TextIsItsBytesWithCapitalsLowered) {
  const Samples s = text_samples("AbZ z!\xc3\xa9");
  EXPECT_EQ(s.type, SampleType::F32);
  EXPECT_EQ(s.f32, (std::vector<float>{'a', 'b', 'z', ' ', 'z', '!', 0xc3, 0xa9}));
  try {
    text_samples("");
    FAIL() << "no error for an empty text";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("the text is empty"), std::string::npos);
  }
}

TEST(HistogramSamples, TypedValuesParseAndBadOnesAreNamed) {
  EXPECT_EQ(parse_samples("1, 2.5 -3\n4e2,0.1").f32, (std::vector<float>{1, 2.5f, -3, 400, 0.1f}));
  const std::string bad = error_of("1 2 x7 4");
  EXPECT_NE(bad.find("value 3 'x7'"), std::string::npos) << bad;
  EXPECT_NE(bad.find("character 5"), std::string::npos) << bad;
  EXPECT_NE(error_of("1 nan").find("value 2 'nan'"), std::string::npos);
  EXPECT_NE(error_of("1e40").find("finite"), std::string::npos);
  EXPECT_NE(error_of("").find("no numbers"), std::string::npos);
  EXPECT_NE(error_of(" , \n").find("no numbers"), std::string::npos);
}

TEST(HistogramSamples, DistributionNamesRoundTripAndZipfTakesASkew) {
  for (Dist d : kAllDists) {
    Dist got = Dist::Uniform;
    double skew = 0.7;
    ASSERT_TRUE(parse_dist(dist_name(d), got, skew)) << dist_name(d);
    EXPECT_EQ(got, d);
    EXPECT_EQ(skew, 0.7);  // the name alone keeps the caller's skew
  }
  Dist d = Dist::Uniform;
  double skew = 0;
  ASSERT_TRUE(parse_dist("zipf:1.2", d, skew));
  EXPECT_EQ(d, Dist::Zipf);
  EXPECT_EQ(skew, 1.2);
  ASSERT_TRUE(parse_dist("zipf:0", d, skew));
  EXPECT_EQ(skew, 0);
  ASSERT_TRUE(parse_dist("zipf:10", d, skew));
  for (const char* bad : {"zipf:", "zipf:-1", "zipf:11", "zipf:nan", "zipf:inf", "zipf:1x", "Zipf",
                          "gauss", "", "uniform "}) {
    Dist out = Dist::Sorted;
    double s = 3;
    EXPECT_FALSE(parse_dist(bad, out, s)) << bad;
    EXPECT_EQ(out, Dist::Sorted);
    EXPECT_EQ(s, 3);
  }
}

TEST(HistogramSamples, ZipfTableIsACumulativeDistributionEndingAtOne) {
  for (int count : {1, 7, 256, 65536})
    for (double skew : {0.0, 0.5, 1.2, 10.0}) {
      const std::vector<double> cdf = zipf_cdf(count, skew);
      ASSERT_EQ(int(cdf.size()), count);
      EXPECT_EQ(cdf.back(), 1.0);
      EXPECT_TRUE(std::is_sorted(cdf.begin(), cdf.end()));
      EXPECT_GT(cdf[0], 0.0);
      if (skew == 0) {
        EXPECT_NEAR(cdf[0], 1.0 / count, 1e-15);
      }
      if (count > 1) {
        EXPECT_NEAR(cdf[1] / cdf[0], 1 + std::pow(2.0, -skew), 1e-12);
      }
    }
  EXPECT_THROW(zipf_cdf(0, 1), Error);
  EXPECT_THROW(zipf_cdf(65537, 1), Error);
  EXPECT_THROW(zipf_cdf(7, -0.5), Error);
  EXPECT_THROW(zipf_cdf(7, 10.5), Error);
  EXPECT_THROW(zipf_cdf(7, NAN), Error);
}

TEST(HistogramSamples, SyntheticIsDeterministicPerSeedAndTheArrayFormMatches) {
  for (const BinSpec& b : bin_shapes())
    for (Dist d : kAllDists) {
      const Samples a = synthetic(d, 1.2, 1000, 7, b);
      ASSERT_EQ(a.size(), 1000);
      EXPECT_EQ(a.f32, synthetic(d, 1.2, 1000, 7, b).f32);
      std::vector<float> into(1000);
      synthetic_into(d, 1.2, 1000, 7, b, into.data());
      EXPECT_EQ(into, a.f32);
      const bool random =
          d == Dist::Uniform || d == Dist::Normal || (d == Dist::Zipf && b.count > 1);
      if (random) {
        EXPECT_NE(a.f32, synthetic(d, 1.2, 1000, 8, b).f32) << dist_name(d);
      }
    }
  EXPECT_EQ(synthetic(Dist::Uniform, 0, 0, 1, make_bins(7, 0, 1)).size(), 0);
  EXPECT_THROW(synthetic(Dist::Uniform, 0, -1, 1, make_bins(7, 0, 1)), Error);
  EXPECT_THROW(synthetic(Dist::Uniform, 0, kMaxSamples + 1, 1, make_bins(7, 0, 1)), Error);
  EXPECT_THROW(synthetic(Dist::Zipf, 11, 10, 1, make_bins(7, 0, 1)), Error);
  BinSpec bad;
  bad.count = 0;
  EXPECT_THROW(synthetic(Dist::Uniform, 0, 10, 1, bad), Error);
}

TEST(HistogramSamples, SyntheticSamplesStayInRangeAndTakeTheirShape) {
  for (const BinSpec& b : bin_shapes()) {
    for (Dist d : {Dist::Uniform, Dist::Zipf, Dist::AllEqual, Dist::Sorted}) {
      const Samples s = synthetic(d, 1.5, 4097, 3, b);
      for (float x : s.f32) ASSERT_GE(bin_of(x, b), 0) << dist_name(d) << " " << x;
    }
    const Samples sorted = synthetic(Dist::Sorted, 0, 4097, 3, b);
    EXPECT_TRUE(std::is_sorted(sorted.f32.begin(), sorted.f32.end()));
    if (b.count <= 4097) {  // the first and last of 4097 evenly spaced samples
      EXPECT_EQ(bin_of(sorted.f32.front(), b), 0);
      EXPECT_EQ(bin_of(sorted.f32.back(), b), b.count - 1);
    }
    const std::vector<uint32_t> equal =
        histogram_reference(synthetic(Dist::AllEqual, 0, 999, 3, b), b);
    EXPECT_EQ(equal[size_t(b.count / 2)], 999u);
  }
  // The largest n: the last sorted sample rounds to hi in float and is kept below it.
  SyntheticPlan plan;
  plan.dist = Dist::Sorted;
  plan.bins = make_bins(256, 0, 256);
  plan.n = kMaxSamples;
  for (int64_t i = kMaxSamples - 4; i < kMaxSamples; ++i)
    EXPECT_EQ(bin_of(synthetic_sample(plan, nullptr, i), plan.bins), 255);
}

// Bin frequencies of n samples against probabilities p: each within 6 standard deviations.
void expect_frequencies(const std::vector<uint32_t>& counts, const std::vector<double>& p,
                        int64_t n, const char* what) {
  for (size_t k = 0; k < p.size(); ++k) {
    const double expected = p[k] * double(n);
    const double sigma = std::sqrt(expected * (1 - p[k])) + 1;
    EXPECT_NEAR(double(counts[k]), expected, 6 * sigma) << what << " bin " << k;
  }
}

TEST(HistogramSamples, DistributionsFollowTheirProbabilities) {
  const int64_t n = 200000;
  const BinSpec b = make_bins(16, -4, 12);
  std::vector<double> flat(16, 1.0 / 16);
  for (uint64_t seed : {1u, 2u}) {
    expect_frequencies(histogram_reference(synthetic(Dist::Uniform, 0, n, seed, b), b), flat, n,
                       "uniform");
    expect_frequencies(histogram_reference(synthetic(Dist::Zipf, 0, n, seed, b), b), flat, n,
                       "zipf 0");
    for (double skew : {0.8, 1.2, 2.0}) {
      std::vector<double> p(16);
      double z = 0;
      for (int k = 0; k < 16; ++k) z += std::pow(k + 1.0, -skew);
      for (int k = 0; k < 16; ++k) p[size_t(k)] = std::pow(k + 1.0, -skew) / z;
      const auto counts = histogram_reference(synthetic(Dist::Zipf, skew, n, seed, b), b);
      expect_frequencies(counts, p, n, "zipf");
      EXPECT_TRUE(std::is_sorted(counts.rend() - 8, counts.rend()));  // bin 0 hottest
    }
  }
  // Normal: centred on the range, a sixth of it per standard deviation (the tails fall outside).
  const Samples normal = synthetic(Dist::Normal, 0, n, 5, b);
  double sum = 0, squares = 0;
  for (float x : normal.f32) {
    sum += x;
    squares += double(x) * x;
  }
  const double mean = sum / n, sd = std::sqrt(squares / n - mean * mean);
  EXPECT_NEAR(mean, 4.0, 0.05);
  EXPECT_NEAR(sd, 16.0 / 6, 0.05);
  const int64_t inside = in_range(histogram_reference(normal, b));
  EXPECT_GT(inside, n * 99 / 100);
  EXPECT_LT(inside, n);
}

TEST(HistogramSamples, TheRangeOfTheDataSkipsNonFiniteSamples) {
  Samples s;
  s.f32 = {NAN, 3.5f, -INFINITY, -2.25f, 8.0f, INFINITY};
  double lo = 0, hi = 0;
  sample_range(s, lo, hi);
  EXPECT_EQ(lo, -2.25);
  EXPECT_EQ(hi, 8.0);
  Samples bytes;
  bytes.type = SampleType::U8;
  bytes.u8 = {9, 200, 3, 17};
  sample_range(bytes, lo, hi);
  EXPECT_EQ(lo, 3);
  EXPECT_EQ(hi, 200);
  EXPECT_THROW(sample_range(Samples{}, lo, hi), Error);
  Samples none;
  none.f32 = {NAN, INFINITY};
  EXPECT_THROW(sample_range(none, lo, hi), Error);
}

}  // namespace
}  // namespace ws::histogram
