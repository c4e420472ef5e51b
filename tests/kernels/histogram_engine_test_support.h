// Shared by the engine tests (tests/kernels/test_histogram_cpu_engine*.cpp and
// tests/gpu/test_histogram_gpu_engine*.cpp): the variants, the bin counts and distributions of the
// issue's matrix, seeded u8 images, and labels for failure messages.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/split_mix.h"
#include "histogram/histogram.h"

namespace ws::histogram::test {

inline const std::vector<Variant> kEngineVariants = {
    Variant::Sequential,    Variant::GlobalAtomic,     Variant::PrivateGlobal,
    Variant::PrivateShared, Variant::CoarseContiguous, Variant::CoarseInterleaved,
    Variant::Aggregated,    Variant::WarpAggregated};
inline const std::vector<int> kBinCounts = {1, 7, 255, 256, 4096, 65536};
inline const std::vector<Dist> kDists = {Dist::Uniform, Dist::Normal, Dist::Zipf, Dist::AllEqual,
                                         Dist::Sorted};

// 0..33 and 2^k - 1, 2^k, 2^k + 1 for k = 5..16, and a few multiples of 2^16.
inline std::vector<int64_t> matrix_sizes(bool small_only) {
  std::vector<int64_t> sizes;
  for (int64_t n = 0; n <= 33; ++n) sizes.push_back(n);
  if (small_only) return sizes;
  for (int k = 5; k <= 16; k += 2)
    for (int64_t d = -1; d <= 1; ++d) sizes.push_back((int64_t{1} << k) + d);
  sizes.push_back(3 * 65536 + 7);
  return sizes;
}

// A seeded image: `runs` > 1 repeats each random value that many times (flat regions).
inline Samples random_u8(int64_t n, uint64_t seed, int runs = 1, int max_value = 255) {
  Samples s;
  s.type = SampleType::U8;
  s.u8.resize(size_t(n));
  SplitMix64 rng{seed};
  uint8_t v = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (i % runs == 0) v = uint8_t(rng.next() % uint64_t(max_value + 1));
    s.u8[size_t(i)] = v;
  }
  return s;
}

// Bins over u8 samples: all 256 values, and coarser / cut / offset ones.
inline std::vector<BinSpec> u8_bins() {
  return {make_bins(256, 0, 256),     make_bins(7, 0, 256),     make_bins(255, 0, 255),
          make_bins(4096, 0, 256),    make_bins(65536, 0, 256), make_bins(1, 10, 200),
          make_bins(16, 32.5, 224.25)};
}

inline std::string label(Variant v, const std::string& data, const BinSpec& b, int64_t n) {
  return std::string(info(v).id) + " on " + data + ", " + std::to_string(b.count) + " bins [" +
         std::to_string(b.lo) + ", " + std::to_string(b.hi) + "), n = " + std::to_string(n);
}

}  // namespace ws::histogram::test
