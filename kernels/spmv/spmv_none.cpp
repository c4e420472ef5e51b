// CPU-only builds: the SpMV kernels' CUDA side (traced teach runs, uploads, full-size launches)
// is not there; each entry says so.
#include <vector>

#include "../common/error.h"
#include "spmv.h"
#include "spmv_teach_cpu.h"

namespace ws::spmv {

namespace {
const char* const kNoCudaSpmv = "this build has no CUDA backend: SpMV runs on the CPU";
}  // namespace

void teach_spmv_cuda(SpmvTwin&) {
  throw Error(kNoCudaSpmv);
}

template <class T>
DeviceMatrix<T> upload(SpmvVariant, const CsrMatrix&, int) {
  throw Error(kNoCudaSpmv);
}

template <class T>
void spmv_device(const DeviceMatrix<T>&, const T*, T*, void*) {
  throw Error(kNoCudaSpmv);
}

template <class T>
std::vector<T> spmv_on_device(SpmvVariant, const CsrMatrix&, const std::vector<T>&, int) {
  throw Error(kNoCudaSpmv);
}

template DeviceMatrix<float> upload<float>(SpmvVariant, const CsrMatrix&, int);
template DeviceMatrix<double> upload<double>(SpmvVariant, const CsrMatrix&, int);
template void spmv_device<float>(const DeviceMatrix<float>&, const float*, float*, void*);
template void spmv_device<double>(const DeviceMatrix<double>&, const double*, double*, void*);
template std::vector<float> spmv_on_device<float>(SpmvVariant, const CsrMatrix&,
                                                  const std::vector<float>&, int);
template std::vector<double> spmv_on_device<double>(SpmvVariant, const CsrMatrix&,
                                                    const std::vector<double>&, int);

}  // namespace ws::spmv
