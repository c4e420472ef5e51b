// Variant 4, hybrid ELL + COO (PMPP 14.5): the ELL kernel over the first W nonzeros of every row
// (W chosen from the row lengths, format.h's choose_hybrid_width, or given), then a COO kernel,
// one thread per leftover nonzero, adding into y with atomicAdd (the book gives that part to the
// host; here it stays on the device, after the ELL kernel on the same stream).
//   work rows * W + nnz_coo multiply-adds, steps W + 1.
// The per-thread code is spmv_teach_body.h's hybrid_ell_thread and hybrid_coo_thread.
#include <cuda_runtime.h>

#include "../common/cuda_check.cuh"
#include "spmv_cuda.cuh"

namespace ws::spmv::scuda {

namespace {

// @variant hybrid
template <class T, class Rec>
__global__ void spmv_hybrid_ell_kernel(body::Arrays<T> ell, Rec rec) {
  const int64_t row = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (row < ell.rows) body::hybrid_ell_thread(ell, int(row), rec);  // @hybrid-ell-multiply
}

template <class T, class Rec>
__global__ void spmv_hybrid_coo_kernel(body::Arrays<T> coo, Rec rec) {
  const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= coo.nnz) return;
  int row = 0;
  const T product = body::hybrid_coo_thread(coo, i, int(blockDim.x), rec, &row);
  atomicAdd(&coo.y[row], product);  // @hybrid-coo-atomic
}
// @end

}  // namespace

template <class T>
void launch_hybrid(const body::Arrays<T>& ell, const body::Arrays<T>& coo, cudaStream_t stream) {
  if (ell.rows == 0) return;
  spmv_hybrid_ell_kernel<<<blocks_for(ell.rows, kSpmvDeviceBlockDim), kSpmvDeviceBlockDim, 0,
                           stream>>>(ell, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
  if (coo.nnz == 0) return;
  spmv_hybrid_coo_kernel<<<blocks_for(coo.nnz, kSpmvDeviceBlockDim), kSpmvDeviceBlockDim, 0,
                           stream>>>(coo, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

template <class T>
void teach_hybrid_ell(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec) {
  spmv_hybrid_ell_kernel<<<grid, block>>>(a, rec);
  WS_CUDA_CHECK_LAUNCH();
}

template <class T>
void teach_hybrid_coo(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec) {
  spmv_hybrid_coo_kernel<<<grid, block>>>(a, rec);
  WS_CUDA_CHECK_LAUNCH();
}

template void launch_hybrid<float>(const body::Arrays<float>&, const body::Arrays<float>&,
                                   cudaStream_t);
template void launch_hybrid<double>(const body::Arrays<double>&, const body::Arrays<double>&,
                                    cudaStream_t);
template void teach_hybrid_ell<float>(const body::Arrays<float>&, int, int, const SpmvDeviceTrace&);
template void teach_hybrid_ell<double>(const body::Arrays<double>&, int, int,
                                       const SpmvDeviceTrace&);
template void teach_hybrid_coo<float>(const body::Arrays<float>&, int, int, const SpmvDeviceTrace&);
template void teach_hybrid_coo<double>(const body::Arrays<double>&, int, int,
                                       const SpmvDeviceTrace&);

}  // namespace ws::spmv::scuda
