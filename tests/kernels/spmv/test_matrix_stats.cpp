// Row-length statistics, the histogram's bins and the sparsity image, on small matrices worked
// out by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "matrix_test_support.h"

namespace ws::spmv {
namespace {

TEST(MatrixStats, TheBooksExample) {
  // Lengths 2 3 2 1: mean 2, variance (0 + 1 + 0 + 1) / 4 = 0.5.
  const RowStats s = row_stats(generate_matrix("pmpp"));
  EXPECT_EQ(s.min, 1);
  EXPECT_EQ(s.max, 3);
  EXPECT_DOUBLE_EQ(s.mean, 2.0);
  EXPECT_DOUBLE_EQ(s.stddev, std::sqrt(0.5));
  EXPECT_EQ(s.empty_rows, 0);
  EXPECT_FALSE(s.log_bins);
  ASSERT_EQ(s.bins.size(), 4u);  // lengths 0, 1, 2, 3
  const int64_t rows[] = {0, 1, 2, 1};
  for (int32_t len = 0; len < 4; ++len) {
    EXPECT_EQ(s.bins[size_t(len)].lo, len);
    EXPECT_EQ(s.bins[size_t(len)].hi, len);
    EXPECT_EQ(s.bins[size_t(len)].rows, rows[len]);
  }
  EXPECT_EQ(row_lengths(generate_matrix("pmpp")), (std::vector<int32_t>{2, 3, 2, 1}));
}

TEST(MatrixStats, LogBinsForLongRows) {
  // Row lengths 0, 1, 2, 5, 9 (a 5 x 10 matrix): with 4 bins allowed the bins are
  // [0,0] [1,1] [2,3] [4,7] [8,9].
  std::vector<int32_t> r, c;
  const int32_t lengths[] = {0, 1, 2, 5, 9};
  for (int32_t row = 0; row < 5; ++row)
    for (int32_t k = 0; k < lengths[row]; ++k) r.push_back(row), c.push_back(k);
  const CsrMatrix m = from_triplets(5, 10, r, c, std::vector<double>(r.size(), 1.0));
  const RowStats s = row_stats(m, 4);
  EXPECT_TRUE(s.log_bins);
  EXPECT_EQ(s.empty_rows, 1);
  EXPECT_DOUBLE_EQ(s.mean, 17.0 / 5);
  ASSERT_EQ(s.bins.size(), 5u);
  const int32_t lo[] = {0, 1, 2, 4, 8}, hi[] = {0, 1, 3, 7, 9};
  for (size_t b = 0; b < 5; ++b) {
    EXPECT_EQ(s.bins[b].lo, lo[b]);
    EXPECT_EQ(s.bins[b].hi, hi[b]);
    EXPECT_EQ(s.bins[b].rows, 1);
  }
  EXPECT_FALSE(row_stats(m, 10).log_bins);  // 0..9 fits in 10 bins
  const RowStats none = row_stats(from_triplets(0, 0, {}, {}, {}));
  EXPECT_EQ(none.max, 0);
  ASSERT_EQ(none.bins.size(), 1u);
  EXPECT_EQ(none.bins[0].rows, 0);
}

TEST(MatrixStats, SparsityImage) {
  // One cell per entry when the image is large enough.
  const SparsityImage full = sparsity_image(generate_matrix("pmpp"), 64, 64);
  EXPECT_EQ(full.width, 4);
  EXPECT_EQ(full.height, 4);
  EXPECT_EQ(full.counts, (std::vector<int64_t>{1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 1}));
  EXPECT_EQ(full.max_count, 1);
  // 2 x 2 cells of 2 x 2 entries: top-left holds 1 7 5 -> 3, top-right 3 9 -> 2, bottom-left 2
  // -> 1, bottom-right 8 6 -> 2.
  const SparsityImage binned = sparsity_image(generate_matrix("pmpp"), 2, 2);
  EXPECT_EQ(binned.counts, (std::vector<int64_t>{3, 2, 1, 2}));
  EXPECT_EQ(binned.max_count, 3);
  // 5 rows into 2 cell rows: rows 0-2 (r * 2 / 5 = 0) and rows 3-4.
  const SparsityImage odd = sparsity_image(generate_matrix("banded:5:0"), 1, 2);
  EXPECT_EQ(odd.counts, (std::vector<int64_t>{3, 2}));
}

}  // namespace
}  // namespace ws::spmv
