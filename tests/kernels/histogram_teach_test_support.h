// Shared by the histogram teach tests (CPU and GPU): bins, seeded samples, launch shapes, and a
// brute-force count independent of the kernels.
#pragma once

#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

#include "common/split_mix.h"
#include "histogram/histogram.h"

namespace ws::histogram::test {

inline constexpr Variant kAllVariants[] = {Variant::Sequential,       Variant::GlobalAtomic,
                                           Variant::PrivateGlobal,    Variant::PrivateShared,
                                           Variant::CoarseContiguous, Variant::CoarseInterleaved,
                                           Variant::Aggregated,       Variant::WarpAggregated};

// `count` equal bins over [lo, hi), filled in by hand (the tests do not depend on make_bins).
inline BinSpec bins(int count, float lo, float hi) {
  BinSpec b;
  b.count = count;
  b.lo = lo;
  b.hi = hi;
  b.inv_width = float(double(count) / (double(hi) - double(lo)));
  return b;
}

// PMPP 9.1: bins of four letters from 'a', the last one (y-z) cut at 'z' + 1.
inline BinSpec textbook() {
  BinSpec b;
  b.count = 7;
  b.lo = 'a';
  b.hi = 'z' + 1;
  b.inv_width = 0.25f;
  return b;
}

// The bytes of a text, A-Z lowered, as samples of `type`.
inline Samples text(const std::string& s, SampleType type) {
  Samples out;
  out.type = type;
  for (char c : s) {
    const auto u = uint8_t(std::tolower(static_cast<unsigned char>(c)));
    if (type == SampleType::U8)
      out.u8.push_back(u);
    else
      out.f32.push_back(float(u));
  }
  return out;
}

// n samples over bins' range widened by a quarter on each side (some fall outside): u8 samples are
// bytes, f32 samples floats. `skewed` puts half of them in one value (contention).
inline Samples random_samples(int64_t n, SampleType type, const BinSpec& b, uint64_t seed,
                              bool skewed = false) {
  SplitMix64 rng{seed * 0x9E3779B97F4A7C15ull + uint64_t(n) * 7919 + uint64_t(b.count)};
  Samples s;
  s.type = type;
  const double span = double(b.hi) - double(b.lo);
  const double lo = double(b.lo) - span / 4, hi = double(b.hi) + span / 4;
  for (int64_t i = 0; i < n; ++i) {
    double x = lo + rng.unit_float() * (hi - lo);
    if (skewed && rng.next() % 2 == 0) x = double(b.lo) + span / 3;
    if (type == SampleType::U8) {
      s.u8.push_back(uint8_t(rng.next() % 256));
      if (skewed && rng.next() % 2 == 0) s.u8.back() = 77;
    } else {
      s.f32.push_back(float(x));
    }
  }
  return s;
}

// The counts by brute force: for each bin, the samples whose bin it is.
inline std::vector<uint32_t> brute_counts(const Samples& s, const BinSpec& b) {
  std::vector<uint32_t> counts(size_t(b.count), 0);
  for (int64_t i = 0; i < s.size(); ++i) {
    const float x = s.at(i);
    if (!(x >= b.lo && x < b.hi)) continue;
    int bin = int((x - b.lo) * b.inv_width);
    if (bin >= b.count) bin = b.count - 1;
    ++counts[size_t(bin)];
  }
  return counts;
}

inline TeachParams params(Variant v, int block_dim = 32, int grid_dim = 2, int coarsening = 4,
                          bool race = false) {
  TeachParams p;
  p.variant = v;
  p.block_dim = block_dim;
  p.grid_dim = grid_dim;
  p.coarsening = coarsening;
  p.inject_race = race;
  return p;
}

inline std::string describe(const TeachParams& p, const Samples& s, const BinSpec& b) {
  return std::string(info(p.variant).id) + " block " + std::to_string(p.block_dim) + " grid " +
         std::to_string(p.grid_dim) + " C " + std::to_string(p.coarsening) +
         (p.inject_race ? " race" : "") + ", " + std::to_string(s.size()) + " " +
         (s.type == SampleType::U8 ? "u8" : "f32") + " samples, " + std::to_string(b.count) +
         " bins";
}

// The sizes the tests try: 0..33 and 2^k +- 1 (and 2^k) up to kTeachMaxSamples.
inline std::vector<int64_t> teach_sizes() {
  std::vector<int64_t> sizes;
  for (int64_t n = 0; n <= 33; ++n) sizes.push_back(n);
  for (int64_t k = 6; (int64_t{1} << k) <= kTeachMaxSamples; ++k)
    for (int64_t d : {-1, 0, 1})
      if ((int64_t{1} << k) + d <= kTeachMaxSamples) sizes.push_back((int64_t{1} << k) + d);
  return sizes;
}

}  // namespace ws::histogram::test
