// The single-pass compaction of fast mode: one read of the input, one write of the kept elements
// (as CUB's DeviceSelect::If does it). The exclusive scan of the kept flags is the single-pass
// scan of ../scan/scan_single_pass_fast.cuh (status words with epochs, warp_look_back), fused with
// the predicate and the scatter. Per tile of kThreads x kItems elements:
//   - each warp loads its 32 x kItems elements with 16-byte loads (compact_tile.cuh: Rows, or
//     Blocked after a transpose through shared memory), decides them (Keep: the predicate lowered
//     to the element type, compact_keep.h) and scans its kept counts with shuffles; the warps'
//     counts are combined through shared memory (barrier 1);
//   - warp 0 publishes the tile's count, gathers its kept elements and finds the count of every
//     tile before it by decoupled look-back, while the other warps gather theirs in order in
//     shared memory (barrier 2);
//   - the gathered elements are written from the tile's offset, 16 bytes per store.
// Variants (the Policy's switches; bench/dev/compact_sweep.cu times every one against CUB):
//   one tile per block, tile = the next value of a global counter (kTake = Counter) or the
//     block's index (BlockIndex: no atomic before the loads; CUB's order, which relies on blocks
//     starting in index order);
//   kPipelined: a grid of resident blocks loops over tiles from the counter; the next tile's
//     loads are issued before the look-back and the stores of the current one, so that they are
//     in flight while warp 0 waits (the barrier stalls overlap memory traffic);
//   kStreaming: loads and stores marked evict-first, so that the streamed data leaves the L2 to
//     the status words;
//   kWindows: the look-back reads kWindows x 32 predecessors per poll (compact_look_back.cuh).
// Work O(n); reads 4 bytes per element and writes 4 per kept one. Steps per tile: kItems
// (predicate) + 5 shuffles per row (Rows) or per chunk (Blocked) + kThreads / 32 + the
// look-back's windows of 32 predecessors + kItems / 4 stores.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "compact_keep.h"
#include "compact_look_back.cuh"
#include "compact_tile.cuh"

namespace ws::compact::single_pass {

enum class Take { Counter, BlockIndex };

template <int kThreads_, int kItems_, int kMinBlocks_ = 0, Layout kLayout_ = Layout::Rows,
          Take kTake_ = Take::Counter, bool kPipelined_ = false, bool kStreaming_ = false,
          int kWindows_ = 0>
struct Policy {
  static constexpr int kThreads = kThreads_, kItems = kItems_;
  static constexpr int kMinBlocks = kMinBlocks_;  // __launch_bounds__ minimum; 0: the compiler's
  static constexpr Layout kLayout = kLayout_;
  static constexpr Take kTake = kTake_;
  static constexpr bool kPipelined = kPipelined_;
  static constexpr bool kStreaming = kStreaming_;  // evict-first loads and stores (.cs)
  // Look-back windows of 32 per poll (compact_look_back.cuh); 0: the scan's warp_look_back.
  static constexpr int kWindows = kWindows_;
  static constexpr int kTile = kThreads * kItems;
};

// The look-back's state: status (one word per tile, any contents from launches with other
// epochs), counter (zero before the first launch; the last taker resets it), sleeps in ns.
struct LookBack {
  unsigned long long* status;
  unsigned* counter;
  unsigned epoch, first_ns, spin_ns;
};

// @variant single-pass
// *kept receives the kept count. A pipelined launch wants gridDim.x <= the resident blocks (any
// grid is correct: blocks take tiles as they start).
template <class T, class P, class Keep>
__global__ void __launch_bounds__(P::kThreads, P::kMinBlocks)
    compact_single_pass_kernel(const T* __restrict__ in, T* __restrict__ out, int64_t n, Keep keep,
                               LookBack lb, uint32_t* kept) {
  static_assert(P::kItems % 4 == 0 && P::kThreads % 32 == 0, "tile shape");
  static_assert(!P::kPipelined || P::kTake == Take::Counter,
                "pipelined tiles come from the counter");
  constexpr int kWarps = P::kThreads / 32, kItems = P::kItems, kChunk = 32 * kItems;
  constexpr bool kBlocked = P::kLayout == Layout::Blocked;
  __shared__ alignas(16) T gathered[P::kTile];
  __shared__ uint32_t warp_counts[kWarps];
  __shared__ uint32_t tile_offset;
  __shared__ unsigned taken[2];  // the pipelined loop's next tile, by iteration parity
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const int64_t tiles = (n + P::kTile - 1) / P::kTile;
  // One taker per tile; a pipelined block also takes once past the end, so a launch takes
  // tiles + gridDim.x values and the last of them resets the counter for the next launch.
  const int64_t takes = P::kPipelined ? tiles + gridDim.x : tiles;
  auto taken_value = [&](unsigned v) {  // v from atomicAdd(lb.counter, 1u)
    if (int64_t{v} == takes - 1) *lb.counter = 0;
    return v;
  };
  int64_t tile = blockIdx.x;
  if constexpr (P::kTake == Take::Counter) {
    if (t == 0) taken[0] = taken_value(atomicAdd(lb.counter, 1u));
    __syncthreads();
    tile = taken[0];
  }
  T x[kItems];
  if (tile < tiles)
    load_rows<P::kStreaming>(in, tile * P::kTile + int64_t{warp} * kChunk, lane, n,
                             tile * P::kTile + int64_t{warp + 1} * kChunk <= n, x);
  for (int iteration = 0; tile < tiles; ++iteration) {
    // The next tile is taken first and used after the scan: the atomic's round trip overlaps it.
    unsigned next_taken = 0;
    if (P::kPipelined && t == 0) next_taken = atomicAdd(lb.counter, 1u);
    const int64_t warp_base = tile * P::kTile + int64_t{warp} * kChunk;
    const bool full = warp_base + kChunk <= n;
    if constexpr (kBlocked) {
      if (P::kPipelined && iteration > 0) __syncthreads();  // the last tile's stores read gathered
      rows_to_blocked(gathered + warp * kChunk, lane, x);
    }
    uint32_t mask, before[kItems / 4];
    const uint32_t warp_count =
        flag_and_scan<P::kLayout>(x, keep, warp_base, n, full, lane, mask, before);
    if (lane == 0) warp_counts[warp] = warp_count;
    if (P::kPipelined && t == 0) taken[(iteration + 1) & 1] = taken_value(next_taken);
    __syncthreads();  // barrier 1
    uint32_t warp_before = 0, tile_count = 0;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) {
      if (w == warp) warp_before = tile_count;
      tile_count += warp_counts[w];
    }
    const int64_t next = P::kPipelined ? int64_t{taken[(iteration + 1) & 1]} : tiles;
    if (t == 0)
      sf::store_status(lb.status + tile,
                       sf::pack(tile == 0 ? sf::kStatusPrefix : sf::kStatusAggregate,
                                static_cast<int32_t>(tile_count), lb.epoch));
    gather<P::kLayout>(gathered, warp_before, x, mask, before);
    if (P::kPipelined && next < tiles)  // in flight during the look-back and the stores
      load_rows<P::kStreaming>(in, next * P::kTile + int64_t{warp} * kChunk, lane, n,
                               next * P::kTile + int64_t{warp + 1} * kChunk <= n, x);
    if (warp == 0) {
      int32_t prefix = 0;
      if (tile > 0) {
        if (lb.first_ns != 0) __nanosleep(lb.first_ns);  // let the predecessors publish first
        if constexpr (P::kWindows == 0)
          prefix = sf::warp_look_back<int32_t, BinaryOp::Sum>(lb.status, tile, lane, lb.epoch,
                                                              lb.spin_ns);
        else
          prefix = wide_look_back<P::kWindows>(lb.status, tile, lane, lb.epoch, lb.spin_ns);
        if (lane == 0)
          sf::store_status(
              lb.status + tile,
              sf::pack(sf::kStatusPrefix, prefix + static_cast<int32_t>(tile_count), lb.epoch));
      }
      if (lane == 0) {
        tile_offset = static_cast<uint32_t>(prefix);
        if (tile == tiles - 1) *kept = static_cast<uint32_t>(prefix) + tile_count;
      }
    }
    __syncthreads();  // barrier 2
    store_gathered<P::kStreaming, T, P::kThreads>(gathered, out, tile_offset, tile_count, t);
    tile = next;
  }
}
// @end

// The grid for n elements: one block per tile, or for a pipelined policy no more blocks than fit
// on the device at once (each then loops over about tiles / grid tiles).
template <class T, class P, class Keep>
cudaError_t grid_for(int64_t n, int64_t* grid) {
  const int64_t tiles = (n + P::kTile - 1) / P::kTile;
  *grid = tiles;
  if (!P::kPipelined) return cudaSuccess;
  int device = 0, sms = 0, per_sm = 0;
  cudaError_t e = cudaGetDevice(&device);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  if (e == cudaSuccess)
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, compact_single_pass_kernel<T, P, Keep>, P::kThreads, 0);
  if (e != cudaSuccess) return e;
  const int64_t resident = int64_t{sms} * (per_sm > 0 ? per_sm : 1);
  *grid = tiles < resident ? tiles : resident;
  return cudaSuccess;
}

}  // namespace ws::compact::single_pass
