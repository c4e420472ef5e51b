// The fast merge (variant 5 of merge.h: merge path with thread coarsening) and the fast sort built
// from it (the "fast" row of sort.h), the project's fastest; CUDA-free API. The kernels are
// templates in merge_fast.cuh / sort_fast.cuh (self-contained: bench/dev/merge_tune.cu sweeps their
// configurations), instantiated for the defaults below in merge_fast.cu; the timings are
// merge_timing.cu / sort_timing.cu; the CPU twins (merge_fast_cpu.cpp, sort_fast_cpu.cpp)
// partition the work exactly as the kernels do. The code panel's sections ("@variant fast") are
// in merge_fast.cuh (the merge) and sort_fast.cuh (the sort).
//
// Fast merge, C = merge(A, B), m + n = N outputs, tiles of T = THREADS x ITEMS outputs:
//   1 partition: one thread per tile boundary d = t T (and N) finds its co-rank i (A's share of
//     the first d outputs) by a binary search along diagonal d   [work N/T log N, 1 launch]
//   2 merge: block t loads A[i_t, i_t+1) and B[d_t - i_t, d_{t+1} - i_{t+1}) coalesced into
//     shared memory; each thread finds its own co-rank at local diagonal tid ITEMS in shared
//     memory (log T steps) and merges ITEMS outputs sequentially in registers (PMPP 12's thread
//     coarsening); the keys go back through shared memory to coalesced stores. With values, the
//     merge keeps each output's source index and the block gathers the values the same way.
//   work N (each key loaded and stored once) + N/ITEMS log T searches; global traffic 2 N keys.
// Fast sort, n keys, tiles of T = THREADS x ITEMS keys:
//   1 block sort: each thread sorts its ITEMS keys in registers (odd-even transposition: a
//     stable sorting network of ITEMS rounds), then log2(THREADS) merge-path rounds in shared
//     memory double the sorted runs (ITEMS, 2 ITEMS, ... T)   [work T log T per tile]
//   2 global passes: runs of w = T, 2T, 4T ... are merged in pairs by the fast merge's two
//     kernels (partition at tile boundaries inside each pair, then tile merges), ping-ponging
//     between the keys and a buffer, until one run is left   [ceil(log2(n / T)) passes]
//   work n log n; global traffic 2 n keys per pass.
// Order and stability: keys compare with `<` only (std::merge and std::stable_sort's order):
// equal keys keep A before B in a merge and input order in a sort, so with values the result
// equals std::merge / std::stable_sort on (key, value) pairs ordered by key. float32 keys: NaN
// has no place in `<`'s order, so NaN keys are rejected at input (check_no_nan throws ws::Error);
// -0.0 and +0.0 are equal keys (kept in input order), infinities sort at the ends.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "merge.h"
#include "merge_inputs.h"

struct CUstream_st;  // the CUDA runtime's stream; cudaStream_t is CUstream_st*

namespace ws::merge {

using DeviceStream = CUstream_st*;  // a cudaStream_t, without the CUDA headers

// ---- Configurations. The defaults are what merge_fast.cu instantiates; the
// tuning harness (bench/dev/merge_tune.cu) sweeps others. CUB's sm_90 policies for comparison:
// DeviceMerge 512 x 15, DeviceMergeSort 256 x 17 (4-byte keys). Chosen from merge_tune's sweeps
// on an H200 (docs/perf/merge_tune_h200.txt). The *Occupancy constants are the threads an SM
// must hold, which sets the registers the compiler may use (2048: 32 a thread, 1024: 64): the
// keys kernels run best at full occupancy, the pairs kernels need the registers. The sort of
// pairs takes fewer items a thread; the host twin's results do not depend on the configuration.
inline constexpr int kFastMergeThreads = 256;
inline constexpr int kFastMergeItems = 15;
inline constexpr int kFastMergeOccupancy = 2048;
inline constexpr int kFastMergePairsOccupancy = 1024;
inline constexpr int kFastSortThreads = 256;
inline constexpr int kFastSortItems = 19;
inline constexpr int kFastSortPairsItems = 11;
inline constexpr int kFastSortBlockThreads = 1024;  // the block sort's threads (a power-of-two
                                                    // multiple of kFastSortThreads)
inline constexpr int kFastSortOccupancy = 2048;
inline constexpr int kFastSortPairsOccupancy = 1024;

struct FastConfig {
  int threads = kFastMergeThreads;  // per block; a multiple of 32, 32..1024
  int items = kFastMergeItems;      // outputs per thread, 1..32
  int block_threads = 0;  // sort: the block sort's threads (0: threads), a power-of-two multiple
  int64_t tile() const { return int64_t(threads) * items; }
  int64_t block_tile() const {
    return int64_t(block_threads > 0 ? block_threads : threads) * items;
  }
};
inline FastConfig fast_merge_config() {
  return {kFastMergeThreads, kFastMergeItems};
}
inline FastConfig fast_sort_config(bool pairs = false) {
  return {kFastSortThreads, pairs ? kFastSortPairsItems : kFastSortItems, kFastSortBlockThreads};
}

// ---- Host twins (any size; the CPU backend's fast mode and the CPU tests). `values` empty: keys
// only; otherwise one uint32 per key (va.size() == a.size(), vb.size() == b.size()). Throws
// ws::Error for unsorted A or B, mismatched value counts, NaN keys or a bad config.
template <class Key>
struct FastResult {
  std::vector<Key> keys;
  std::vector<uint32_t> values;  // empty for keys only
};
// The co-ranks at the tile boundaries: entry t = A's share of the first min(t T, m + n) outputs,
// for t = 0..ceil((m + n) / T) (so the last entry is m); what the partition kernel writes.
template <class Key>
std::vector<int64_t> merge_fast_partition(const std::vector<Key>& a, const std::vector<Key>& b,
                                          FastConfig config = fast_merge_config());
template <class Key>
FastResult<Key> merge_fast_cpu(const std::vector<Key>& a, const std::vector<Key>& b,
                               const std::vector<uint32_t>& va = {},
                               const std::vector<uint32_t>& vb = {},
                               FastConfig config = fast_merge_config());
// The block sort and the passes, as the kernels run them (the same tiles, runs and co-ranks).
template <class Key>
FastResult<Key> sort_fast_cpu(const std::vector<Key>& keys,
                              const std::vector<uint32_t>& values = {},
                              FastConfig config = fast_sort_config());
// Global passes the fast sort makes after its block sort: ceil(log2(ceil(n / B))) with B the
// block sort's tile (block_threads x items), 0 for n <= B.
int sort_fast_passes(int64_t n, FastConfig config = fast_sort_config());

// Throws ws::Error naming `what` when a float key is NaN (int32: never).
void check_no_nan(const std::vector<float>& keys, const char* what);
inline void check_no_nan(const std::vector<int32_t>&, const char*) {}

// ---- Full size on a backend (host vectors in and out): Backend::Cpu runs the twins,
// Backend::Cuda the kernels (throws ws::Error without a device or in a CPU-only build).
template <class Key>
FastResult<Key> run_merge_fast(const std::vector<Key>& a, const std::vector<Key>& b,
                               const std::vector<uint32_t>& va, const std::vector<uint32_t>& vb,
                               Backend backend);
template <class Key>
FastResult<Key> run_sort_fast(const std::vector<Key>& keys, const std::vector<uint32_t>& values,
                              Backend backend);

// ---- Device entry points (CUDA builds; the pointers are device memory; Key = int32_t or float,
// the default configurations). Asynchronous on `stream`; errors of the launch throw ws::Error.
// Scratch: `temp` of at least the *_temp_bytes, or nullptr to have it allocated stream-ordered
// (cudaMallocAsync / cudaFreeAsync) on `stream`. Preconditions (not checked on the device): A and
// B sorted, no NaN keys, C not overlapping A or B.
size_t merge_fast_temp_bytes(int64_t m, int64_t n);
template <class Key>
void merge_fast(const Key* a, int64_t m, const Key* b, int64_t n, Key* c, DeviceStream stream,
                void* temp = nullptr, size_t temp_bytes = 0);
template <class Key>
void merge_fast(const Key* a, int64_t m, const Key* b, int64_t n, Key* c, const uint32_t* va,
                const uint32_t* vb, uint32_t* vc, DeviceStream stream, void* temp = nullptr,
                size_t temp_bytes = 0);
// In place: keys (and values, when not nullptr) sorted; temp holds a second copy of them and the
// co-ranks.
size_t sort_fast_temp_bytes(int64_t n, bool pairs);
template <class Key>
void sort_fast(Key* keys, uint32_t* values, int64_t n, DeviceStream stream, void* temp = nullptr,
               size_t temp_bytes = 0);

// ---- Timings on the CUDA device: inputs from merge_inputs.h's full-size generators (`gen`,
// `seed`; values: the tags make_tags gives), median of `repeats` (at least 20) runs after a
// warm-up (CUDA events). Every timed result is checked on the device ("checked"): with values
// (the input tags), every output pair is a real input pair and the (key, tag) order is strict,
// i.e. exactly the stable result (the sorting networks, not stable: the keys equal the sorted
// keys and each input pair appears once); keys alone equal the keys of CUB's stable merge /
// merge sort of the same input, itself checked by the tag rule. CPU-only builds and no
// device: available false with a note.
struct MergeTiming {
  bool available = false;
  bool checked = false;     // the result passed the device check above
  double ms = 0;            // median
  double gbps = 0;          // bytes / time, 1e9 B/s
  double gkeys = 0;         // (m + n) / time, 1e9 keys/s
  double copy_gbps = 0;     // ws::copy_bandwidth_gbps_at(Cuda, bytes)
  double copy_percent = 0;  // gbps / copy_gbps * 100
  int64_t bytes = 0;        // read A and B, write C (keys, and values with pairs)
  std::string name;         // the variant's title or the library call
  std::string note;         // why not available, or what differs
};
struct SortTiming {
  bool available = false;
  bool checked = false;  // the result passed the device check above
  double ms = 0;
  double gkeys = 0;  // n / time
  double gbps = 0;   // 2 n key (+ value) bytes / time: one read and one write, for comparison
  int64_t keys = 0;
  std::string name;
  std::string note;
};
// variant: 2..5 (merge.h; 2-4 from merge_device, 5 the fast merge). Throws ws::Error for a
// variant outside 2..5 or sizes outside 0..2^28 each (and their sum at least 1).
MergeTiming time_merge(int variant, KeyType key, bool pairs, int64_t n_a, int64_t n_b, MergeGen gen,
                       int repeats, uint64_t seed = 27);
MergeTiming time_cub_merge(KeyType key, bool pairs, int64_t n_a, int64_t n_b, MergeGen gen,
                           int repeats, uint64_t seed = 27);  // cub::DeviceMerge::MergeKeys/Pairs
MergeTiming time_thrust_merge(KeyType key, bool pairs, int64_t n_a, int64_t n_b, MergeGen gen,
                              int repeats, uint64_t seed = 27);  // thrust::merge / merge_by_key
// variant: 6..8 (sort.h: merge sort from merges, bitonic, odd-even; from sort_device) or
// kFastSortVariant. Throws ws::Error for another variant or n outside 1..2^28.
inline constexpr int kFastSortVariant = 9;  // SortVariant::Fast (sort.h)
SortTiming time_sort(int variant, KeyType key, bool pairs, int64_t n, SortGen gen, int repeats,
                     uint64_t seed = 27);
SortTiming time_cub_merge_sort(KeyType key, bool pairs, int64_t n, SortGen gen, int repeats,
                               uint64_t seed = 27);  // cub::DeviceMergeSort::StableSortKeys/Pairs
SortTiming time_cub_radix_sort(KeyType key, bool pairs, int64_t n, SortGen gen, int repeats,
                               uint64_t seed = 27);         // cub::DeviceRadixSort::SortKeys/Pairs
inline constexpr int64_t kMaxTimedKeys = int64_t(1) << 28;  // per array

}  // namespace ws::merge
