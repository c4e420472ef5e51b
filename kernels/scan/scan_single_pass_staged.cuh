// The staged single-pass scan (issue 30, round two): scan_single_pass_fast.cuh's tile, look-back
// and status words, with the tile held in shared memory instead of registers, so that many more
// tiles are in flight on an SM while their blocks wait in the look-back.
//   - Load: one thread asks the Hopper copy engine (TMA: cp.async.bulk) for the whole tile,
//     global -> shared, completing on an mbarrier; no thread holds a register for it meanwhile.
//     The last, partial tile is loaded element by element.
//   - Scan: each warp reads its chunk from shared memory in rows of 32 lanes x 4 (16-byte
//     vectors, conflict-free), scans each row in registers and with __shfl_up_sync, rows chained by
//     a running carry, and writes the warp-local result back in place: only the warp's total stays
//     in a register.
//   - Look-back: warp 0, as in the fast kernel (Aggregate at once, windows of 32 predecessors,
//     sleeps before and between polls).
//   - Store: each thread reads its rows back, adds the tile's and its warp's prefix, and writes
//     16-byte vectors (evict-first with Policy::kEvictFirst).
// Work O(n); steps per tile: kItems / 4 rows x (3 serial + 5 shuffles) + kThreads / 32 totals; the
// look-back reads ceil(depth / 32) windows. Registers: about a third of the fast kernel's, so
// shared memory (kThreads * kItems * sizeof(T) a block) decides how many blocks share an SM.
#pragma once

#include "scan_single_pass_fast.cuh"

namespace ws::scan::staged {

using fast::kFullMask;
using fast::kStatusAggregate;
using fast::kStatusPrefix;

// The copy engine's bulk copies and transaction-counting mbarriers are Hopper's (sm_90): builds
// for older GPUs load the tile with 16-byte vector loads by every thread instead (kCopyEngine).
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
constexpr bool kCopyEngine = true;
#else
constexpr bool kCopyEngine = false;
#endif

__device__ __forceinline__ uint32_t shared_address(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
// An mbarrier for one arrival, made visible to the copy engine.
__device__ __forceinline__ void barrier_init(uint64_t* bar) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(shared_address(bar)) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
}
// Global -> shared, `bytes` (a multiple of 16, both addresses 16-byte aligned) by the copy engine;
// `bar` completes when they have all arrived. kEvictFirst: the lines read leave the L2 first (the
// input is read once; the status words and the output stay).
template <bool kEvictFirst>
__device__ __forceinline__ void bulk_load(void* dst, const void* src, uint32_t bytes,
                                          uint64_t* bar) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(bar)),
               "r"(bytes)
               : "memory");
  if constexpr (kEvictFirst) {
    uint64_t policy;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], "
        "[%1], %2, [%3], %4;" ::"r"(shared_address(dst)),
        "l"(src), "r"(bytes), "r"(shared_address(bar)), "l"(policy)
        : "memory");
  } else {
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::
            "r"(shared_address(dst)),
        "l"(src), "r"(bytes), "r"(shared_address(bar))
        : "memory");
  }
#endif
}
__device__ __forceinline__ void barrier_wait(uint64_t* bar, uint32_t parity) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
  uint32_t done = 0;
  while (!done) {
    asm volatile(
        "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, "
        "p; }"
        : "=r"(done)
        : "r"(shared_address(bar)), "r"(parity)
        : "memory");
  }
#endif
}

// One row of a warp's chunk (lane l holds elements 4l..4l+3 of the row): returns lane l's four
// results within the warp's chunk so far (carry: the chunk's rows before this one, then this
// row's end too). 3 serial steps in the lane and a 5-step __shfl_up_sync scan of the lanes' totals.
template <class T, BinaryOp kOp, bool kInclusive>
__device__ __forceinline__ typename fast::Vec4<T>::type scan_row(typename fast::Vec4<T>::type q,
                                                                 T& carry, int lane) {
  T x[4] = {q.x, q.y, q.z, q.w};
#pragma unroll
  for (int j = 1; j < 4; ++j) x[j] = apply_op<T>(kOp, x[j - 1], x[j]);
  T inclusive = x[3];
#pragma unroll
  for (int d = 1; d < 32; d *= 2) {
    const T y = __shfl_up_sync(kFullMask, inclusive, d);
    if (lane >= d) inclusive = apply_op<T>(kOp, y, inclusive);
  }
  const T previous = __shfl_up_sync(kFullMask, inclusive, 1);
  const T before = lane > 0 ? apply_op<T>(kOp, carry, previous) : carry;
  T y[4];
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    if (kInclusive)
      y[j] = apply_op<T>(kOp, before, x[j]);
    else
      y[j] = j == 0 ? before : apply_op<T>(kOp, before, x[j - 1]);
  }
  carry = apply_op<T>(kOp, carry, __shfl_sync(kFullMask, inclusive, 31));
  typename fast::Vec4<T>::type r;
  r.x = y[0], r.y = y[1], r.z = y[2], r.w = y[3];
  return r;
}

// Warp 0's part: publishes the tile's aggregate, runs `meanwhile` (work of its own while the
// predecessors publish), finds its exclusive prefix (look-back, or the predecessor's prefix alone
// when !kLookback), publishes its inclusive prefix; returns the exclusive prefix in every lane.
template <class T, BinaryOp kOp, bool kLookback, class Meanwhile>
__device__ __forceinline__ T tile_exclusive(unsigned long long* status, int64_t tile, T aggregate,
                                            int lane, unsigned epoch, unsigned first_ns,
                                            unsigned spin_ns, Meanwhile&& meanwhile) {
  T exclusive = identity_of<T>(kOp);
  if (tile == 0) {
    if (lane == 0) fast::store_status(status, fast::pack(kStatusPrefix, aggregate, epoch));
    meanwhile();
    return exclusive;
  }
  if (kLookback) {
    if (lane == 0)
      fast::store_status(status + tile, fast::pack(kStatusAggregate, aggregate, epoch));
    meanwhile();
    if (first_ns != 0) __nanosleep(first_ns);
    exclusive = fast::warp_look_back<T, kOp>(status, tile, lane, epoch, spin_ns);
  } else {
    meanwhile();
    unsigned long long word = 0;
    if (lane == 0) {
      for (;;) {
        word = fast::load_status(status + tile - 1);
        if (fast::flag_of(word, epoch) == kStatusPrefix) break;
        if (spin_ns != 0) __nanosleep(spin_ns);
      }
    }
    exclusive = fast::from_bits<T>(static_cast<uint32_t>(__shfl_sync(kFullMask, word, 0)));
  }
  if (lane == 0)
    fast::store_status(status + tile,
                       fast::pack(kStatusPrefix, apply_op<T>(kOp, exclusive, aggregate), epoch));
  return exclusive;
}

// A tile shape and how the kernel treats memory.
//   kEvictFirst: loads hinted evict-first in the L2, stores evict-first (st.global.cs).
//   kBlockOrder: tile = blockIdx.x, as CUB's DeviceScan takes it (it relies on blocks starting in
//     index order, which the hardware does); else tiles come from an atomic counter in the order
//     blocks start, which needs no such assumption but costs a global atomic before the load.
//   kEarlyAggregate: the warps first only add up their chunks, so that warp 0 publishes the tile's
//     aggregate before any row is scanned; the scans then run while warp 0 looks back (warp 0
//     scans its own rows between publishing and its first poll).
template <int kThreads_, int kItems_, bool kEvictFirst_ = true, bool kBlockOrder_ = true,
          bool kEarlyAggregate_ = true>
struct Policy {
  static constexpr int kThreads = kThreads_, kItems = kItems_;
  static constexpr bool kEvictFirst = kEvictFirst_, kBlockOrder = kBlockOrder_;
  static constexpr bool kEarlyAggregate = kEarlyAggregate_;
  template <class T>
  static constexpr size_t shared_bytes() {  // the tile, and room to align it to 128 bytes
    return size_t{kThreads_} * kItems_ * sizeof(T) + 112;
  }
};

// The tile lives in dynamic shared memory: launch with P::shared_bytes<T>() (over 48 KB needs
// cudaFuncAttributeMaxDynamicSharedMemorySize).
template <class T, BinaryOp kOp, bool kInclusive, bool kLookback, class P>
__global__ void __launch_bounds__(P::kThreads)
    staged_single_pass(const T* __restrict__ in, T* __restrict__ out, int64_t n,
                       unsigned long long* status, unsigned* counter, unsigned epoch,
                       unsigned first_ns, unsigned spin_ns) {
  static_assert(P::kItems % 4 == 0 && P::kThreads % 32 == 0, "tile shape");
  static_assert(sizeof(T) == 4, "rows of 4 elements are 16-byte vectors");
  using V = typename fast::Vec4<T>::type;
  constexpr int kThreads = P::kThreads, kItems = P::kItems;
  constexpr int kWarps = kThreads / 32, kRows = kItems / 4, kTile = kThreads * kItems;
  // The copy engine writes 128-byte aligned shared memory much faster (at 2^28: 0.565 ms against
  // 0.588 at 16 bytes); dynamic shared memory starts after the static variables, so the tile is
  // aligned by hand (shared_bytes() has the room). __align__(128) here would pad the static
  // shared memory of every kernel in the translation unit instead.
  extern __shared__ __align__(16) unsigned char tile_memory[];
  V* data =
      reinterpret_cast<V*>(tile_memory + ((128u - (shared_address(tile_memory) & 127u)) & 127u));
  __shared__ uint64_t loaded;
  __shared__ int64_t tile_shared;
  __shared__ T warp_totals[kWarps];
  __shared__ T tile_prefix;
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const T id = identity_of<T>(kOp);
  const int64_t tiles = (n + kTile - 1) / kTile;
  if (t == 0) {
    int64_t taken = blockIdx.x;
    if (!P::kBlockOrder) {
      taken = atomicAdd(counter, 1u);
      if (taken == tiles - 1) *counter = 0;  // the counter is free for the next launch
    }
    tile_shared = taken;
    if (kCopyEngine) {
      barrier_init(&loaded);
      if (taken * kTile + kTile <= n)
        bulk_load<P::kEvictFirst>(data, in + taken * kTile, kTile * sizeof(T), &loaded);
    }
  }
  __syncthreads();
  const int64_t tile = tile_shared;
  const int64_t tile_base = tile * kTile;
  const bool full = tile_base + kTile <= n;
  if (full && kCopyEngine) {
    barrier_wait(&loaded, 0);
  } else if (full) {
    const V* tile_in = reinterpret_cast<const V*>(in + tile_base);
    for (int i = t; i < kTile / 4; i += kThreads) data[i] = tile_in[i];
    __syncthreads();
  } else {
    T* flat = reinterpret_cast<T*>(data);
    for (int i = t; i < kTile; i += kThreads) flat[i] = tile_base + i < n ? in[tile_base + i] : id;
    __syncthreads();
  }

  // Row k of lane l is vector warp * 32 * kRows + k * 32 + l of the tile.
  V* rows = data + warp * 32 * kRows + lane;
  auto scan_rows = [&] {
    T carry = id;
#pragma unroll
    for (int k = 0; k < kRows; ++k)
      rows[k * 32] = scan_row<T, kOp, kInclusive>(rows[k * 32], carry, lane);
    return carry;
  };
  if constexpr (P::kEarlyAggregate) {
    T own = id;
#pragma unroll
    for (int k = 0; k < kRows; ++k) {
      const V q = rows[k * 32];
      own = apply_op<T>(kOp, own,
                        apply_op<T>(kOp, apply_op<T>(kOp, q.x, q.y), apply_op<T>(kOp, q.z, q.w)));
    }
#pragma unroll
    for (int d = 16; d >= 1; d /= 2)
      own = apply_op<T>(kOp, own, __shfl_xor_sync(kFullMask, own, d));
    if (lane == 0) warp_totals[warp] = own;
  } else {
    const T total = scan_rows();
    if (lane == 0) warp_totals[warp] = total;
  }
  __syncthreads();

  if (warp == 0) {
    T aggregate = warp_totals[0];
#pragma unroll
    for (int w = 1; w < kWarps; ++w) aggregate = apply_op<T>(kOp, aggregate, warp_totals[w]);
    const T exclusive = tile_exclusive<T, kOp, kLookback>(status, tile, aggregate, lane, epoch,
                                                          first_ns, spin_ns, [&] {
                                                            if (P::kEarlyAggregate) scan_rows();
                                                          });
    if (lane == 0) tile_prefix = exclusive;
  } else if (P::kEarlyAggregate) {
    scan_rows();
  }
  __syncthreads();
  T base = tile_prefix;
  for (int w = 0; w < warp; ++w) base = apply_op<T>(kOp, base, warp_totals[w]);
  const int64_t warp_base = tile_base + int64_t{warp} * 32 * kItems;
#pragma unroll
  for (int k = 0; k < kRows; ++k) {
    const V q = rows[k * 32];
    V r;
    r.x = apply_op<T>(kOp, base, q.x), r.y = apply_op<T>(kOp, base, q.y);
    r.z = apply_op<T>(kOp, base, q.z), r.w = apply_op<T>(kOp, base, q.w);
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
}

}  // namespace ws::scan::staged
