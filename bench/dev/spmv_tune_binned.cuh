// An experiment of bench/dev/spmv_tune.cu (issue 28, round 4), not the library: ROW BINNING for
// heavy-tailed rows ("bin G/S/L" rows). Nsight Compute on powerlaw:21:16 float32: cuSPARSE 444 us
// at 95.5% memory throughput with no shared memory; our merge path 526 us at 87.6%, 10 of 25.6
// cycles at barriers, twice the instructions. Here no merge path, no barrier but one per long row:
//   plan (once, on the device): spmv_bin_rows_kernel lists the rows longer than S nonzeros in two
//     bins, medium (S < len <= L) and long (len > L); the host sorts the long list, longest first
//   one fused launch of 256-thread blocks, the block's range picks its bin (block-uniform):
//     long   one block a row: each thread strides the row by 256, four loads in flight, then a
//            warp shuffle sum and the block's 8 warp sums in thread 0; y written directly
//     medium one warp a row (8 rows a block): lane strides by 32, shuffle sum
//     short  every row, G lanes a row as the row-lanes kernel; rows longer than S are skipped
//   Work O(nnz + rows), step O(longest / 256 + log) for the long rows.
// Sums differ in order from the host twin (not bit-identical): checked against the double
// reference ("bad" column; bench/dev/spmv_emulate.sh emulates it against the same bound).
#pragma once

#include "../../kernels/spmv/spmv_fast.cuh"

namespace ws::spmv::fast {

// @variant fast-binned
// Plan: counts[0] / counts[1] the medium / long rows found (zeroed first), their ids in
// medium_rows / long_rows (in no order), long_nnz the nonzeros of both bins.
__global__ void spmv_bin_rows_kernel(const int32_t* __restrict__ row_ptr, int32_t rows,
                                     int32_t short_max, int32_t medium_max,
                                     int32_t* __restrict__ medium_rows,
                                     int32_t* __restrict__ long_rows, int32_t* __restrict__ counts,
                                     unsigned long long* __restrict__ binned_nnz) {
  const int64_t r = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (r >= rows) return;
  const int32_t len = row_ptr[r + 1] - row_ptr[r];
  if (len <= short_max) return;
  if (len <= medium_max)
    medium_rows[atomicAdd(counts, 1)] = int32_t(r);
  else
    long_rows[atomicAdd(counts + 1, 1)] = int32_t(r);
  atomicAdd(binned_nnz, (unsigned long long)len);
}

// Blocks [0, n_long): long rows; [n_long, n_long + ceil(n_medium / 8)): medium rows; then the
// short-row blocks over all rows, G lanes a row. 256 threads a block; dynamic shared memory
// 8 T (the long rows' warp sums).
template <int G, class T>
__global__ __launch_bounds__(256) void spmv_binned_kernel(
    const int32_t* __restrict__ row_ptr, const int32_t* __restrict__ col, const T* __restrict__ val,
    const T* __restrict__ x, T* __restrict__ y, int32_t rows, int32_t short_max,
    const int32_t* __restrict__ medium_rows, int32_t n_medium,
    const int32_t* __restrict__ long_rows, int32_t n_long) {
  extern __shared__ __align__(16) unsigned char spmv_smem[];
  const int tid = int(threadIdx.x);
  const int64_t b = blockIdx.x;
  const int64_t medium_blocks = (int64_t(n_medium) + 7) / 8;
  T sum = T(0);
  if (b < n_long) {  // long: one block a row
    const int32_t row = long_rows[b];
    const int32_t end = row_ptr[row + 1];
    for (int32_t k = row_ptr[row] + tid; k < end; k += 4 * 256) {
      T p[4];
#pragma unroll
      for (int u = 0; u < 4; ++u)
        p[u] = k + u * 256 < end ? __ldg(val + k + u * 256) * __ldg(x + __ldg(col + k + u * 256))
                                 : T(0);
      sum += (p[0] + p[1]) + (p[2] + p[3]);
    }
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2)
      sum += __shfl_down_sync(0xFFFFFFFFu, sum, offset);
    T* s_warp = reinterpret_cast<T*>(spmv_smem);
    if (tid % 32 == 0) s_warp[tid / 32] = sum;
    __syncthreads();
    if (tid == 0) {
      T total = T(0);
      for (int w = 0; w < 8; ++w) total += s_warp[w];
      y[row] = total;
    }
  } else if (b < n_long + medium_blocks) {  // medium: one warp a row
    const int64_t slot = (b - n_long) * 8 + tid / 32;
    const int lane = tid % 32;
    const int32_t row = slot < n_medium ? medium_rows[slot] : -1;
    if (row >= 0) {
      const int32_t end = row_ptr[row + 1];
      for (int32_t k = row_ptr[row] + lane; k < end; k += 32)
        sum += __ldg(val + k) * __ldg(x + __ldg(col + k));
    }
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2)
      sum += __shfl_down_sync(0xFFFFFFFFu, sum, offset);
    if (row >= 0 && lane == 0) y[row] = sum;
  } else {  // short: G lanes a row, rows past short_max left to the other bins
    const int64_t row = ((b - n_long - medium_blocks) * 256 + tid) / G;
    const int lane = tid % G;
    bool mine = false;
    if (row < rows) {
      const int32_t start = row_ptr[row], end = row_ptr[row + 1];
      mine = end - start <= short_max;
      if (mine)
        for (int32_t k = start + lane; k < end; k += G)
          sum += __ldg(val + k) * __ldg(x + __ldg(col + k));
    }
#pragma unroll
    for (int offset = G / 2; offset > 0; offset /= 2)
      sum += __shfl_down_sync(0xFFFFFFFFu, sum, offset, G);
    if (mine && lane == 0) y[row] = sum;
  }
}
// @end

// The binned plan's device lists (built once by make_binned_plan in spmv_tune.cu).
struct BinnedPlan {
  int32_t short_max = 0, medium_max = 0, n_medium = 0, n_long = 0;
  int32_t *medium_rows = nullptr, *long_rows = nullptr;
  unsigned long long binned_nnz = 0;
};

// Launch only: the fused binned kernel for lanes G (4, 8 or 16).
template <class T>
cudaError_t launch_binned(int lanes, const BinnedPlan& plan, const int32_t* row_ptr,
                          const int32_t* col, const T* val, const T* x, T* y, int32_t rows,
                          cudaStream_t stream) {
  const int64_t blocks =
      plan.n_long + (int64_t(plan.n_medium) + 7) / 8 + (int64_t(rows) * lanes + 255) / 256;
  if (blocks == 0) return cudaSuccess;
  const size_t smem = 8 * sizeof(T);
#define WS_BINNED_CASE(G_)                                                              \
  case G_:                                                                              \
    spmv_binned_kernel<G_, T><<<unsigned(blocks), 256, smem, stream>>>(                 \
        row_ptr, col, val, x, y, rows, plan.short_max, plan.medium_rows, plan.n_medium, \
        plan.long_rows, plan.n_long);                                                   \
    break;
  switch (lanes) {
    WS_BINNED_CASE(4)
    WS_BINNED_CASE(8)
    WS_BINNED_CASE(16)
    default:
      return cudaErrorInvalidValue;
  }
#undef WS_BINNED_CASE
  return cudaGetLastError();
}

}  // namespace ws::spmv::fast
