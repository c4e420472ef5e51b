// JDS (14.6) from CSR (format.h): a stable counting sort of the rows by length, longest first,
// then the jagged diagonals one after another. O(rows + max length + nnz).
#include "format_layouts.h"

namespace ws::spmv {

JdsMatrix to_jds(const CsrMatrix& m) {
  JdsMatrix j;
  j.rows = m.rows, j.cols = m.cols;
  const int32_t longest = longest_row(m);
  // longer[t]: rows longer than t = the rows that reach jagged diagonal t.
  std::vector<int32_t> longer(size_t(longest) + 1, 0);
  std::vector<int32_t> start(size_t(longest) + 2, 0);  // first sorted position of each length
  for (int32_t r = 0; r < m.rows; ++r) ++start[size_t(m.row_length(r))];
  // Longest first: lengths longest, longest - 1, ..., 0 take consecutive ranges.
  int32_t position = 0;
  for (int32_t len = longest; len >= 0; --len) {
    const int32_t count = start[size_t(len)];
    start[size_t(len)] = position;
    position += count;
    if (len > 0) longer[size_t(len) - 1] = position;
  }
  j.perm.resize(size_t(m.rows));
  j.row_length.resize(size_t(m.rows));
  for (int32_t r = 0; r < m.rows; ++r) {
    const int32_t i = start[size_t(m.row_length(r))]++;
    j.perm[size_t(i)] = r;
    j.row_length[size_t(i)] = m.row_length(r);
  }
  j.iter_ptr.assign(size_t(longest) + 1, 0);
  for (int32_t t = 0; t < longest; ++t)
    j.iter_ptr[size_t(t) + 1] = j.iter_ptr[size_t(t)] + longer[size_t(t)];
  j.col.resize(size_t(m.nnz()));
  j.val.resize(size_t(m.nnz()));
  for (int32_t t = 0; t < longest; ++t)
    for (int32_t i = 0; i < longer[size_t(t)]; ++i) {
      const size_t from = size_t(m.row_ptr[size_t(j.perm[size_t(i)])]) + size_t(t);
      const size_t to = size_t(j.iter_ptr[size_t(t)]) + size_t(i);
      j.col[to] = m.col[from];
      j.val[to] = m.val[from];
    }
  return j;
}

}  // namespace ws::spmv
