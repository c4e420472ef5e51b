// Hybrid ELL + COO (14.5) from CSR (format.h): the width that costs the fewest bytes, then the
// first `width` nonzeros of each row in ELL and the rest in COO. O(rows + max length) to choose,
// O(rows * width + nnz) to build.
#include <algorithm>
#include <string>

#include "../common/error.h"
#include "format_layouts.h"

namespace ws::spmv {

int32_t choose_hybrid_width(const std::vector<int32_t>& row_lengths, int value_bytes) {
  require_value_bytes(value_bytes);
  int32_t longest = 0;
  int64_t overflow = 0;  // overflow(0): every nonzero in COO
  for (int32_t len : row_lengths) {
    WS_REQUIRE(len >= 0, "choose_hybrid_width: a negative row length " + std::to_string(len));
    longest = std::max(longest, len);
    overflow += len;
  }
  // longer[w]: rows longer than w; overflow(w + 1) = overflow(w) - longer[w].
  std::vector<int64_t> longer(size_t(longest) + 1, 0);
  for (int32_t len : row_lengths)
    if (len > 0) ++longer[size_t(len) - 1];
  for (int32_t w = longest - 1; w > 0; --w) longer[size_t(w) - 1] += longer[size_t(w)];
  const int64_t rows = int64_t(row_lengths.size());
  const int64_t slot_bytes = 4 + value_bytes, triple_bytes = 8 + value_bytes;
  int32_t best = 0;
  int64_t best_bytes = overflow * triple_bytes;
  for (int32_t w = 1; w <= longest; ++w) {
    overflow -= longer[size_t(w) - 1];
    const int64_t ell_bytes = rows * w * slot_bytes;
    if (ell_bytes > best_bytes) break;  // only grows from here
    const int64_t bytes = ell_bytes + overflow * triple_bytes;
    if (bytes < best_bytes) best = w, best_bytes = bytes;  // ties keep the smaller width
  }
  return best;
}

HybridMatrix to_hybrid(const CsrMatrix& m, int32_t width, int value_bytes) {
  require_value_bytes(value_bytes);
  HybridMatrix h;
  h.width = width < 0 ? choose_hybrid_width(row_lengths(m), value_bytes) : width;
  h.ell = fill_ell(m, h.width, "hybrid ELL part");
  h.coo.rows = m.rows, h.coo.cols = m.cols;
  int64_t overflow = 0;
  for (int32_t r = 0; r < m.rows; ++r) overflow += std::max(0, m.row_length(r) - h.width);
  h.coo.row.reserve(size_t(overflow));
  h.coo.col.reserve(size_t(overflow));
  h.coo.val.reserve(size_t(overflow));
  for (int32_t r = 0; r < m.rows; ++r)
    for (int32_t k = m.row_ptr[size_t(r)] + h.width; k < m.row_ptr[size_t(r) + 1]; ++k) {
      h.coo.row.push_back(r);
      h.coo.col.push_back(m.col[size_t(k)]);
      h.coo.val.push_back(m.val[size_t(k)]);
    }
  return h;
}

}  // namespace ws::spmv
