// What the merge and sort scene's modes share (issue 27; PMPP chapters 12-13): the two sorted
// arrays a merge takes (typed or generated), the unsorted array a sort takes, the key type and
// whether keys carry values, and each mode's variant and launch. The scene owns one
// MergeSettings, so switching modes keeps all of it; merge_params.cpp is the one parse (S2's keys:
// sort_params.cpp, called from it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "merge/merge.h"
#include "merge/merge_inputs.h"
#include "merge/sort.h"

namespace ws::app {

inline constexpr const char* kMergeSceneId = "merge";

// The book's example (PMPP 12.3, Fig. 12.3 and 12.6): merged, C = [1 7 7 8 9 10 10 10 12].
inline constexpr const char* kBookA = "1 7 8 9 10";
inline constexpr const char* kBookB = "7 10 10 12";

struct MergeSettings {
  // ---- The keys every mode takes.
  merge::KeyType key_type = merge::KeyType::Int32;
  // Key-value pairs: each key carries its tag (A's 0..m-1, B's m..m+n-1; a sort's input order),
  // shown beside it, so stability can be seen: equal keys keep A before B, input order in a sort.
  bool pairs = false;

  // ---- A merge's two sorted arrays: each typed (a_text, b_text; "" is an empty array) or, when
  // not, made by `gen` with n_a, n_b keys and `seed`.
  std::optional<std::string> a_text = std::string(kBookA), b_text = std::string(kBookB);
  merge::MergeGen gen = merge::MergeGen::Uniform;
  int n_a = 12, n_b = 12;
  uint64_t seed = 1;

  // ---- A sort's unsorted array (sort and networks modes): typed (input_text) or, when not, made
  // by `sort_gen` with n keys and the same seed.
  std::optional<std::string> input_text;
  merge::SortGen sort_gen = merge::SortGen::Uniform;
  int n = 16;

  // ---- Path mode (PMPP 12.2-12.5, 12.8): sequential, basic or fast (thread coarsening); the
  // launch: threads a block, blocks, and fast's outputs a thread.
  merge::MergeVariant path_variant = merge::MergeVariant::Basic;
  int threads = 3;  // the book's figure: 3 threads, 3 outputs each
  int blocks = 1;
  int items = 4;  // fast: outputs a thread (ITEMS)

  // tiled, networks and sort modes (S2): sort_params.cpp reads their keys.
  // Tiled mode (PMPP 12.6-12.7): 3 tiled or 4 circular; the book's tile_size (keys of A and of B
  // a tile holds, a multiple of the block's threads), threads a block and blocks.
  merge::MergeVariant tiled_variant = merge::MergeVariant::Tiled;
  int tile = 4;
  int tile_threads = 2;
  int tile_blocks = 1;
  // Networks mode: 7 bitonic or 8 odd-even. Networks and sort: threads a block (a power of two
  // 2..64; a network's shared tile is twice it).
  merge::SortVariant network_variant = merge::SortVariant::Bitonic;
  int sort_threads = merge::kSortDefaultBlockDim;
  // Sort mode: 6 merge sort or 9 fast (taught as 6), outputs a thread (a power of two 1..16), and
  // the merge whose path is drawn: pass merge_level (from 1; -1: the last pass), merge
  // merge_index of it.
  merge::SortVariant sort_variant = merge::SortVariant::MergeSort;
  int per_thread = merge::kSortDefaultPerThread;
  int merge_level = -1, merge_index = 0;
};

}  // namespace ws::app
