// The book's example (PMPP 4th ed. 14.1), every layout's arrays worked by hand from the matrix
//   row 0: 1 7 0 0     row lengths 2 3 2 1
//   row 1: 5 0 3 9
//   row 2: 0 2 8 0
//   row 3: 0 0 0 6
// and the hybrid width and storage bytes worked out on paper.
#include <gtest/gtest.h>

#include <vector>

#include "matrix_test_support.h"

namespace ws::spmv {
namespace {

using BookInts = std::vector<int32_t>;
using BookValues = std::vector<double>;
using BookFlags = std::vector<uint8_t>;

const char* const kBookTextRows = "1 7 0 0; 5 0 3 9; 0 2 8 0; 0 0 0 6";

TEST(FormatBook, CsrFromTheGeneratorAndFromTypedText) {
  for (const CsrMatrix& m : {generate_matrix("pmpp", 1), parse_matrix_text(kBookTextRows)}) {
    EXPECT_EQ(m.rows, 4);
    EXPECT_EQ(m.cols, 4);
    EXPECT_EQ(m.row_ptr, (BookInts{0, 2, 5, 7, 8}));
    EXPECT_EQ(m.col, (BookInts{0, 1, 0, 2, 3, 1, 2, 3}));
    EXPECT_EQ(m.val, (BookValues{1, 7, 5, 3, 9, 2, 8, 6}));
    EXPECT_NO_THROW(validate(m));
  }
}

TEST(FormatBook, CooIsRowMajor) {
  const CooMatrix c = to_coo(generate_matrix("pmpp"));
  EXPECT_EQ(c.row, (BookInts{0, 0, 1, 1, 1, 2, 2, 3}));
  EXPECT_EQ(c.col, (BookInts{0, 1, 0, 2, 3, 1, 2, 3}));
  EXPECT_EQ(c.val, (BookValues{1, 7, 5, 3, 9, 2, 8, 6}));
}

TEST(FormatBook, EllIsColumnMajorWithPadding) {
  const EllMatrix e = to_ell(generate_matrix("pmpp"));
  EXPECT_EQ(e.width, 3);
  EXPECT_EQ(e.rows, 4);
  EXPECT_EQ(e.nnz_per_row, (BookInts{2, 3, 2, 1}));
  // Slot k of row r at k * 4 + r: first the rows' first elements, then their second, then third.
  EXPECT_EQ(e.col, (BookInts{0, 0, 1, 3, /**/ 1, 2, 2, 0, /**/ 0, 3, 0, 0}));
  EXPECT_EQ(e.val, (BookValues{1, 5, 2, 6, /**/ 7, 3, 8, 0, /**/ 0, 9, 0, 0}));
  EXPECT_EQ(e.padded, (BookFlags{0, 0, 0, 0, /**/ 0, 0, 0, 1, /**/ 1, 0, 1, 1}));
  // A wider ELL only adds padding; a narrower one is refused.
  const EllMatrix wide = to_ell(generate_matrix("pmpp"), 4);
  EXPECT_EQ(wide.col.size(), 16u);
  EXPECT_EQ(wide.padded[12] + wide.padded[13] + wide.padded[14] + wide.padded[15], 4);
  EXPECT_TRUE(test::contains(test::spmv_error_of([] { to_ell(generate_matrix("pmpp"), 2); }),
                             "longest row"));
}

TEST(FormatBook, JdsSortsRowsByLengthAndStoresJaggedDiagonals) {
  const JdsMatrix j = to_jds(generate_matrix("pmpp"));
  // Lengths 2 3 2 1 -> row 1 (3), then rows 0 and 2 (2, in their order), then row 3 (1).
  EXPECT_EQ(j.perm, (BookInts{1, 0, 2, 3}));
  EXPECT_EQ(j.row_length, (BookInts{3, 2, 2, 1}));
  // Diagonal 0: first elements of rows 1 0 2 3; diagonal 1: second of rows 1 0 2; 2: row 1's.
  EXPECT_EQ(j.iter_ptr, (BookInts{0, 4, 7, 8}));
  EXPECT_EQ(j.diagonals(), 3);
  EXPECT_EQ(j.col, (BookInts{0, 0, 1, 3, /**/ 2, 1, 2, /**/ 3}));
  EXPECT_EQ(j.val, (BookValues{5, 1, 2, 6, /**/ 3, 7, 8, /**/ 9}));
}

// Hybrid bytes(w) = 4 rows * w * (4 + vb) + overflow(w) * (8 + vb); overflow 8, 4, 1, 0 for
// w = 0..3.
//   vb 4: 96, 32 + 48 = 80, 64 + 12 = 76, 96      -> width 2
//   vb 8: 128, 48 + 64 = 112, 96 + 16 = 112, 144  -> 1 and 2 tie; the smaller, 1
TEST(FormatBook, HybridWidthByHand) {
  EXPECT_EQ(choose_hybrid_width({2, 3, 2, 1}, 4), 2);
  EXPECT_EQ(choose_hybrid_width({2, 3, 2, 1}, 8), 1);
}

TEST(FormatBook, HybridArraysAtTheBooksWidth) {
  const HybridMatrix h = to_hybrid(generate_matrix("pmpp"), -1, 4);
  EXPECT_EQ(h.width, 2);
  EXPECT_EQ(h.ell.col, (BookInts{0, 0, 1, 3, /**/ 1, 2, 2, 0}));
  EXPECT_EQ(h.ell.val, (BookValues{1, 5, 2, 6, /**/ 7, 3, 8, 0}));
  EXPECT_EQ(h.ell.padded, (BookFlags{0, 0, 0, 0, /**/ 0, 0, 0, 1}));
  EXPECT_EQ(h.coo.row, (BookInts{1}));  // row 1's third nonzero, (1, 3) = 9
  EXPECT_EQ(h.coo.col, (BookInts{3}));
  EXPECT_EQ(h.coo.val, (BookValues{9}));
  const HybridMatrix narrow = to_hybrid(generate_matrix("pmpp"), -1, 8);
  EXPECT_EQ(narrow.width, 1);
  EXPECT_EQ(narrow.ell.col, (BookInts{0, 0, 1, 3}));
  EXPECT_EQ(narrow.coo.row, (BookInts{0, 1, 1, 2}));
  EXPECT_EQ(narrow.coo.col, (BookInts{1, 2, 3, 2}));
  EXPECT_EQ(narrow.coo.val, (BookValues{7, 3, 9, 8}));
}

// Storage with float values (vb 4) and with doubles (vb 8), by hand:
//   CSR     5 * 4 + 8 * 4 = 52 index bytes, 8 values
//   COO     8 * 8 = 64 index bytes, 8 values
//   ELL     12 slots: 48 index bytes, 12 values, 4 padding slots (1/3)
//   hybrid  vb 4, width 2: 8 slots + 1 triple: 32 + 8 = 40 index bytes, 9 values, 1 padding
//   JDS     4 (perm) * 4 + 4 (iter_ptr) * 4 + 8 * 4 = 64 index bytes, 8 values
TEST(FormatBook, StorageBytesByHand) {
  const CsrMatrix m = generate_matrix("pmpp");
  struct Expected {
    SparseFormat f;
    int64_t index, values4, padding;
  };
  const Expected expected[] = {{SparseFormat::Csr, 52, 8, 0},
                               {SparseFormat::Coo, 64, 8, 0},
                               {SparseFormat::Ell, 48, 12, 4},
                               {SparseFormat::Hybrid, 40, 9, 1},
                               {SparseFormat::Jds, 64, 8, 0}};
  for (const Expected& e : expected) {
    SCOPED_TRACE(sparse_format_id(e.f));
    const FormatStorage s = format_storage(m, e.f, 4);
    EXPECT_EQ(s.bytes_index, e.index);
    EXPECT_EQ(s.bytes_values, e.values4 * 4);
    EXPECT_EQ(s.bytes_total, e.index + e.values4 * 4);
    EXPECT_EQ(s.padding_slots, e.padding);
    EXPECT_DOUBLE_EQ(s.padding_fraction, double(e.padding) / double(e.values4));
    EXPECT_DOUBLE_EQ(s.ratio_to_csr, double(e.index + e.values4 * 4) / 84.0);
  }
  EXPECT_EQ(format_storage(m, SparseFormat::Ell, 8).bytes_total, 48 + 96);
  // Doubles: the chosen width is 1 (4 slots, 4 triples): 16 + 32 index bytes, 8 values = 112.
  const FormatStorage h8 = format_storage(m, SparseFormat::Hybrid, 8);
  EXPECT_EQ(h8.bytes_total, 112);
  EXPECT_EQ(h8.padding_slots, 0);
  // A given width overrides the choice (--ell-width): width 3 is the whole ELL, no COO.
  EXPECT_EQ(format_storage(m, SparseFormat::Hybrid, 4, 3).bytes_total, 96);
  EXPECT_EQ(format_storage(m, SparseFormat::Hybrid, 4, 0).bytes_total, 96);  // all COO
}

TEST(FormatBook, DenseReferenceWithOnesIsTheRowSums) {
  const CsrMatrix m = generate_matrix("pmpp");
  EXPECT_EQ(dense_reference(m, make_x(XKind::Ones, 4, 1)), (BookValues{8, 17, 10, 6}));
  // x = (1, 2, 3, 4): 1 + 14 = 15; 5 + 9 + 36 = 50; 4 + 24 = 28; 24.
  EXPECT_EQ(dense_reference(m, {1, 2, 3, 4}), (BookValues{15, 50, 28, 24}));
}

}  // namespace
}  // namespace ws::spmv
