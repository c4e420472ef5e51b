// Each warp-level memory instruction of one trace step, with the addresses of its lanes: the
// sectors and lines a global access touches and the bank of each shared access. The kit's
// counters (kernels/common/counters.h) sum these per step; the memory scene's transpose figure and
// the SpMV scene's threads figure draw them one by one, so they group the events exactly as
// counters.cpp does (a warp's n-th access of a kind to a buffer, a Skip keeping a lane's place, a
// vector load one instruction).
#pragma once

#include <cstdint>
#include <vector>

#include "common/trace.h"

namespace ws::app {

inline constexpr int kMemSectorBytes = 32;  // the unit global_requests counts
inline constexpr int kMemLineBytes = 128;   // the unit global_lines counts
inline constexpr int kMemBanks = 32;        // shared memory: 32 banks of 4-byte words
inline constexpr int kMemBankBytes = 4;

struct WarpAccess {
  int32_t block = 0;
  int32_t warp = 0;  // the warp within its block
  int buffer = 0;
  EventKind kind = EventKind::Read;
  std::vector<int32_t> threads;    // the lanes' launch-wide thread indices
  std::vector<int32_t> addresses;  // element indices (shared buffers: local to the block)
  int64_t sectors = 0;             // global: distinct 32-byte sectors
  int64_t lines = 0;               // global: distinct 128-byte lines
  int64_t ways = 0;                // shared: the most distinct words in one bank (1: no conflict)
};

// The warp-level accesses of `step` to global and shared buffers, in order of (warp, buffer,
// kind, n-th access).
std::vector<WarpAccess> warp_access_list(const Trace& trace, int step);

// The bank of a shared element (4-byte words, 32 banks).
int shared_bank(int32_t address, int elem_bytes);
// The 32-byte sector of a global element.
int64_t global_sector(int32_t address, int elem_bytes);

// The trace's element size of buffer `buffer`.
int buffer_elem_bytes(const Trace& trace, int buffer);

}  // namespace ws::app
