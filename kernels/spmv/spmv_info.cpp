// The SpMV variants' table (spmv.h): ids, titles, sources, book sections, lessons, and where a
// kernel departs from the book's figure.
#include <string>
#include <vector>

#include "../common/error.h"
#include "../common/variant_table.h"
#include "spmv.h"

namespace ws::spmv {

const std::vector<SpmvInfo>& spmv_infos() {
  static const std::vector<SpmvInfo> infos = {
      {SpmvVariant::Coo, "coo", "COO: one thread per nonzero, atomicAdd into y",
       "spmv_teach_body.h", "PMPP 14.2",
       "Every thread does the same work, so the load is perfectly balanced, but threads of one row "
       "collide on y[row]: the atomics serialize.",
       ""},
      {SpmvVariant::Csr, "csr", "CSR: one thread per row", "spmv_teach_body.h", "PMPP 14.3",
       "A thread per row needs no atomics, but a warp waits for its longest row (divergence) and "
       "neighbouring lanes read far-apart col and val entries (uncoalesced).",
       "The book adds the row's sum into y (y[row] += sum, y = y + A x); here y starts unwritten "
       "and the kernel writes y[row] = sum (y = A x): one store, no read of y."},
      {SpmvVariant::Ell, "ell", "ELL: one thread per row, padded column-major arrays",
       "spmv_teach_body.h", "PMPP 14.4",
       "Padding every row to the longest and storing the arrays column-major makes a warp's loads "
       "coalesced and its threads take the same number of steps, at the price of multiplying "
       "padding zeros.",
       "The 4th edition's kernel keeps nnzPerRow and stops at each row's length; the 3rd edition's "
       "(the one drawn here) runs every row over all W slots and multiplies the padding (col 0, "
       "val 0): no divergence, more traffic. y[row] = sum as in csr."},
      {SpmvVariant::Hybrid, "hybrid", "Hybrid ELL + COO", "spmv_teach_body.h", "PMPP 14.5",
       "A few long rows would pad every row of an ELL matrix; cutting the ELL width where the row "
       "lengths thin out and sending the rest to COO keeps the padding small.",
       "The book hands the COO part to the host (or a second kernel) after the ELL kernel; here "
       "the COO part is a second kernel on the device, one thread per leftover nonzero."},
      {SpmvVariant::Jds, "jds", "JDS: sorted rows over jagged diagonals", "spmv_teach_body.h",
       "PMPP 14.6",
       "Sorting rows by length puts rows of similar length in the same warp: little divergence "
       "and no padding, with coalesced loads along each jagged diagonal.",
       "The book describes the layout (jds_row_perm, jds_t_col_ptr) and leaves the kernel as an "
       "exercise: here thread i walks the diagonals while i is inside them, then writes "
       "y[perm[i]]."},
      {SpmvVariant::CsrVector, "csr-vector", "CSR vector: a warp per row, shuffle reduction",
       "spmv_teach_body.h", "Bell & Garland 2009 (not in PMPP 14)",
       "Giving each row a whole warp makes the loads of a row coalesced and shares a long row's "
       "work among 32 lanes; short rows leave most lanes idle.",
       ""},
      {SpmvVariant::Fast, "fast", "Merge-path CSR: equal shares of rows + nonzeros",
       "spmv_fast.cuh", "Merrill & Garland 2016 (beyond PMPP 14)",
       "Splitting the merged list of row ends and nonzeros into equal shares balances the load "
       "whatever the row lengths (the co-rank of PMPP 12 applied to SpMV); its teach view shows "
       "the partition it computes.",
       ""},
  };
  return infos;
}

const SpmvInfo& spmv_info(SpmvVariant v) {
  return find_variant_info(spmv_infos(), v, "SpMV");
}

SpmvVariant parse_spmv_variant(const std::string& text, const char* option) {
  SpmvVariant v{};
  if (parse_variant_text(spmv_infos(), text, v)) return v;
  throw Error(std::string(option) + ": unknown SpMV variant '" + text +
              "' (accepted: " + variant_id_list(spmv_infos()) + " or 1.." +
              std::to_string(spmv_infos().size()) + ")");
}

bool uses_atomics(SpmvVariant v) {
  return v == SpmvVariant::Coo || v == SpmvVariant::Hybrid;
}

ValueType parse_spmv_value_type(const std::string& text, const char* option) {
  if (text == "float32" || text == "f32" || text == "float") return ValueType::Float32;
  if (text == "float64" || text == "f64" || text == "double") return ValueType::Float64;
  throw Error(std::string(option) + ": unknown value type '" + text +
              "' (accepted: float32, f32, float, float64, f64, double)");
}

}  // namespace ws::spmv
