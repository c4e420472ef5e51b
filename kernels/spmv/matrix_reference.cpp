// The dense reference (matrix.h): y = A x with each row summed in long double and rounded once
// to double, the value every variant's result is checked against. Work O(rows + nnz).
#include <string>

#include "../common/error.h"
#include "matrix.h"

namespace ws::spmv {

std::vector<double> dense_reference(const CsrMatrix& m, const std::vector<double>& x) {
  WS_REQUIRE(int64_t(x.size()) == m.cols, "dense_reference: x has " + std::to_string(x.size()) +
                                              " entries; expected " + std::to_string(m.cols) +
                                              ", one per column of the matrix");
  std::vector<double> y(size_t(m.rows), 0.0);
  for (int32_t r = 0; r < m.rows; ++r) {
    long double sum = 0;
    for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k)
      sum += static_cast<long double>(m.val[size_t(k)]) *
             static_cast<long double>(x[size_t(m.col[size_t(k)])]);
    y[size_t(r)] = double(sum);
  }
  return y;
}

}  // namespace ws::spmv
