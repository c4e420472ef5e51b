// Variant 2, basic parallel merge (PMPP 12.5, Fig. 12.9), and the partitioning of variant 5
// (thread coarsening) beside it. Each thread owns outputs C[k_curr, k_next), finds where they
// come from with two co-rank searches on A and B in global memory, and merges those pieces
// sequentially.
//   basic  p threads, ceil((m + n) / p) outputs each (the book writes ceil((m+n)/(blockDim.x *
//          gridDim.x)) on integers, which divides before it rounds: (m + n + p - 1) / p here)
//          work  m + n + 2 p log2(min(m, n))   steps  (m + n) / p + 2 log2(min(m, n))
//   fast   ITEMS outputs each, ceil((m + n) / ITEMS) threads: the coarsened partition the fast
//          kernel (merge_fast.cu) starts from, before it merges the ITEMS keys in registers
// Each thread reads its own pieces of A and B: neighbouring lanes read far-apart addresses
// (uncoalesced), the cost the tiled variants remove.
#include <cuda_runtime.h>

#include "../common/cuda_check.cuh"
#include "merge.h"
#include "merge_cuda.cuh"

namespace ws::merge::mcuda {

namespace {

// @variant basic
template <class Key, class Rec>
__global__ void merge_basic_kernel(MergeArrays<Key> io, int elements_per_thread, Rec rec) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int total = io.m + io.n;
  const int k_curr = body::min_int(int64_t(tid) * elements_per_thread, total);
  const int k_next = body::min_int(int64_t(tid + 1) * elements_per_thread, total);
  const body::Keys<Key> A{io.a, io.a_values, body::kArrayA, 0, 0};
  const body::Keys<Key> B{io.b, io.b_values, body::kArrayB, 0, 0};
  const int i_curr = body::co_rank_traced(k_curr, A, io.m, B, io.n, rec, body::kCorankCurr, 0,
                                          true);  // @basic-corank
  const int i_next =
      body::co_rank_traced(k_next, A, io.m, B, io.n, rec, body::kCorankNext, 0, true);
  const int j_curr = k_curr - i_curr;
  const int j_next = k_next - i_next;
  const body::Keys<Key> A_piece{io.a, io.a_values, body::kArrayA, i_curr, 0};
  const body::Keys<Key> B_piece{io.b, io.b_values, body::kArrayB, j_curr, 0};
  body::merge_traced(A_piece, i_next - i_curr, B_piece, j_next - j_curr, io.c, io.c_values, k_curr,
                     rec, body::kMerge, 0, 1);  // @basic-merge
}
// @end

// @variant fast
template <class Key, class Rec>
__global__ void merge_coarsened_kernel(MergeArrays<Key> io, int items, Rec rec) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int total = io.m + io.n;
  // A fixed ITEMS outputs a thread: the grid grows with the input, the work a thread does not.
  const int k_curr = body::min_int(int64_t(tid) * items, total);
  const int k_next = body::min_int(int64_t(k_curr) + items, total);
  const body::Keys<Key> A{io.a, io.a_values, body::kArrayA, 0, 0};
  const body::Keys<Key> B{io.b, io.b_values, body::kArrayB, 0, 0};
  const int i_curr = body::co_rank_traced(k_curr, A, io.m, B, io.n, rec, body::kCorankCurr, 0,
                                          true);  // @fast-corank
  const int i_next =
      body::co_rank_traced(k_next, A, io.m, B, io.n, rec, body::kCorankNext, 0, true);
  const int j_curr = k_curr - i_curr;
  const int j_next = k_next - i_next;
  // The full-size kernel loads these ITEMS keys into registers and merges them there.
  const body::Keys<Key> A_piece{io.a, io.a_values, body::kArrayA, i_curr, 0};
  const body::Keys<Key> B_piece{io.b, io.b_values, body::kArrayB, j_curr, 0};
  body::merge_traced(A_piece, i_next - i_curr, B_piece, j_next - j_curr, io.c, io.c_values, k_curr,
                     rec, body::kMerge, 0, 1);  // @fast-merge
}
// @end

}  // namespace

template <class Key>
void launch_basic(const MergeArrays<Key>& io, cudaStream_t stream) {
  const int64_t total = int64_t(io.m) + io.n;
  if (total == 0) return;
  const int64_t threads = (total + kMergeDeviceItemsPerThread - 1) / kMergeDeviceItemsPerThread;
  const int blocks = int((threads + kMergeDeviceBlockDim - 1) / kMergeDeviceBlockDim);
  const int per_thread = body::ceil_div(total, int64_t(blocks) * kMergeDeviceBlockDim);
  merge_basic_kernel<<<blocks, kMergeDeviceBlockDim, 0, stream>>>(io, per_thread, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

template <class Key>
void teach_basic(const MergeArrays<Key>& io, int blocks, int block_dim, int per_thread,
                 const DeviceTrace& rec) {
  merge_basic_kernel<<<blocks, block_dim>>>(io, per_thread, rec);
  WS_CUDA_CHECK_LAUNCH();
}

template <class Key>
void teach_fast(const MergeArrays<Key>& io, int blocks, int block_dim, int items,
                const DeviceTrace& rec) {
  merge_coarsened_kernel<<<blocks, block_dim>>>(io, items, rec);
  WS_CUDA_CHECK_LAUNCH();
}

template void launch_basic<int32_t>(const MergeArrays<int32_t>&, cudaStream_t);
template void launch_basic<float>(const MergeArrays<float>&, cudaStream_t);
template void teach_basic<int32_t>(const MergeArrays<int32_t>&, int, int, int, const DeviceTrace&);
template void teach_basic<float>(const MergeArrays<float>&, int, int, int, const DeviceTrace&);
template void teach_fast<int32_t>(const MergeArrays<int32_t>&, int, int, int, const DeviceTrace&);
template void teach_fast<float>(const MergeArrays<float>&, int, int, int, const DeviceTrace&);

}  // namespace ws::merge::mcuda
