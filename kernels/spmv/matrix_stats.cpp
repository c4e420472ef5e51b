// Row lengths, their statistics and histogram, and the binned sparsity image (matrix.h): what
// the matrix view draws. Work O(rows) for the statistics, O(nnz) for the image.
#include <algorithm>
#include <cmath>
#include <string>

#include "../common/error.h"
#include "matrix.h"

namespace ws::spmv {

std::vector<int32_t> row_lengths(const CsrMatrix& m) {
  std::vector<int32_t> lengths(size_t(m.rows));
  for (int32_t r = 0; r < m.rows; ++r) lengths[size_t(r)] = m.row_length(r);
  return lengths;
}

RowStats row_stats(const CsrMatrix& m, int32_t max_bins) {
  RowStats s;
  if (m.rows > 0) {
    s.min = m.row_length(0);
    double sum = 0;
    for (int32_t r = 0; r < m.rows; ++r) {
      const int32_t len = m.row_length(r);
      s.min = std::min(s.min, len);
      s.max = std::max(s.max, len);
      s.empty_rows += len == 0 ? 1 : 0;
      sum += len;
    }
    s.mean = sum / m.rows;
    double squares = 0;
    for (int32_t r = 0; r < m.rows; ++r) {
      const double d = m.row_length(r) - s.mean;
      squares += d * d;
    }
    s.stddev = std::sqrt(squares / m.rows);
  }
  s.log_bins = int64_t(s.max) + 1 > int64_t(std::max(max_bins, 1));
  if (!s.log_bins) {
    for (int32_t len = 0; len <= s.max; ++len) s.bins.push_back({len, len, 0});
  } else {
    s.bins.push_back({0, 0, 0});
    for (int64_t lo = 1; lo <= s.max; lo *= 2)
      s.bins.push_back({int32_t(lo), int32_t(std::min<int64_t>(2 * lo - 1, s.max)), 0});
  }
  for (int32_t r = 0; r < m.rows; ++r) {
    const int32_t len = m.row_length(r);
    size_t bin = size_t(len);
    if (s.log_bins) {
      bin = 0;
      for (int32_t v = len; v > 0; v >>= 1) ++bin;  // 1 -> 1, 2..3 -> 2, 4..7 -> 3, ...
    }
    ++s.bins[bin].rows;
  }
  return s;
}

SparsityImage sparsity_image(const CsrMatrix& m, int32_t max_width, int32_t max_height) {
  WS_REQUIRE(max_width > 0 && max_height > 0,
             "sparsity_image: the image size " + std::to_string(max_width) + " x " +
                 std::to_string(max_height) + " must be at least 1 x 1");
  SparsityImage image;
  image.height = std::min(m.rows, max_height);
  image.width = std::min(m.cols, max_width);
  image.counts.assign(size_t(image.height) * size_t(image.width), 0);
  if (image.height == 0 || image.width == 0) return image;
  for (int32_t r = 0; r < m.rows; ++r) {
    const int64_t cell_row = int64_t(r) * image.height / m.rows;
    int64_t* line = image.counts.data() + cell_row * image.width;
    for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k)
      ++line[int64_t(m.col[size_t(k)]) * image.width / m.cols];
  }
  for (int64_t c : image.counts) image.max_count = std::max(image.max_count, c);
  return image;
}

}  // namespace ws::spmv
