// Bins: make_bins / make_bins_by_width over the bin counts the scene offers, the messages a user
// sees for bad bins, bin_of at the edges, the textbook's 7 bins and bins over the data's range.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "common/error.h"
#include "histogram/histogram.h"

namespace ws::histogram {
namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(HistogramBins, EqualBinsPutEveryIntegerInItsOwnBinAndTheEdgesWhereTheyBelong) {
  for (int count : {1, 7, 255, 256, 4096, 65536}) {
    const BinSpec b = make_bins(count, 0, count);
    EXPECT_EQ(b.count, count);
    EXPECT_EQ(b.lo, 0.0f);
    EXPECT_EQ(b.hi, float(count));
    for (int k = 0; k < count; ++k) {
      ASSERT_EQ(bin_of(float(k), b), k) << count;
      ASSERT_EQ(bin_of(float(k) + 0.5f, b), k) << count;
    }
    EXPECT_EQ(bin_of(b.lo, b), 0);
    EXPECT_EQ(bin_of(b.hi, b), -1);  // half-open
    EXPECT_EQ(bin_of(std::nextafter(b.hi, -kInf), b), count - 1);
    EXPECT_EQ(bin_of(std::nextafter(b.lo, -kInf), b), -1);
    EXPECT_EQ(bin_of(kNaN, b), -1);
    EXPECT_EQ(bin_of(kInf, b), -1);
    EXPECT_EQ(bin_of(-kInf, b), -1);
  }
}

TEST(HistogramBins, BinsOverAnOddRangeCoverItWithoutGaps) {
  // Just below hi the float product can round up to count: bin_of clamps it into the last bin.
  for (int count : {1, 7, 255, 256, 4096, 65536}) {
    for (auto [lo, hi] : {std::pair<double, double>{-1, 1}, {0.1, 0.7}, {-1000.5, 3.25}}) {
      const BinSpec b = make_bins(count, lo, hi);
      EXPECT_EQ(b.inv_width, float(count / (double(b.hi) - double(b.lo))));
      EXPECT_EQ(bin_of(b.lo, b), 0);
      EXPECT_EQ(bin_of(std::nextafter(b.hi, -kInf), b), count - 1);
      EXPECT_EQ(bin_of(b.hi, b), -1);
      int previous = 0;
      for (int i = 0; i <= 1000; ++i) {  // bins never go backwards across the range
        const float x = float(lo + (hi - lo) * i / 1000.0);
        const int k = bin_of(x, b);
        if (x >= b.hi) continue;
        ASSERT_GE(k, previous);
        ASSERT_LT(k, count);
        previous = k;
      }
    }
  }
}

TEST(HistogramBins, BadCountsAndRangesAreRejectedWithAMessageNamingTheProblem) {
  EXPECT_EQ(message_of([] { make_bins(0, 0, 1); }), "bins: expected 1..65536, got 0");
  EXPECT_EQ(message_of([] { make_bins(1000000000, 0, 1); }),
            "bins: expected 1..65536, got 1000000000");
  EXPECT_TRUE(contains(message_of([] { make_bins(65537, 0, 1); }), "got 65537"));
  EXPECT_TRUE(contains(message_of([] { make_bins(-3, 0, 1); }), "got -3"));
  EXPECT_EQ(message_of([] { make_bins(7, 5, 5); }), "range: lo (5) must be below hi (5)");
  EXPECT_EQ(message_of([] { make_bins(7, 6, 5); }), "range: lo (6) must be below hi (5)");
  EXPECT_TRUE(contains(message_of([] { make_bins(7, std::nan(""), 5); }), "lo (nan)"));
  EXPECT_TRUE(contains(message_of([] { make_bins(7, 0, INFINITY); }), "not a finite"));
  EXPECT_TRUE(contains(message_of([] { make_bins(7, -INFINITY, 0); }), "not a finite"));
  EXPECT_TRUE(contains(message_of([] { make_bins(7, 0, 1e39); }), "float32"));
  EXPECT_TRUE(contains(message_of([] { make_bins(7, 1, 1 + 1e-12); }), "same float32"));
  EXPECT_TRUE(contains(message_of([] { make_bins(7, -3e38, 3e38); }), "too large"));
  EXPECT_TRUE(contains(message_of([] { make_bins(65536, 0, 1e-40); }), "too narrow"));
}

TEST(HistogramBins, BinsByWidthCountWholeWidthsAndCutTheLastAtHi) {
  EXPECT_EQ(make_bins_by_width(0, 1, 0.25).count, 4);
  EXPECT_EQ(make_bins_by_width(0, 0.3, 0.1).count, 3);  // 0.3 / 0.1 > 3 in double
  EXPECT_EQ(make_bins_by_width(0, 1, 0.1).count, 10);
  EXPECT_EQ(make_bins_by_width(0, 0.7, 0.1).count, 7);
  EXPECT_EQ(make_bins_by_width(0, 1, 2).count, 1);
  EXPECT_EQ(make_bins_by_width(0, 65536, 1).count, 65536);
  EXPECT_EQ(make_bins_by_width(0, 255.5, 1).count, 256);
  const BinSpec b = make_bins_by_width(10, 21, 2);  // 5 full bins and one of width 1
  EXPECT_EQ(b.count, 6);
  EXPECT_EQ(b.hi, 21.0f);
  EXPECT_EQ(b.inv_width, 0.5f);
  EXPECT_EQ(bin_of(19.999f, b), 4);
  EXPECT_EQ(bin_of(20.0f, b), 5);
  EXPECT_EQ(bin_of(20.999f, b), 5);
  EXPECT_EQ(bin_of(21.0f, b), -1);
}

TEST(HistogramBins, BadWidthsAreRejectedNamingTheBinCount) {
  EXPECT_EQ(message_of([] { make_bins_by_width(0, 1e9, 0.001); }),
            "bin width 0.001 over 0..1e9 gives 1000000000000 bins; at most 65536");
  EXPECT_TRUE(contains(message_of([] { make_bins_by_width(0, 65537, 1); }), "65537 bins"));
  for (double w : {0.0, -1.0, double(NAN), double(INFINITY)})
    EXPECT_TRUE(contains(message_of([w] { make_bins_by_width(0, 1, w); }), "bin width")) << w;
  EXPECT_EQ(message_of([] { make_bins_by_width(5, 5, 1); }), "range: lo (5) must be below hi (5)");
}

TEST(HistogramBins, ValidateChecksAFilledInSpec) {
  EXPECT_NO_THROW(validate(BinSpec{}));
  EXPECT_NO_THROW(validate(make_bins(4096, -2, 3)));
  BinSpec b;
  b.count = 0;
  EXPECT_THROW(validate(b), Error);
  b = BinSpec{};
  b.count = kMaxBins + 1;
  EXPECT_THROW(validate(b), Error);
  b = BinSpec{};
  b.hi = b.lo;
  EXPECT_THROW(validate(b), Error);
  b = BinSpec{};
  b.lo = kNaN;
  EXPECT_THROW(validate(b), Error);
  b = BinSpec{};
  b.inv_width = 0;
  EXPECT_THROW(validate(b), Error);
  b.inv_width = kInf;
  EXPECT_THROW(validate(b), Error);
}

TEST(HistogramBins, TheTextbookPhraseGivesTheBooksCounts) {
  const std::string phrase = "programming massively parallel processors";
  const BinSpec b = textbook_bins();
  ASSERT_EQ(b.count, 7);
  const std::vector<uint32_t> counts = histogram_reference(text_samples(phrase), b);
  // Brute force: a letter's bin is its alphabet position / 4; other characters are not counted.
  std::vector<uint32_t> brute(7, 0);
  for (char c : phrase)
    if (c >= 'a' && c <= 'z') ++brute[size_t((c - 'a') / 4)];
  EXPECT_EQ(counts, brute);
  EXPECT_EQ(counts, (std::vector<uint32_t>{5, 5, 6, 10, 10, 1, 1}));
  EXPECT_EQ(in_range(counts), 38);
  // Upper case is lowered, so the shouted phrase counts the same.
  EXPECT_EQ(histogram_reference(text_samples("PROGRAMMING Massively PARALLEL processors"), b),
            counts);
}

TEST(HistogramBins, BinsOverTheDataCountTheLargestSample) {
  Samples s;
  s.f32 = {3.5f, -2.0f, NAN, 10.0f, INFINITY, 7.0f};
  for (int count : {1, 7, 256, 65536}) {
    const BinSpec b = bins_over_data(s, count);
    EXPECT_EQ(bin_of(-2.0f, b), 0);
    EXPECT_EQ(bin_of(10.0f, b), count - 1);
    EXPECT_EQ(in_range(histogram_reference(s, b)), 4);
  }
  Samples one;
  one.f32 = {42.0f, 42.0f};
  const BinSpec b = bins_over_data(one, 7);
  EXPECT_EQ(bin_of(42.0f, b), 3);
  Samples bytes;
  bytes.type = SampleType::U8;
  bytes.u8 = {0, 255, 17};
  EXPECT_EQ(in_range(histogram_reference(bytes, bins_over_data(bytes, 256))), 3);
}

}  // namespace
}  // namespace ws::histogram
