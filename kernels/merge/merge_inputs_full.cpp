// Full-size inputs (2^20..2^28 keys) in O(n): sorted arrays are running sums of small random gaps
// (never sorted on the CPU); unsorted ones are drawn directly. Integer keys stay below 2^31; float
// keys are the same integers converted (monotone, so still sorted; large ones round).
#include <algorithm>
#include <string>
#include <vector>

#include "../common/error.h"
#include "../common/split_mix.h"
#include "merge_inputs.h"

namespace ws::merge {

namespace {

constexpr int64_t kMaxSpan = int64_t{1} << 28;  // disjoint B ends below 5 * 2^28 < 2^31

// n sorted keys from `low`, gaps drawn from 0..max_gap (mean max_gap / 2).
template <class Key>
void running_sum(SplitMix64& rng, int64_t n, int64_t low, int64_t max_gap, std::vector<Key>& out) {
  out.resize(size_t(n));
  int64_t key = low;
  const uint64_t choices = uint64_t(std::max<int64_t>(max_gap, 0)) + 1;
  for (int64_t i = 0; i < n; ++i) {
    key += int64_t(rng.next() % choices);
    out[size_t(i)] = static_cast<Key>(key);
  }
}

// Equal runs: a step of 1 about once every `run` keys.
template <class Key>
void runs(SplitMix64& rng, int64_t n, int64_t run, std::vector<Key>& out) {
  out.resize(size_t(n));
  int64_t key = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (rng.next() % uint64_t(std::max<int64_t>(run, 1)) == 0) ++key;
    out[size_t(i)] = static_cast<Key>(key);
  }
}

void check_full_sizes(int64_t total) {
  WS_REQUIRE(total >= 0 && total <= (int64_t{1} << 30),
             "full-size inputs hold 0..2^30 keys, not " + std::to_string(total));
}

}  // namespace

template <class Key>
void make_merge_input_full(MergeGen gen, int64_t n_a, int64_t n_b, uint64_t seed,
                           std::vector<Key>& a, std::vector<Key>& b) {
  check_full_sizes(n_a + n_b);
  SplitMix64 rng{seed};
  const int64_t span = std::min<int64_t>(4 * (n_a + n_b) + 8, kMaxSpan);
  auto gap_for = [&](int64_t n, int64_t width) { return n > 0 ? 2 * width / n : 0; };
  switch (gen) {
    case MergeGen::Uniform:
      running_sum(rng, n_a, 0, gap_for(n_a, span), a);
      running_sum(rng, n_b, 0, gap_for(n_b, span), b);
      break;
    case MergeGen::Duplicates: {
      const int64_t distinct = std::max<int64_t>((n_a + n_b) / 32, 1);
      runs(rng, n_a, std::max<int64_t>(n_a / distinct, 1), a);
      runs(rng, n_b, std::max<int64_t>(n_b / distinct, 1), b);
      break;
    }
    case MergeGen::AllEqual:
      a.assign(size_t(n_a), Key(7)), b.assign(size_t(n_b), Key(7));
      break;
    case MergeGen::Skewed:
      running_sum(rng, n_b, 0, gap_for(n_b, span), b);
      running_sum(rng, n_a, span * 2 / 5, std::max<int64_t>(gap_for(n_a, span / 20), 1), a);
      break;
    case MergeGen::Interleaved:
      a.resize(size_t(n_a)), b.resize(size_t(n_b));
      for (int64_t i = 0; i < n_a; ++i) a[size_t(i)] = static_cast<Key>(2 * i);
      for (int64_t j = 0; j < n_b; ++j) b[size_t(j)] = static_cast<Key>(2 * j + 1);
      break;
    case MergeGen::Disjoint:
      running_sum(rng, n_a, 0, gap_for(n_a, span), a);
      running_sum(rng, n_b, 2 * span + 1, gap_for(n_b, span), b);
      break;
  }
}

template <class Key>
std::vector<Key> make_sort_input_full(SortGen gen, int64_t n, uint64_t seed) {
  check_full_sizes(n);
  SplitMix64 rng{seed};
  std::vector<Key> keys;
  switch (gen) {
    case SortGen::Uniform:
      keys.resize(size_t(n));
      for (Key& k : keys) k = static_cast<Key>(int64_t(rng.next() >> 34));  // 0..2^30-1
      break;
    case SortGen::Duplicates:
      keys.resize(size_t(n));
      for (Key& k : keys) k = static_cast<Key>(int64_t(rng.next() % 16) * 3);
      break;
    case SortGen::AllEqual:
      keys.assign(size_t(n), Key(7));
      break;
    case SortGen::Sorted:
    case SortGen::Reversed:
    case SortGen::NearlySorted:
      running_sum(rng, n, 0, 3, keys);
      if (gen == SortGen::Reversed) std::reverse(keys.begin(), keys.end());
      if (gen == SortGen::NearlySorted)
        for (int64_t i = 0; i + 1 < n; ++i)
          if (rng.next() % 16 == 0)
            std::swap(keys[size_t(i)],
                      keys[size_t(std::min<int64_t>(n - 1, i + 1 + int64_t(rng.next() % 3)))]);
      break;
  }
  return keys;
}

template void make_merge_input_full<int32_t>(MergeGen, int64_t, int64_t, uint64_t,
                                             std::vector<int32_t>&, std::vector<int32_t>&);
template void make_merge_input_full<float>(MergeGen, int64_t, int64_t, uint64_t,
                                           std::vector<float>&, std::vector<float>&);
template std::vector<int32_t> make_sort_input_full<int32_t>(SortGen, int64_t, uint64_t);
template std::vector<float> make_sort_input_full<float>(SortGen, int64_t, uint64_t);

}  // namespace ws::merge
