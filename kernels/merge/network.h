// Sorting networks as data (PMPP 13 points to them; Batcher 1968; Knuth TAOCP 5.3.4): the wires,
// the comparators of every stage and the thread that owns each comparator, so the views can draw
// the diagram and the kernels (sort_bitonic.cu, sort_odd_even.cu) and their CPU twins walk the
// same list. CUDA-free.
//
// Wires: n keys padded to N, the next power of two (N >= 2 for n <= 2 too); wires n..N-1 hold +inf
// (the key type's largest value: INT32_MAX or +inf) and are marked (Network::is_padding). Stages:
//   bitonic     for k = 2, 4, ..., N (the size of the sorted runs being built); for j = k/2, ..., 1
//               (the compare distance): one stage (k, j). Comparator t of the stage joins wires
//               lo = 2t - (t & (j - 1)) and hi = lo + j, ascending when (lo & k) == 0 (the min goes
//               to lo), descending otherwise; N/2 comparators, every one of the N/2 threads busy.
//   odd-even    Batcher's odd-even merge sort, in the CUDA sample's numbering: for k = 2, 4, ..., N
//               (the size of the runs being merged; Knuth's and Wikipedia's p = k/2), for
//               j = k/2, ..., 1: one stage (k, j). Thread t looks at pos = 2t - (t & (j - 1)):
//               for j = k/2 it joins (pos, pos + j); for j < k/2 it joins (pos - j, pos) when
//               (t & (k/2 - 1)) >= j and sits idle otherwise. All ascending; fewer than N/2
//               comparators a stage: the idle threads are the divergence the view shows.
// Counts (checked by the tests against the formulas, N = 2^L):
//   stages       L (L + 1) / 2 for both
//   comparators  bitonic (N/2) L (L + 1) / 2; odd-even (L^2 - L + 4) N / 4 - 1 (Knuth 5.3.4 (9))
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ws::merge {

enum class NetworkKind : uint8_t { Bitonic = 0, OddEvenMerge = 1 };

struct Comparator {
  int32_t thread = 0;      // the thread (comparator slot 0..N/2-1) that owns it
  int32_t lo = 0, hi = 0;  // wires, lo < hi
  bool ascending = true;   // true: min to lo, max to hi
};

struct NetworkStage {
  int32_t k = 2;        // the size of the sorted runs this stage helps build (2..N)
  int32_t j = 1;        // the compare distance (k/2 down to 1); bitonic: the book's (k, j)
  int32_t threads = 1;  // threads the stage launches: N/2 (owners of comparators or idle)
  std::vector<Comparator> comparators;  // ascending by thread; at most one per thread
  std::string label() const;            // "k 8, j 2"
};

struct Network {
  NetworkKind kind = NetworkKind::Bitonic;
  int32_t n = 0;      // the keys asked for
  int32_t wires = 2;  // N: n rounded up to a power of two, at least 2
  std::vector<NetworkStage> stages;
  bool is_padding(int32_t wire) const { return wire >= n; }
  int64_t comparator_count() const;
};

inline constexpr int32_t kNetworkMaxWires = 1 << 24;  // network(): n up to 16 M keys

// The network for n keys (n >= 0; N = max(2, next power of two >= n)). Throws ws::Error for n < 0
// or n > kNetworkMaxWires ("networks take 0..16777216 keys, not ...").
Network network(NetworkKind kind, int32_t n);
const char* network_kind_id(NetworkKind kind);  // "bitonic", "odd-even"

// The book's and Knuth's counts for N = 2^L wires (N a power of two >= 2).
int64_t network_stage_formula(int32_t wires);              // L (L + 1) / 2
int64_t bitonic_comparator_formula(int32_t wires);         // (N/2) L (L + 1) / 2
int64_t odd_even_merge_comparator_formula(int32_t wires);  // (L^2 - L + 4) N / 4 - 1

// Applies the network to `keys` on the CPU (padding with +inf to N wires, then dropping it):
// a plain reference, no trace. `keys.size()` must be network.n.
void apply_network(const Network& network, std::vector<double>& keys);

}  // namespace ws::merge
