// The merge variants' table, key types and the co-rank tests' names.
#include <string>
#include <vector>

#include "../common/error.h"
#include "../common/variant_table.h"
#include "merge.h"

namespace ws::merge {

const char* key_type_id(KeyType type) {
  return type == KeyType::Float32 ? "float32" : "int32";
}

KeyType parse_key_type(const std::string& text, const char* option) {
  if (text == "int32" || text == "i32" || text == "int") return KeyType::Int32;
  if (text == "float32" || text == "f32" || text == "float") return KeyType::Float32;
  throw Error(std::string(option) + ": unknown key type '" + text + "' (accepted: int32, float32)");
}

const std::vector<MergeInfo>& merge_infos() {
  static const std::vector<MergeInfo> infos = {
      {MergeVariant::Sequential, "sequential", "Sequential merge", "merge_sequential.cu",
       "PMPP 12.2 (Fig. 12.2)",
       "One thread takes the smaller front key m + n times: simple, stable (A[i] <= B[j] takes "
       "A's first) and entirely serial.",
       ""},
      {MergeVariant::Basic, "basic", "Basic parallel merge: one co-rank per thread",
       "merge_basic.cu", "PMPP 12.4-12.5 (Figs. 12.5, 12.9)",
       "A thread cannot know its inputs until it searches for them: the co-rank turns output "
       "positions into input positions by a binary search along the merge path's diagonal.",
       "The book writes elementsPerThread = ceil((m+n)/(blockDim.x*gridDim.x)) on ints: the "
       "division truncates before ceil sees it, so the last outputs would have no thread. Here "
       "(m + n + p - 1) / p, and k_curr is clamped to m + n for threads past the end."},
      {MergeVariant::Tiled, "tiled", "Tiled merge: shared tiles of A and B", "merge_tiled.cu",
       "PMPP 12.6 (Figs. 12.11-12.13)",
       "Loading tiles of A and B together makes the loads coalesced, but each tile of t outputs "
       "reloads 2t keys: half the traffic is thrown away.",
       "The book finds A_consumed with co_rank(tile_size, A_S, tile_size, B_S, tile_size): once "
       "fewer than tile_size keys of A or B are left, that search reads tile slots holding stale "
       "or never-written keys. Here it searches the outputs made, min(tile_size, C left), in the "
       "keys really loaded, min(tile_size, A left) and min(tile_size, B left). The block's "
       "co-ranks sit in a shared int pair, not A_S[0..1] (a float tile cannot hold an index "
       "above 2^24); the ceil on ints is fixed as in the basic merge."},
      {MergeVariant::Circular, "circular", "Circular-buffer tiled merge", "merge_circular.cu",
       "PMPP 12.7 (Figs. 12.14-12.16)",
       "Refilling only the consumed slots of a circular tile loads every key once; the price is "
       "wrapped indices in the co-rank and the sequential merge.",
       "The same departures as the tiled merge (block co-ranks in a shared int pair, the ceil "
       "on ints). The refill writes the consumed slots after the kept keys: A[A_curr + "
       "A_consumed + kept + x] into A_S[(A_S_start + kept + x) % tile_size], kept = tile_size - "
       "A_S_consumed."},
      {MergeVariant::Fast, "fast", "Thread coarsening: merge path in registers", "merge_basic.cu",
       "PMPP 12.8 (thread coarsening); Green et al., GPU Merge Path",
       "Each thread merges a fixed number of outputs from its merge-path co-rank with its keys "
       "in registers; the teach trace shows the partitioning, the full-size kernel also stages "
       "each block's tile in shared memory with coalesced loads and stores.",
       "Not in the book's figures: the teach kernel is the basic merge with a fixed ITEMS "
       "outputs a thread (the grid grows with the input); merge_fast.cu is the full-size kernel."},
  };
  return infos;
}

const MergeInfo& merge_info(MergeVariant v) {
  return find_variant_info(merge_infos(), v, "merge");
}

MergeVariant parse_merge_variant(const std::string& text, const char* option) {
  MergeVariant v{};
  if (parse_variant_text(merge_infos(), text, v)) return v;
  throw Error(std::string(option) + ": unknown merge variant '" + text +
              "' (accepted: " + variant_id_list(merge_infos()) + " or 1.." +
              std::to_string(merge_infos().size()) + ")");
}

bool uses_tiles(MergeVariant v) {
  return v == MergeVariant::Tiled || v == MergeVariant::Circular;
}

const char* corank_test_text(CorankTest test) {
  switch (test) {
    case CorankTest::AAboveB:
      return "A[i-1] > B[j]";
    case CorankTest::BAtLeastA:
      return "B[j-1] >= A[i]";
    case CorankTest::Done:
      break;
  }
  return "done";
}

}  // namespace ws::merge
