#include <cstdio>

#include "i18n/i18n.h"
#include "matrix_run.h"
#include "scenes/spmv/spmv_matrix_source.h"

namespace ws::app {

namespace {

std::string one_decimal(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

}  // namespace

MatrixFacts matrix_facts(const SpmvSettings& s) {
  MatrixFacts f;
  f.matrix = s.loaded;
  f.x = s.x;
  f.label = matrix_label(s);
  f.precision = s.precision;
  if (!f.matrix) return f;
  f.stats = spmv::row_stats(*f.matrix);
  f.image = spmv::sparsity_image(*f.matrix, kSparsityMaxBins, kSparsityMaxBins);
  if (f.small()) f.y = spmv::dense_reference(*f.matrix, *f.x);
  return f;
}

std::string row_stats_text(const spmv::CsrMatrix& m, const spmv::RowStats& s) {
  return trf(
      "{0} rows, {1} nonzeros; row lengths {2}..{3}, mean {4}, standard deviation {5}; {6} "
      "empty rows",
      m.rows, m.nnz(), s.min, s.max, one_decimal(s.mean), one_decimal(s.stddev), s.empty_rows);
}

std::string matrix_caption(const MatrixFacts& f) {
  const spmv::RowStats& s = f.stats;
  std::string text = row_stats_text(*f.matrix, s) + ". ";
  if (s.max > 0 && s.max > 4 * s.mean)
    text +=
        tr("The longest row is far above the mean: ELL would pad every row to it, a thread "
           "per row would wait for it; hybrid or JDS suit this matrix.");
  else
    text +=
        tr("The rows are of similar length: ELL pads little, and one thread per row keeps a "
           "warp's threads equally busy.");
  return text;
}

}  // namespace ws::app
