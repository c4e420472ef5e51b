// Sorting from merges and networks (PMPP 13.7-13.8; Batcher 1968; cuda-samples sortingNetworks):
// the scene's variants 6..9. CUDA-free API: the CPU twins (sort_*_cpu.cpp) and the CUDA kernels
// (sort_merge.cu, sort_bitonic.cu, sort_odd_even.cu) sit behind it; F's fast sort (variant 9) has
// its own header, merge_fast.h, and only its table row here.
//
// Variants (n keys, P threads, N = n padded to a power of two, L = log2 N):
//   6 merge-sort  bottom-up merge sort (PMPP 13.7, parallel merge sort): passes of width
//                 w = 1, 2, 4, ...; each pass merges neighbouring sorted runs of w with the basic
//                 parallel merge (12.5): every thread takes `per_thread` outputs, finds where
//                 they come from with two co-rank searches (its piece's start and end, in each
//                 merge it touches) and merges them sequentially. Stable. work O(n log n) (+ P log
//                 n co-rank searches a pass), steps ceil(log2 n) passes of O(per_thread + log n)
//                 each.
//   7 bitonic     Batcher's bitonic sorting network (network.h): L (L + 1) / 2 stages of N/2
//                 compare-exchanges; stages whose distance j is below the block's shared tile run
//                 in shared memory (barriers between them), the others one kernel launch each on
//                 global memory (the classic CUDA sample's split). Not stable. work
//                 O(N log^2 N), steps L (L + 1) / 2.
//   8 odd-even    Batcher's odd-even merge sort (network.h): the stages with k <= tile in shared
//                 memory, every later one on global memory (its comparators straddle tiles: the
//                 CUDA sample's split); fewer comparators ((L^2 - L + 4) N / 4 - 1) but idle
//                 lanes in every stage j < k/2.
//                 Not stable. work O(N log^2 N), steps L (L + 1) / 2.
//   9 fast        the fastest int32 sort this project makes (F: merge_fast.h, sort_fast.cu); only
//                 the table row lives here. teach_sort runs it as variant 6 (the same bottom-up
//                 passes of co-rank merges; the fast kernel's register block sort and tiles do
//                 not show in this trace, and its steps carry sort_merge.cu's markers).
// With values (uint32 per key), merge sort keeps equal keys in input order; the networks are not
// stable: equal keys come out in whatever order the network leaves them (tests compare their
// pairs after sorting them by (key, value)).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../common/trace.h"
#include "merge.h"
#include "network.h"

namespace ws::merge {

enum class SortVariant : uint8_t { MergeSort = 6, Bitonic = 7, OddEven = 8, Fast = 9 };

struct SortInfo {
  SortVariant variant;
  const char* id;         // "merge-sort", "bitonic", "odd-even", "fast"
  const char* title;      // e.g. "Bitonic sorting network"
  const char* source;     // the kernel file the code panel shows, relative to kernels/merge/
  const char* reference;  // PMPP section or the network's source
  const char* lesson;     // one sentence a student should take away
  bool stable;            // equal keys keep input order (merge sort, fast)
  // Where the kernel departs from the book and why ("" where it does not): the panel shows both.
  const char* book_note;
};
const std::vector<SortInfo>& sort_infos();  // 6..9 in order
const SortInfo& sort_info(SortVariant v);
// By id or number 6..9; throws ws::Error "--variant: unknown sort variant 'x' (accepted:
// merge-sort, bitonic, odd-even, fast or 6..9)".
SortVariant parse_sort_variant(const std::string& text, const char* option = "--variant");
bool is_network_sort(SortVariant v);         // 7, 8
NetworkKind network_kind_of(SortVariant v);  // 7, 8 only

// ---- Teach-mode limits.
inline constexpr int kSortTeachMaxKeys = 128;  // teach: 0..128 keys
inline constexpr int kSortMinBlockDim = 1;     // threads per block: a power of two 1..64
inline constexpr int kSortMaxBlockDim = 64;
inline constexpr int kSortDefaultBlockDim = 4;   // small, so several blocks and global stages show
inline constexpr int kSortDefaultPerThread = 4;  // merge sort: outputs a thread, a power of two
inline constexpr int kSortMaxPerThread = 16;     // 1..16

// ---- Teach mode: one traced run on 0..128 keys (doubles holding int32 or float32 values
// exactly; Trace::type Int32 or Float32). Each key may carry a uint32 value (a tag), moved along
// with it; the trace shows keys only.
// Networks: the shared tile is 2 * block_dim keys (each thread one comparator a stage), or N
// when N is smaller (then one block); grid = N / tile blocks. Merge sort has no shared memory:
// grid = ceil(n / (per_thread * block_dim)) blocks (at least 1).
struct SortTeachParams {
  SortVariant variant = SortVariant::Bitonic;  // 9 (fast) runs as 6
  KeyType key_type = KeyType::Int32;
  int block_dim = kSortDefaultBlockDim;    // threads per block
  int per_thread = kSortDefaultPerThread;  // merge sort: outputs each thread merges a pass
};

// Trace layout (the views rely on it). Threads numbered block * block_dim + tid; each thread's
// events in program order. Trace::op_label "compare"; serial_ops = the comparisons of a
// sequential merge sort's worst case, n ceil(log2 n) - 2^ceil(log2 n) + 1 (0 for n <= 1), the
// work a network's comparator count is set against.
//
// Merge sort (6, and 9 as taught): buffers 0 "keys" (global, n, the input), 1 "tmp" (global, n,
// NaN until written). Pass p (width w = 2^p, p = 0 .. ceil(log2 n) - 1) reads "keys" when p is
// even and "tmp" when odd and writes the other (ping-pong; result_buffer says where the sorted
// keys end: the full-size kernel copies them back to keys). One kernel launch a pass, two steps:
//   step 2p    "pass p: width w, co-rank", phase "corank": every thread's co-rank searches,
//              reads of A and B (both runs live in the pass's input buffer) in the order of the
//              book's loop (corank.h co_rank: A[i-1], B[j], then B[j-1], A[i], as && short-
//              circuits them). Thread t writes outputs [t * per_thread, (t + 1) * per_thread)
//              of the pass (clipped to n); where that range crosses merges it does each piece in
//              turn: co_rank of the piece's start, then of its end, per piece.
//   step 2p+1  "pass p: width w, merge", phase "merge": the pieces' sequential merges
//              (merge_sequential's loop): per output a Read of A[i] and of B[j] while both sides
//              have keys, of the remaining side's key after, then the Write of the output.
//   No Op events, no barriers (the steps split one launch's program order).
// Networks (7, 8): buffers 0 "keys" (global, N: wires n..N-1 are the padding, initial = the key
//   type's largest value, 2147483647 or +inf), 1 "tile" (shared, `tile` keys per block). The
//   steps follow the network's stages; bitonic runs a stage whose j < tile in shared memory,
//   odd-even only those with k <= tile, the rest on global memory (network_schedule.h):
//     a run of consecutive shared stages is
//       "load tile"  phase "load", barriers 1: thread t (local index l) of block b copies
//                    keys[b tile + l] to tile[l], then keys[b tile + l + tile/2] to
//                    tile[l + tile/2] (read, write, read, write: coalesced, the sample's load);
//       one step per stage "k K, j J (shared)", phase "shared", barriers 1: thread t's
//                    comparator (lo, hi) as tile addresses lo - b tile, hi - b tile;
//       "store tile" phase "store": the same two copies back, tile to keys;
//     a global stage is one step "k K, j J (global)", phase "global" (its own launch).
//   A compare-exchange: Read lo, Read hi, Op (address lo, value = the key written to lo), Write
//   lo, Write hi: both writes always, as the kernels do (no branch on the swap). Idle threads
//   (odd-even) record nothing in that stage. step_stage maps every step to its stage.
//   Values ride beside the keys (in shared memory too) but are not in the trace. With values a
//   comparator's order is network_after (network_wiring.h): the key, and a padding pair after a
//   real pair of the same key (padding never displaces a real pair); equal real keys keep or
//   trade places as the network decides: not stable.
// Code markers (the code panel highlights the line carrying them; tests check they are in the
// variant's "// @variant id" section): "@merge-sort-corank", "@merge-sort-merge"
// (sort_merge.cu); "@tile-load", "@stage-shared", "@tile-store", "@stage-global"
// (sort_bitonic.cu, sort_odd_even.cu).
struct MergePiece {                           // one merge of a pass, in the pass's input buffer
  int32_t a_begin = 0, a_end = 0;             // run A
  int32_t b_begin = 0, b_end = 0;             // run B (empty for the last, unpaired run)
  int32_t first_thread = 0, last_thread = 0;  // the threads whose outputs fall in it
};
struct MergeSortThreadRange {  // what one thread did in one merge of a pass
  int32_t thread = 0;
  int32_t merge = 0;                                       // index into MergePass::merges
  int32_t k_begin = 0, k_end = 0;                          // outputs, relative to the merge's start
  int32_t i_begin = 0, j_begin = 0, i_end = 0, j_end = 0;  // co-ranks of k_begin and k_end
};
struct MergePass {
  int32_t width = 1;         // the length of the runs merged
  int32_t input_buffer = 0;  // 0 "keys" or 1 "tmp"; the output goes to the other
  std::vector<MergePiece> merges;
  std::vector<MergeSortThreadRange> ranges;  // by thread, then merge
};
struct SortTeachRun {
  Trace trace;
  SortTeachParams params;  // as run (fast: variant 6's run with variant 9 here)
  std::vector<double> input;
  std::vector<uint32_t> input_values;  // the given values or tags 0..n-1
  std::vector<double> output;          // the sorted keys (n)
  std::vector<uint32_t> output_values;
  int32_t grid_dim = 0;
  // Merge sort.
  std::vector<MergePass> passes;  // pass p: steps 2p, 2p + 1
  int32_t result_buffer = 0;      // 0 "keys" or 1 "tmp": where the last pass wrote
  // Networks.
  Network network;
  int32_t tile = 0;                 // keys a block holds in shared memory
  std::vector<int32_t> step_stage;  // per trace step: index into network.stages; -1 load/store
};

// Throws ws::Error naming the option and what is accepted: more than 128 keys ("--keys"), values
// of another length, keys not exact in the key type, block_dim not a power of two in 1..64
// ("--block"), per_thread not a power of two in 1..16 ("--per-thread"), Backend::Cuda without a
// device or in a CPU-only build. values may be empty: tags 0..n-1.
SortTeachRun teach_sort(const SortTeachParams& params, const std::vector<double>& keys,
                        Backend backend, const std::vector<uint32_t>& values = {});
// The CPU twin alone (no checks): for tests.
SortTeachRun teach_sort_cpu(const SortTeachParams& params, const std::vector<double>& keys,
                            const std::vector<uint32_t>& values);

// ---- Full size on the CUDA device (sort_*.cu): variants 6..8 (9: merge_fast.h). Device
// pointers, sorted in place; d_values null (keys only) or n values moved with the keys. n < 2^30.
// d_scratch: sort_device_scratch_bytes(...) bytes of device memory (merge sort's ping-pong
// buffer; the networks' padding to a power of two), or null: allocated here, and the call then
// waits for `stream` before freeing it. stream: a cudaStream_t (nullptr = the default stream).
// Launches and returns (asynchronous when d_scratch is given); errors as ws::Error.
// The networks pad with the key type's largest value (and value 0xFFFFFFFF, sorting after a
// real pair of that key: network_after), so padding never displaces a real pair.
size_t sort_device_scratch_bytes(SortVariant variant, int64_t n, bool with_values);
template <class Key>
void sort_device(SortVariant variant, Key* d_keys, int64_t n, uint32_t* d_values,
                 void* d_scratch = nullptr, void* stream = nullptr);
extern template void sort_device<int32_t>(SortVariant, int32_t*, int64_t, uint32_t*, void*, void*);
extern template void sort_device<float>(SortVariant, float*, int64_t, uint32_t*, void*, void*);

// Host vectors in and out (copies to the device, sort_device, copies back): the GPU tests.
// values may be empty (then the result's values are empty).
template <class Key>
struct SortHostResult {
  std::vector<Key> keys;
  std::vector<uint32_t> values;
};
template <class Key>
SortHostResult<Key> sort_on_device(SortVariant variant, const std::vector<Key>& keys,
                                   const std::vector<uint32_t>& values = {});
extern template SortHostResult<int32_t> sort_on_device<int32_t>(SortVariant,
                                                                const std::vector<int32_t>&,
                                                                const std::vector<uint32_t>&);
extern template SortHostResult<float> sort_on_device<float>(SortVariant, const std::vector<float>&,
                                                            const std::vector<uint32_t>&);

// ---- Full size on the host: the reference the tests and the bench check against. Keys only:
// std::stable_sort. With values: merge sort (and fast) std::stable_sort by key; the networks,
// which are not stable, the (key, value) order (compare a network's pairs after sorting them by
// (key, value) too).
template <class Key>
void sort_reference(SortVariant v, std::vector<Key>& keys, std::vector<uint32_t>* values);
extern template void sort_reference<int32_t>(SortVariant, std::vector<int32_t>&,
                                             std::vector<uint32_t>*);
extern template void sort_reference<float>(SortVariant, std::vector<float>&,
                                           std::vector<uint32_t>*);

}  // namespace ws::merge
