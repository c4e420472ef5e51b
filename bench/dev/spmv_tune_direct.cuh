// An experiment of bench/dev/spmv_tune.cu (issue 28, round 3), not the library: the merge-path
// tile kernel of kernels/spmv/spmv_fast.cuh WITHOUT the shared products tile ("d" rows: LOADS 3).
// Nsight Compute on powerlaw:21:16 (float32 128x7s, 526 us against cuSPARSE's 444 us): both are
// L2-bound, ours at 87.6% with 10.2 of 25.6 cycles between issues stalled at a CTA barrier and an
// SM throughput twice cuSPARSE's (which keeps no shared memory at all). Here every thread
//   a. (block) row ends into shared memory, one barrier
//   b. finds its coordinate (row i, nonzero k) at local diagonal tid ITEMS, as before
//   c. loads ITEMS consecutive nonzeros k, k + 1, ... of its own (col, val through __ldg, so the
//      warp's neighbours hit L1; indices past the tile read its last nonzero again, so there is no
//      branch between the loads) and gathers their x: all ITEMS gathers in flight, in registers
//   d. walks its ITEMS merge items consuming the products from a register queue (a nonzero
//      shifts the queue by one; the indices stay compile-time, no local memory)
//   e. then exactly as spmv_tile_kernel: heads, carries, the fold, the tile's y through shared.
// The same sums in the same order as spmv_tile_kernel (so the same host twin and the same error
// bound); one shared store and load of each product fewer. Shared memory: T y[TILE] (finished
// rows), T head[THREADS], T carry[THREADS], int32 row_end[TILE + 1], int32 done[THREADS] — the
// layout and size of tile_shared_bytes. bench/dev/spmv_emulate.sh runs it against the twin.
#pragma once

#include "../../kernels/spmv/spmv_fast.cuh"

namespace ws::spmv::fast {

// @variant fast-direct
template <int THREADS, int ITEMS, class T>
__global__ __launch_bounds__(THREADS) void spmv_direct_tile_kernel(
    const int32_t* __restrict__ row_ptr, const int32_t* __restrict__ col, const T* __restrict__ val,
    const T* __restrict__ x, T* __restrict__ y, int32_t rows, const Coord* __restrict__ coords,
    T* __restrict__ tile_head, T* __restrict__ tile_carry, int32_t* __restrict__ tile_done) {
  extern __shared__ __align__(16) unsigned char spmv_smem[];
  constexpr int kTile = THREADS * ITEMS;
  T* s_y = reinterpret_cast<T*>(spmv_smem);
  T* s_head = s_y + kTile;
  T* s_carry = s_head + THREADS;
  int32_t* s_row_end = reinterpret_cast<int32_t*>(s_carry + THREADS);
  int32_t* s_done = s_row_end + kTile + 1;
  const int tid = int(threadIdx.x);
  const Coord c0 = coords[blockIdx.x], c1 = coords[blockIdx.x + 1];
  const int n_rows = c1.row - c0.row, n_nz = c1.nz - c0.nz, total = n_rows + n_nz;
  const int n_ends = (c1.row < rows ? c1.row : rows - 1) - c0.row + 1;
  for (int i = tid; i < n_ends; i += THREADS) s_row_end[i] = row_ptr[c0.row + 1 + i];
  __syncthreads();
  const int diag = tid * ITEMS < total ? tid * ITEMS : total;
  const int count = total - diag < ITEMS ? total - diag : ITEMS;
  int i = merge_path_rows(s_row_end, n_rows, c0.nz, n_nz, diag);
  int k = diag - i;
  const int first_row = i;
  T prod[ITEMS];  // the products of nonzeros k, k + 1, ...: a queue, prod[0] the next one
  if (n_nz > 0) {
    int32_t cols[ITEMS];
#pragma unroll
    for (int q = 0; q < ITEMS; ++q) {
      const int idx = c0.nz + min(k + q, n_nz - 1);
      cols[q] = __ldg(col + idx);
      prod[q] = __ldg(val + idx);
    }
#pragma unroll
    for (int q = 0; q < ITEMS; ++q) prod[q] = prod[q] * __ldg(x + cols[q]);
  } else {
#pragma unroll
    for (int q = 0; q < ITEMS; ++q) prod[q] = T(0);
  }
  T sum = T(0), head = T(0);
  T finished[ITEMS];
  bool done = false;
  unsigned ends = 0;
#pragma unroll
  for (int q = 0; q < ITEMS; ++q) {
    finished[q] = T(0);
    if (q < count) {
      if (c0.nz + k < s_row_end[i]) {
        sum += prod[0];
#pragma unroll
        for (int u = 0; u + 1 < ITEMS - q; ++u) prod[u] = prod[u + 1];
        ++k;
      } else {
        if (done) {
          finished[q] = sum;
          ends |= 1u << q;
        } else {
          head = sum;
          done = true;
        }
        sum = T(0);
        ++i;
      }
    }
  }
  s_head[tid] = head;
  s_carry[tid] = sum;
  s_done[tid] = (done && count > 0) ? 1 : 0;
  __syncthreads();
  int row = first_row + 1;
#pragma unroll
  for (int q = 0; q < ITEMS; ++q)
    if (ends & (1u << q)) s_y[row++] = finished[q];
  if (done) {
    int s = tid - 1;
    while (s >= 0 && s_done[s] == 0) --s;
    if (s >= 0)
      s_y[first_row] = fold_pieces(s_carry, s, tid, head);
    else
      tile_head[blockIdx.x] = fold_pieces(s_carry, 0, tid, head);
  }
  const int last = (total + ITEMS - 1) / ITEMS - 1;
  if (tid == last) {
    int s = last;
    while (s >= 0 && s_done[s] == 0) --s;
    tile_done[blockIdx.x] = s >= 0 ? 1 : 0;
    tile_carry[blockIdx.x] = fold_pieces(s_carry, s >= 0 ? s : 0, last, s_carry[last]);
  }
  __syncthreads();
  for (int r = 1 + tid; r < n_rows; r += THREADS) y[c0.row + r] = s_y[r];
}
// @end

// launch_spmv with the direct tile kernel (same plan, scratch and fix-up). Launch only.
template <int THREADS, int ITEMS, class T>
cudaError_t launch_spmv_direct(const int32_t* row_ptr, const int32_t* col, const T* val, const T* x,
                               T* y, int32_t rows, int32_t nnz, const Coord* coords, T* tile_head,
                               T* tile_carry, int32_t* tile_done, cudaStream_t stream) {
  const int64_t tiles = spmv_tiles(rows, nnz, int64_t(THREADS) * ITEMS);
  if (tiles == 0) return cudaSuccess;
  const size_t smem = tile_shared_bytes<T>(THREADS, ITEMS);
  if (smem > 48 * 1024) {
    static const cudaError_t opt_in =
        cudaFuncSetAttribute(spmv_direct_tile_kernel<THREADS, ITEMS, T>,
                             cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem));
    if (opt_in != cudaSuccess) return opt_in;
  }
  spmv_direct_tile_kernel<THREADS, ITEMS, T><<<unsigned(tiles), THREADS, smem, stream>>>(
      row_ptr, col, val, x, y, rows, coords, tile_head, tile_carry, tile_done);
  spmv_fixup_kernel<T><<<unsigned((tiles + 255) / 256), 256, 0, stream>>>(coords, tiles, tile_head,
                                                                          tile_carry, tile_done, y);
  return cudaGetLastError();
}

}  // namespace ws::spmv::fast
