// The merge-path coordinate search of the fast SpMV (spmv_fast.h), shared by the kernels
// (spmv_fast.cuh), the host twin and the plan: list A = the row ends row_end(i) (row_ptr[i + 1],
// i = 0..rows-1), list B = the nonzero indices first, first + 1, ...; nonzero j comes before row
// end i when j < row_end(i). The coordinate of diagonal d is the number i of row ends among the
// first d items (the nonzeros among them: d - i).   [log2(min(d, rows)) steps]
#pragma once

#include <cstdint>

#include "../common/host_device.h"

namespace ws::spmv {

// row_end: row_end[i] is row i's end (a pointer to row_ptr + 1, or to a shared copy), a_len row
// ends, b_len nonzeros numbered from `first`; 0 <= d <= a_len + b_len.
template <class RowEnds>
WS_HD int32_t merge_path_rows(const RowEnds& row_end, int32_t a_len, int32_t first, int32_t b_len,
                              int64_t d) {
  int64_t lo = d > b_len ? d - b_len : 0;
  int64_t hi = d < a_len ? d : a_len;
  while (lo < hi) {
    const int64_t pivot = (lo + hi) / 2;
    if (int64_t(row_end[pivot]) <= int64_t(first) + d - pivot - 1)
      lo = pivot + 1;  // row end `pivot` comes before the nonzero at this diagonal
    else
      hi = pivot;
  }
  return int32_t(lo);
}

}  // namespace ws::spmv
