// A wide decoupled look-back for the single-pass compaction: warp 0 reads kWindows x 32
// predecessors' status words per poll (kWindows independent loads per lane, one round trip to
// the L2), instead of 32 (../scan/scan_single_pass_fast.cuh, warp_look_back). With about a
// thousand tiles in flight the nearest inclusive prefix is often more than 32 tiles back, and
// each window read one after the other costs a round trip.
// A window is used when its words up to its nearest prefix are all published (a word past the
// prefix may still be Invalid); windows with no prefix are added and the look-back moves past
// them; at an unpublished word it sleeps spin_ns and polls again from that window.
// Work per tile: the predecessors down to the nearest prefix, rounded up to 32 x kWindows;
// steps: one round trip per poll, plus one warp reduction per window.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "../scan/scan_single_pass_fast.cuh"

namespace ws::compact::single_pass {

// The sum of the counts of tiles 0 .. tile - 1 (tile > 0), in every lane of the calling warp.
template <int kWindows>
__device__ int32_t wide_look_back(const unsigned long long* status, int64_t tile, int lane,
                                  unsigned epoch, unsigned spin_ns) {
  namespace sf = ws::scan::fast;
  uint32_t sum = 0;
  int64_t nearest = tile - 1;  // the nearest predecessor not yet added
  for (;;) {
    unsigned long long word[kWindows];
#pragma unroll
    for (int w = 0; w < kWindows; ++w) {
      const int64_t pred = nearest - 32 * w - lane;
      word[w] = pred >= 0 ? sf::load_status(status + pred) : sf::pack(sf::kStatusPrefix, 0, epoch);
    }
    int used = 0;  // windows added in this poll
    bool found = false;
#pragma unroll
    for (int w = 0; w < kWindows; ++w) {
      const unsigned flag = sf::flag_of(word[w], epoch);
      const unsigned prefixes = __ballot_sync(sf::kFullMask, flag == sf::kStatusPrefix);
      const unsigned invalid = __ballot_sync(sf::kFullMask, flag == sf::kStatusInvalid);
      const int stop = prefixes != 0 ? __ffs(prefixes) - 1 : 31;
      const unsigned needed = stop == 31 ? sf::kFullMask : (2u << stop) - 1u;
      if ((invalid & needed) != 0) break;
      const uint32_t mine = lane <= stop ? static_cast<uint32_t>(word[w]) : 0u;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
      sum += __reduce_add_sync(sf::kFullMask, mine);
#else
      uint32_t total = mine;
      for (int d = 16; d >= 1; d /= 2) total += __shfl_xor_sync(sf::kFullMask, total, d);
      sum += total;
#endif
      ++used;
      if (prefixes != 0) {
        found = true;
        break;
      }
    }
    if (found) return static_cast<int32_t>(sum);
    nearest -= 32 * used;
    if (used < kWindows && spin_ns != 0) __nanosleep(spin_ns);
  }
}

}  // namespace ws::compact::single_pass
