// Parallel merge (PMPP chapter 12): two sorted arrays A (m keys) and B (n keys) become one sorted
// C (m + n keys), stable: equal keys keep A's before B's. CUDA-free API: the CPU twins
// (merge_*_cpu.cpp) and the CUDA kernels (merge_*.cu) sit behind it; corank.h has the co-rank
// and the sequential merge both use.
//
// Variants (p threads, t = the tile size, T = ITEMS outputs a thread):
//   1 sequential  PMPP 12.2: one thread walks A and B. Work m + n, steps m + n.
//   2 basic       PMPP 12.5: each thread takes ceil((m + n) / p) outputs [k_curr, k_next),
//                 finds co_rank(k_curr) and co_rank(k_next) by binary search on A and B in global
//                 memory, then merges its pieces sequentially. Work m + n + 2 p log(m + n),
//                 steps (m + n) / p + 2 log(m + n); loads are uncoalesced (each thread its own
//                 pieces).
//   3 tiled       PMPP 12.6: thread 0 finds the block's co-ranks; the block then loads t keys of
//                 A and t of B into shared tiles A_S, B_S (coalesced), each thread co-ranks and
//                 merges t / blockDim outputs from the tiles, and the block consumes what the
//                 tile's t outputs used (A_consumed, B_consumed). Half of every load is wasted
//                 on average: each iteration reloads 2t keys to produce t outputs.
//   4 circular    PMPP 12.7: the same with circular-buffer tiles: an iteration refills only the
//                 slots the last one consumed (A_S_start, B_S_start wrap around), so every key is
//                 loaded from global memory once. co_rank_circular, merge_sequential_circular.
//   5 fast        thread coarsening (F's kernel, merge_fast.h): each thread merges a fixed T
//                 outputs from its merge-path co-rank with its keys held in registers. The teach
//                 trace shows the partitioning (variant 2's steps with T outputs a thread); the
//                 full-size kernel (merge_fast.cuh) also stages each block's tile in shared
//                 memory with coalesced loads and stores.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../common/binary_op.h"
#include "../common/trace.h"

namespace ws::merge {

// ---- Keys.
enum class KeyType : uint8_t { Int32 = 0, Float32 = 1 };
const char* key_type_id(KeyType type);  // "int32", "float32"
// Accepts int32/i32/int and float32/f32/float; throws ws::Error naming `option` and the ids.
KeyType parse_key_type(const std::string& text, const char* option = "--type");
inline ValueType value_type(KeyType type) {
  return type == KeyType::Float32 ? ValueType::Float32 : ValueType::Int32;
}

// ---- Variants.
enum class MergeVariant : uint8_t {
  Sequential = 1,
  Basic = 2,
  Tiled = 3,
  Circular = 4,
  Fast = 5,
};

struct MergeInfo {
  MergeVariant variant;
  const char* id;         // sequential, basic, tiled, circular, fast
  const char* title;      // e.g. "Circular-buffer tiled merge"
  const char* source;     // the kernel file the code panel shows, relative to kernels/merge/
  const char* reference;  // PMPP section, e.g. "PMPP 12.7"
  const char* lesson;     // one sentence a student should take away
  // Where the kernel departs from the book's figure and why ("" where it does not): the panel
  // shows both.
  const char* book_note;
};
const std::vector<MergeInfo>& merge_infos();  // 1..5 in order
const MergeInfo& merge_info(MergeVariant v);
// By id or number 1..5; throws ws::Error "--variant: unknown merge variant 'x' (accepted:
// sequential, basic, tiled, circular, fast or 1..5)".
MergeVariant parse_merge_variant(const std::string& text, const char* option = "--variant");
bool uses_tiles(MergeVariant v);  // tiled, circular: shared tiles A_S, B_S

// ---- Teach limits.
inline constexpr int kMergeTeachMaxSide = 64;        // A and B up to 64 keys each
inline constexpr int kMergeTeachMaxBlockDim = 64;    // threads per block 1..64
inline constexpr int kMergeTeachMaxBlocks = 16;      // blocks 1..16
inline constexpr int kMergeTeachMaxTile = 64;        // tile 1..64, a multiple of the block size
inline constexpr int kMergeTeachMaxItems = 16;       // fast: outputs a thread 1..16
inline constexpr int kSequentialOutputsPerStep = 4;  // the sequential trace: 4 outputs a step

struct MergeTeachParams {
  MergeVariant variant = MergeVariant::Basic;
  int block_dim = 4;  // threads per block (sequential: ignored, 1)
  int blocks = 1;     // blocks in the grid (sequential: 1; fast: ignored, ceil(threads / block))
  int tile = 8;       // tiled, circular: the book's tile_size (keys of A and of B a tile holds)
  int items = 4;      // fast: outputs a thread (ITEMS)
  KeyType key_type = KeyType::Int32;
};

// One thread's piece of the output, in global indices: C[k_curr, k_next) merges
// A[i_curr, i_next) and B[j_curr, j_next) (j = k - i). Basic, fast, sequential: one per thread
// (iteration -1). Tiled, circular: one per (iteration, thread), k, i, j still global (the tile's
// local co-rank a_curr is i_curr - (A_curr + A_consumed)).
struct ThreadRange {
  int32_t thread = 0;  // block * block_dim + tid
  int32_t block = 0;
  int32_t iteration = -1;
  int32_t k_curr = 0, k_next = 0;
  int32_t i_curr = 0, j_curr = 0;
  int32_t i_next = 0, j_next = 0;
};

// Tiled, circular: one iteration of a block's while loop, the counters at its start.
struct TileIteration {
  int32_t block = 0;
  int32_t iteration = 0;
  int32_t C_completed = 0, A_consumed = 0, B_consumed = 0;  // outputs and keys done before it
  int32_t A_S_start = 0, B_S_start = 0;                     // circular: slot of logical key 0
  int32_t A_loaded = 0, B_loaded = 0;    // keys loaded from global memory this iteration
  int32_t A_in_tile = 0, B_in_tile = 0;  // valid keys in the tiles: min(tile, left)
  int32_t A_used = 0, B_used = 0;        // keys of A / B this iteration's outputs took
  int32_t outputs = 0;                   // min(tile, C_length - C_completed)
};

// Tiled, circular: the block's share of the output and its co-ranks (thread 0's search).
struct BlockRange {
  int32_t block = 0;
  int32_t C_curr = 0, C_next = 0;
  int32_t A_curr = 0, A_next = 0;
  int32_t B_curr = 0, B_next = 0;
};

// ---- Teach run. Keys are doubles holding int32 or float32 values exactly (Trace::type Int32 or
// Float32). Each key carries a uint32 value (a tag: A's 0..m-1, B's m..m+n-1 unless given),
// moved along with it; the trace shows keys only (values never appear in events), c_values
// shows where each went.
//
// Trace layout (the views rely on it):
//   buffers 0 "A" (global, m), 1 "B" (global, n), 2 "C" (global, m + n, NaN until written);
//   tiled, circular also 3 "A_S" and 4 "B_S" (shared, per block, `tile` slots each, NaN until
//   written; the book's one shareAB[2 * tile] split in its two halves; circular: the same
//   buffers, addresses already wrapped % tile) and 5 "corank" (shared, 2 per block, int32: the
//   block's co-ranks A_curr, A_next; the book keeps them in A_S[0], A_S[1], which a float tile
//   cannot hold exactly above 2^24).
//   op_label "compare"; no Op events; serial_ops = m + n (one output a step of variant 1).
//   Threads numbered block * block_dim + tid; each thread's events in program order.
//   sequential: steps "merge C[k..k+3]" (phase "merge"), 4 outputs a step, thread 0 only
//     (m + n = 0: one empty step).
//   basic, fast: steps "co-rank k_curr, iteration s" (phase "corank", s = 1..max over threads:
//     the book's while loop, one step per pass, the last pass the one that finds the answer; a
//     thread whose search ended is idle): reads A[i-1], B[j] (first test) then B[j-1], A[i]
//     (second) as the book's && short-circuits them; "co-rank k_next, iteration s" the same for
//     k_next; then "merge output s" (phase "merge", s = 1..max outputs a thread): a thread's
//     s-th output: reads A[i] and B[j] while both sides have keys, only the remaining side's key
//     after, then writes C[k]. (No outputs at all: one empty step "merge (nothing to merge)".)
//   tiled, circular: step "block co-rank" (phase "corank", barriers 1): thread 0 of each block
//     runs co_rank(C_curr) then co_rank(C_next) on A, B (reads as above), each followed by its
//     write to corank[0] / corank[1]; then every thread reads corank[0], corank[1]. Then per
//     iteration r = 1.. (the while loop; steps of all blocks aligned, a block with fewer
//     iterations idle):
//       "load tiles, iteration r"      phase "load", barriers 1: for each key x the thread
//                                      loads (x = tid, tid + blockDim, ...): read A[...], write
//                                      A_S[slot]; then the same for B (tiled: min(tile, left)
//                                      keys each; circular: the consumed slots only, wrapped);
//       "thread co-rank, iteration r"  phase "corank": co-ranks of c_curr then c_next in the
//                                      tiles (shared reads);
//       "merge, iteration r"           phase "merge": shared reads A_S/B_S, global writes C;
//       "consume, iteration r"         phase "consume", barriers 1: every thread's co-rank of
//                                      the tile's outputs (what they used of A).
//   Code markers: "@<id>-corank", "@<id>-merge" (sequential: "@sequential-merge"; basic, fast),
//   "@<id>-block-corank", "@<id>-load", "@<id>-corank", "@<id>-merge", "@<id>-consume" (tiled,
//   circular), in the variant's section of its source file (fast: merge_basic.cu's coarsened
//   kernel, the partition the full-size merge_fast.cu starts from).
struct MergeTeachRun {
  Trace trace;
  MergeTeachParams params;   // as run (sequential: block_dim 1, blocks 1; fast: blocks computed)
  std::vector<double> a, b;  // the inputs
  std::vector<uint32_t> a_values, b_values;
  std::vector<double> c;  // what the run wrote to C (NaN where unwritten)
  std::vector<uint32_t> c_values;
  std::vector<ThreadRange> ranges;        // see ThreadRange
  std::vector<BlockRange> block_ranges;   // tiled, circular: one per block
  std::vector<TileIteration> iterations;  // tiled, circular: per (block, iteration), block-major
};

// Throws ws::Error naming the option and what is accepted: A or B longer than 64 ("--a"),
// unsorted ("--a must be sorted ascending: a[3] = 5 comes after a[2] = 9"), keys not exact in
// the key type, block_dim / blocks / tile / items out of range, tile not a multiple of
// block_dim ("--tile 10 must be a multiple of --block 4 (the book's tile_size / blockDim.x)"),
// values of the wrong length, Backend::Cuda without a device or in a CPU-only build.
// a_values / b_values may be empty: tags 0..m-1 and m..m+n-1.
MergeTeachRun teach_merge(const MergeTeachParams& params, const std::vector<double>& a,
                          const std::vector<double>& b, Backend backend,
                          const std::vector<uint32_t>& a_values = {},
                          const std::vector<uint32_t>& b_values = {});

// The CPU twin alone (teach_merge(.., Backend::Cpu) without the checks): for tests.
MergeTeachRun teach_merge_cpu(const MergeTeachParams& params, const std::vector<double>& a,
                              const std::vector<double>& b, const std::vector<uint32_t>& a_values,
                              const std::vector<uint32_t>& b_values);

// ---- The co-rank search for the view: every pass of the book's while loop for output k.
enum class CorankTest : uint8_t {
  AAboveB = 0,    // "A[i-1] > B[j]": i too high; i -= delta, j += delta
  BAtLeastA = 1,  // "B[j-1] >= A[i]": i too low; i += delta, j -= delta
  Done = 2,       // neither: (i, j) is the co-rank
};
const char* corank_test_text(CorankTest test);  // "A[i-1] > B[j]", "B[j-1] >= A[i]", "done"

// One pass: the state it started in, the test that fired, the keys compared and the move.
struct CorankIteration {
  int32_t i_low = 0, j_low = 0;  // at the start of the pass
  int32_t i = 0, j = 0;          // at the start of the pass
  CorankTest test = CorankTest::Done;
  int32_t delta = 0;  // 0 for Done
  // Keys the pass compared (NaN when the book's guard skipped the read): A[i-1] and B[j] for the
  // first test; B[j-1] and A[i] for the second (read only when the first did not fire).
  double a_prev = 0, b_here = 0, b_prev = 0, a_here = 0;
  int32_t i_after = 0, j_after = 0;  // after the move (Done: i, j)
};
// The passes of co_rank(k, A, m, B, n); the last one is Done. Throws ws::Error for k outside
// 0..m+n.
std::vector<CorankIteration> corank_search(int k, const std::vector<double>& a,
                                           const std::vector<double>& b);

// ---- Full size on the CUDA device (merge_device.cu): variants basic, tiled, circular (and
// sequential, one thread, for m + n <= kSequentialDeviceCap). Device pointers; values may be
// null (keys only) or all three set (key-value pairs). m + n < 2^31. `stream` is a cudaStream_t
// (nullptr: the default stream). Launches and returns; errors come back as ws::Error. Variant fast
// lives in merge_fast.h (F). Throws ws::Error in a CPU-only build.
inline constexpr int64_t kSequentialDeviceCap = int64_t{1} << 16;
inline constexpr int kMergeDeviceBlockDim = 128;      // threads per block, full size
inline constexpr int kMergeDeviceItemsPerThread = 8;  // basic: outputs a thread, full size
inline constexpr int kMergeDeviceTile = 1024;         // tiled, circular: tile_size, full size
template <class Key>
void merge_device(MergeVariant variant, const Key* d_a, int64_t m, const Key* d_b, int64_t n,
                  Key* d_c, const uint32_t* d_a_values, const uint32_t* d_b_values,
                  uint32_t* d_c_values, void* stream = nullptr);
extern template void merge_device<int32_t>(MergeVariant, const int32_t*, int64_t, const int32_t*,
                                           int64_t, int32_t*, const uint32_t*, const uint32_t*,
                                           uint32_t*, void*);
extern template void merge_device<float>(MergeVariant, const float*, int64_t, const float*, int64_t,
                                         float*, const uint32_t*, const uint32_t*, uint32_t*,
                                         void*);

// Host vectors in and out (copies to the device, merge_device, copies back): the GPU tests.
// a_values / b_values may be empty (then c_values comes back empty).
template <class Key>
struct MergeHostResult {
  std::vector<Key> keys;
  std::vector<uint32_t> values;
};
template <class Key>
MergeHostResult<Key> merge_on_device(MergeVariant variant, const std::vector<Key>& a,
                                     const std::vector<Key>& b,
                                     const std::vector<uint32_t>& a_values = {},
                                     const std::vector<uint32_t>& b_values = {});
extern template MergeHostResult<int32_t> merge_on_device<int32_t>(MergeVariant,
                                                                  const std::vector<int32_t>&,
                                                                  const std::vector<int32_t>&,
                                                                  const std::vector<uint32_t>&,
                                                                  const std::vector<uint32_t>&);
extern template MergeHostResult<float> merge_on_device<float>(MergeVariant,
                                                              const std::vector<float>&,
                                                              const std::vector<float>&,
                                                              const std::vector<uint32_t>&,
                                                              const std::vector<uint32_t>&);

}  // namespace ws::merge
