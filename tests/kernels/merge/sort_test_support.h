// Inputs and independent references for the sort tests: seeded keys of the shapes the brief names
// (uniform, duplicates, all-equal, sorted, reversed) and std::stable_sort / std::sort of pairs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "merge/sort.h"

namespace ws::merge::test {

enum class KeyShape { Uniform, Duplicates, AllEqual, Sorted, Reversed };
inline const KeyShape kKeyShapes[] = {KeyShape::Uniform, KeyShape::Duplicates, KeyShape::AllEqual,
                                      KeyShape::Sorted, KeyShape::Reversed};

// Exact in both int32 and float32 (|key| < 2^24, halves for float32 to make them non-integers).
inline std::vector<double> sort_test_keys(KeyShape shape, int n, uint32_t seed, KeyType type) {
  std::mt19937 rng(seed * 7919u + uint32_t(n));
  std::uniform_int_distribution<int> wide(-1000000, 1000000), few(0, 4);
  std::vector<double> keys;
  for (int i = 0; i < n; ++i) {
    double k = shape == KeyShape::Duplicates ? few(rng) : wide(rng);
    if (shape == KeyShape::AllEqual) k = 7;
    if (type == KeyType::Float32 && shape != KeyShape::AllEqual) k += 0.5;
    keys.push_back(k);
  }
  if (shape == KeyShape::Sorted) std::sort(keys.begin(), keys.end());
  if (shape == KeyShape::Reversed) std::sort(keys.rbegin(), keys.rend());
  return keys;
}

using Pairs = std::vector<std::pair<double, uint32_t>>;

inline Pairs zip(const std::vector<double>& keys, const std::vector<uint32_t>& values) {
  Pairs p;
  for (size_t i = 0; i < keys.size(); ++i) p.push_back({keys[i], values[i]});
  return p;
}

// Stable by key: equal keys keep input order (what merge sort promises).
inline Pairs stable_by_key(Pairs p) {
  std::stable_sort(p.begin(), p.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  return p;
}

// The (key, value) order: the networks' pairs compared after normalizing.
inline Pairs by_key_value(Pairs p) {
  std::sort(p.begin(), p.end());
  return p;
}

}  // namespace ws::merge::test
