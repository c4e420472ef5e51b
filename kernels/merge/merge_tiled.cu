// Variant 3, tiled merge (PMPP 12.6, Figs. 12.11-12.13). Thread 0 co-ranks the block's output
// range [C_curr, C_next); then, until the range is done, the block loads tile_size keys of A and
// of B into shared memory (coalesced), each thread co-ranks and merges its tile_size / blockDim.x
// outputs from the tiles, and every thread co-ranks how much of A the tile's outputs used
// (A_consumed, B_consumed).
//   work   m + n outputs; 2 tile_size keys loaded per tile_size outputs (about half unused)
//   steps  per iteration: a load, two log2(tile) co-ranks, tile / blockDim outputs, one co-rank
// Two places differ from the figure, on purpose:
//   - the book keeps the block's co-ranks in A_S[0], A_S[1] (its tiles are int); a float tile
//     cannot hold an index above 2^24, so they sit in block_corank[2] (no second barrier needed);
//   - the book's consume step is co_rank(tile_size, A_S, tile_size, B_S, tile_size): when fewer
//     than tile_size keys of A or B are left it searches slots that hold stale (or, the first
//     time, unwritten) keys. Here it searches the outputs made and the keys really in the tiles.
#include <cuda_runtime.h>

#include "../common/cuda_check.cuh"
#include "merge.h"
#include "merge_cuda.cuh"

namespace ws::merge::mcuda {

namespace {

// @variant tiled
template <class Key, class Rec>
__global__ void merge_tiled_kernel(MergeArrays<Key> io, int tile_size, Rec rec) {
  extern __shared__ __align__(16) unsigned char tiled_shared[];
  Key* A_S = reinterpret_cast<Key*>(tiled_shared);
  Key* B_S = A_S + tile_size;
  uint32_t* A_S_values = io.c_values ? reinterpret_cast<uint32_t*>(B_S + tile_size) : nullptr;
  uint32_t* B_S_values = io.c_values ? A_S_values + tile_size : nullptr;
  __shared__ int block_corank[2];
  const int tid = threadIdx.x, total = io.m + io.n;
  const body::Keys<Key> A{io.a, io.a_values, body::kArrayA, 0, 0};
  const body::Keys<Key> B{io.b, io.b_values, body::kArrayB, 0, 0};
  // Part 1: the block's outputs and, by thread 0, where they come from in A and B.
  const int per_block = body::ceil_div(total, gridDim.x);
  const int C_curr = body::min_int(int64_t(blockIdx.x) * per_block, total);
  const int C_next = body::min_int(int64_t(C_curr) + per_block, total);
  rec.begin(body::kBlockCorank);
  if (tid == 0) {
    block_corank[0] = rec.write(body::kArrayCorank, 0,
                                body::co_rank_traced(C_curr, A, io.m, B, io.n, rec, 0, 0,
                                                     false));  // @tiled-block-corank
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
  for (int counter = 0; counter < total_iteration; ++counter) {
    const int level = body::kStageCount * counter;
    // Part 2: the next tile_size keys of A and of B (fewer at the end) into shared memory.
    rec.begin(body::kTileLoop, level + body::kStageLoad);
    const body::TileFill fa =
        body::tile_fill(A_curr, A_length, A_consumed, 0, tile_size, tile_size, false);
    const body::TileFill fb =
        body::tile_fill(B_curr, B_length, B_consumed, 0, tile_size, tile_size, false);
    body::load_tile_share(tid, blockDim.x, io.a, io.a_values, body::kArrayA, fa.from, fa.count, A_S,
                          A_S_values, body::kArrayAS, fa.slot0, fa.wrap,
                          rec);  // @tiled-load
    body::load_tile_share(tid, blockDim.x, io.b, io.b_values, body::kArrayB, fb.from, fb.count, B_S,
                          B_S_values, body::kArrayBS, fb.slot0, fb.wrap, rec);
    __syncthreads();
    // Part 3: each thread's slice [c_curr, c_next) of the tile's outputs, co-ranked in the tiles.
    rec.begin(body::kTileLoop, level + body::kStageThreadCorank);
    const int left = C_length - C_completed;
    const int A_in_tile = min(tile_size, A_length - A_consumed);
    const int B_in_tile = min(tile_size, B_length - B_consumed);
    const int c_curr = min(tid * per_thread, left);
    const int c_next = min((tid + 1) * per_thread, left);
    const body::Keys<Key> A_tile{A_S, A_S_values, body::kArrayAS, 0, 0};
    const body::Keys<Key> B_tile{B_S, B_S_values, body::kArrayBS, 0, 0};
    const int a_curr = body::co_rank_traced(c_curr, A_tile, A_in_tile, B_tile, B_in_tile, rec, 0, 0,
                                            false);  // @tiled-corank
    const int a_next =
        body::co_rank_traced(c_next, A_tile, A_in_tile, B_tile, B_in_tile, rec, 0, 0, false);
    const int b_curr = c_curr - a_curr, b_next = c_next - a_next;
    rec.begin(body::kTileLoop, level + body::kStageMerge);
    const body::Keys<Key> A_piece{A_S, A_S_values, body::kArrayAS, a_curr, 0};
    const body::Keys<Key> B_piece{B_S, B_S_values, body::kArrayBS, b_curr, 0};
    body::merge_traced(A_piece, a_next - a_curr, B_piece, b_next - b_curr, io.c, io.c_values,
                       C_curr + C_completed + c_curr, rec, 0, 0, 0);  // @tiled-merge
    // What this tile's outputs used of A (every thread computes the same number).
    rec.begin(body::kTileLoop, level + body::kStageConsume);
    const int outputs = min(tile_size, left);
    const int A_used = body::co_rank_traced(outputs, A_tile, A_in_tile, B_tile, B_in_tile, rec, 0,
                                            0, false);  // @tiled-consume
    A_consumed += A_used;
    C_completed += outputs;
    B_consumed = C_completed - A_consumed;
    __syncthreads();
  }
}
// @end

}  // namespace

template <class Key>
void launch_tiled(const MergeArrays<Key>& io, cudaStream_t stream) {
  const int64_t total = int64_t(io.m) + io.n;
  if (total == 0) return;
  const int64_t per_block = int64_t(kMergeDeviceTile) * 8;  // 8 tiles a block
  const int blocks = int((total + per_block - 1) / per_block);
  const size_t shared = tiled_shared_bytes<Key>(kMergeDeviceTile, io.c_values != nullptr);
  merge_tiled_kernel<<<blocks, kMergeDeviceBlockDim, shared, stream>>>(io, kMergeDeviceTile,
                                                                       NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

template <class Key>
void teach_tiled(const MergeArrays<Key>& io, int blocks, int block_dim, int tile,
                 const DeviceTrace& rec) {
  merge_tiled_kernel<<<blocks, block_dim, tiled_shared_bytes<Key>(tile, io.c_values != nullptr)>>>(
      io, tile, rec);
  WS_CUDA_CHECK_LAUNCH();
}

template void launch_tiled<int32_t>(const MergeArrays<int32_t>&, cudaStream_t);
template void launch_tiled<float>(const MergeArrays<float>&, cudaStream_t);
template void teach_tiled<int32_t>(const MergeArrays<int32_t>&, int, int, int, const DeviceTrace&);
template void teach_tiled<float>(const MergeArrays<float>&, int, int, int, const DeviceTrace&);

}  // namespace ws::merge::mcuda
