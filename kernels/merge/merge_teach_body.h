// What one thread of a merge kernel does, written once for both backends: the CUDA kernels
// (merge_*.cu) call these with a DeviceTrace (teach) or NoTrace (full size), the CPU twins
// (merge_*_cpu.cpp) with a HostTrace, so the twin's trace is the kernel's by construction. The
// recorder's calls read like annotations: rec.read(buffer, address, value) returns the value.
#pragma once

#include <cstdint>

#include "../common/host_device.h"

namespace ws::merge::body {

// The trace's buffers (Trace::buffers indices, see merge.h).
enum MergeArray : int { kArrayA, kArrayB, kArrayC, kArrayAS, kArrayBS, kArrayCorank };
// Phases of the kernels' steps; the recorder maps each to its first step.
//   basic, fast: kCorankCurr + pass, kCorankNext + pass, kMerge + output slot
//   sequential:  kMerge + output / 4
//   tiled, circular: kBlockCorank, then kTileLoop + 4 r + stage (TileStage) for iteration r
enum MergePhase : int { kCorankCurr, kCorankNext, kMerge, kBlockCorank, kTileLoop, kPhaseCount };
enum TileStage : int { kStageLoad, kStageThreadCorank, kStageMerge, kStageConsume, kStageCount };

WS_HD int ceil_div(int64_t a, int64_t b) {
  return static_cast<int>((a + b - 1) / b);
}
WS_HD int min_int(int64_t a, int64_t b) {
  return static_cast<int>(a < b ? a : b);
}

// Keys a thread reads (with their values, or null): key `index` sits at address
// offset + index of `buffer`, wrapped modulo `wrap` when wrap > 0 (a circular tile).
template <class Key>
struct Keys {
  const Key* keys;
  const uint32_t* values;
  int buffer;
  int offset;
  int wrap;
  WS_HD int address(int index) const {
    const int a = offset + index;
    return wrap > 0 ? a % wrap : a;
  }
  template <class Rec>
  WS_HD Key read(int index, Rec& rec) const {
    const int a = address(index);
    return rec.read(buffer, a, keys[a]);
  }
  WS_HD uint32_t value(int index) const { return values ? values[address(index)] : 0u; }
};

// The book's co_rank (PMPP Fig. 12.5, corank.h) recording its reads in program order: A[i-1],
// B[j] for the first test, B[j-1], A[i] for the second (the && short-circuits as in C). With
// step_per_pass, every pass of the while loop is a step of its own (phase, level + pass).
// *passes (optional) gets the number of passes, the last one the pass that found the answer.
template <class Key, class Rec>
WS_HD int co_rank_traced(int k, const Keys<Key>& A, int m, const Keys<Key>& B, int n, Rec& rec,
                         int phase, int level, bool step_per_pass, int* passes = nullptr) {
  int i = k < m ? k : m;
  int j = k - i;
  int i_low = 0 > (k - n) ? 0 : k - n;
  int j_low = 0 > (k - m) ? 0 : k - m;
  int delta;
  int pass = 0;
  bool active = true;
  while (active) {
    if (step_per_pass) rec.begin(phase, level + pass);
    ++pass;
    if (i > 0 && j < n && A.read(i - 1, rec) > B.read(j, rec)) {
      delta = ((i - i_low + 1) >> 1);
      j_low = j;
      j = j + delta;
      i = i - delta;
    } else if (j > 0 && i < m && B.read(j - 1, rec) >= A.read(i, rec)) {
      delta = ((j - j_low + 1) >> 1);
      i_low = i;
      i = i + delta;
      j = j - delta;
    } else {
      active = false;
    }
  }
  if (passes) *passes = pass;
  return i;
}

template <class Key, class Rec>
WS_HD void put_output(Key* C, uint32_t* C_values, int k, Key key, uint32_t value, Rec& rec) {
  C[k] = rec.write(kArrayC, k, key);
  if (C_values) C_values[k] = value;
}

// The book's merge_sequential (PMPP Fig. 12.2) recording its reads and writes: A[i] and B[j]
// while both sides have keys, then the remaining side's; C[c_first + k] for output k.
// outputs_per_step > 0: output k is in step (phase, level + k / outputs_per_step); 0: the
// caller's step holds them all.
template <class Key, class Rec>
WS_HD void merge_traced(const Keys<Key>& A, int m, const Keys<Key>& B, int n, Key* C,
                        uint32_t* C_values, int c_first, Rec& rec, int phase, int level,
                        int outputs_per_step) {
  int i = 0, j = 0, k = 0;
  while (i < m && j < n) {
    if (outputs_per_step > 0) rec.begin(phase, level + k / outputs_per_step);
    const Key a = A.read(i, rec);
    const Key b = B.read(j, rec);
    if (a <= b) {
      put_output(C, C_values, c_first + k, a, A.value(i), rec);
      ++i;
    } else {
      put_output(C, C_values, c_first + k, b, B.value(j), rec);
      ++j;
    }
    ++k;
  }
  for (; j < n; ++j, ++k) {
    if (outputs_per_step > 0) rec.begin(phase, level + k / outputs_per_step);
    put_output(C, C_values, c_first + k, B.read(j, rec), B.value(j), rec);
  }
  for (; i < m; ++i, ++k) {
    if (outputs_per_step > 0) rec.begin(phase, level + k / outputs_per_step);
    put_output(C, C_values, c_first + k, A.read(i, rec), A.value(i), rec);
  }
}

// One thread's share of loading `count` keys src[from, from + count) into a tile, block-strided
// (thread tid takes x = tid, tid + block_dim, ...: the book's `for (i = 0; i < tile_size;
// i += blockDim.x) if (i + threadIdx.x < ...)`), to slot (slot0 + x) % wrap (wrap 0: slot0 + x).
template <class Key, class Rec>
WS_HD void load_tile_share(int tid, int block_dim, const Key* src, const uint32_t* src_values,
                           int src_buffer, int from, int count, Key* tile, uint32_t* tile_values,
                           int tile_buffer, int slot0, int wrap, Rec& rec) {
  for (int x = tid; x < count; x += block_dim) {
    const int slot = wrap > 0 ? (slot0 + x) % wrap : slot0 + x;
    tile[slot] = rec.write(tile_buffer, slot, rec.read(src_buffer, from + x, src[from + x]));
    if (tile_values) tile_values[slot] = src_values[from + x];
  }
}

// Which keys an iteration of the tiled loop loads into a tile, and where.
//   tiled    (PMPP Fig. 12.12): the whole tile again, src[curr + consumed + x] -> tile[x] for
//            x < min(tile, length - consumed).
//   circular (PMPP Fig. 12.14): only the `S_consumed` slots the last iteration used up (all of
//            them the first time, S_consumed = tile). The tile still holds kept = tile - S_consumed
//            keys, logical 0..kept-1 from S_start, so the new keys are src[curr + consumed + kept
//            + x] into slot (S_start + kept + x) % tile, for x < S_consumed while keys are left.
struct TileFill {
  int from;   // first key of src to load
  int count;  // keys to load
  int slot0;  // slot of the first (before wrapping)
  int wrap;   // tile for the circular buffer, 0 for the plain tile
};
WS_HD TileFill tile_fill(int curr, int length, int consumed, int S_start, int S_consumed, int tile,
                         bool circular) {
  const int left = length - consumed;
  if (!circular) return TileFill{curr + consumed, left < tile ? left : tile, 0, 0};
  const int kept = tile - S_consumed;
  const int fresh = left - kept;
  const int count = fresh < S_consumed ? fresh : S_consumed;
  return TileFill{curr + consumed + kept, count > 0 ? count : 0, S_start + kept, tile};
}

}  // namespace ws::merge::body
