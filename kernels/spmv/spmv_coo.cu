// Variant 1, COO (PMPP 14.2): one thread per nonzero, atomicAdd(&y[row], x[col] * value).
//   work nnz multiply-adds, 1 step; every thread the same work (perfect balance), but the
//   threads of one row serialize on y[row]: a row of length L costs L atomics on one address.
// The per-thread code is spmv_teach_body.h's coo_thread (the code panel shows it); y must be
// zero before the launch (spmv_device clears it).
#include <cuda_runtime.h>

#include "../common/cuda_check.cuh"
#include "spmv_cuda.cuh"

namespace ws::spmv::scuda {

namespace {

// @variant coo
template <class T, class Rec>
__global__ void spmv_coo_kernel(body::Arrays<T> a, Rec rec) {
  const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= a.nnz) return;
  int row = 0;
  const T product = body::coo_thread(a, i, int(blockDim.x), rec, &row);  // @coo-atomic
  atomicAdd(&a.y[row], product);
}
// @end

}  // namespace

template <class T>
void launch_coo(const body::Arrays<T>& a, cudaStream_t stream) {
  if (a.nnz == 0) return;
  spmv_coo_kernel<<<blocks_for(a.nnz, kSpmvDeviceBlockDim), kSpmvDeviceBlockDim, 0, stream>>>(
      a, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

template <class T>
void teach_coo(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec) {
  spmv_coo_kernel<<<grid, block>>>(a, rec);
  WS_CUDA_CHECK_LAUNCH();
}

WS_SPMV_INSTANTIATE_LAUNCHES(launch_coo, teach_coo)

}  // namespace ws::spmv::scuda
