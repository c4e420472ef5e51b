// Variant 4, circular-buffer tiled merge (PMPP 12.7, Figs. 12.14-12.16). As the tiled merge, but
// the tiles are circular buffers: an iteration refills only the A_S_consumed / B_S_consumed slots
// the last one used (all of them the first time), after the kept keys, starting at A_S_start /
// B_S_start and wrapping modulo tile_size. co_rank_circular and merge_sequential_circular read
// the tiles through the same wrap.
//   work   m + n outputs; every key loaded from global memory exactly once
//   steps  as the tiled merge; the indices cost a modulo each
// As in merge_tiled.cu, the block's co-ranks sit in block_corank[2], not A_S[0..1].
#include <cuda_runtime.h>

#include "../common/cuda_check.cuh"
#include "merge.h"
#include "merge_cuda.cuh"

namespace ws::merge::mcuda {

namespace {

// @variant circular
template <class Key, class Rec>
__global__ void merge_circular_kernel(MergeArrays<Key> io, int tile_size, Rec rec) {
  extern __shared__ __align__(16) unsigned char circular_shared[];
  Key* A_S = reinterpret_cast<Key*>(circular_shared);
  Key* B_S = A_S + tile_size;
  uint32_t* A_S_values = io.c_values ? reinterpret_cast<uint32_t*>(B_S + tile_size) : nullptr;
  uint32_t* B_S_values = io.c_values ? A_S_values + tile_size : nullptr;
  __shared__ int block_corank[2];
  const int tid = threadIdx.x, total = io.m + io.n;
  const body::Keys<Key> A{io.a, io.a_values, body::kArrayA, 0, 0};
  const body::Keys<Key> B{io.b, io.b_values, body::kArrayB, 0, 0};
  const int per_block = body::ceil_div(total, gridDim.x);
  const int C_curr = body::min_int(int64_t(blockIdx.x) * per_block, total);
  const int C_next = body::min_int(int64_t(C_curr) + per_block, total);
  rec.begin(body::kBlockCorank);
  if (tid == 0) {
    block_corank[0] = rec.write(body::kArrayCorank, 0,
                                body::co_rank_traced(C_curr, A, io.m, B, io.n, rec, 0, 0,
                                                     false));  // @circular-block-corank
    block_corank[1] = rec.write(body::kArrayCorank, 1,
                                body::co_rank_traced(C_next, A, io.m, B, io.n, rec, 0, 0, false));
  }
  __syncthreads();
  const int A_curr = rec.read(body::kArrayCorank, 0, block_corank[0]);
  const int A_next = rec.read(body::kArrayCorank, 1, block_corank[1]);
  const int B_curr = C_curr - A_curr, B_next = C_next - A_next;
  const int C_length = C_next - C_curr, A_length = A_next - A_curr, B_length = B_next - B_curr;
  const int total_iteration = body::ceil_div(C_length, tile_size);
  const int per_thread = tile_size / int(blockDim.x);
  int C_completed = 0, A_consumed = 0, B_consumed = 0;
  int A_S_start = 0, B_S_start = 0;
  int A_S_consumed = tile_size, B_S_consumed = tile_size;  // the first iteration fills the tiles
  for (int counter = 0; counter < total_iteration; ++counter) {
    const int level = body::kStageCount * counter;
    // Refill the consumed slots: A[A_curr + A_consumed + kept + x] -> A_S[(A_S_start + kept + x)
    // % tile_size], kept = tile_size - A_S_consumed keys still in the tile.
    rec.begin(body::kTileLoop, level + body::kStageLoad);
    const body::TileFill fa =
        body::tile_fill(A_curr, A_length, A_consumed, A_S_start, A_S_consumed, tile_size, true);
    const body::TileFill fb =
        body::tile_fill(B_curr, B_length, B_consumed, B_S_start, B_S_consumed, tile_size, true);
    body::load_tile_share(tid, blockDim.x, io.a, io.a_values, body::kArrayA, fa.from, fa.count, A_S,
                          A_S_values, body::kArrayAS, fa.slot0, fa.wrap,
                          rec);  // @circular-load
    body::load_tile_share(tid, blockDim.x, io.b, io.b_values, body::kArrayB, fb.from, fb.count, B_S,
                          B_S_values, body::kArrayBS, fb.slot0, fb.wrap, rec);
    __syncthreads();
    rec.begin(body::kTileLoop, level + body::kStageThreadCorank);
    const int left = C_length - C_completed;
    const int A_in_tile = min(tile_size, A_length - A_consumed);
    const int B_in_tile = min(tile_size, B_length - B_consumed);
    const int c_curr = min(tid * per_thread, left);
    const int c_next = min((tid + 1) * per_thread, left);
    // co_rank_circular: key x of the tile is A_S[(A_S_start + x) % tile_size].
    const body::Keys<Key> A_tile{A_S, A_S_values, body::kArrayAS, A_S_start, tile_size};
    const body::Keys<Key> B_tile{B_S, B_S_values, body::kArrayBS, B_S_start, tile_size};
    const int a_curr = body::co_rank_traced(c_curr, A_tile, A_in_tile, B_tile, B_in_tile, rec, 0, 0,
                                            false);  // @circular-corank
    const int a_next =
        body::co_rank_traced(c_next, A_tile, A_in_tile, B_tile, B_in_tile, rec, 0, 0, false);
    const int b_curr = c_curr - a_curr, b_next = c_next - a_next;
    // merge_sequential_circular: the pieces start at A_S_start + a_curr, wrapped.
    rec.begin(body::kTileLoop, level + body::kStageMerge);
    const body::Keys<Key> A_piece{A_S, A_S_values, body::kArrayAS, A_S_start + a_curr, tile_size};
    const body::Keys<Key> B_piece{B_S, B_S_values, body::kArrayBS, B_S_start + b_curr, tile_size};
    body::merge_traced(A_piece, a_next - a_curr, B_piece, b_next - b_curr, io.c, io.c_values,
                       C_curr + C_completed + c_curr, rec, 0, 0, 0);  // @circular-merge
    rec.begin(body::kTileLoop, level + body::kStageConsume);
    const int outputs = min(tile_size, left);
    A_S_consumed = body::co_rank_traced(outputs, A_tile, A_in_tile, B_tile, B_in_tile, rec, 0, 0,
                                        false);  // @circular-consume
    B_S_consumed = outputs - A_S_consumed;
    A_S_start = (A_S_start + A_S_consumed) % tile_size;
    B_S_start = (B_S_start + B_S_consumed) % tile_size;
    A_consumed += A_S_consumed;
    C_completed += outputs;
    B_consumed = C_completed - A_consumed;
    __syncthreads();
  }
}
// @end

}  // namespace

template <class Key>
void launch_circular(const MergeArrays<Key>& io, cudaStream_t stream) {
  const int64_t total = int64_t(io.m) + io.n;
  if (total == 0) return;
  const int64_t per_block = int64_t(kMergeDeviceTile) * 8;  // 8 tiles a block
  const int blocks = int((total + per_block - 1) / per_block);
  const size_t shared = tiled_shared_bytes<Key>(kMergeDeviceTile, io.c_values != nullptr);
  merge_circular_kernel<<<blocks, kMergeDeviceBlockDim, shared, stream>>>(io, kMergeDeviceTile,
                                                                          NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

template <class Key>
void teach_circular(const MergeArrays<Key>& io, int blocks, int block_dim, int tile,
                    const DeviceTrace& rec) {
  merge_circular_kernel<<<blocks, block_dim,
                          tiled_shared_bytes<Key>(tile, io.c_values != nullptr)>>>(io, tile, rec);
  WS_CUDA_CHECK_LAUNCH();
}

template void launch_circular<int32_t>(const MergeArrays<int32_t>&, cudaStream_t);
template void launch_circular<float>(const MergeArrays<float>&, cudaStream_t);
template void teach_circular<int32_t>(const MergeArrays<int32_t>&, int, int, int,
                                      const DeviceTrace&);
template void teach_circular<float>(const MergeArrays<float>&, int, int, int, const DeviceTrace&);

}  // namespace ws::merge::mcuda
