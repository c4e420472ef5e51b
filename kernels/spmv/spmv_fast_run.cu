// Variant 7 with host vectors in and out (spmv_fast.h: spmv_fast_on_device): upload, plan, one
// SpMV, copy back.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/device_buffer.cuh"
#include "../common/error.h"
#include "spmv_device_csr.cuh"
#include "spmv_fast.h"

namespace ws::spmv {

template <class T>
std::vector<T> spmv_fast_on_device(const CsrMatrix& a, const std::vector<T>& x) {
  WS_REQUIRE(int64_t(x.size()) == a.cols, "the fast SpMV: x has " + std::to_string(x.size()) +
                                              " entries, the matrix " + std::to_string(a.cols) +
                                              " columns");
  if (!cuda_device_available())
    throw Error("the fast SpMV on cuda: no CUDA device: " + cuda_device_description());
  const DeviceCsr<T> m = upload_csr<T>(a);
  const CsrView<T> view = m.view();
  DeviceBuffer<T> dx(std::max<size_t>(x.size(), 1)), dy(std::max<size_t>(size_t(a.rows), 1));
  if (!x.empty()) dx.upload(x);
  if (a.rows > 0) WS_CUDA_CHECK(cudaMemset(dy.data(), 0xFF, size_t(a.rows) * sizeof(T)));  // NaN
  FastSpmvPlan plan = make_fast_spmv_plan(view, nullptr);
  spmv_fast(view, dx.data(), dy.data(), plan, nullptr);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<T> y = dy.download();
  y.resize(size_t(a.rows));
  return y;
}

template std::vector<float> spmv_fast_on_device<float>(const CsrMatrix&, const std::vector<float>&);
template std::vector<double> spmv_fast_on_device<double>(const CsrMatrix&,
                                                         const std::vector<double>&);

}  // namespace ws::spmv
