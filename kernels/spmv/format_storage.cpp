// Storage of each format (format.h's FormatStorage) from the row lengths alone: O(rows), no
// array built, so an ELL too large to build still gets its numbers.
#include <algorithm>

#include "format_layouts.h"

namespace ws::spmv {

FormatStorage format_storage(const CsrMatrix& m, SparseFormat f, int value_bytes,
                             int32_t hybrid_width) {
  require_value_bytes(value_bytes);
  const int64_t rows = m.rows, nnz = m.nnz(), vb = value_bytes;
  const int32_t longest = longest_row(m);
  FormatStorage s;
  int64_t value_slots = nnz;
  switch (f) {
    case SparseFormat::Coo:
      s.bytes_index = nnz * 8;
      break;
    case SparseFormat::Csr:
      s.bytes_index = (rows + 1) * 4 + nnz * 4;
      break;
    case SparseFormat::Ell:
      value_slots = rows * longest;
      s.bytes_index = value_slots * 4;
      s.padding_slots = value_slots - nnz;
      break;
    case SparseFormat::Hybrid: {
      const int32_t w =
          hybrid_width < 0 ? choose_hybrid_width(row_lengths(m), value_bytes) : hybrid_width;
      int64_t in_ell = 0;
      for (int32_t r = 0; r < m.rows; ++r) in_ell += std::min(m.row_length(r), w);
      const int64_t ell_slots = rows * w, overflow = nnz - in_ell;
      value_slots = ell_slots + overflow;
      s.bytes_index = ell_slots * 4 + overflow * 8;
      s.padding_slots = ell_slots - in_ell;
      break;
    }
    case SparseFormat::Jds:
      s.bytes_index = rows * 4 + (int64_t(longest) + 1) * 4 + nnz * 4;
      break;
  }
  s.bytes_values = value_slots * vb;
  s.bytes_total = s.bytes_index + s.bytes_values;
  s.padding_fraction = value_slots > 0 ? double(s.padding_slots) / double(value_slots) : 0.0;
  const int64_t csr_total = (rows + 1) * 4 + nnz * (4 + vb);
  s.ratio_to_csr = csr_total > 0 ? double(s.bytes_total) / double(csr_total) : 0.0;
  return s;
}

}  // namespace ws::spmv
