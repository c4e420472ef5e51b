// Inputs of the merge and sort scene: seeded sorted pairs (A, B) for the merges, seeded unsorted
// arrays for the sorts, at teach sizes (doubles holding int32 / float32 keys exactly, with a
// uint32 tag per key for stability checks) and at full size (typed vectors of 2^20..2^28 keys,
// made in O(n) with SplitMix64: sorted data comes from a running sum of small random gaps, never
// from sorting). Deterministic for a given (generator, sizes, seed, key type) on every platform.
// Plus the checks a typed input needs: sortedness and whether a size fits in memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "merge.h"

namespace ws::merge {

// ---- Merge inputs: two sorted arrays.
//   uniform      keys drawn independently over a wide range, then sorted (A and B interleave
//                at random: a merge path that wanders about the diagonal)
//   duplicates   keys from a handful of values: long runs of equal keys across A and B (the
//                stability case: equal keys keep A's first)
//   all-equal    every key the same: the path runs all of A, then all of B
//   skewed       A's keys fall in a narrow stretch inside B's range: the path runs along B, climbs
//                steeply through A, then runs along B again (uneven work if the input, not the
//                output, were split); the scene pairs it with B much longer than A
//   interleaved  A holds the even keys, B the odd ones: the path is a staircase of unit steps
//   disjoint     every key of A below every key of B: the path runs all of A, then all of B
enum class MergeGen : uint8_t { Uniform, Duplicates, AllEqual, Skewed, Interleaved, Disjoint };
struct MergeGenInfo {
  MergeGen gen;
  const char* id;     // uniform, duplicates, all-equal, skewed, interleaved, disjoint
  const char* title;  // e.g. "One array's keys inside a narrow stretch of the other's"
};
const std::vector<MergeGenInfo>& merge_gen_infos();
const char* merge_gen_id(MergeGen gen);
// By id; throws ws::Error "--gen: unknown merge input 'x' (accepted: uniform, ...)".
MergeGen parse_merge_gen(const std::string& text, const char* option = "--gen");

struct MergeInput {
  std::vector<double> a, b;                  // sorted ascending, exact in the key type
  std::vector<uint32_t> a_values, b_values;  // tags: A's 0..n_a-1, B's n_a..n_a+n_b-1
};
// Teach sizes (n_a, n_b >= 0; any size works, the teach limit is checked by teach_merge).
MergeInput make_merge_input(MergeGen gen, int n_a, int n_b, uint64_t seed, KeyType type);

// Full size: the same distributions as typed arrays (keys only; values, when wanted, are the
// tags above: make_tags). int32 keys stay below 2^31 for n_a + n_b <= 2^28.
template <class Key>
void make_merge_input_full(MergeGen gen, int64_t n_a, int64_t n_b, uint64_t seed,
                           std::vector<Key>& a, std::vector<Key>& b);
extern template void make_merge_input_full<int32_t>(MergeGen, int64_t, int64_t, uint64_t,
                                                    std::vector<int32_t>&, std::vector<int32_t>&);
extern template void make_merge_input_full<float>(MergeGen, int64_t, int64_t, uint64_t,
                                                  std::vector<float>&, std::vector<float>&);
// first, first + 1, ..., first + n - 1.
std::vector<uint32_t> make_tags(int64_t n, uint32_t first = 0);

// ---- Sort inputs: one unsorted array.
//   uniform        independent keys over a wide range
//   duplicates     keys from a handful of values (stability: equal keys keep input order)
//   all-equal      one key everywhere
//   sorted         already ascending
//   reversed       descending
//   nearly-sorted  ascending with about 1 in 16 keys swapped with a near neighbour
enum class SortGen : uint8_t { Uniform, Duplicates, AllEqual, Sorted, Reversed, NearlySorted };
struct SortGenInfo {
  SortGen gen;
  const char* id;  // uniform, duplicates, all-equal, sorted, reversed, nearly-sorted
  const char* title;
};
const std::vector<SortGenInfo>& sort_gen_infos();
const char* sort_gen_id(SortGen gen);
SortGen parse_sort_gen(const std::string& text, const char* option = "--gen");

struct SortInput {
  std::vector<double> keys;
  std::vector<uint32_t> values;  // tags 0..n-1 (input order)
};
SortInput make_sort_input(SortGen gen, int n, uint64_t seed, KeyType type);
template <class Key>
std::vector<Key> make_sort_input_full(SortGen gen, int64_t n, uint64_t seed);
extern template std::vector<int32_t> make_sort_input_full<int32_t>(SortGen, int64_t, uint64_t);
extern template std::vector<float> make_sort_input_full<float>(SortGen, int64_t, uint64_t);

// ---- Checks.
// Throws ws::Error "--a must be sorted ascending: a[3] = 5 comes after a[2] = 9" (the array's
// name is the option without its dashes; keys formatted as the key type shows them).
void check_sorted(const std::vector<double>& keys, const char* option,
                  KeyType type = KeyType::Int32);
// Parses typed keys ("1 7 8 9 10", commas allowed) with ws::parse_values and checks that they are
// sorted: the scene's --a and --b. Throws ws::Error naming the option.
std::vector<double> parse_sorted_keys(const std::string& text, KeyType type, const char* option);
// Throws ws::Error naming `option` when a key is not exact in `type` (an int32 that is not an
// integer in range, a float32 that rounds).
void check_keys_exact(const std::vector<double>& keys, KeyType type, const char* option);

// The most keys (A and B together, or one sort input) a full-size run can hold: on the host,
// input + output + reference (with values: 8 bytes a key, else 4); on Cuda also the device's
// free memory for input + output (+ scratch for sorts: twice). A quarter is kept in reserve.
struct MemoryBudget {
  int64_t max_elements = 0;
  std::string note;  // e.g. "host 15872 MB free, device 140000 MB free"
};
MemoryBudget max_merge_elements(Backend backend, bool with_values);
// Throws ws::Error "--n 2^30 keys need 12288 MB; host 8000 MB free" when `elements` exceeds the
// budget.
void check_merge_size(int64_t elements, Backend backend, bool with_values, const char* option);

}  // namespace ws::merge
