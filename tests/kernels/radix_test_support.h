// Keys for the radix sort tests: n uniform values in 0..max from a seeded generator.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace ws::radix {

inline std::vector<uint32_t> random_keys(size_t n, uint32_t seed, uint32_t max) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<uint32_t> dist(0, max);
  std::vector<uint32_t> k(n);
  for (uint32_t& x : k) x = dist(rng);
  return k;
}

}  // namespace ws::radix
