#include <gtest/gtest.h>

#include <cfloat>

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "common/inputs.h"

namespace ws {
namespace {

TEST(Inputs, ParsesTypedValuesSeparatedBySpacesOrCommas) {
  EXPECT_EQ(parse_values("3 1 7 0 4 1 6 3", ValueType::Int32),
            (std::vector<double>{3, 1, 7, 0, 4, 1, 6, 3}));
  EXPECT_EQ(parse_values(" -2, 5,  9\n", ValueType::Int32), (std::vector<double>{-2, 5, 9}));
  EXPECT_THROW(parse_values("1,,2", ValueType::Int32), Error);  // an empty value is a mistake
  EXPECT_EQ(parse_values("0.5 1e3", ValueType::Float32), (std::vector<double>{0.5, 1000}));
  EXPECT_TRUE(parse_values("   ", ValueType::Int32).empty());
}

TEST(Inputs, NamesTheValueThatDoesNotParse) {
  try {
    parse_values("3 1 x7 0", ValueType::Int32);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("value 3 'x7'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_values("1.5", ValueType::Int32), Error);
  EXPECT_THROW(parse_values("3000000000", ValueType::Int32), Error);
  EXPECT_THROW(parse_values("1e40", ValueType::Float32), Error);
  EXPECT_THROW(parse_values("nan", ValueType::Float32), Error);
}

TEST(Inputs, GeneratedValuesAreDeterministicAndFollowTheDistribution) {
  const auto a = generate_values(Distribution::Uniform, ValueType::Int32, 1000, 9);
  EXPECT_EQ(a, generate_values(Distribution::Uniform, ValueType::Int32, 1000, 9));
  EXPECT_NE(a, generate_values(Distribution::Uniform, ValueType::Int32, 1000, 10));
  for (double v : a) EXPECT_TRUE(v >= -9 && v <= 9);
  for (double v : generate_values(Distribution::AllEqual, ValueType::Float32, 50, 1))
    EXPECT_EQ(v, 1);
  const auto sorted = generate_values(Distribution::Sorted, ValueType::Float32, 100, 1);
  EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end()));
  const auto huge = generate_values(Distribution::FewHuge, ValueType::Float32, 4096, 1);
  const auto count = std::count(huge.begin(), huge.end(), 1.0e8);
  EXPECT_GT(count, 20);
  EXPECT_LT(count, 200);
}

TEST(Inputs, FormatsCellValues) {
  EXPECT_EQ(format_value(-12, ValueType::Int32), "-12");
  EXPECT_EQ(format_value(0.123456, ValueType::Float32), "0.1235");
  EXPECT_EQ(format_value(std::nan(""), ValueType::Float32), "");
}

// The identity of min and max reads as ±∞ in a cell, only for that operator; other values as
// format_value writes them.
TEST(Inputs, CellValuesShowTheMinMaxIdentityAsInfinity) {
  EXPECT_EQ(format_cell_value(2147483647.0, BinaryOp::Min, ValueType::Int32), "+\xE2\x88\x9E");
  EXPECT_EQ(format_cell_value(-2147483648.0, BinaryOp::Max, ValueType::Int32),
            "\xE2\x88\x92\xE2\x88\x9E");
  EXPECT_EQ(format_cell_value(FLT_MAX, BinaryOp::Min, ValueType::Float32), "+\xE2\x88\x9E");
  EXPECT_EQ(format_cell_value(2147483647.0, BinaryOp::Sum, ValueType::Int32), "2147483647");
  EXPECT_EQ(format_cell_value(-2147483648.0, BinaryOp::Min, ValueType::Int32), "-2147483648");
  EXPECT_EQ(format_cell_value(7, BinaryOp::Max, ValueType::Int32), "7");
  EXPECT_EQ(format_cell_value(std::nan(""), BinaryOp::Min, ValueType::Int32), "");
}

}  // namespace
}  // namespace ws
