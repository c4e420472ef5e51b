// Onesweep: the GPU radix sort of fast mode (Adinets & Merrill 2022), on uint32 keys with or
// without uint32 values, 8-bit digits, 4 passes. Each pass reads every key once and writes it
// once: the per-digit offsets that PMPP 13.4's bucket-table scan computes in a separate pass are
// found here by decoupled look-back between tiles (the scan of chapter 11, run across tiles
// digit by digit while the tiles sort themselves).
//
// onesweep (shown in the code panel between "@variant onesweep" and its "@end")
//   global_histogram_kernel  one read of the keys counts all four digits at once into
//                            hist[pass][digit] (shared-memory atomics, then one global atomic
//                            per block and bin).                                 work O(n)
//   digit_offsets_kernel     per pass, the exclusive scan of its 256 counts: where each digit's
//                            keys start in the output.                     work O(4 x 256)
//   onesweep_pass_kernel     per pass; a tile of kThreads x kItems keys per block, tiles taken in
//                            order from an atomic counter (Policy: the shape and the match):
//     count     each warp counts the digits of its 32 x kItems keys (shared atomics), then per
//               digit an exclusive scan over the warps: the tile's count of each digit and where
//               each warp's keys of it start ("early counts": known before the ranking).
//     publish   thread d publishes the tile's count of digit d (flag Aggregate) at once.
//     rank      lanes with equal digits form a group (8 ballots, as CUB's MatchAny; or a shared
//               atomicOr, or __match_any_sync); the group's highest lane takes the group's slots
//               from the warp's running start of that digit. Keys are taken in index order:
//               stable. Then the keys go to shared memory sorted by digit.
//     look-back thread d walks back over the predecessors' words of digit d, adding Aggregates
//               until it meets an inclusive Prefix, and publishes its own inclusive prefix.
//     write     each thread writes consecutive sorted keys to the digit's global start + the
//               look-back prefix + the position within the digit's run: runs of one digit land
//               at consecutive addresses. Pairs load their values with the keys, stage them at
//               the keys' ranks and write them to the keys' places.
//     Work O(n) per pass; steps per tile: kItems rank rounds (8 ballots each) + kThreads / 32
//     for the warp scan + the look-back's depth. Every tile but the last is full and runs
//     without bounds checks; indices are 32-bit (n < 2^30).
//   Reads each key 5 times and writes it 4 times (8 bytes per key and pass, plus one read).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "../compact/device_scan.cuh"

namespace ws::radix::onesweep {

constexpr int kBits = 8;
constexpr int kDigits = 1 << kBits;
constexpr int kPasses = 32 / kBits;
constexpr uint32_t kDigitMask = kDigits - 1;
// A look-back word: the flag in the two high bits, the count in the low 30.
constexpr uint32_t kFlagAggregate = 1u << 30, kFlagPrefix = 2u << 30;
constexpr uint32_t kFlagMask = 3u << 30, kCountMask = (1u << 30) - 1;
constexpr int64_t kMaxKeys = (int64_t{1} << 30) - 1;  // counts fit in 30 bits
constexpr unsigned kFullMask = 0xffffffffu;

__device__ __forceinline__ uint32_t load_word(const uint32_t* p) {
  uint32_t v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_word(uint32_t* p, uint32_t v) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// @variant onesweep
template <int kThreads, int kCopies>
__global__ void __launch_bounds__(kThreads)
    global_histogram_kernel(const uint32_t* __restrict__ keys, int64_t n,
                            uint32_t* __restrict__ hist) {  // hist[kPasses][kDigits], zeroed
  // kCopies histograms per pass (warp w counts into copy w % kCopies: fewer lanes on one counter).
  __shared__ uint32_t counts[kCopies][kPasses][kDigits];
  for (int i = threadIdx.x; i < kCopies * kPasses * kDigits; i += kThreads)
    (&counts[0][0][0])[i] = 0;
  __syncthreads();
  uint32_t(&mine)[kPasses][kDigits] = counts[(threadIdx.x >> 5) % kCopies];
  const int64_t stride = int64_t{gridDim.x} * kThreads;
  const int64_t quads = n / 4;
  const uint4* keys4 = reinterpret_cast<const uint4*>(keys);
  auto count = [&](uint32_t k) {
#pragma unroll
    for (int p = 0; p < kPasses; ++p) atomicAdd(&mine[p][(k >> (p * kBits)) & kDigitMask], 1u);
  };
  for (int64_t q = int64_t{blockIdx.x} * kThreads + threadIdx.x; q < quads; q += stride) {
    const uint4 k = keys4[q];
    count(k.x), count(k.y), count(k.z), count(k.w);
  }
  for (int64_t i = quads * 4 + int64_t{blockIdx.x} * kThreads + threadIdx.x; i < n; i += stride)
    count(keys[i]);
  __syncthreads();
  for (int i = threadIdx.x; i < kPasses * kDigits; i += kThreads) {
    uint32_t c = 0;
#pragma unroll
    for (int copy = 0; copy < kCopies; ++copy) c += (&counts[copy][0][0])[i];
    if (c != 0) atomicAdd(&hist[i], c);
  }
}

// One block of kDigits threads per pass: offsets[pass][d] = sum of hist[pass][0..d-1].
__global__ void __launch_bounds__(kDigits)
    digit_offsets_kernel(const uint32_t* __restrict__ hist, uint32_t* __restrict__ offsets) {
  uint32_t total = 0;
  const int i = blockIdx.x * kDigits + threadIdx.x;
  offsets[i] = apps::block_exclusive_sum(hist[i], &total);
}

// How a warp finds the lanes whose digit equals its own (the ranking's inner step).
enum class Match {
  Ballots,   // one vote per digit bit, as CUB's MatchAny (kBits votes, 4 instructions each)
  AtomicOr,  // each lane sets its bit in a per-warp word of its digit in shared memory (CUB's
             // WARP_MATCH_ATOMIC_OR): one shared atomic and one load per key
  Hardware,  // __match_any_sync: one instruction, many cycles on Hopper
};

// How pairs move their values through the tile.
enum class Values {
  Registers,       // loaded with the keys into registers and staged at the keys' ranks (2 x kItems
                   // registers through the ranking)
  Late,            // loaded after the ranking (the keys already staged), staged at the keys' ranks,
                   // kept two to a register meanwhile
  LatePrefetched,  // Late, the values prefetched into L2 when the keys are loaded
};

// A pass's shape: kThreads x kItems keys per tile, at least kMinBlocks blocks per SM.
template <int kThreads_, int kItems_, int kMinBlocks_, Match kMatch_ = Match::Ballots,
          Values kValues_ = Values::Registers>
struct Policy {
  static constexpr int kThreads = kThreads_, kItems = kItems_, kMinBlocks = kMinBlocks_;
  static constexpr Match kMatch = kMatch_;
  static constexpr Values kValues = kValues_;
  static constexpr int kWarps = kThreads / 32;
  static constexpr int kTile = kThreads * kItems;
  static constexpr int kWarpKeys = 32 * kItems;
  static_assert(kThreads >= kDigits && kThreads % 32 == 0, "one digit per thread in the counts");
  static_assert(kWarps * kDigits <= kTile, "the match words fit in the staging area");
  static_assert(kTile <= 65536, "ranks are kept in 16 bits (Values::Late)");
};

__device__ __forceinline__ uint32_t digit_of(uint32_t key, int shift) {
  return (key >> shift) & kDigitMask;
}

__device__ __forceinline__ unsigned lanes_at_or_below() {
  unsigned mask;
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(mask));
  return mask;
}

// The lanes whose d has the same low kBallots bits, one vote per bit (kBits + 1 votes for a
// partial tile, whose missing keys carry digit kDigits). Written as CUB's MatchAny: the compiler
// otherwise spends 7 instructions per bit instead of 4.
template <int kBallots>
__device__ __forceinline__ unsigned lanes_with_digit(uint32_t d) {
  unsigned peers = kFullMask;
#pragma unroll
  for (int b = 0; b < kBallots; ++b) {
    unsigned votes;
    asm("{\n"
        "  .reg .pred p;\n"
        "  and.b32 %0, %1, %2;\n"
        "  setp.ne.u32 p, %0, 0;\n"
        "  vote.ballot.sync.b32 %0, p, 0xffffffff;\n"
        "  @!p not.b32 %0, %0;\n"
        "}\n"
        : "=r"(votes)
        : "r"(d), "r"(1u << b));
    peers &= votes;
  }
  return peers;
}

// Shared memory of one pass's block. The match words (Match::AtomicOr) live in the staging area
// until the keys are staged. Over 48 KB it is dynamic shared memory (kPassDynamicShared).
template <class P, bool kPairs>
struct PassShared {
  static constexpr bool kRegisters = kPairs && P::kValues == Values::Registers;
  static constexpr bool kLate =
      kPairs && (P::kValues == Values::Late || P::kValues == Values::LatePrefetched);
  uint32_t staged[P::kTile];                                   // the tile's keys sorted by digit
  uint32_t staged_values[kRegisters || kLate ? P::kTile : 1];  // and their values
  uint32_t warp_counts[P::kWarps][kDigits];  // then: where warp w's keys of digit d go in the tile
  uint32_t write_base[kDigits];  // output index of the digit's run start minus its tile start
  unsigned tile;
};

// Puts a key at its rank in the staging area, with its value (Values::Registers).
template <class P, bool kPairs>
__device__ __forceinline__ void stage_key(PassShared<P, kPairs>& s, uint32_t rank, uint32_t key,
                                          uint32_t value) {
  s.staged[rank] = key;
  if constexpr (PassShared<P, kPairs>::kRegisters) s.staged_values[rank] = value;
}

// Whether the keys go to shared memory as they are ranked (fewer registers: no ranks kept) or
// after the whole tile is ranked (the atomicOr match words share the staging area).
template <class P>
constexpr bool kStageWhileRanking = P::kMatch != Match::AtomicOr;

// Dynamic shared memory a pass needs: 0 when its PassShared fits the 48 KB of static memory.
template <class P, bool kPairs>
constexpr size_t kPassDynamicShared = sizeof(PassShared<P, kPairs>) <= 48 * 1024
                                          ? 0
                                          : sizeof(PassShared<P, kPairs>);

// Stable ranks of the warp's keys in the tile: item k of lane l is key 32 k + l of the warp, and
// equal digits keep that order. kFull: every key of the tile exists (all tiles but the last).
// on_rank(k, rank, valid) receives each item's rank as soon as it is known.
template <class P, bool kPairs, bool kFull, class OnRank>
__device__ __forceinline__ void rank_keys(const uint32_t (&key)[P::kItems], int shift,
                                          int warp_left, PassShared<P, kPairs>& s, int warp,
                                          int lane, OnRank&& on_rank) {
  uint32_t* match_words = s.staged + warp * kDigits;
  const unsigned at_or_below = lanes_at_or_below();
#pragma unroll
  for (int k = 0; k < P::kItems; ++k) {
    const bool valid = kFull || 32 * k + lane < warp_left;
    const uint32_t d = valid ? digit_of(key[k], shift) : uint32_t{kDigits};
    unsigned peers;
    if constexpr (!kFull) {
      peers = lanes_with_digit<kBits + 1>(d);
    } else if constexpr (P::kMatch == Match::Hardware) {
      peers = __match_any_sync(kFullMask, d);
    } else if constexpr (P::kMatch == Match::AtomicOr) {
      atomicOr(&match_words[d], 1u << lane);
      __syncwarp();
      peers = match_words[d];
    } else {
      peers = lanes_with_digit<kBits>(d);
    }
    // The group's highest lane takes the group's slots from the warp's running start of d.
    const int leader = 31 - __clz(peers);
    const uint32_t up_to_me = __popc(peers & at_or_below);
    uint32_t first = 0;
    if (valid && lane == leader) first = atomicAdd(&s.warp_counts[warp][d], up_to_me);
    on_rank(k, __shfl_sync(kFullMask, first, leader) + up_to_me - 1, valid);
    if constexpr (kFull && P::kMatch == Match::AtomicOr) {
      if (lane == leader) match_words[d] = 0;  // after the shuffle: every lane has read it
      __syncwarp();
    }
  }
}

// One tile of a pass (see the file's head). n fits 30 bits, so the indices are 32-bit.
template <class P, bool kPairs, bool kFull>
__device__ __forceinline__ void sort_tile(const uint32_t* __restrict__ keys_in,
                                          uint32_t* __restrict__ keys_out,
                                          const uint32_t* __restrict__ values_in,
                                          uint32_t* __restrict__ values_out, int n, int tile,
                                          int shift, const uint32_t* __restrict__ offsets,
                                          uint32_t* lookback, unsigned spin_ns,
                                          PassShared<P, kPairs>& s) {
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const int tile_base = tile * P::kTile;
  const int warp_base = tile_base + warp * P::kWarpKeys;
  const int warp_left = kFull ? P::kWarpKeys : n - warp_base;  // may be <= 0 in the last tile

  // Load (warp-striped: item k of lane l is key warp_base + 32 k + l, so (k, lane) is index
  // order) and count each warp's digits at once: the early counts.
  using Shared = PassShared<P, kPairs>;
  uint32_t key[P::kItems], value[Shared::kRegisters ? P::kItems : 1] = {};
#pragma unroll
  for (int k = 0; k < P::kItems; ++k) {
    const bool valid = kFull || 32 * k + lane < warp_left;
    key[k] = valid ? keys_in[warp_base + 32 * k + lane] : 0u;
    if constexpr (Shared::kRegisters) value[k] = valid ? values_in[warp_base + 32 * k + lane] : 0u;
  }
  if constexpr (kPairs && P::kValues == Values::LatePrefetched) {
    if (lane == 0) {  // one 128-byte line per warp and item
#pragma unroll
      for (int k = 0; k < P::kItems; ++k) {
        if (kFull || 32 * k < warp_left)
          asm volatile("prefetch.global.L2 [%0];" ::"l"(values_in + warp_base + 32 * k));
      }
    }
  }
#pragma unroll
  for (int k = 0; k < P::kItems; ++k) {
    if (kFull || 32 * k + lane < warp_left)
      atomicAdd(&s.warp_counts[warp][digit_of(key[k], shift)], 1u);
  }
  __syncthreads();

  // Count: per digit, the warps' counts scanned in warp order; publish the tile's count of each
  // digit (tile 0's count is already its prefix).
  uint32_t tile_count = 0;
  if (t < kDigits) {
#pragma unroll
    for (int w = 0; w < P::kWarps; ++w) {
      const uint32_t c = s.warp_counts[w][t];
      s.warp_counts[w][t] = tile_count;
      tile_count += c;
    }
    store_word(lookback + tile * kDigits + t,
               (tile == 0 ? kFlagPrefix : kFlagAggregate) | tile_count);
  }
  uint32_t all_keys = 0;
  const uint32_t digit_start = apps::block_exclusive_sum(tile_count, &all_keys);
  if (t < kDigits) {
#pragma unroll
    for (int w = 0; w < P::kWarps; ++w) s.warp_counts[w][t] += digit_start;
  }
  __syncthreads();

  // Rank. Keys (with their values, Values::Registers) are staged as they are ranked, except when
  // the match words share the staging area (Match::AtomicOr): then after the whole tile is ranked.
  // Ranks that are needed later are kept two to a register.
  constexpr bool kStage = kStageWhileRanking<P>;
  constexpr bool kKeepRanks = !kStage || Shared::kLate;
  uint32_t packed_ranks[kKeepRanks ? (P::kItems + 1) / 2 : 1] = {};
  auto item_valid = [&](int k) { return kFull || 32 * k + lane < warp_left; };
  rank_keys<P, kPairs, kFull>(key, shift, warp_left, s, warp, lane,
                              [&](int k, uint32_t rank, bool valid) {
                                if constexpr (kStage) {
                                  if (valid)
                                    stage_key(s, rank, key[k], value[Shared::kRegisters ? k : 0]);
                                }
                                if constexpr (kKeepRanks)
                                  packed_ranks[kKeepRanks ? k / 2 : 0] |= rank << (16 * (k & 1));
                              });
  auto rank_of = [&](int k) { return (packed_ranks[k / 2] >> (16 * (k & 1))) & 0xffffu; };
  if constexpr (!kStage) {
    __syncthreads();
#pragma unroll
    for (int k = 0; k < P::kItems; ++k) {
      if (item_valid(k)) stage_key(s, rank_of(k), key[k], value[Shared::kRegisters ? k : 0]);
    }
  }
  if constexpr (Shared::kLate) {
    uint32_t late[P::kItems];
#pragma unroll
    for (int k = 0; k < P::kItems; ++k)
      late[k] = item_valid(k) ? values_in[warp_base + 32 * k + lane] : 0u;
#pragma unroll
    for (int k = 0; k < P::kItems; ++k) {
      if (item_valid(k)) s.staged_values[rank_of(k)] = late[k];
    }
  }

  // Look back for digit t: predecessors nearest first, adding counts up to the first inclusive
  // prefix; an unpublished word is polled again (after spin_ns).
  if (t < kDigits) {
    uint32_t exclusive = 0;
    for (int p = tile - 1; p >= 0;) {
      const uint32_t word = load_word(lookback + p * kDigits + t);
      if ((word & kFlagMask) == 0) {
        if (spin_ns != 0) __nanosleep(spin_ns);
        continue;
      }
      exclusive += word & kCountMask;
      if ((word & kFlagPrefix) != 0) break;
      --p;
    }
    if (tile > 0) store_word(lookback + tile * kDigits + t, kFlagPrefix | (exclusive + tile_count));
    s.write_base[t] = offsets[t] + exclusive - digit_start;
  }
  __syncthreads();

  // Write: thread t takes sorted positions t, t + kThreads, ...: runs of one digit land at
  // consecutive addresses; a value goes where its key goes.
  const int count = kFull ? P::kTile : n - tile_base;
#pragma unroll
  for (int k = 0; k < P::kItems; ++k) {
    const int j = k * P::kThreads + t;
    if (kFull || j < count) {
      const uint32_t x = s.staged[j];
      const uint32_t at = s.write_base[digit_of(x, shift)] + j;
      keys_out[at] = x;
      if constexpr (Shared::kRegisters || Shared::kLate) values_out[at] = s.staged_values[j];
    }
  }
}

// A pass's block: takes the next tile, full or the last one.
template <class P, bool kPairs>
__device__ __forceinline__ void run_pass(const uint32_t* __restrict__ keys_in,
                                         uint32_t* __restrict__ keys_out,
                                         const uint32_t* __restrict__ values_in,
                                         uint32_t* __restrict__ values_out, int n, int shift,
                                         const uint32_t* __restrict__ offsets, uint32_t* lookback,
                                         unsigned* counter, unsigned spin_ns,
                                         PassShared<P, kPairs>& s) {
  const int t = threadIdx.x;
  if (t == 0) s.tile = atomicAdd(counter, 1u);
  for (int i = t; i < P::kWarps * kDigits; i += P::kThreads) {
    s.warp_counts[i / kDigits][i % kDigits] = 0;
    if constexpr (P::kMatch == Match::AtomicOr) s.staged[i] = 0;
  }
  __syncthreads();
  const int tile = static_cast<int>(s.tile);
  if ((tile + 1) * P::kTile <= n)
    sort_tile<P, kPairs, true>(keys_in, keys_out, values_in, values_out, n, tile, shift, offsets,
                               lookback, spin_ns, s);
  else
    sort_tile<P, kPairs, false>(keys_in, keys_out, values_in, values_out, n, tile, shift, offsets,
                                lookback, spin_ns, s);
}

// One pass: sorts by the digit at `shift`. offsets: this pass's digit_offsets_kernel row.
// lookback: tiles x kDigits words, zeroed; counter: zeroed; spin_ns: the sleep before polling an
// unpublished look-back word again (0: none). n <= kMaxKeys.
template <class P, bool kPairs>
__global__ void __launch_bounds__(P::kThreads, P::kMinBlocks)
    onesweep_pass_kernel(const uint32_t* __restrict__ keys_in, uint32_t* __restrict__ keys_out,
                         const uint32_t* __restrict__ values_in, uint32_t* __restrict__ values_out,
                         int n, int shift, const uint32_t* __restrict__ offsets, uint32_t* lookback,
                         unsigned* counter, unsigned spin_ns) {
  if constexpr (kPassDynamicShared<P, kPairs> == 0) {
    __shared__ PassShared<P, kPairs> s;
    run_pass<P, kPairs>(keys_in, keys_out, values_in, values_out, n, shift, offsets, lookback,
                        counter, spin_ns, s);
  } else {
    extern __shared__ __align__(16) unsigned char pass_shared[];
    run_pass<P, kPairs>(keys_in, keys_out, values_in, values_out, n, shift, offsets, lookback,
                        counter, spin_ns, *reinterpret_cast<PassShared<P, kPairs>*>(pass_shared));
  }
}
// @end

}  // namespace ws::radix::onesweep
