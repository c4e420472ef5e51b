#include <algorithm>
#include <cstdio>
#include <functional>

#include "formats_run.h"
#include "i18n/i18n.h"
#include "scenes/spmv/spmv_matrix_source.h"

namespace ws::app {

namespace {

// bytes(w) = rows w (4 + vb) + overflow(w) (8 + vb), overflow(w) = sum of max(0, length - w),
// for every w in 0..the longest row, from the count of rows of each length: O(rows + longest).
std::vector<int64_t> hybrid_bytes_per_width(const std::vector<int32_t>& lengths, int vb) {
  const int32_t longest = lengths.empty() ? 0 : *std::max_element(lengths.begin(), lengths.end());
  std::vector<int64_t> rows_of_length(size_t(longest) + 2, 0);
  int64_t overflow = 0;
  for (int32_t len : lengths) {
    ++rows_of_length[size_t(len)];
    overflow += len;
  }
  std::vector<int64_t> bytes(size_t(longest) + 1);
  int64_t longer = int64_t(lengths.size()) - rows_of_length[0];  // rows longer than w
  for (int32_t w = 0; w <= longest; ++w) {
    bytes[size_t(w)] = int64_t(lengths.size()) * w * (4 + vb) + overflow * (8 + vb);
    overflow -= longer;  // each row longer than w has one overflow entry fewer at w + 1
    longer -= rows_of_length[size_t(w) + 1];
  }
  return bytes;
}

std::string ratio_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", v);
  return text;
}

}  // namespace

FormatsFacts formats_facts(const SpmvSettings& s) {
  FormatsFacts f;
  f.matrix = s.loaded;
  f.label = matrix_label(s);
  f.precision = s.precision;
  f.shown = s.format;
  if (!f.matrix) return f;
  const spmv::CsrMatrix& m = *f.matrix;
  const int vb = spmv::value_bytes(s.precision);
  std::vector<int32_t> lengths = spmv::row_lengths(m);
  f.ell_width = lengths.empty() ? 0 : *std::max_element(lengths.begin(), lengths.end());
  f.width_chosen = s.ell_width < 0;
  f.hybrid_width = f.width_chosen ? spmv::choose_hybrid_width(lengths, vb) : s.ell_width;
  for (int i = 0; i < kFormatCount; ++i) {
    const auto format = spmv::SparseFormat(i);
    f.storage32[size_t(i)] = spmv::format_storage(m, format, 4, s.ell_width);
    f.storage64[size_t(i)] = spmv::format_storage(m, format, 8, s.ell_width);
  }
  f.hybrid_bytes = hybrid_bytes_per_width(lengths, vb);
  f.cells = m.rows <= kSpmvCellsMaxSide && m.cols <= kSpmvCellsMaxSide &&
            m.nnz() <= kFormatCellsMaxNonzeros &&
            int64_t(m.rows) * f.ell_width <= kFormatCellsMaxSlots;
  if (f.cells) {
    f.coo = spmv::to_coo(m);
    f.ell = spmv::to_ell(m);
    f.hybrid = spmv::to_hybrid(m, f.hybrid_width, vb);
    f.jds = spmv::to_jds(m);
  }
  std::sort(lengths.begin(), lengths.end(), std::greater<>());
  f.lengths_sorted = std::move(lengths);
  return f;
}

std::vector<std::string> formats_lecture_variants(const SpmvSettings&) {
  return {"coo", "csr", "ell", "hybrid", "jds"};
}

std::string format_explanation(const FormatsFacts& f) {
  switch (f.shown) {
    case spmv::SparseFormat::Coo:
      return tr(
          "COO stores a (row, column, value) triple per nonzero: any order will do, one "
          "thread per nonzero, but threads of the same row must add into y atomically.");
    case spmv::SparseFormat::Csr:
      return tr(
          "CSR keeps the column indices and values row after row; row_ptr[r] is where row r "
          "starts, so a thread per row walks row_ptr[r]..row_ptr[r+1].");
    case spmv::SparseFormat::Ell:
      return tr(
          "ELL pads every row to the longest and stores the slots column by column: thread "
          "r's k-th load sits next to thread r+1's (coalesced), at the price of padding.");
    case spmv::SparseFormat::Hybrid:
      return tr(
          "Hybrid keeps the first W nonzeros of every row in ELL and the rest of the long "
          "rows in COO: W is the width where the bytes of both are fewest.");
    case spmv::SparseFormat::Jds:
      return tr(
          "JDS sorts the rows by length (perm) and stores element t of every row together "
          "(jagged diagonal t): neighbouring threads have similar lengths and no padding.");
  }
  return "";
}

std::string formats_caption(const FormatsFacts& f) {
  const auto i = size_t(f.shown);
  const spmv::FormatStorage& s =
      f.precision == ValueType::Float64 ? f.storage64[i] : f.storage32[i];
  std::string text = format_explanation(f) + " ";
  text += trf("{0}: {1} bytes, {2}x CSR's", tr_text(spmv::sparse_format_title(f.shown)),
              s.bytes_total, ratio_text(s.ratio_to_csr));
  if (f.shown == spmv::SparseFormat::Ell || f.shown == spmv::SparseFormat::Hybrid)
    text += trf("; {0} padding slots ({1}% of the slots)", s.padding_slots,
                int(s.padding_fraction * 100 + 0.5));
  return text + ".";
}

}  // namespace ws::app
