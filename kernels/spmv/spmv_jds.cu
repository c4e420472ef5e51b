// Variant 5, JDS (PMPP 14.6): rows sorted by length (perm), one thread per sorted row walks the
// jagged diagonals (iter_ptr) while it is inside them and writes y[perm[i]].
//   work nnz multiply-adds, steps D (the longest row); neighbouring threads hold rows of similar
//   length (little divergence) and read neighbouring addresses of each diagonal (coalesced),
//   with no padding.
// The per-thread code is spmv_teach_body.h's jds_thread (the code panel shows it).
#include <cuda_runtime.h>

#include "../common/cuda_check.cuh"
#include "spmv_cuda.cuh"

namespace ws::spmv::scuda {

namespace {

// @variant jds
template <class T, class Rec>
__global__ void spmv_jds_kernel(body::Arrays<T> a, Rec rec) {
  const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < a.rows) body::jds_thread(a, int(i), rec);  // @jds-multiply @jds-write
}
// @end

}  // namespace

template <class T>
void launch_jds(const body::Arrays<T>& a, cudaStream_t stream) {
  if (a.rows == 0) return;
  spmv_jds_kernel<<<blocks_for(a.rows, kSpmvDeviceBlockDim), kSpmvDeviceBlockDim, 0, stream>>>(
      a, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

template <class T>
void teach_jds(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec) {
  spmv_jds_kernel<<<grid, block>>>(a, rec);
  WS_CUDA_CHECK_LAUNCH();
}

WS_SPMV_INSTANTIATE_LAUNCHES(launch_jds, teach_jds)

}  // namespace ws::spmv::scuda
