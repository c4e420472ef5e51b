// Filters: validation messages, the named filters' properties, the rank-1 split.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "common/error.h"
#include "conv_test_support.h"

namespace ws::conv {
namespace {

std::string message_of(const Filter& f) {
  try {
    validate(f);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

double sum(const std::vector<float>& w) {
  double s = 0;
  for (float v : w) s += v;
  return s;
}

TEST(ConvFilters, BadFiltersAreRejectedWithTheDocumentedMessages) {
  EXPECT_EQ(message_of(Filter{4, 1, {1, 2, 3, 4}}),
            "a filter needs a centre: 4 weights in a row; give an odd count, 1..63");
  EXPECT_EQ(message_of(Filter{3, 2, std::vector<float>(6, 1.0f)}),
            "a filter needs a centre: 2 rows; give an odd count, 1..63");
  EXPECT_NE(message_of(Filter{65, 1, std::vector<float>(65, 1.0f)}).find("1..63"),
            std::string::npos);
  EXPECT_NE(message_of(Filter{3, 3, {1, 2, 3}}).find("needs 9"), std::string::npos);
  EXPECT_NE(message_of(Filter{3, 1, {1, NAN, 3}}).find("weight 2 is not a finite"),
            std::string::npos);
  EXPECT_EQ(message_of(Filter{3, 3, std::vector<float>(9, 1.0f)}), "");
}

TEST(ConvFilters, SmoothingFiltersSumToOneAtEverySizeAndDimension) {
  for (const char* name : {"box", "gaussian", "motion"})
    for (int dims : {1, 2})
      for (int r = 0; r <= kMaxTiledRadius; ++r) {
        const FilterSpec s = named_filter(name, r, 0, dims);
        EXPECT_EQ(s.filter.width, 2 * r + 1) << name;
        EXPECT_EQ(s.filter.height, dims == 2 ? 2 * r + 1 : 1) << name;
        EXPECT_NEAR(sum(s.filter.weights), 1.0, 1e-5) << name << " r " << r;
      }
}

TEST(ConvFilters, DerivativeRowsSumToZeroAndSobelHasItsClassicForm) {
  const FilterSpec sx = named_filter("sobel-x", 1, 0, 2);
  EXPECT_EQ(sx.filter.weights, (std::vector<float>{-1, 0, 1, -2, 0, 2, -1, 0, 1}));
  EXPECT_EQ(sx.post, Post::Absolute);
  for (int r = 1; r <= kMaxTiledRadius; ++r) {
    const FilterSpec s = named_filter("sobel-x", r, 0, 2);
    for (int j = 0; j < s.filter.height; ++j) {
      const std::vector<float> row(s.filter.weights.begin() + j * s.filter.width,
                                   s.filter.weights.begin() + (j + 1) * s.filter.width);
      EXPECT_EQ(sum(row), 0.0) << "r " << r << " row " << j;
    }
    const FilterSpec mag = named_filter("sobel", r, 0, 2);
    ASSERT_TRUE(mag.second.has_value());
    EXPECT_EQ(mag.post, Post::Magnitude);
    // sobel-y is sobel-x transposed.
    const Filter& y = *mag.second;
    for (int j = 0; j < y.height; ++j)
      for (int i = 0; i < y.width; ++i)
        EXPECT_EQ(y.weights[size_t(j) * y.width + i], s.filter.weights[size_t(i) * y.width + j]);
    EXPECT_NEAR(sum(named_filter("laplacian", r, 0, 2).filter.weights), 0.0, 1e-9);
  }
  EXPECT_NEAR(sum(named_filter("sharpen", 3, 0, 2).filter.weights), 1.0, 1e-9);
  EXPECT_EQ(named_filter("emboss", 1, 0, 2).bias, 128.0f);
  EXPECT_EQ(named_filter("sobel-x", 1, 0, 1).filter.weights, (std::vector<float>{-1, 0, 1}));
}

TEST(ConvFilters, NamedFilterRejectsUnknownNamesRadiiAndSigmas) {
  try {
    named_filter("blur", 1, 0, 2);
    FAIL() << "an unknown name was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("box, gaussian"), std::string::npos) << e.what();
  }
  EXPECT_THROW(named_filter("box", kMaxRadius + 1, 0, 2), Error);
  EXPECT_THROW(named_filter("box", -1, 0, 2), Error);
  EXPECT_THROW(named_filter("gaussian", 2, -1.0, 2), Error);
  EXPECT_THROW(named_filter("gaussian", 2, INFINITY, 2), Error);
  EXPECT_THROW(named_filter("sobel-y", 2, 0, 1), Error);
  EXPECT_THROW(named_filter("box", 2, 0, 3), Error);
}

TEST(ConvFilters, SeparateSplitsRankOneFiltersAndOnlyThose) {
  for (const char* name : {"box", "gaussian", "sobel-x", "sobel-y"})
    for (int r = 1; r <= kMaxTiledRadius; ++r) {
      const Filter f = named_filter(name, r, 0, 2).filter;
      const auto split = separate(f);
      ASSERT_TRUE(split.has_value()) << name << " r " << r;
      double largest = 0;
      for (float w : f.weights) largest = std::max(largest, double(std::fabs(w)));
      for (int j = 0; j < f.height; ++j)
        for (int i = 0; i < f.width; ++i)
          EXPECT_NEAR(double(split->column[size_t(j)]) * split->row[size_t(i)],
                      f.weights[size_t(j) * f.width + i], 1e-5 * largest);
    }
  for (const char* name : {"sharpen", "laplacian", "motion", "emboss"})
    EXPECT_FALSE(separate(named_filter(name, 2, 0, 2).filter).has_value()) << name;
  const auto row = separate(Filter{3, 1, {1, 2, 1}});
  ASSERT_TRUE(row.has_value());
  EXPECT_EQ(row->row, (std::vector<float>{1, 2, 1}));
}

}  // namespace
}  // namespace ws::conv
