// The SpMV timings' host side (spmv_timing_check.h): effective bytes, rates, and the check of a
// timed y against the long-double reference within the bound of its summation order.
#include "spmv_timing_check.h"

#include <cmath>
#include <string>

#include "../common/device_services.h"
#include "../common/error.h"
#include "matrix.h"

namespace ws::spmv {

const char* cusparse_alg_name(CusparseAlg alg) {
  return alg == CusparseAlg::CsrAlg2 ? "cuSPARSE cusparseSpMV (CSR, CUSPARSE_SPMV_CSR_ALG2)"
                                     : "cuSPARSE cusparseSpMV (CSR, CUSPARSE_SPMV_ALG_DEFAULT)";
}

const char* spmv_value_name(ValueType value) {
  if (value == ValueType::Float32) return "float32";
  if (value == ValueType::Float64) return "float64";
  throw Error("the SpMV timings take float32 or float64 values");
}

int64_t spmv_bytes(int64_t rows, int64_t cols, int64_t nnz, ValueType value) {
  const int64_t vb = value == ValueType::Float64 ? 8 : 4;
  return (rows + 1) * 4 + nnz * (4 + vb) + cols * vb + rows * vb;
}

int64_t rounding_steps(int64_t len, int items) {
  if (items <= 0) return len + 64;
  return 3 + len + 2 * (len / items + 2);
}

SpmvCheck check_spmv_result(const CsrMatrix& a, const std::vector<double>& x,
                            const std::vector<double>& ref, const std::vector<double>& y,
                            double eps, int items) {
  SpmvCheck check;
  WS_REQUIRE(int64_t(y.size()) == a.rows && int64_t(ref.size()) == a.rows,
             std::string("check_spmv_result: y and the reference need one entry a row"));
  for (int32_t r = 0; r < a.rows; ++r) {
    double magnitude = 0;
    for (int32_t k = a.row_ptr[size_t(r)]; k < a.row_ptr[size_t(r) + 1]; ++k)
      magnitude += std::fabs(a.val[size_t(k)] * x[size_t(a.col[size_t(k)])]);
    const double unit = eps * magnitude * (1 + 1e-6);
    const double error = std::fabs(y[size_t(r)] - ref[size_t(r)]);
    const double steps = double(rounding_steps(a.row_length(r), items) + 1);
    const bool ok = error <= steps * unit + 1e-300 && !std::isnan(y[size_t(r)]);
    const double relative = unit > 0 ? error / unit : (error > 0 ? HUGE_VAL : 0.0);
    if (!ok && check.ok)
      check.worst_row = r;  // the first row past the bound
    else if (check.ok && relative > check.max_error)
      check.worst_row = r;  // no row past it yet: the closest one
    check.max_error = std::isnan(relative) ? HUGE_VAL : std::fmax(check.max_error, relative);
    check.ok = check.ok && ok;
  }
  return check;
}

void fill_spmv_rates(SpmvTiming& t, const CsrMatrix& a, ValueType value) {
  t.bytes = spmv_bytes(a.rows, a.cols, a.nnz(), value);
  if (t.ms <= 0) return;
  t.gflops = 2.0 * double(a.nnz()) / (t.ms * 1e6);
  t.gbps = double(t.bytes) / (t.ms * 1e6);
  t.copy_gbps = copy_bandwidth_gbps_for(Backend::Cuda, t.bytes);
  t.copy_percent = t.copy_gbps > 0 ? 100.0 * t.gbps / t.copy_gbps : 0.0;
}

std::vector<double> timing_x(const CsrMatrix& a) {
  return make_x(XKind::Random, a.cols, kFastSpmvSeed);
}

}  // namespace ws::spmv
