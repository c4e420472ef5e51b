// Typed matrices and vectors, x vectors, triplets and the CSR invariants: what is accepted, and
// the messages (option, row, column) for what is not.
#include <gtest/gtest.h>

#include "matrix_test_support.h"

namespace ws::spmv {
namespace {

using test::contains;
using test::spmv_error_of;

TEST(MatrixText, SeparatorsAndShapes) {
  // Newlines and ';' end rows, commas and spaces separate numbers, blank rows are skipped.
  const CsrMatrix m = parse_matrix_text("1, 0 ,2\n\n 0 -3.5 +4 ;\n");
  EXPECT_EQ(m.rows, 2);
  EXPECT_EQ(m.cols, 3);
  EXPECT_EQ(m.row_ptr, (std::vector<int32_t>{0, 2, 4}));
  EXPECT_EQ(m.col, (std::vector<int32_t>{0, 2, 1, 2}));
  EXPECT_EQ(m.val, (std::vector<double>{1, 2, -3.5, 4}));
  EXPECT_NO_THROW(validate(m));
  const CsrMatrix wide = parse_matrix_text("0 0 0 0 5");  // 1 x 5, one nonzero
  EXPECT_EQ(wide.rows, 1);
  EXPECT_EQ(wide.cols, 5);
  EXPECT_EQ(wide.col, (std::vector<int32_t>{4}));
  const CsrMatrix empty_row = parse_matrix_text("0 0; 1 0");
  EXPECT_EQ(empty_row.row_ptr, (std::vector<int32_t>{0, 0, 1}));
}

TEST(MatrixText, RefusalsNameTheOptionRowAndColumn) {
  EXPECT_EQ(spmv_error_of([] { parse_matrix_text("1 2; 3 x", "--values"); }),
            "--values: row 2, column 2: found 'x'; expected a finite number");
  EXPECT_EQ(spmv_error_of([] { parse_matrix_text("1 2 3; 4 5", "--values"); }),
            "--values: row 2 has 2 numbers; expected 3 as row 1 has (every row as long; rows "
            "end at ';' or a new line)");
  EXPECT_TRUE(contains(spmv_error_of([] { parse_matrix_text("1 inf", "--m"); }),
                       "--m: row 1, column 2: found 'inf'"));
  EXPECT_TRUE(contains(spmv_error_of([] { parse_matrix_text("nan", "--m"); }), "'nan'"));
  EXPECT_TRUE(contains(spmv_error_of([] { parse_matrix_text("1e999", "--m"); }), "'1e999'"));
  EXPECT_TRUE(contains(spmv_error_of([] { parse_matrix_text(" ;\n ", "--values"); }),
                       "--values: found no numbers"));
  EXPECT_TRUE(contains(spmv_error_of([] { parse_matrix_text("", "--values"); }), "no numbers"));
}

TEST(MatrixText, Vectors) {
  EXPECT_EQ(parse_vector_text("1, 2;3\n4", 4), (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(spmv_error_of([] { parse_vector_text("1 2 3", 4, "--x-values"); }),
            "--x-values: 3 numbers; expected 4, one per column of the matrix");
  EXPECT_EQ(spmv_error_of([] { parse_vector_text("1 2; 3 y", 4, "--x-values"); }),
            "--x-values: entry 4: found 'y'; expected a finite number");
  EXPECT_TRUE(parse_vector_text("", 0).empty());
}

TEST(MatrixText, XVectors) {
  EXPECT_EQ(make_x(XKind::Ones, 3, 9), (std::vector<double>{1, 1, 1}));
  const std::vector<double> r = make_x(XKind::Random, 1000, 4);
  EXPECT_EQ(r, make_x(XKind::Random, 1000, 4));
  EXPECT_NE(r, make_x(XKind::Random, 1000, 5));
  double lo = 1, hi = -1;
  for (double v : r) {
    lo = std::min(lo, v), hi = std::max(hi, v);
    EXPECT_EQ(double(float(v)), v);
  }
  EXPECT_GE(lo, -1.0);
  EXPECT_LT(lo, -0.9);  // spread over [-1, 1)
  EXPECT_GT(hi, 0.9);
  EXPECT_LT(hi, 1.0);
  EXPECT_EQ(make_x(XKind::Typed, 2, 1, {3, 4}), (std::vector<double>{3, 4}));
  EXPECT_TRUE(contains(spmv_error_of([] {
                         make_x(XKind::Typed, 3, 1, {3, 4});
                       }),
                       "2 typed values; expected 3"));
  EXPECT_EQ(parse_x_kind("random"), XKind::Random);
  EXPECT_EQ(std::string(x_kind_id(XKind::Typed)), "typed");
  EXPECT_EQ(spmv_error_of([] { parse_x_kind("twos", "--x"); }),
            "--x: expected ones, random or typed, got 'twos'");
  EXPECT_TRUE(contains(spmv_error_of([] {
                         dense_reference(generate_matrix("pmpp"), {1, 2});
                       }),
                       "x has 2 entries; expected 4"));
}

TEST(MatrixText, TripletsSumDuplicatesAndKeepZeros) {
  // (1,2) twice sums to 0 and stays; (0,0) given last comes first; row 2 empty.
  const CsrMatrix m =
      from_triplets(4, 3, {1, 3, 1, 0, 1}, {2, 0, 2, 0, 1}, {2.5, 7, -2.5, 1, 0.5}, "t");
  EXPECT_EQ(m.row_ptr, (std::vector<int32_t>{0, 1, 3, 3, 4}));
  EXPECT_EQ(m.col, (std::vector<int32_t>{0, 1, 2, 0}));
  EXPECT_EQ(m.val, (std::vector<double>{1, 0.5, 0, 7}));
  EXPECT_NO_THROW(validate(m));
  EXPECT_TRUE(contains(spmv_error_of([] { from_triplets(2, 2, {0}, {2}, {1}); }), "outside"));
  EXPECT_TRUE(contains(spmv_error_of([] { from_triplets(2, 2, {0}, {1}, {}); }), "values"));
}

TEST(MatrixText, ValidateNamesTheBrokenInvariant) {
  CsrMatrix m = generate_matrix("pmpp");
  m.col[1] = 0;  // row 0: columns 0, 0
  EXPECT_TRUE(contains(spmv_error_of([&] { validate(m); }), "not strictly ascending"));
  m = generate_matrix("pmpp");
  m.col[7] = 4;
  EXPECT_TRUE(contains(spmv_error_of([&] { validate(m); }), "column 4"));
  m = generate_matrix("pmpp");
  m.row_ptr[4] = 7;
  EXPECT_TRUE(contains(spmv_error_of([&] { validate(m); }), "row_ptr ends at 7"));
  m = generate_matrix("pmpp");
  m.row_ptr[1] = 100;  // would read past col if not caught
  EXPECT_TRUE(contains(spmv_error_of([&] { validate(m); }), "row_ptr[1] is 100, past the 8"));
}

}  // namespace
}  // namespace ws::spmv
