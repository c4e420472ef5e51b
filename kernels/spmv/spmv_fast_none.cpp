// CPU-only builds: the fast SpMV's device entry points say there is no CUDA backend.
#include <string>

#include "../common/error.h"
#include "spmv_fast.h"

namespace ws::spmv {

namespace {
const char* const kFastSpmvNoCuda =
    "the fast SpMV on cuda: this build has no CUDA backend (configure with WARPSCOPE_CUDA=ON)";
}  // namespace

template <class T>
FastSpmvPlan make_fast_spmv_plan(const CsrView<T>&, DeviceStream) {
  throw Error(kFastSpmvNoCuda);
}

template <class T>
void spmv_fast(const CsrView<T>&, const T*, T*, FastSpmvPlan&, DeviceStream) {
  throw Error(kFastSpmvNoCuda);
}

template <class T>
std::vector<T> spmv_fast_on_device(const CsrMatrix&, const std::vector<T>&) {
  throw Error(kFastSpmvNoCuda);
}

template std::vector<float> spmv_fast_on_device<float>(const CsrMatrix&, const std::vector<float>&);
template std::vector<double> spmv_fast_on_device<double>(const CsrMatrix&,
                                                         const std::vector<double>&);
template FastSpmvPlan make_fast_spmv_plan<float>(const CsrView<float>&, DeviceStream);
template FastSpmvPlan make_fast_spmv_plan<double>(const CsrView<double>&, DeviceStream);
template void spmv_fast<float>(const CsrView<float>&, const float*, float*, FastSpmvPlan&,
                               DeviceStream);
template void spmv_fast<double>(const CsrView<double>&, const double*, double*, FastSpmvPlan&,
                                DeviceStream);

}  // namespace ws::spmv
