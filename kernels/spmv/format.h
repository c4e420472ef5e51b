// The book's sparse layouts (PMPP 4th ed. chapter 14), built from a CsrMatrix with the exact
// arrays the chapter draws, and what each costs in bytes. CUDA-free; CPU code only (format_*.cpp).
// Every build is O(rows + nnz (+ rows * width for ELL)) with no per-row allocation.
//
// The book's example (14.1), rows "1 7 0 0; 5 0 3 9; 0 2 8 0; 0 0 0 6", row lengths 2 3 2 1:
//   CSR     row_ptr [0 2 5 7 8]  col [0 1 0 2 3 1 2 3]  val [1 7 5 3 9 2 8 6]            (14.3)
//   COO     row [0 0 1 1 1 2 2 3] col [0 1 0 2 3 1 2 3] val [1 7 5 3 9 2 8 6]            (14.2)
//   ELL     width 3, column-major (slot k of row r at k * rows + r; * = padding):        (14.4)
//           col [0 0 1 3 | 1 2 2 * | * 3 * *]  val [1 5 2 6 | 7 3 8 * | * 9 * *]
//   hybrid  width 2 (the book's, and choose_hybrid_width's for float32: 76 bytes against 80 at
//           width 1; for float64 widths 1 and 2 tie at 112 bytes and the smaller, 1, is taken):
//           ELL col [0 0 1 3 | 1 2 2 *], COO holds row 1's third entry (1, 3, 9)             (14.5)
//   JDS     perm [1 0 2 3], iter_ptr [0 4 7 8]                                             (14.6)
//           col [0 0 1 3 | 2 1 2 | 3]  val [5 1 2 6 | 3 7 8 | 9]
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "matrix.h"

namespace ws::spmv {

enum class SparseFormat : uint8_t { Coo = 0, Csr = 1, Ell = 2, Hybrid = 3, Jds = 4 };
const char* sparse_format_id(SparseFormat f);     // "coo", "csr", "ell", "hybrid", "jds"
const char* sparse_format_title(SparseFormat f);  // "COO (14.2)", ... "JDS (14.6)"
// Accepts the ids; throws ws::Error naming `option` and the ids.
SparseFormat parse_sparse_format(const std::string& text, std::string_view option = "--format");

// ---- COO (14.2): one (row, col, val) triple per nonzero, in row-major order (rows ascending,
// columns ascending within a row), as the book draws it; any order would do for SpMV.
struct CooMatrix {
  int32_t rows = 0, cols = 0;
  std::vector<int32_t> row, col;
  std::vector<double> val;
  int64_t nnz() const { return int64_t(col.size()); }
};
CooMatrix to_coo(const CsrMatrix& m);

// ---- ELL (14.4): every row padded to `width` slots (the longest row, unless given), stored
// column-major so that thread r's k-th load is next to thread r+1's: slot k of row r is at
// k * rows + r. Row r's nonzeros fill its first row_length(r) slots in column order; the rest
// are padding with col 0 and val 0. The 3rd edition's kernel loops over all `width` slots and
// reads the padding: it adds 0 * x[0] (harmless for a finite x[0]; a NaN or inf there would
// poison every padded row). The 4th edition's kernel loops to nnz_per_row[r] and never reads
// the padding, which still costs memory (and bandwidth when copied).
struct EllMatrix {
  int32_t rows = 0, cols = 0, width = 0;
  std::vector<int32_t> nnz_per_row;  // rows entries (the 4th edition's nnzPerRow)
  std::vector<int32_t> col;          // rows * width, column-major
  std::vector<double> val;           // rows * width, column-major
  std::vector<uint8_t> padded;       // rows * width: 1 for a padding slot
  int64_t slots() const { return int64_t(rows) * width; }
};
// Throws ws::Error when rows * width passes max_nonzeros() (a power-law matrix's longest row):
// the message gives the slots and MB, and suggests the hybrid format.
EllMatrix to_ell(const CsrMatrix& m);
// A wider ELL (more padding): width >= the longest row, else ws::Error (to_hybrid puts what does
// not fit in COO).
EllMatrix to_ell(const CsrMatrix& m, int32_t width);

// ---- Hybrid ELL + COO (14.5): the first `width` nonzeros of each row in ELL, the rest of
// longer rows in COO (row-major). width = choose_hybrid_width unless the scene's --ell-width
// gives one (any width >= 0; 0 is all COO, the longest row all ELL).
struct HybridMatrix {
  EllMatrix ell;
  CooMatrix coo;
  int32_t width = 0;
};
// The width that minimises the hybrid's bytes, ELL slots (padding included) plus COO triples:
//   bytes(w) = rows * w * (4 + value_bytes) + overflow(w) * (8 + value_bytes),
//   overflow(w) = sum over rows of max(0, length - w),
// for w in 0..max length; ties go to the smaller width. (ELL's index bytes are its col slots;
// COO's are its row and col.) value_bytes is 4 (float32) or 8 (float64). O(rows + max length).
int32_t choose_hybrid_width(const std::vector<int32_t>& row_lengths, int value_bytes);
// width < 0: choose_hybrid_width(row_lengths(m), value_bytes).
HybridMatrix to_hybrid(const CsrMatrix& m, int32_t width, int value_bytes);

// ---- JDS (14.6): rows sorted by length, longest first (a stable sort: equal lengths keep
// their order), then stored one jagged diagonal at a time: diagonal t holds element t of every
// sorted row that has one, so a warp's threads (consecutive sorted rows) read consecutive
// addresses. iter_ptr[t] is where diagonal t starts in col / val (the 3rd edition calls it
// jds_t_col_ptr); there are max-length diagonals, iter_ptr has one more entry (= nnz).
// Sorted row i is original row perm[i]: its result goes to y[perm[i]].
struct JdsMatrix {
  int32_t rows = 0, cols = 0;
  std::vector<int32_t> perm;        // rows entries: sorted position -> original row
  std::vector<int32_t> row_length;  // rows entries: the length of sorted row i (non-increasing)
  std::vector<int32_t> iter_ptr;    // diagonals + 1 entries, iter_ptr[0] == 0
  std::vector<int32_t> col;         // nnz, diagonal by diagonal
  std::vector<double> val;          // nnz
  int32_t diagonals() const { return int32_t(iter_ptr.size()) - 1; }
};
JdsMatrix to_jds(const CsrMatrix& m);

// ---- Storage in bytes (indices int32; values value_bytes = 4 or 8):
//   COO     nnz * (4 + 4)                                 + nnz * vb
//   CSR     (rows + 1) * 4 + nnz * 4                      + nnz * vb
//   ELL     rows * width * 4 (col slots)                  + rows * width * vb
//           (the 4th edition's nnz_per_row, rows * 4 more, is not counted: the 3rd edition's
//           kernel needs none)
//   hybrid  its ELL + its COO
//   JDS     rows * 4 (perm) + (diagonals + 1) * 4 + nnz * 4 + nnz * vb
struct FormatStorage {
  int64_t bytes_index = 0, bytes_values = 0, bytes_total = 0;
  int64_t padding_slots = 0;    // ELL and hybrid: slots holding no nonzero
  double padding_fraction = 0;  // padding slots / all value slots (0 when there are none)
  double ratio_to_csr = 0;      // bytes_total / CSR's bytes_total (0 for an empty CSR)
};
// From the row lengths alone (O(rows)): no array is built, so it also answers for an ELL too
// large to build. hybrid_width < 0: choose_hybrid_width. ELL's width is the longest row.
FormatStorage format_storage(const CsrMatrix& m, SparseFormat f, int value_bytes,
                             int32_t hybrid_width = -1);

}  // namespace ws::spmv
