// Variant 6, CSR vector (Bell & Garland 2009, "Implementing sparse matrix-vector multiplication
// on throughput-oriented processors"; not in PMPP 14): a warp per row. Lane l takes the row's
// elements l, l + 32, ... (a warp's loads side by side: coalesced), then five __shfl_down_sync
// levels add the 32 partial sums and lane 0 writes y[row].
//   work nnz multiply-adds + 31 adds a row, steps ceil(L / 32) + 5; a row shorter than 32
//   leaves lanes idle, a long row is shared by the whole warp.
// The per-lane code is spmv_teach_body.h's csr_vector_lane, shuffle_add and csr_vector_write.
// The block size must be a multiple of 32 (a warp never spans two rows).
#include <cuda_runtime.h>

#include "../common/cuda_check.cuh"
#include "spmv_cuda.cuh"

namespace ws::spmv::scuda {

namespace {

// @variant csr-vector
template <class T, class Rec>
__global__ void spmv_csr_vector_kernel(body::Arrays<T> a, Rec rec) {
  const int64_t thread = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t row = thread / body::kWarp;
  const int lane = int(threadIdx.x % body::kWarp);
  if (row >= a.rows) return;  // the whole warp: its lanes share the row
  T sum = body::csr_vector_lane(a, int(row), lane, thread, rec);  // @csr-vector-multiply
  for (int level = 0, offset = body::kWarp / 2; offset > 0; ++level, offset /= 2) {
    const T other = __shfl_down_sync(0xffffffffu, sum, offset);
    sum = body::shuffle_add(sum, other, lane, offset, level, thread, rec);  // @csr-vector-shuffle
  }
  if (lane == 0) body::csr_vector_write(a, int(row), sum, rec);  // @csr-vector-write
}
// @end

}  // namespace

template <class T>
void launch_csr_vector(const body::Arrays<T>& a, cudaStream_t stream) {
  if (a.rows == 0) return;
  const int64_t threads = int64_t(a.rows) * body::kWarp;
  spmv_csr_vector_kernel<<<blocks_for(threads, kSpmvDeviceBlockDim), kSpmvDeviceBlockDim, 0,
                           stream>>>(a, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

template <class T>
void teach_csr_vector(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec) {
  spmv_csr_vector_kernel<<<grid, block>>>(a, rec);
  WS_CUDA_CHECK_LAUNCH();
}

WS_SPMV_INSTANTIATE_LAUNCHES(launch_csr_vector, teach_csr_vector)

}  // namespace ws::spmv::scuda
