// Variant 3, ELL (PMPP 14.4): one thread per row over the padded, column-major arrays (slot k of
// row r at k * rows + r), the 3rd edition's loop over all W slots.
//   work rows * W multiply-adds (padding included), steps W, no divergence; lane r's k-th load
//   sits next to lane r + 1's: every warp load is coalesced.
// The per-thread code is spmv_teach_body.h's ell_thread (the code panel shows it).
#include <cuda_runtime.h>

#include "../common/cuda_check.cuh"
#include "spmv_cuda.cuh"

namespace ws::spmv::scuda {

namespace {

// @variant ell
template <class T, class Rec>
__global__ void spmv_ell_kernel(body::Arrays<T> a, Rec rec) {
  const int64_t row = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (row < a.rows) body::ell_thread(a, int(row), rec);  // @ell-multiply @ell-write
}
// @end

}  // namespace

template <class T>
void launch_ell(const body::Arrays<T>& a, cudaStream_t stream) {
  if (a.rows == 0) return;
  spmv_ell_kernel<<<blocks_for(a.rows, kSpmvDeviceBlockDim), kSpmvDeviceBlockDim, 0, stream>>>(
      a, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

template <class T>
void teach_ell(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec) {
  spmv_ell_kernel<<<grid, block>>>(a, rec);
  WS_CUDA_CHECK_LAUNCH();
}

WS_SPMV_INSTANTIATE_LAUNCHES(launch_ell, teach_ell)

}  // namespace ws::spmv::scuda
