// Teach-size inputs: sorted pairs for the merges and unsorted arrays for the sorts, as doubles
// holding int32 keys (small, readable numbers) or float32 keys (halves: 3.5, exact in a float).
#include <algorithm>
#include <string>
#include <vector>

#include "../common/error.h"
#include "../common/split_mix.h"
#include "merge_inputs.h"

namespace ws::merge {

const std::vector<MergeGenInfo>& merge_gen_infos() {
  static const std::vector<MergeGenInfo> infos = {
      {MergeGen::Uniform, "uniform", "Uniform keys: A and B interleave at random"},
      {MergeGen::Duplicates, "duplicates", "A handful of values: equal keys across A and B"},
      {MergeGen::AllEqual, "all-equal", "Every key equal: all of A, then all of B"},
      {MergeGen::Skewed, "skewed", "A's keys in a narrow stretch of B's range"},
      {MergeGen::Interleaved, "interleaved", "A the even keys, B the odd ones"},
      {MergeGen::Disjoint, "disjoint", "Every key of A below every key of B"},
  };
  return infos;
}

const std::vector<SortGenInfo>& sort_gen_infos() {
  static const std::vector<SortGenInfo> infos = {
      {SortGen::Uniform, "uniform", "Uniform keys"},
      {SortGen::Duplicates, "duplicates", "A handful of values (stability shows)"},
      {SortGen::AllEqual, "all-equal", "Every key equal"},
      {SortGen::Sorted, "sorted", "Already sorted"},
      {SortGen::Reversed, "reversed", "Sorted descending"},
      {SortGen::NearlySorted, "nearly-sorted", "Sorted, about 1 key in 16 swapped nearby"},
  };
  return infos;
}

namespace {

template <class Info, class Gen>
const char* gen_id(const std::vector<Info>& infos, Gen gen) {
  for (const Info& i : infos)
    if (i.gen == gen) return i.id;
  return "?";
}

template <class Info, class Gen>
Gen parse_gen(const std::vector<Info>& infos, const std::string& text, const char* option,
              const char* what) {
  std::string accepted;
  for (const Info& i : infos) {
    if (text == i.id) return i.gen;
    accepted += (accepted.empty() ? "" : ", ") + std::string(i.id);
  }
  throw Error(std::string(option) + ": unknown " + what + " '" + text + "' (accepted: " + accepted +
              ")");
}

// Sorted keys drawn uniformly from [low, low + span).
std::vector<int64_t> sorted_uniform(SplitMix64& rng, int n, int64_t low, int64_t span) {
  std::vector<int64_t> keys(static_cast<size_t>(n));
  for (int64_t& k : keys) k = low + int64_t(rng.next() % uint64_t(std::max<int64_t>(span, 1)));
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::vector<double> as_keys(const std::vector<int64_t>& ints, KeyType type) {
  std::vector<double> keys(ints.size());
  for (size_t i = 0; i < ints.size(); ++i)
    keys[i] = type == KeyType::Float32 ? double(ints[i]) * 0.5 : double(ints[i]);
  return keys;
}

}  // namespace

const char* merge_gen_id(MergeGen gen) {
  return gen_id(merge_gen_infos(), gen);
}
const char* sort_gen_id(SortGen gen) {
  return gen_id(sort_gen_infos(), gen);
}
MergeGen parse_merge_gen(const std::string& text, const char* option) {
  return parse_gen<MergeGenInfo, MergeGen>(merge_gen_infos(), text, option, "merge input");
}
SortGen parse_sort_gen(const std::string& text, const char* option) {
  return parse_gen<SortGenInfo, SortGen>(sort_gen_infos(), text, option, "sort input");
}

std::vector<uint32_t> make_tags(int64_t n, uint32_t first) {
  std::vector<uint32_t> tags(size_t(std::max<int64_t>(n, 0)));
  for (size_t i = 0; i < tags.size(); ++i) tags[i] = first + uint32_t(i);
  return tags;
}

MergeInput make_merge_input(MergeGen gen, int n_a, int n_b, uint64_t seed, KeyType type) {
  WS_REQUIRE(n_a >= 0 && n_b >= 0, "merge input sizes must be >= 0, not " + std::to_string(n_a) +
                                       " and " + std::to_string(n_b));
  SplitMix64 rng{seed};
  const int64_t span = 4 * int64_t(n_a + n_b) + 8;
  std::vector<int64_t> a, b;
  switch (gen) {
    case MergeGen::Uniform:
      a = sorted_uniform(rng, n_a, 0, span), b = sorted_uniform(rng, n_b, 0, span);
      break;
    case MergeGen::Duplicates:
      a = sorted_uniform(rng, n_a, 0, 5), b = sorted_uniform(rng, n_b, 0, 5);
      for (int64_t& k : a) k *= 3;
      for (int64_t& k : b) k *= 3;
      break;
    case MergeGen::AllEqual:
      a.assign(size_t(n_a), 7), b.assign(size_t(n_b), 7);
      break;
    case MergeGen::Skewed:
      b = sorted_uniform(rng, n_b, 0, span);
      a = sorted_uniform(rng, n_a, span * 2 / 5, std::max<int64_t>(span / 10, 2));
      break;
    case MergeGen::Interleaved:
      for (int i = 0; i < n_a; ++i) a.push_back(2 * i);
      for (int j = 0; j < n_b; ++j) b.push_back(2 * j + 1);
      break;
    case MergeGen::Disjoint:
      a = sorted_uniform(rng, n_a, 0, span), b = sorted_uniform(rng, n_b, span, span);
      break;
  }
  MergeInput in;
  in.a = as_keys(a, type), in.b = as_keys(b, type);
  in.a_values = make_tags(n_a, 0), in.b_values = make_tags(n_b, uint32_t(n_a));
  return in;
}

SortInput make_sort_input(SortGen gen, int n, uint64_t seed, KeyType type) {
  WS_REQUIRE(n >= 0, "sort input size must be >= 0, not " + std::to_string(n));
  SplitMix64 rng{seed};
  const int64_t span = 4 * int64_t(n) + 8;
  std::vector<int64_t> keys(static_cast<size_t>(n));
  switch (gen) {
    case SortGen::Uniform:
      for (int64_t& k : keys) k = int64_t(rng.next() % uint64_t(span));
      break;
    case SortGen::Duplicates:
      for (int64_t& k : keys) k = int64_t(rng.next() % 5) * 3;
      break;
    case SortGen::AllEqual:
      keys.assign(size_t(n), 7);
      break;
    case SortGen::Sorted:
    case SortGen::Reversed:
    case SortGen::NearlySorted:
      keys = sorted_uniform(rng, n, 0, span);
      if (gen == SortGen::Reversed) std::reverse(keys.begin(), keys.end());
      if (gen == SortGen::NearlySorted)
        for (int i = 0; i + 1 < n; ++i)
          if (rng.next() % 16 == 0)
            std::swap(keys[size_t(i)], keys[size_t(std::min(n - 1, i + 1 + int(rng.next() % 3)))]);
      break;
  }
  SortInput in;
  in.keys = as_keys(keys, type);
  in.values = make_tags(n, 0);
  return in;
}

}  // namespace ws::merge
