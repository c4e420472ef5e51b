// Full-size SpMV on the CPU (spmv.h's spmv_cpu): each variant's layout and its kernel's threads
// run one after another with nothing recorded (spmv_twin_run.h), so every row is summed in its
// kernel thread's order: y is the CUDA kernel's bit for bit (coo and hybrid: up to the order of
// the atomics). One core; the CPU backend's fast mode and the GPU tests' twin.
#include <limits>
#include <string>

#include "../common/error.h"
#include "spmv_twin_run.h"

namespace ws::spmv {

template <class T>
std::vector<T> spmv_cpu(SpmvVariant variant, const CsrMatrix& matrix, const std::vector<T>& x,
                        int hybrid_width) {
  WS_REQUIRE(variant != SpmvVariant::Fast, "spmv_cpu: variant fast is spmv_fast.h's");
  spmv_info(variant);
  WS_REQUIRE(int64_t(x.size()) == matrix.cols, "spmv_cpu: x has " + std::to_string(x.size()) +
                                                   " values for " + std::to_string(matrix.cols) +
                                                   " columns");
  const std::vector<double> xd(x.begin(), x.end());
  const T unwritten = std::numeric_limits<T>::quiet_NaN();
  HostLayout<T> main, coo;
  switch (variant) {
    case SpmvVariant::Coo:
      main = coo_layout<T>(to_coo(matrix), xd, T(0));
      break;
    case SpmvVariant::Ell:
      main = ell_layout<T>(to_ell(matrix), xd, unwritten);
      break;
    case SpmvVariant::Hybrid: {
      const HybridMatrix h = to_hybrid(matrix, hybrid_width, int(sizeof(T)));
      main = ell_layout<T>(h.ell, xd, unwritten);
      coo = coo_layout<T>(h.coo, xd, unwritten);
      break;
    }
    case SpmvVariant::Jds:
      main = jds_layout<T>(to_jds(matrix), xd, unwritten);
      break;
    default:
      main = csr_layout<T>(matrix, xd, unwritten);
      break;
  }
  HostNoTrace rec;
  twin_launches(variant, main, &coo, kSpmvDeviceBlockDim, rec, nullptr, nullptr);
  return std::move(main.y);
}

template std::vector<float> spmv_cpu<float>(SpmvVariant, const CsrMatrix&,
                                            const std::vector<float>&, int);
template std::vector<double> spmv_cpu<double>(SpmvVariant, const CsrMatrix&,
                                              const std::vector<double>&, int);

}  // namespace ws::spmv
