// A pipelined single-pass scan tried in issue 30's round two and left out of the product (it
// measured 0.66-0.67 ms at 2^28 against the staged kernel's 0.55-0.58 ms: a block's prefetched tile
// publishes its aggregate only after the block has finished the tile before it, so the look-backs
// of the tiles after it wait on that whole block; the sweep, bench/dev/scan_sweep.cu, still runs
// it). Persistent blocks, each looping over tiles
// taken in order from an atomic counter; a tile's input arrives in shared memory through the copy
// engine (TMA) while the block is still busy with the previous tile:
//   1. wait for tile i in shared memory; scan it row by row into registers (scan_row: warp-local
//      results, kItems a thread);
//   2. once every warp has read it, thread 0 takes tile i+1 and asks for it into the same buffer;
//   3. warp 0 publishes tile i's aggregate and looks back (tile_exclusive), all threads then store
//      their registers plus the tile's and their warp's prefix (16-byte, evict-first stores).
// So the look-back's wait and the stores of tile i overlap the load of tile i+1. Deadlock-free: a
// tile waits only on lower tiles, every tile is held by a running block (the grid is what fits on
// the device at once), and the lowest unfinished tile never waits.
// Work O(n); steps per tile as the staged kernel; the counter is reset by the last block to finish.
#pragma once

#include "scan/scan_single_pass_staged.cuh"

namespace ws::scan::pipelined {

using staged::barrier_init;
using staged::barrier_wait;
using staged::bulk_load;

// The tile counter and a count of finished blocks (both zero between launches).
struct Counters {
  unsigned* tiles_taken;
  unsigned* blocks_done;
};

template <class T, BinaryOp kOp, bool kInclusive, bool kLookback, class P>
__global__ void __launch_bounds__(P::kThreads)
    pipelined_single_pass(const T* __restrict__ in, T* __restrict__ out, int64_t n,
                          unsigned long long* status, Counters counters, unsigned epoch,
                          unsigned first_ns, unsigned spin_ns) {
  static_assert(P::kItems % 4 == 0 && P::kThreads % 32 == 0, "tile shape");
  static_assert(sizeof(T) == 4, "rows of 4 elements are 16-byte vectors");
  using V = typename fast::Vec4<T>::type;
  constexpr int kThreads = P::kThreads, kItems = P::kItems;
  constexpr int kWarps = kThreads / 32, kRows = kItems / 4, kTile = kThreads * kItems;
  extern __shared__ __align__(128) unsigned char tile_memory[];
  V* data = reinterpret_cast<V*>(tile_memory);
  __shared__ uint64_t loaded;
  __shared__ int64_t next_tile;
  __shared__ T warp_totals[kWarps];
  __shared__ T tile_prefix;
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const T id = identity_of<T>(kOp);
  const int64_t tiles = (n + kTile - 1) / kTile;
  // Thread 0: takes the next tile and, when it is whole, asks the copy engine for it.
  auto take = [&] {
    const int64_t taken = atomicAdd(counters.tiles_taken, 1u);
    next_tile = taken;
    if (taken * kTile + kTile <= n)
      bulk_load<P::kEvictFirst>(data, in + taken * kTile, kTile * sizeof(T), &loaded);
  };
  if (t == 0) {
    barrier_init(&loaded);
    take();
  }
  __syncthreads();
  int64_t tile = next_tile;
  uint32_t phase = 0;
  V* rows =
      data + warp * 32 * kRows + lane;  // row k of lane l: vector warp * 32 * kRows + k * 32 + l
  while (tile < tiles) {
    const int64_t tile_base = tile * kTile;
    const bool full = tile_base + kTile <= n;
    if (full) {
      barrier_wait(&loaded, phase);
      phase ^= 1;
    } else {
      T* flat = reinterpret_cast<T*>(data);
      for (int i = t; i < kTile; i += kThreads)
        flat[i] = tile_base + i < n ? in[tile_base + i] : id;
      __syncthreads();
    }
    V result[kRows];
    T carry = id;
#pragma unroll
    for (int k = 0; k < kRows; ++k)
      result[k] = staged::scan_row<T, kOp, kInclusive>(rows[k * 32], carry, lane);
    if (lane == 0) warp_totals[warp] = carry;
    __syncthreads();  // the buffer is read: the next tile may come in; the warp totals are there
    if (t == 0) {
      // The buffer was read through the generic proxy; the copy engine writes it next.
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      take();
    }
    T warp_prefix = id, aggregate = warp_totals[0];
#pragma unroll
    for (int w = 1; w < kWarps; ++w) {
      if (w == warp) warp_prefix = aggregate;
      aggregate = apply_op<T>(kOp, aggregate, warp_totals[w]);
    }
    if (warp == 0) {
      const T exclusive = staged::tile_exclusive<T, kOp, kLookback>(
          status, tile, aggregate, lane, epoch, first_ns, spin_ns, [] {});
      if (lane == 0) tile_prefix = exclusive;
    }
    __syncthreads();  // tile_prefix and next_tile are there
    const T base = apply_op<T>(kOp, tile_prefix, warp_prefix);
    const int64_t warp_base = tile_base + int64_t{warp} * 32 * kItems;
#pragma unroll
    for (int k = 0; k < kRows; ++k) {
      V r = result[k];
      r.x = apply_op<T>(kOp, base, r.x), r.y = apply_op<T>(kOp, base, r.y);
      r.z = apply_op<T>(kOp, base, r.z), r.w = apply_op<T>(kOp, base, r.w);
      const int64_t e = warp_base + (int64_t{k} * 32 + lane) * 4;
      if (full) {
        if (P::kEvictFirst)
          __stcs(reinterpret_cast<V*>(out + e), r);
        else
          *reinterpret_cast<V*>(out + e) = r;
      } else {
        const T y[4] = {r.x, r.y, r.z, r.w};
#pragma unroll
        for (int j = 0; j < 4; ++j)
          if (e + j < n) out[e + j] = y[j];
      }
    }
    tile = next_tile;
  }
  // The last block to finish leaves the counters at zero for the next launch.
  if (t == 0 && atomicAdd(counters.blocks_done, 1u) == gridDim.x - 1) {
    *counters.tiles_taken = 0;
    *counters.blocks_done = 0;
  }
}

}  // namespace ws::scan::pipelined
