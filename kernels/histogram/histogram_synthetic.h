// The synthetic samples of histogram.h's synthetic(), one sample at a time from its index, so the
// CPU (histogram_samples.cpp) and the device (the engine's generator kernel) produce the same
// floats: a counter-based hash of (seed, index), integer and exactly rounded + - * / only (no
// libm), and the Zipf distribution through a table of cumulative probabilities built once on the
// host.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <vector>

#include "histogram.h"

namespace ws::histogram {

// The Zipf table (host side, histogram_samples.cpp): cdf[k] = sum_{j <= k} (j + 1)^-skew / Z in
// double, Z the sum over all `count` bins, the last entry exactly 1.0. Throws ws::Error for count
// outside 1..kMaxBins or skew outside 0..10 (not finite included).
std::vector<double> zipf_cdf(int count, double skew);

// SplitMix64's finalizer on seed + index: an independent 64-bit value per (seed, index, stream).
WS_HD uint64_t synthetic_hash(uint64_t seed, int64_t index, uint32_t stream) {
  uint64_t z = seed * 0x9E3779B97F4A7C15ull + uint64_t(index) * 0xD1B54A32D192ED03ull +
               uint64_t(stream) * 0xABC98388FB8FAC03ull + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
// [0, 1) with 53 bits, exact.
WS_HD double synthetic_unit(uint64_t seed, int64_t index, uint32_t stream) {
  return double(synthetic_hash(seed, index, stream) >> 11) * (1.0 / 9007199254740992.0);
}

// A value inside bin k: lo + (k + f) * width for f in [0, 1), moved one float at a time back into
// the bin where rounding carried it across an edge, so bin_of(value) == k (when bin k holds a float
// at all: bins narrower than the float spacing do not).
WS_HD float value_in_bin(int k, double f, const BinSpec& b) {
  const double width = (double(b.hi) - double(b.lo)) / b.count;  // the bins the user sees
  float v = float(double(b.lo) + (double(k) + f) * width);
  for (int guard = 0; guard < 64; ++guard) {
    const int got = bin_of(v, b);
    if (got == k) break;
    v = nextafterf(v, (got > k || got < 0) ? -FLT_MAX : FLT_MAX);
  }
  return v;
}

// What one sample needs: the distribution, its skew, the bins, n and the seed; for Zipf the table
// zipf_cdf[k] = P(bin <= k), count entries, the last exactly 1.
struct SyntheticPlan {
  Dist dist = Dist::Uniform;
  BinSpec bins;
  int64_t n = 0;
  uint64_t seed = 1;
};

// Sample i of the plan. Uniform: bin by a 53-bit unit, place inside it; normal: the Irwin-Hall sum
// of 12 units minus 6 (mean 0, standard deviation 1, exact arithmetic) scaled to a sixth of the
// range around its centre; zipf: the first k with u < zipf_cdf[k] (binary search); all-equal: the
// middle of the middle bin; sorted: lo + (i + 0.5) / n of the range, ascending.
WS_HD float synthetic_sample(const SyntheticPlan& p, const double* zipf_cdf, int64_t i) {
  const BinSpec& b = p.bins;
  const double range = double(b.hi) - double(b.lo);
  switch (p.dist) {
    case Dist::Uniform: {
      const double u = synthetic_unit(p.seed, i, 0);
      int k = int(u * b.count);
      if (k >= b.count) k = b.count - 1;
      return value_in_bin(k, synthetic_unit(p.seed, i, 1), b);
    }
    case Dist::Normal: {
      double s = 0;
      for (uint32_t j = 0; j < 12; ++j) s += synthetic_unit(p.seed, i, j);
      return float(double(b.lo) + range * 0.5 + (s - 6.0) * (range / 6.0));
    }
    case Dist::Zipf: {
      const double u = synthetic_unit(p.seed, i, 0);
      int lo = 0, hi = b.count - 1;
      while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (u < zipf_cdf[mid])
          hi = mid;
        else
          lo = mid + 1;
      }
      return value_in_bin(lo, synthetic_unit(p.seed, i, 1), b);
    }
    case Dist::AllEqual:
      return value_in_bin(b.count / 2, 0.5, b);
    case Dist::Sorted: {
      const double t = (double(i) + 0.5) / double(p.n > 0 ? p.n : 1);
      const float v = float(double(b.lo) + t * range);
      // Large n: the last samples round up to hi itself; keep them in the last bin.
      return v < b.hi ? v : nextafterf(b.hi, -FLT_MAX);
    }
  }
  return b.lo;
}

}  // namespace ws::histogram
