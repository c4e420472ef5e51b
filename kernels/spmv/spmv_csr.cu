// Variant 2, CSR scalar (PMPP 14.3): one thread per row walks row_ptr[row]..row_ptr[row + 1].
//   work nnz multiply-adds, steps L (the longest row): a warp runs as long as its longest row
//   (divergence), and lane r reads col/val at row_ptr[r] + k, far from lane r + 1's
//   (uncoalesced unless the rows are very short).
// The per-thread code is spmv_teach_body.h's csr_thread (the code panel shows it).
#include <cuda_runtime.h>

#include "../common/cuda_check.cuh"
#include "spmv_cuda.cuh"

namespace ws::spmv::scuda {

namespace {

// @variant csr
template <class T, class Rec>
__global__ void spmv_csr_kernel(body::Arrays<T> a, Rec rec) {
  const int64_t row = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (row < a.rows) body::csr_thread(a, int(row), rec);  // @csr-bounds @csr-multiply @csr-write
}
// @end

}  // namespace

template <class T>
void launch_csr(const body::Arrays<T>& a, cudaStream_t stream) {
  if (a.rows == 0) return;
  spmv_csr_kernel<<<blocks_for(a.rows, kSpmvDeviceBlockDim), kSpmvDeviceBlockDim, 0, stream>>>(
      a, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

template <class T>
void teach_csr(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec) {
  spmv_csr_kernel<<<grid, block>>>(a, rec);
  WS_CUDA_CHECK_LAUNCH();
}

WS_SPMV_INSTANTIATE_LAUNCHES(launch_csr, teach_csr)

}  // namespace ws::spmv::scuda
