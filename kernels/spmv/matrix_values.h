// Inside kernels/spmv: the seeded values generated matrices and random x vectors hold. Each is
// k / 2^23 - 1 for a 24-bit k, so it lies in [-1, 1) and a float holds it exactly: a float32 run
// multiplies the very values a float64 run does.
#pragma once

#include <algorithm>
#include <cstdint>

#include "../common/split_mix.h"

namespace ws::spmv {

inline double signed_unit24(uint64_t bits) {
  return double(int64_t(bits >> 40) - (int64_t{1} << 23)) * 0x1.0p-23;
}

// A generator for item `index` (a row, an entry) of a seeded stream, independent of the others.
inline SplitMix64 stream_for(uint64_t seed, uint64_t index) {
  SplitMix64 mix{seed ^ 0x6A09E667F3BCC909ull};
  return SplitMix64{mix.next() ^ (index * 0xD1B54A32D192ED69ull)};
}

// The value of entry (i, j) of a symmetric generated matrix: the same for (j, i).
inline double symmetric_entry_value(uint64_t seed, int32_t i, int32_t j) {
  const uint64_t lo = uint64_t(std::min(i, j)), hi = uint64_t(std::max(i, j));
  return signed_unit24(stream_for(seed, (hi << 32) | lo).next());
}

// A uniform integer in [0, n) for n < 2^32 (bias below n / 2^32).
inline uint32_t below_n(SplitMix64& rng, uint32_t n) {
  return uint32_t(((rng.next() >> 32) * uint64_t(n)) >> 32);
}

}  // namespace ws::spmv
