// Inputs and references the fast merge / fast sort tests share (CPU and GPU tiers): seeded keys,
// and std::merge / std::stable_sort on (key, tag) pairs ordered by key only, written here
// independently of kernels/merge.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace ws::merge::fast_test {

template <class Key>
struct Keyed {
  std::vector<Key> keys;
  std::vector<uint32_t> values;
};

// n keys drawn from [0, range) (small ranges: many duplicates), optionally sorted; values are
// tags first, first + 1, ... (so where each key came from stays visible).
template <class Key>
Keyed<Key> random_keys(size_t n, int range, uint32_t seed, bool sorted, uint32_t first_tag = 0) {
  std::mt19937 rng(seed);
  Keyed<Key> out;
  for (size_t i = 0; i < n; ++i) out.keys.push_back(Key(int(rng() % uint32_t(range)) - range / 3));
  if (sorted) std::sort(out.keys.begin(), out.keys.end());
  for (size_t i = 0; i < n; ++i) out.values.push_back(first_tag + uint32_t(i));
  return out;
}

template <class Key>
std::vector<std::pair<Key, uint32_t>> zip(const Keyed<Key>& k) {
  std::vector<std::pair<Key, uint32_t>> z;
  for (size_t i = 0; i < k.keys.size(); ++i) z.emplace_back(k.keys[i], k.values[i]);
  return z;
}

template <class Key>
Keyed<Key> unzip(const std::vector<std::pair<Key, uint32_t>>& z) {
  Keyed<Key> k;
  for (const auto& p : z) k.keys.push_back(p.first), k.values.push_back(p.second);
  return k;
}

inline constexpr auto kByKey = [](const auto& x, const auto& y) { return x.first < y.first; };

// std::merge is stable: of equal keys, A's come first.
template <class Key>
Keyed<Key> reference_merge(const Keyed<Key>& a, const Keyed<Key>& b) {
  const auto za = zip(a), zb = zip(b);
  std::vector<std::pair<Key, uint32_t>> c;
  std::merge(za.begin(), za.end(), zb.begin(), zb.end(), std::back_inserter(c), kByKey);
  return unzip(c);
}

template <class Key>
Keyed<Key> reference_sort(const Keyed<Key>& in) {
  auto z = zip(in);
  std::stable_sort(z.begin(), z.end(), kByKey);
  return unzip(z);
}

}  // namespace ws::merge::fast_test
