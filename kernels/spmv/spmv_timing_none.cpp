// CPU-only builds: the SpMV timings check their arguments and say there is no CUDA backend
// (available false).
#include <string>

#include "../common/error.h"
#include "spmv.h"
#include "spmv_timing_check.h"

namespace ws::spmv {

namespace {
const char* const kSpmvTimingNoCuda =
    "this build has no CUDA backend (configure with WARPSCOPE_CUDA=ON)";
}  // namespace

SpmvTiming time_spmv(int variant, ValueType value, const CsrMatrix& a, int) {
  WS_REQUIRE(variant >= 1 && variant <= 7,
             "time_spmv: variant " + std::to_string(variant) + " (accepted: 1..7)");
  spmv_value_name(value);
  SpmvTiming t;
  t.name = spmv_info(SpmvVariant(variant)).title;
  t.note = kSpmvTimingNoCuda;
  t.bytes = spmv_bytes(a.rows, a.cols, a.nnz(), value);
  return t;
}

SpmvTiming time_cusparse(CusparseAlg alg, ValueType value, const CsrMatrix& a, int) {
  spmv_value_name(value);
  SpmvTiming t;
  t.name = cusparse_alg_name(alg);
  t.note = kSpmvTimingNoCuda;
  t.bytes = spmv_bytes(a.rows, a.cols, a.nnz(), value);
  return t;
}

}  // namespace ws::spmv
