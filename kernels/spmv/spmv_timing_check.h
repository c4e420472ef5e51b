// What the SpMV timings share on the host (spmv_timing.cu, cusparse.cu and their CPU-only
// stand-ins): the effective bytes, and the check of a timed y against dense_reference within the
// bound its summation order gives (spmv_fast.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spmv_fast.h"

namespace ws::spmv {

// Rounding steps a row of `len` nonzeros may take: the products (the value and x rounded to
// the value type, then the multiply: 3), the row's additions (len), and the folds of its pieces
// across threads and tiles of `items` items (2 (len / items + 2)); `items` 0: an unknown order
// (cuSPARSE), len + 64. The reference's own rounding adds 1.
int64_t rounding_steps(int64_t len, int items);

struct SpmvCheck {
  bool ok = true;
  double max_error = 0;  // max over rows of |y - ref| / (eps sum |a x|), 0 for exact rows
  int32_t worst_row = -1;
};
// y (the device result, widened to double) against ref = dense_reference(a, x), row by row:
// |y_r - ref_r| <= rounding_steps(len_r, items) eps sum_j |a_rj x_j| (+ the smallest normal, so
// a row of zeros passes); NaN fails. eps: 2^-24 (float) or 2^-53 (double).
SpmvCheck check_spmv_result(const CsrMatrix& a, const std::vector<double>& x,
                            const std::vector<double>& ref, const std::vector<double>& y,
                            double eps, int items);

// Fills ms-derived fields (gflops, gbps, copy_gbps, copy_percent, bytes) of a timing.
void fill_spmv_rates(SpmvTiming& t, const CsrMatrix& a, ValueType value);

// The value type's name for messages; throws ws::Error for one the timings do not take.
const char* spmv_value_name(ValueType value);

// The timings' x: make_x(Random, cols, kFastSpmvSeed).
std::vector<double> timing_x(const CsrMatrix& a);

}  // namespace ws::spmv
