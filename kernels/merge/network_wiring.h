// Which wires thread t of a network stage (k, j) joins: one rule for network.cpp (the network as
// data), the CPU twins and the CUDA kernels (sort_bitonic.cu, sort_odd_even.cu), so the diagram,
// the trace and the kernel cannot disagree. network.h describes both networks.
#pragma once

#include <cstdint>

#include "../common/host_device.h"

namespace ws::merge {

struct WirePair {
  int64_t lo, hi;
  bool ascending;
  bool active;  // false: the thread sits this stage out (odd-even only)
};

// Bitonic: thread t's pair at distance j while building sorted runs of k (the CUDA sample's
// bitonicMerge indexing: pos = 2t - (t & (j - 1)), direction from bit k of pos).
WS_HD WirePair bitonic_pair(int64_t t, int64_t k, int64_t j) {
  const int64_t lo = 2 * t - (t & (j - 1));
  return {lo, lo + j, (lo & k) == 0, true};
}

// Batcher's odd-even merge sort (the CUDA sample's oddEvenMergeGlobal): the first stage of a
// merge joins (pos, pos + j); later ones join (pos - j, pos) where the thread's offset within the
// half run is at least j.
WS_HD WirePair odd_even_pair(int64_t t, int64_t k, int64_t j) {
  const int64_t pos = 2 * t - (t & (j - 1));
  if (2 * j == k) return {pos, pos + j, true, true};
  const bool active = (t & (k / 2 - 1)) >= j;
  return {pos - j, pos, true, active};
}

// The value a padding wire carries beside its +inf key. With values, a padding pair sorts after
// a real pair of the same key (the key type's largest), so padding never displaces a real pair;
// a real pair (largest key, 0xFFFFFFFF) is indistinguishable from padding, and may trade places
// with it harmlessly.
inline constexpr uint32_t kNetworkPadValue = 0xFFFFFFFFu;

// The comparators' order: a goes after b. Keys only: a > b. With values: also a padding pair
// after a real one of an equal key (not a (key, value) order: the networks stay unstable).
template <class Key>
WS_HD bool network_after(Key a, uint32_t a_value, Key b, uint32_t b_value) {
  return a > b || (a == b && a_value == kNetworkPadValue && b_value != kNetworkPadValue);
}

}  // namespace ws::merge
