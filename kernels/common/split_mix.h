// SplitMix64: a tiny seeded generator that gives the same numbers on every platform and compiler
// (std:: distributions do not), so seeded inputs, figures and tests are reproducible everywhere.
#pragma once

#include <cstdint>

namespace ws {

struct SplitMix64 {
  static constexpr uint64_t kGamma = 0x9E3779B97F4A7C15ull;  // the state's step per draw
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += kGamma);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }       // [0, 1)
  float unit_float() { return static_cast<float>(next() >> 40) * 0x1.0p-24f; }  // [0, 1), exact
  // The generator `draws` next() calls ahead, in O(1): the state only adds kGamma per draw, so a
  // thread can start a long stream at its own range and draw exactly what one thread would.
  SplitMix64 skipped(uint64_t draws) const { return SplitMix64{state + draws * kGamma}; }
};

}  // namespace ws
