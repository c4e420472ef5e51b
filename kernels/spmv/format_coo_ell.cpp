// COO (14.2) and ELL (14.4) from CSR (format.h). COO: O(nnz). ELL: O(rows * width) for the
// padded arrays (all slots start as padding: col 0, val 0), then O(nnz) to fill them.
#include <algorithm>
#include <cstdio>
#include <string>

#include "../common/error.h"
#include "format_layouts.h"

namespace ws::spmv {

int32_t longest_row(const CsrMatrix& m) {
  int32_t longest = 0;
  for (int32_t r = 0; r < m.rows; ++r) longest = std::max(longest, m.row_length(r));
  return longest;
}

void require_value_bytes(int value_bytes) {
  WS_REQUIRE(value_bytes == 4 || value_bytes == 8, "value bytes " + std::to_string(value_bytes) +
                                                       ": expected 4 (float32) or 8 "
                                                       "(float64)");
}

CooMatrix to_coo(const CsrMatrix& m) {
  CooMatrix c;
  c.rows = m.rows, c.cols = m.cols;
  c.row.resize(size_t(m.nnz()));
  for (int32_t r = 0; r < m.rows; ++r)
    std::fill(c.row.begin() + m.row_ptr[size_t(r)], c.row.begin() + m.row_ptr[size_t(r) + 1], r);
  c.col = m.col;
  c.val = m.val;
  return c;
}

EllMatrix fill_ell(const CsrMatrix& m, int32_t width, const char* what) {
  WS_REQUIRE(width >= 0, std::string(what) + ": the width " + std::to_string(width) +
                             " is negative; expected 0 or more slots a row");
  const int64_t slots = int64_t(m.rows) * width;
  if (slots > max_nonzeros()) {
    char mb[48];
    std::snprintf(mb, sizeof mb, "%.0f MB", double(slots) * 12 / 1e6);
    throw Error(std::string(what) + " of '" + m.name + "': " + std::to_string(m.rows) +
                " rows x width " + std::to_string(width) + " = " + std::to_string(slots) +
                " slots, about " + mb + " with double values; expected at most " +
                std::to_string(max_nonzeros()) +
                " slots (the hybrid format keeps long rows' extra nonzeros in COO)");
  }
  EllMatrix e;
  e.rows = m.rows, e.cols = m.cols, e.width = width;
  e.nnz_per_row.resize(size_t(m.rows));
  e.col.assign(size_t(slots), 0);
  e.val.assign(size_t(slots), 0.0);
  e.padded.assign(size_t(slots), 1);
  for (int32_t r = 0; r < m.rows; ++r) {
    const int32_t begin = m.row_ptr[size_t(r)];
    const int32_t kept = std::min(m.row_length(r), width);
    e.nnz_per_row[size_t(r)] = kept;
    for (int32_t k = 0; k < kept; ++k) {
      const size_t slot = size_t(k) * size_t(m.rows) + size_t(r);  // column-major
      e.col[slot] = m.col[size_t(begin + k)];
      e.val[slot] = m.val[size_t(begin + k)];
      e.padded[slot] = 0;
    }
  }
  return e;
}

EllMatrix to_ell(const CsrMatrix& m) {
  return fill_ell(m, longest_row(m), "ELL");
}

EllMatrix to_ell(const CsrMatrix& m, int32_t width) {
  const int32_t longest = longest_row(m);
  WS_REQUIRE(width >= longest, "ELL width " + std::to_string(width) + ": the longest row of '" +
                                   m.name + "' has " + std::to_string(longest) +
                                   " nonzeros; expected a width of at least that (or the hybrid "
                                   "format, which puts the rest in COO)");
  return fill_ell(m, width, "ELL");
}

}  // namespace ws::spmv
