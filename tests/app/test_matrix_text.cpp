// Typed matrices: the separators a student may use, and a message naming the row and column for
// each mistake.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "image_test_support.h"
#include "scene_kit/matrix_text.h"

namespace ws::app {
namespace {

using test::expect_error;

TEST(MatrixText, RowsBySemicolonsOrNewLinesAndValuesBySpacesOrCommas) {
  const std::vector<double> nine = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (const char* text : {"1 2 3; 4 5 6; 7 8 9", "1 2 3\n4 5 6\n7 8 9\n", "1,2,3;4,5,6;7,8,9",
                           " 1, 2 ,3 ;\r\n4\t5 6;;\n 7 8 9 ; "}) {
    SCOPED_TRACE(text);
    const MatrixText m = parse_matrix(text, 0, 255, true);
    EXPECT_EQ(m.width, 3);
    EXPECT_EQ(m.height, 3);
    EXPECT_EQ(m.values, nine);
  }
  const MatrixText row = parse_matrix("-1.5 2e1 +3", -10, 100, false);
  EXPECT_EQ(row.width, 3);
  EXPECT_EQ(row.height, 1);
  EXPECT_EQ(row.values, (std::vector<double>{-1.5, 20, 3}));
  const MatrixText column = parse_matrix("4;5;6;7", 0, 9, true);
  EXPECT_EQ(column.width, 1);
  EXPECT_EQ(column.height, 4);
}

TEST(MatrixText, RandomMatricesRoundTrip) {
  for (uint32_t seed : {1u, 2u, 3u, 4u}) {
    std::mt19937 rng(seed);
    const int w = 1 + int(rng() % 17), h = 1 + int(rng() % 13);
    std::vector<double> values(size_t(w) * h);
    std::ostringstream text;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        values[size_t(y) * w + x] = double(rng() % 256);
        text << values[size_t(y) * w + x] << (x + 1 < w ? (seed % 2 ? ", " : " ") : "");
      }
      text << (seed % 2 ? "\n" : "; ");
    }
    const MatrixText m = parse_matrix(text.str(), 0, 255, true);
    EXPECT_EQ(m.width, w);
    EXPECT_EQ(m.height, h);
    EXPECT_EQ(m.values, values);
  }
}

TEST(MatrixText, MistakesNameTheRowAndColumn) {
  const auto parse = [](const std::string& text, bool integers = true) {
    return [text, integers] { parse_matrix(text, 0, 255, integers); };
  };
  expect_error(parse(""), {"the matrix is empty", "rows separated by ';'"});
  expect_error(parse(" ;\n ; "), {"the matrix is empty"});
  expect_error(parse("1 2 3; 4 5"), {"row 2 has 2 values but row 1 has 3"});
  expect_error(parse("1 2; 3 4; 5"), {"row 3 has 1 value but row 1 has 2"});
  expect_error(parse("1 2 3; 4 x 6"), {"row 2, column 2: 'x' is not a number"});
  expect_error(parse("1 0x10"), {"row 1, column 2: '0x10' is not a number"});
  expect_error(parse("1 nan"), {"row 1, column 2: 'nan' is not a number"});
  expect_error(parse("1 2; 3 256"), {"row 2, column 2: 256 is out of range", "from 0 to 255"});
  expect_error(parse("-1"), {"row 1, column 1: -1 is out of range"});
  expect_error(parse("1 1e999", false), {"row 1, column 2: 1e999 is out of range"});
  expect_error(parse("1; 2.5"), {"row 2, column 1: 2.5 is not a whole number", "0 to 255"});
  EXPECT_EQ(parse_matrix("2.5", 0, 255, false).values, std::vector<double>{2.5});
  EXPECT_EQ(parse_matrix("2.0", 0, 255, true).values, std::vector<double>{2});
  expect_error(parse("1,,2"), {"row 1, column 2 is empty: commas go between two values"});
  expect_error(parse("1 2,"), {"row 1, column 3 is empty"});
  expect_error(parse(",1"), {"row 1, column 1 is empty"});
}

}  // namespace
}  // namespace ws::app
